import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

/**
 * Session-level PostgreSQL advisory locks that die with their process. The lock is taken on a connection of its
 * own held for as long as the lock is: when the process dies, PostgreSQL closes that connection and frees the lock
 * at once. (A transaction-level lock or a pooled connection would not do: the pool hands the next query to any of
 * its connections.)
 */
export type AdvisoryLock = {
  /** False once the lock's connection has gone: another process may take the lock from then on. */
  isHeld(): boolean;
  /** Frees the lock; never fails (a connection that cannot unlock is closed, which frees it as well). */
  release(): Promise<void>;
};

export type AdvisoryLocks = {
  /** The lock on (classId, objectId), or null at once when another session or this process holds it. */
  tryLock(classId: number, objectId: number): Promise<AdvisoryLock | null>;
};

type LockSession = {
  query(text: string, params: number[]): Promise<{ rows: Record<string, unknown>[] }>;
  isOpen(): boolean;
  close(): Promise<void>;
};

/** A connection outside the pool: a lock held for a long run never takes a connection its queries need. */
async function openPostgresSession(pool: pg.Pool): Promise<LockSession> {
  const client = new pg.Client(pool.options);
  let isOpen = true;
  // A dropped lock connection must not crash the process; the lock's holder sees it through isHeld().
  client.on('error', () => {
    isOpen = false;
  });
  client.on('end', () => {
    isOpen = false;
  });
  await client.connect();
  return {
    query: (text, params) => client.query(text, params),
    isOpen: () => isOpen,
    close: async () => {
      isOpen = false;
      await client.end().catch(() => undefined);
    },
  };
}

/** PGlite is one session in one process (its data folder admits no other): every lock shares it. */
function openPgliteSession(pglite: PGlite): LockSession {
  return {
    query: (text, params) => pglite.query<Record<string, unknown>>(text, params),
    isOpen: () => !pglite.closed,
    close: () => Promise.resolve(),
  };
}

/**
 * Keys held by this process, per database. A session's advisory locks stack (the same session takes a held lock
 * again), and PGlite has only the one session, so this is what refuses a second holder in the process there.
 */
const heldKeysByClient = new WeakMap<object, Set<string>>();

function readClient(db: Database): pg.Pool | PGlite {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool || client instanceof PGlite) return client;
  throw new Error('Advisory locks need the node-postgres pool or PGlite under Drizzle.');
}

/** Takes the lock on the session; a session that did not get it is closed. */
async function takeLock(session: LockSession, classId: number, objectId: number): Promise<boolean> {
  try {
    const { rows } = await session.query('select pg_try_advisory_lock($1::int, $2::int) as locked', [
      classId,
      objectId,
    ]);
    if (rows[0]?.locked === true) return true;
  } catch (error) {
    await session.close();
    throw error;
  }
  await session.close();
  return false;
}

export function createAdvisoryLocks(db: Database): AdvisoryLocks {
  const client = readClient(db);
  const heldKeys = heldKeysByClient.get(client) ?? new Set<string>();
  heldKeysByClient.set(client, heldKeys);
  const openSession = () =>
    client instanceof PGlite ? Promise.resolve(openPgliteSession(client)) : openPostgresSession(client);

  function toHeldLock(session: LockSession, key: string, classId: number, objectId: number): AdvisoryLock {
    let isReleased = false;
    return {
      isHeld: () => !isReleased && session.isOpen(),
      async release() {
        if (isReleased) return;
        isReleased = true;
        try {
          if (session.isOpen())
            await session.query('select pg_advisory_unlock($1::int, $2::int)', [classId, objectId]);
        } catch {
          // Closing the lock's own connection below frees the lock too; PGlite's fails only once closed.
        } finally {
          heldKeys.delete(key);
          await session.close();
        }
      },
    };
  }

  return {
    async tryLock(classId, objectId) {
      const key = `${classId}:${objectId}`;
      if (heldKeys.has(key)) return null;
      heldKeys.add(key);
      try {
        const session = await openSession();
        if (await takeLock(session, classId, objectId)) return toHeldLock(session, key, classId, objectId);
      } catch (error) {
        heldKeys.delete(key);
        throw error;
      }
      heldKeys.delete(key);
      return null;
    },
  };
}
