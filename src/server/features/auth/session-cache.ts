import type { SessionCheckRow } from './repository';

/**
 * Remembers session checks between calls. Only the embedded PGlite database uses it: PGlite can be opened by one
 * process alone, so every write that could make an entry stale (logout, password change, access level change,
 * deletion) passes through this process, which forgets the entry at that moment; the cache is therefore exact.
 * A login session's absolute end is kept in the entry and compared with the clock on every call. With PostgreSQL,
 * several app servers share the database, so the cache is off and every call asks the database.
 */
export type SessionCache = {
  get: (userId: number, sessionId: string) => SessionCheckRow | undefined;
  set: (userId: number, sessionId: string, row: SessionCheckRow) => void;
  /** After a password change, an access level change or a deletion. */
  forgetUser: (userId: number) => void;
  /** After a logout. */
  forgetSession: (userId: number, sessionId: string) => void;
};

const maxEntries = 10_000;

export function createSessionCache(isEnabled: boolean): SessionCache {
  const byUser = new Map<number, Map<string, SessionCheckRow>>();
  let size = 0;

  return {
    get: (userId, sessionId) => byUser.get(userId)?.get(sessionId),
    set(userId, sessionId, row) {
      if (!isEnabled) return;
      if (size >= maxEntries) {
        byUser.clear();
        size = 0;
      }
      const sessions = byUser.get(userId) ?? new Map<string, SessionCheckRow>();
      if (!sessions.has(sessionId)) size += 1;
      sessions.set(sessionId, row);
      byUser.set(userId, sessions);
    },
    forgetUser(userId) {
      size -= byUser.get(userId)?.size ?? 0;
      byUser.delete(userId);
    },
    forgetSession(userId, sessionId) {
      if (byUser.get(userId)?.delete(sessionId)) size -= 1;
    },
  };
}
