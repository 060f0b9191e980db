import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createTestDatabase } from '../testing/test-database';

// Every table that holds an account's data is keyed and indexed by account: a NOT NULL account_id and an index
// (or primary or unique key) whose first column is account_id. That keeps each account's queries on its own rows
// and lets a deployment that outgrows one PostgreSQL distribute the tables by account_id (Citus, or native
// partitioning by account); docs/operations.md says how. The test reads the migrated schema itself, so a new
// table that forgets the rule fails here.

/** Tables that hold no account's data, each with the reason; every other table must follow the rule. */
const notAccountData: Record<string, string> = {
  // The accounts themselves: the row is the account (a reference table when distributed).
  accounts: 'the accounts themselves',
  // The shipped DEX code lists, the same for every account (an account's own lists are funding_codes).
  funding_code_defaults: 'global code list',
  // Login throttling and rate limits count by username and client address, before any account is known.
  login_failures: 'per username and address, before login',
  rate_limit_counters: 'per client address, before login',
  // The public contact form: messages from visitors to the makers of the product, not to an account.
  contact_messages: 'the public contact form',
  // The installation's mail outbox, drained by one sender; it holds recipients and texts, no account records.
  mail_outbox: "the installation's outbox",
};

type TableKeys = { table: string; accountId: 'not null' | 'null' | 'missing'; ledIndexes: string[] };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

async function readTableKeys(): Promise<TableKeys[]> {
  const query: SQL = sql`
    select c.relname as "table",
      coalesce((select case when a.attnotnull then 'not null' else 'null' end
                from pg_attribute a
                where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped), 'missing')
        as "accountId",
      coalesce((select array_agg(ic.relname::text order by ic.relname::text)
                from pg_index i
                join pg_class ic on ic.oid = i.indexrelid
                join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
                where i.indrelid = c.oid and a.attname = 'account_id'), '{}') as "ledIndexes"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`;
  const result = (await database.db.execute(query)) as unknown as { rows: TableKeys[] };
  return result.rows;
}

it('keys and indexes every table of account data by account_id', async () => {
  const tables = await readTableKeys();
  // The query must see the schema at all (a wrong schema name would pass vacuously).
  expect(tables.map((row) => row.table)).toEqual(expect.arrayContaining(['clients', 'visits', 'accounts']));
  const breaches = tables
    .filter((row) => !(row.table in notAccountData))
    .flatMap((row) => [
      ...(row.accountId === 'not null' ? [] : [`${row.table}: account_id is ${row.accountId}`]),
      ...(row.ledIndexes.length > 0 ? [] : [`${row.table}: no index led by account_id`]),
    ]);
  expect(breaches).toEqual([]);
});

it('names only tables that exist among the tables that are not account data', async () => {
  const names = new Set((await readTableKeys()).map((row) => row.table));
  const stale = Object.keys(notAccountData).filter((table) => !names.has(table));
  expect(stale).toEqual([]);
});
