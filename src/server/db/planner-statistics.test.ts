import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { analyseTables } from './planner-statistics';
import { createTestDatabase } from '../testing/test-database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

/** The app's tables the planner has never analysed (pg_class.reltuples stays -1 until ANALYZE or VACUUM). */
async function listUnanalysedTables(): Promise<string[]> {
  const result = (await handle.db.execute(
    sql`select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples < 0`,
  )) as unknown as { rows: { relname: string }[] };
  return result.rows.map((row) => row.relname);
}

describe('analyseTables', () => {
  it('gives every table planner statistics', async () => {
    expect(await listUnanalysedTables()).toContain('client_meal_choices');
    await analyseTables(handle.db);
    expect(await listUnanalysedTables()).toEqual([]);
  });
});
