import pg from 'pg';
import { readCpuMs } from './machine';

/** The PostgreSQL server's admin URL the benchmarks make their scratch databases with. */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the PostgreSQL server's admin database and answers its rows. */
export async function runAdminStatement(statement: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    return (await client.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The admin URL pointed at another database of the same server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Each PostgreSQL backend serving `databaseName` (an app server's pool) with its CPU time so far (ms). */
export async function readBackendCpuMs(databaseName: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [databaseName],
    );
    return new Map(result.rows.map((row) => [row.pid, readCpuMs(row.pid) ?? 0]));
  } catch {
    return new Map();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The backends' CPU between two readings; a backend the pool opened meanwhile counts from zero. */
export function sumBackendCpuMs(before: Map<number, number>, after: Map<number, number>): number {
  return [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
}
