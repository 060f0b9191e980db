import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListItem } from '../../../contracts/clients';
import { rounds } from '../../db/schema/accounts';
import { clientListVersions, clients } from '../../db/schema/clients';
import { clientHolds } from '../../db/schema/holds';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

// The clients list keeps its rows and totals under the rows' version and its strip under the version of all its
// data (database triggers raise both): whatever writes, through the API or straight to the database as another app
// server would, the next page must show it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

type Setup = Awaited<ReturnType<typeof createClientsAccount>>;

async function setUp(name: string): Promise<Setup & { ann: number; bea: number }> {
  const s = await createClientsAccount(t, name, [
    { name: 'Ann Able', round: 'North' },
    { name: 'Bea Best', round: 'South' },
  ]);
  return { ...s, ann: s.clientIds[0] ?? 0, bea: s.clientIds[1] ?? 0 };
}

async function readVersions(accountId: number) {
  const [row] = await t.db
    .select({ all: clientListVersions.version, rows: clientListVersions.rowsVersion })
    .from(clientListVersions)
    .where(eq(clientListVersions.accountId, accountId));
  return row ?? { all: 0, rows: 0 };
}

async function listPage(s: Setup, query = '') {
  const result = await t.call<ClientListItem[]>('GET', `/api/clients?page_size=10${query}`, {
    token: s.token,
  });
  expect(result.status).toBe(200);
  return result.body;
}

const rowOf = (page: { data: ClientListItem[] }, id: number) => page.data.find((row) => row.client_id === id);
/** Monday 16-11-2026, the strip's first day. */
const mondayCount = (page: { data: ClientListItem[] }, id: number) => rowOf(page, id)?.meal_strip[0]?.count;

describe('the versions the clients list is kept under', () => {
  it('a meal-choice save raises the version of all the data but not the rows', async () => {
    const s = await setUp('Versions Save');
    const before = await readVersions(s.accountId);
    const saved = await t.call('PUT', `/api/clients/${s.ann}`, {
      token: s.token,
      body: { meal_choices: { '16-11-2026': { 'beef-pie': 2 } } },
    });
    expect(saved.status).toBe(200);
    const after = await readVersions(s.accountId);
    expect(after.all).toBeGreaterThan(before.all);
    expect(after.rows).toBe(before.rows);
  });

  it("a change of a client's fields or of a round raises both", async () => {
    const s = await setUp('Versions Rows');
    const start = await readVersions(s.accountId);
    await t.db.update(clients).set({ name: 'Ann Other' }).where(eq(clients.id, s.ann));
    const renamed = await readVersions(s.accountId);
    expect(renamed.rows).toBe(start.rows + 1);
    expect(renamed.all).toBe(start.all + 1);
    await t.db.update(rounds).set({ name: 'Far North' }).where(eq(rounds.id, s.rounds.north.id));
    const roundRenamed = await readVersions(s.accountId);
    expect(roundRenamed.rows).toBe(renamed.rows + 1);
    // The save stamp alone is not a change of the rows.
    await t.db.update(clients).set({ updatedAt: new Date() }).where(eq(clients.id, s.ann));
    const stamped = await readVersions(s.accountId);
    expect(stamped.rows).toBe(roundRenamed.rows);
    expect(stamped.all).toBe(roundRenamed.all + 1);
  });
});

describe('GET /api/clients after a write', () => {
  it('shows a meal-choice save in the strip, the rows and total kept', async () => {
    const s = await setUp('List After Save');
    const first = await listPage(s);
    expect(mondayCount(first, s.ann)).toBe(0);
    await t.call('PUT', `/api/clients/${s.ann}`, {
      token: s.token,
      body: { meal_choices: { '16-11-2026': { 'beef-pie': 2, 'pumpkin-soup': 1 } } },
    });
    const second = await listPage(s);
    expect(mondayCount(second, s.ann)).toBe(3);
    expect(second.data.map((row) => row.name)).toEqual(['Ann Able', 'Bea Best']);
    expect(second.meta).toMatchObject({ record_total: 2 });
  });

  it('shows what another server wrote: choices, a client, a round, a hold, a new client', async () => {
    const s = await setUp('List After Other Server');
    await listPage(s);
    await s.addChoices([[s.bea, '2026-11-16', 'beef-pie', 4]]);
    expect(mondayCount(await listPage(s), s.bea)).toBe(4);
    await t.db.update(clients).set({ name: 'Zoe Able' }).where(eq(clients.id, s.ann));
    expect((await listPage(s)).data.map((row) => row.name)).toEqual(['Bea Best', 'Zoe Able']);
    await t.db.update(rounds).set({ name: 'Far South' }).where(eq(rounds.id, s.rounds.south.id));
    expect(rowOf(await listPage(s), s.bea)?.round).toBe('Far South');
    await t.db.insert(clientHolds).values({
      accountId: s.accountId,
      clientId: s.bea,
      fromDate: '2026-11-16',
      toDate: null,
      reason: 'hospital',
    });
    expect(rowOf(await listPage(s), s.bea)?.meal_strip[0]?.hold_reason).toBe('hospital');
    expect((await listPage(s, '&on_hold=true')).data.map((row) => row.name)).toEqual(['Bea Best']);
    await t.db.insert(clients).values({ accountId: s.accountId, sourceId: 'new-client', name: 'Cal New' });
    const last = await listPage(s);
    expect(last.data.map((row) => row.name)).toEqual(['Bea Best', 'Cal New', 'Zoe Able']);
    expect(last.meta).toMatchObject({ record_total: 3 });
  });
});
