import { SignJWT, jwtVerify } from 'jose';
import { sessionClaimsSchema, type SessionClaims } from '../../../contracts/auth';
import type { AccessLevel } from '../../../domain/access-level';

export type TokenSubject = {
  userId: number;
  accountId: number;
  username: string;
  accessLevel: AccessLevel;
  tokenVersion: number;
  /** The login session the token belongs to: logout ends every token of it. */
  sessionId: string;
};

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** How many verified tokens are remembered (a few hundred bytes each); the memory starts over when full. */
const maxVerifiedTokens = 10_000;

/**
 * How far a token's issue time may lie ahead of our clock: app servers behind a load balancer may differ by a few
 * seconds. Beyond it the token was made by someone else's clock (or hand), and is refused.
 */
const issuedAtToleranceSeconds = 60;

type VerifiedToken = { claims: SessionClaims; issuedAt: number };

/** Valid at `now`: expiry as jose checks it (expired from the second `exp`), and not issued in the future. */
const isValidAt = (token: VerifiedToken, now: Date) =>
  token.claims.exp > toSeconds(now) && token.issuedAt <= toSeconds(now) + issuedAtToleranceSeconds;

/** Signs and verifies the session JWTs (HS256 with the app secret), on the clock the caller gives. */
export function createTokenService(appSecret: string) {
  // Imported once: handing jose the raw bytes would import the key again on every call.
  const keyPromise = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(appSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, VerifiedToken>();
  return {
    async sign(subject: TokenSubject, times: { issuedAt: Date; expiresAt: Date }): Promise<string> {
      return new SignJWT({
        username: subject.username,
        access_level: subject.accessLevel,
        account_id: subject.accountId,
        ver: subject.tokenVersion,
        sid: subject.sessionId,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(subject.userId))
        .setIssuedAt(toSeconds(times.issuedAt))
        .setExpirationTime(toSeconds(times.expiresAt))
        .sign(await keyPromise);
    },
    /**
     * The token's claims, or null when it is malformed, forged, expired at `now` or issued after `now` (beyond a
     * minute). A token whose signature once checked out is remembered with its claims (both fixed by the token's
     * text), so its next calls skip the signature (WebCrypto's HMAC took about a seventh of the server's busy time
     * under bench:api). Its times are checked on every call; the session check in the database still follows.
     */
    async verify(token: string, now: Date): Promise<SessionClaims | null> {
      const known = verified.get(token);
      if (known) return isValidAt(known, now) ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        const claims = sessionClaimsSchema.safeParse(payload);
        if (!claims.success || typeof payload.iat !== 'number') return null;
        const checked: VerifiedToken = { claims: Object.freeze(claims.data), issuedAt: payload.iat };
        if (!isValidAt(checked, now)) return null;
        if (verified.size >= maxVerifiedTokens) verified.clear();
        verified.set(token, checked);
        return checked.claims;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
