import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ConfirmBody, LoginBody, LoginResult } from '../../../contracts/auth';
import { ErrorCode } from '../../../contracts/envelope';
import { accessLevels, type AccessLevel } from '../../../domain/access-level';
import { createCode, hashCode } from '../../crypto/codes';
import { hashPassword, unknownUserHashPromise, verifyPassword } from '../../crypto/passwords';
import { ApiError, invalidInput, notLoggedIn, tooManyRequests } from '../../http/errors';
import type { Session } from '../../http/session';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AccountsService } from '../accounts/service';
import { toClientNetwork } from './client-network';
import { noteAccountVersion } from '../../shared/call-account-versions';
import { composeConfirmMail, type ConfirmPurpose } from '../../shared/confirm-mail';
import type { LoginFailuresRepository } from './login-failures-repository';
import { describeLoginRefusal, findLoginRetryMs, loginThrottle } from './login-throttle';
import type { AuthRepository } from './repository';
import type { SessionCache } from './session-cache';
import type { TokenService, TokenSubject } from './tokens';

/** One token's life; the web renews it an hour before it runs out, up to the login session's end. */
const tokenLifetimeMs = 12 * 60 * 60 * 1000;
const confirmCodeLifetimeMs = 24 * 60 * 60 * 1000;

export type AuthServiceDependencies = {
  repository: AuthRepository;
  loginFailures: LoginFailuresRepository;
  tokens: TokenService;
  /** A login session's absolute lifetime: renewals never reach past it. */
  sessionLifetimeMs: number;
  accounts: Pick<AccountsService, 'getAccountById'>;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
  sessionCache: SessionCache;
};

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

function toAccessLevel(value: string): AccessLevel {
  return accessLevels.find((level) => level === value) ?? 'normal';
}

