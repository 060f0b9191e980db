import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = { db: Database; close: () => Promise<void> };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir` ('memory://' for a throwaway one), and migrates. */
export async function openDatabase(options: {
  databaseUrl: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, a dropped database) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', () => undefined);
    const db = drizzlePostgres(pool, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db, close: () => pool.end() };
  }
  const isMemory = options.dataDir.startsWith('memory://');
  if (!isMemory) mkdirSync(options.dataDir, { recursive: true });
  return openPglite(isMemory ? options.dataDir : `${options.dataDir}/pglite`);
}

/**
 * PGlite at `dataDir`, migrated. `loadDataDir` starts it from a dumped data directory instead of an empty one
 * (the tests share one migrated dump: booting from it takes a fraction of creating a database).
 */
export async function openPglite(
  dataDir: string,
  loadDataDir?: Blob,
): Promise<DatabaseHandle & { dumpDataDir: () => Promise<Blob> }> {
  const client = new PGlite(dataDir, loadDataDir ? { loadDataDir } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
