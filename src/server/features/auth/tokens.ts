import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { sessionClaimsSchema, type SessionClaims } from '../../../contracts/auth';
import type { AccessLevel } from '../../../domain/access-level';

const tokenLifetimeSeconds = 12 * 60 * 60;

export type TokenSubject = {
  userId: number;
  accountId: number;
  username: string;
  accessLevel: AccessLevel;
  tokenVersion: number;
};

/** Signs and verifies the session JWTs (HS256 with the app secret). */
export function createTokenService(appSecret: string) {
  // Imported once: handing jose the raw bytes would import the key again on every call.
  const keyPromise = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(appSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(subject: TokenSubject): Promise<string> {
      return new SignJWT({
        username: subject.username,
        access_level: subject.accessLevel,
        account_id: subject.accountId,
        ver: subject.tokenVersion,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(subject.userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${tokenLifetimeSeconds}s`)
        .sign(await keyPromise);
    },
    /** The token's claims, or null when it is malformed, forged or expired. */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await keyPromise, { algorithms: ['HS256'] });
        const claims = sessionClaimsSchema.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