export function createAuthService(deps: AuthServiceDependencies) {
  const { repository, tokens, now, sessionCache } = deps;

  async function checkSession(userId: number, sessionId: string) {
    const cached = sessionCache.get(userId, sessionId);
    if (cached) return cached;
    const check = await repository.findSessionCheck(userId, sessionId);
    if (check) sessionCache.set(userId, sessionId, check);
    return check;
  }

  /** A token for the session, running 12 hours or to the session's end, whichever comes first. */
  function signToken(subject: TokenSubject, sessionEndsAt: Date) {
    const issuedAt = now();
    const expiresAt = new Date(Math.min(issuedAt.getTime() + tokenLifetimeMs, sessionEndsAt.getTime()));
    return tokens.sign(subject, { issuedAt, expiresAt });
  }
  const invalidCode = () =>
    invalidInput('The confirmation code is invalid or has expired. Please ask for a new one.', [
      { field: 'confirmCode', message: 'The confirmation code is invalid or has expired.' },
    ]);

  /**
   * Records the attempt (it counts as a failure until the password proves right) and refuses it when this network
   * has failed too often for this username; answers the attempt's id.
   */
  async function beginLoginAttempt(attempt: { username: string; address: string }): Promise<number> {
    const at = now();
    const since = new Date(at.getTime() - loginThrottle.windowMs);
    await deps.loginFailures.deleteFailuresUpTo(since);
    const id = await deps.loginFailures.recordAttempt(attempt, at);
    const counts = await deps.loginFailures.countFailures(attempt, since, id);
    const retryMs = findLoginRetryMs(counts, at);
    if (retryMs === null) return id;
    await deps.loginFailures.deleteAttempt(id);
    throw tooManyRequests(describeLoginRefusal(counts, retryMs));
  }

  /** Mails a single-use link to /confirm and answers the link (the create-admin command prints it). */
  async function sendConfirmLink(
    user: { id: number; accountId: number; username: string },
    purpose: ConfirmPurpose,
  ): Promise<string> {
    const code = createCode();
    await repository.insertConfirmCode({
      accountId: user.accountId,
      userId: user.id,
      codeHash: hashCode(code),
      purpose,
      expiresAt: new Date(now().getTime() + confirmCodeLifetimeMs),
    });
    const mail = composeConfirmMail({ publicUrl: deps.publicUrl, username: user.username, code, purpose });
    await deps.mailer.send(mail);
    return mail.link;
  }

  return {
    /** Logs in from the client address `address`, starting a login session. */
    async login(body: LoginBody, address: string): Promise<LoginResult> {
      const attempt = { username: normaliseUsername(body.username), address: toClientNetwork(address) };
      const attemptId = await beginLoginAttempt(attempt);
      const user = await repository.findUserByUsername(attempt.username);
      const isMatch = await verifyPassword(
        body.password,
        user?.passwordHash ?? (await unknownUserHashPromise),
      );
      if (!user || !user.passwordHash || !isMatch) {
        await deps.loginFailures.markFailed(attemptId);
        throw notLoggedIn('Username or password is incorrect');
      }
      await deps.loginFailures.clearFailures(attempt);
      const session = { id: randomUUID(), createdAt: now() };
      const expiresAt = new Date(session.createdAt.getTime() + deps.sessionLifetimeMs);
      await repository.insertLoginSession({
        ...session,
        accountId: user.accountId,
        userId: user.id,
        expiresAt,
      });
      const jwt = await signToken(
        {
          userId: user.id,
          accountId: user.accountId,
          username: user.username,
          accessLevel: toAccessLevel(user.accessLevel),
          tokenVersion: user.tokenVersion,
          sessionId: session.id,
        },
        expiresAt,
      );
      return { jwt, account: await deps.accounts.getAccountById(user.accountId) };
    },

    /** A fresh token of the same login session; it never runs past the session's end. */
    async refresh(session: Session): Promise<{ jwt: string }> {
      return { jwt: await signToken(session, session.expiresAt) };
    },

    /** Ends the login session: the token presented and every token renewed from the same log in. */
    async logout(session: Session) {
      await repository.deleteLoginSession(session.sessionId);
      sessionCache.forgetSession(session.userId, session.sessionId);
    },

    /** Answers the same whether or not the user exists; the mail goes out in the background. */
    requestPasswordReset(rawUsername: string) {
      const username = normaliseUsername(rawUsername);
      void (async () => {
        const user = await repository.findUserByUsername(username);
        if (user) await sendConfirmLink(user, 'reset');
      })().catch((error: unknown) => deps.logError('password reset mail failed', error));
    },

    sendConfirmLink,

    async confirm(body: ConfirmBody) {
      if (body.password !== body.passwordConfirm) {
        throw invalidInput('The passwords do not match.', [
          { field: 'passwordConfirm', message: 'The passwords do not match.' },
        ]);
      }
      const user = await repository.findUserByUsername(normaliseUsername(body.username));
      const code = await repository.findUnusedConfirmCode(hashCode(body.confirmCode.trim()));
      if (!user || !code || code.userId !== user.id || code.expiresAt.getTime() <= now().getTime()) {
        throw invalidCode();
      }
      const passwordHash = await hashPassword(body.password);
      const isSet = await repository.setPasswordWithCode({
        userId: user.id,
        codeId: code.id,
        passwordHash,
        now: now(),
      });
      if (!isSet) throw invalidCode();
      sessionCache.forgetUser(user.id);
    },

    /** Called when a user's access level changes or the user is deleted. */
    forgetSessions(userId: number) {
      sessionCache.forgetUser(userId);
    },

    /**
     * Resolves the bearer token to a live session: signed, unexpired, not issued in the future, its login session
     * not ended nor past its end, the user's current token version and the user's own account.
     */
    async authenticate(request: FastifyRequest): Promise<Session> {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw notLoggedIn('Please log in.');
      const at = now();
      const claims = await tokens.verify(match[1], at);
      if (!claims) throw notLoggedIn('Your session has expired. Please log in again.');
      const check = await checkSession(Number(claims.sub), claims.sid);
      // The token's account is signed by us, but checked against the user's own account as well: a signing
      // mistake or a leaked secret then cannot open another account's data.
      if (
        !check ||
        check.expiresAt.getTime() <= at.getTime() ||
        check.tokenVersion !== claims.ver ||
        check.accountId !== claims.account_id
      ) {
        throw new ApiError(ErrorCode.notLoggedIn, 'Your session has ended. Please log in again.');
      }
      noteAccountVersion(check.accountId, check.accountVersion);
      return {
        userId: Number(claims.sub),
        accountId: check.accountId,
        username: check.username,
        accessLevel: toAccessLevel(check.accessLevel),
        sessionId: claims.sid,
        expiresAt: check.expiresAt,
        tokenVersion: check.tokenVersion,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
