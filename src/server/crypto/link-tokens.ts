import { createHash, randomBytes } from 'node:crypto';

/**
 * The one rule of the links that open a page without a login (a run's driver link, a driver's personal link):
 * the token is 32 random bytes as base64url and is the only credential; the server keeps only its SHA-256, so a
 * copy of the database or a log of the table opens nothing (ADR 0014).
 */
export type LinkToken = { token: string; hash: string };

/** SHA-256 of a token, hex: what is stored and looked up. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes as base64url: 43 characters. */
const linkTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Could this be a token at all? A malformed one is refused before any lookup. */
export const isLinkTokenShaped = (token: string) => linkTokenPattern.test(token);

export function createLinkToken(): LinkToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}
