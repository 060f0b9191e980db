import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

async function runAdminStatement(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function replaceDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A migrated, throwaway database for one test file. With TEST_DATABASE_URL set, a fresh PostgreSQL database
 * is created next to the given one (so test files running in parallel never see each other's rows) and
 * dropped on close; otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  if (!adminUrl) return openDatabase({ databaseUrl: '', dataDir: 'memory://' });

  // Hex only, so the name needs no quoting and cannot inject SQL.
  const name = `mr_test_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(adminUrl, `CREATE DATABASE ${name}`);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: replaceDatabaseName(adminUrl, name), dataDir: '' });
  } catch (error) {
    await runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      await runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
