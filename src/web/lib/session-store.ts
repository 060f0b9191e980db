import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { accountSchema, type Account } from '../../contracts/accounts';
import { accessLevels } from '../../domain/access-level';
import { decodeJwtClaims } from './jwt';

/** The one localStorage key holding the whole session. */
export const sessionStorageKey = 'mealrounds.session';

const sessionUserSchema = z.object({ username: z.string(), access_level: z.enum(accessLevels) });
export type SessionUser = z.infer<typeof sessionUserSchema>;

const travelEntrySchema = z.object({ kms: z.number(), mins: z.number() });
export type TravelEntry = z.infer<typeof travelEntrySchema>;

const sessionSchema = z.object({
  isLoggedIn: z.boolean(),
  jwt: z.string().nullable(),
  user: sessionUserSchema.nullable(),
  account: accountSchema.nullable(),
  travelCache: z.record(z.string(), travelEntrySchema),
  filters: z.record(z.string(), z.unknown()),
});
export type Session = z.infer<typeof sessionSchema>;

const loggedOut: Session = {
  isLoggedIn: false,
  jwt: null,
  user: null,
  account: null,
  travelCache: {},
  filters: {},
};

let session: Session = readStoredSession();
const listeners = new Set<() => void>();

export function getSession(): Session {
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Starts a session from a login answer. Returns false (and stays logged out) when the token cannot be read. */
export function login(jwt: string, account: Account): boolean {
  const user = decodeSessionUser(jwt);
  if (!user) return false;
  replaceSession({ ...session, isLoggedIn: true, jwt, user, account });
  return true;
}

/**
 * Ends the session. Filters and the travel cache go too: they hold one account's rounds and client addresses,
 * which the next person using this browser must not see.
 */
export function logout(): void {
  replaceSession(loggedOut);
}

export function setAccount(account: Account): void {
  if (!session.isLoggedIn) return;
  replaceSession({ ...session, account });
}

export function setJwt(jwt: string): void {
  const user = decodeSessionUser(jwt);
  if (!session.isLoggedIn || !user) return;
  replaceSession({ ...session, jwt, user });
}

export function getFilters(name: string): unknown {
  return session.filters[name];
}

export function setFilters(name: string, value: unknown): void {
  replaceSession({ ...session, filters: { ...session.filters, [name]: value } });
}

/** Travel between two addresses, cached for the session under 'from:to'. */
export function buildTravelKey(from: string, to: string): string {
  return `${from}:${to}`;
}

export function getTravel(from: string, to: string): TravelEntry | undefined {
  return session.travelCache[buildTravelKey(from, to)];
}

export function setTravel(from: string, to: string, entry: TravelEntry): void {
  replaceSession({ ...session, travelCache: { ...session.travelCache, [buildTravelKey(from, to)]: entry } });
}

/** Re-reads the stored session, e.g. after another tab changed it. */
export function reloadSession(): void {
  session = readStoredSession();
  notifyListeners();
}

/** The session user carried in the token's claims; null when the token is unreadable or already expired. */
export function decodeSessionUser(jwt: string, now = Date.now()): SessionUser | null {
  const claims = decodeJwtClaims(jwt);
  if (!claims) return null;
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return null;
  const user = sessionUserSchema.safeParse(claims);
  return user.success ? { username: user.data.username, access_level: user.data.access_level } : null;
}

function replaceSession(next: Session): void {
  session = next;
  writeStoredSession(next);
  notifyListeners();
}

function notifyListeners(): void {
  for (const listener of listeners) listener();
}

/** Anything unreadable (corrupt JSON, an old shape, an expired token) falls back to logged out. */
function readStoredSession(): Session {
  try {
    const raw = globalThis.localStorage?.getItem(sessionStorageKey);
    if (!raw) return loggedOut;
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return loggedOut;
    const stored = parsed.data;
    if (!stored.isLoggedIn) return { ...loggedOut, travelCache: stored.travelCache, filters: stored.filters };
    const user = stored.jwt ? decodeSessionUser(stored.jwt) : null;
    return user ? { ...stored, user } : loggedOut;
  } catch {
    return loggedOut;
  }
}

function writeStoredSession(next: Session): void {
  try {
    globalThis.localStorage?.setItem(sessionStorageKey, JSON.stringify(next));
  } catch {
    // Storage can be full or blocked (private mode); the session still works for this page's lifetime.
  }
}

// Logging in or out in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === sessionStorageKey || event.key === null) reloadSession();
  });
}
