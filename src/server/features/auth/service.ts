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
import { composeConfirmMail, type ConfirmPurpose } from './confirm-mail';
import type { AuthRepository } from './repository';
import type { SessionCache } from './session-cache';
import type { TokenService } from './tokens';

const throttleWindowMs = 15 * 60 * 1000;
const maxFailuresPerWindow = 5;
const confirmCodeLifetimeMs = 24 * 60 * 60 * 1000;

export type AuthServiceDependencies = {
  repository: AuthRepository;
  tokens: TokenService;
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

  async function checkSession(userId: number, jti: string) {
    const cached = sessionCache.get(userId, jti);
    if (cached) return cached;
    const check = await repository.findSessionCheck(userId, jti);
    if (check) sessionCache.set(userId, jti, check);
    return check;
  }
  const invalidCode = () =>
    invalidInput('The confirmation code is invalid or has expired. Please ask for a new one.', [
      { field: 'confirmCode', message: 'The confirmation code is invalid or has expired.' },
    ]);

  async function refuseWhenThrottled(username: string) {
    const since = new Date(now().getTime() - throttleWindowMs);
    if ((await repository.countRecentFailures(username, since)) >= maxFailuresPerWindow) {
      throw tooManyRequests('Too many failed log in attempts. Please try again in 15 minutes.');
    }
  }

  /** Mails a single-use link to /confirm and answers the link (the create-admin command prints it). */
  async function sendConfirmLink(
    user: { id: number; username: string },
    purpose: ConfirmPurpose,
  ): Promise<string> {
    const code = createCode();
    await repository.insertConfirmCode({
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
    async login(body: LoginBody): Promise<LoginResult> {
      const username = normaliseUsername(body.username);
      await refuseWhenThrottled(username);
      const user = await repository.findUserByUsername(username);
      const isMatch = await verifyPassword(
        body.password,
        user?.passwordHash ?? (await unknownUserHashPromise),
      );
      if (!user || !user.passwordHash || !isMatch) {
        await repository.recordFailure(username, now());
        throw notLoggedIn('Username or password is incorrect');
      }
      await repository.clearFailures(username);
      const jwt = await tokens.sign({
        userId: user.id,
        accountId: user.accountId,
        username: user.username,
        accessLevel: toAccessLevel(user.accessLevel),
        tokenVersion: user.tokenVersion,
      });
      return { jwt, account: await deps.accounts.getAccountById(user.accountId) };
    },

    async refresh(session: Session): Promise<{ jwt: string }> {
      const jwt = await tokens.sign(session);
      return { jwt };
    },

    async logout(session: Session) {
      await repository.revokeToken(session.jti, session.expiresAt);
      sessionCache.forgetToken(session.userId, session.jti);
      await repository.deleteExpiredRevocations(now());
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

    /** Resolves the bearer token to a live session: signed, unexpired, not revoked, current token version. */
    async authenticate(request: FastifyRequest): Promise<Session> {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw notLoggedIn('Please log in.');
      const claims = await tokens.verify(match[1]);
      if (!claims) throw notLoggedIn('Your session has expired. Please log in again.');
      const check = await checkSession(Number(claims.sub), claims.jti);
      if (!check || check.revoked || check.tokenVersion !== claims.ver) {
        throw new ApiError(ErrorCode.notLoggedIn, 'Your session has ended. Please log in again.');
      }
      return {
        userId: Number(claims.sub),
        accountId: claims.account_id,
        username: check.username,
        accessLevel: toAccessLevel(check.accessLevel),
        jti: claims.jti,
        expiresAt: new Date(claims.exp * 1000),
        tokenVersion: check.tokenVersion,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
