import pg from 'pg';

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
