import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteByteaParsers, pgliteByteaSerializers } from './pglite-bytea';
import { lockDataDir, type DataDirLock, type DataDirOwner } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = { db: Database; close: () => Promise<void> };
/** A handle on the embedded database also holds its data folder's lock (null on PostgreSQL and in memory). */
export type OpenedDatabase = DatabaseHandle & { dataDirLock: DataDirLock | null };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Another process took the folder over: writing on would corrupt it, so this one stops at once. */
function exitOnLostLock(dataDir: string) {
  return (error: Error) => {
    console.error(`The lock on the data folder ${dataDir} was lost (${error.message}); stopping.`);
    process.exit(1);
  };
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` ('memory://' for a throwaway one), and migrates.
 * PGlite in a folder is one process's alone: the folder is locked first, and a folder held by a live process
 * throws DataDirLockedError (two processes on one folder would each keep writes the other never sees). Closing
 * releases the lock.
 */
export async function openDatabase(options: {
  databaseUrl: string;
  dataDir: string;
  /** Who takes the folder's lock (a server unless said otherwise). */
  owner?: DataDirOwner['kind'];
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, a dropped database) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', () => undefined);
    const db = drizzlePostgres(pool, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db, close: () => pool.end(), dataDirLock: null };
  }
  if (options.dataDir.startsWith('memory://')) {
    return { ...(await openPglite(options.dataDir)), dataDirLock: null };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const lock = await lockDataDir(
    options.dataDir,
    { kind: options.owner ?? 'server' },
    exitOnLostLock(options.dataDir),
  );
  try {
    const handle = await openPglite(`${options.dataDir}/pglite`);
    return {
      db: handle.db,
      close: async () => {
        await handle.close();
        await lock.release();
      },
      dataDirLock: lock,
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** The memory one sort or hash of a PGlite query may use before it spills (see openPglite). */
const pgliteWorkMem = '32MB';

/**
 * PGlite at `dataDir`, migrated. `loadDataDir` starts it from a dumped data directory instead of an empty one
 * (the tests share one migrated dump: booting from it takes a fraction of creating a database).
 */
export async function openPglite(
  dataDir: string,
  loadDataDir?: Blob,
): Promise<DatabaseHandle & { dumpDataDir: () => Promise<Blob> }> {
  const client = new PGlite(dataDir, {
    ...(loadDataDir ? { loadDataDir } : {}),
    serializers: pgliteByteaSerializers,
    parsers: pgliteByteaParsers,
  });
  // PostgreSQL's default of 4 MB per sort or hash made the largest reports of a 5,000-client service (a client's
  // week of choices gathered into one object, a month of deliveries grouped by client) spill to temporary files,
  // which on PGlite live in its in-memory file system. One connection runs one query at a time, so a larger
  // allowance is memory for that query alone.
  await client.exec(`SET work_mem = '${pgliteWorkMem}'`);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
