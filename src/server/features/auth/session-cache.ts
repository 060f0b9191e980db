import type { SessionCheckRow } from './repository';

/**
 * Remembers session checks between calls. Only the embedded PGlite database uses it: PGlite can be opened by one
 * process alone, so every write that could make an entry stale passes through this process, which forgets the
 * entry at that moment; the cache is therefore exact. With PostgreSQL, several app servers share the database,
 * so the cache is off and every call asks the database.
 */
export type SessionCache = {
  get: (userId: number, jti: string) => SessionCheckRow | undefined;
  set: (userId: number, jti: string, row: SessionCheckRow) => void;
  /** After a password change, an access level change or a deletion. */
  forgetUser: (userId: number) => void;
  /** After a logout. */
  forgetToken: (userId: number, jti: string) => void;
};

const maxEntries = 10_000;

export function createSessionCache(isEnabled: boolean): SessionCache {
  const byUser = new Map<number, Map<string, SessionCheckRow>>();
  let size = 0;

  return {
    get: (userId, jti) => byUser.get(userId)?.get(jti),
    set(userId, jti, row) {
      if (!isEnabled || row.revoked) return;
      if (size >= maxEntries) {
        byUser.clear();
        size = 0;
      }
      const tokens = byUser.get(userId) ?? new Map<string, SessionCheckRow>();
      if (!tokens.has(jti)) size += 1;
      tokens.set(jti, row);
      byUser.set(userId, tokens);
    },
    forgetUser(userId) {
      size -= byUser.get(userId)?.size ?? 0;
      byUser.delete(userId);
    },
    forgetToken(userId, jti) {
      if (byUser.get(userId)?.delete(jti)) size -= 1;
    },
  };
}
