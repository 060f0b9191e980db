import { writeFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunderMonthlyReport, MonthClose } from '../../../contracts/funding';
import type { PrintLink } from '../../../contracts/print';
import { clients, visits } from '../../db/schema/clients';
import { auditLog } from '../../db/schema/messages';
import { extractPdfPages } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedReportFixture, type ReportFixture } from '../../testing/reports-fixture';

/*
 * The report fixture (report-fixture.ts) in December 2026, Perth: Alice orders 6 and has 5 delivered, Bob 6 and 2,
 * Carol 3 and 0, Dan 1 and 0 (Eve is hidden). The clock is moved by the tests: December may be closed from
 * 01-01-2027 on.
 */
let now = new Date('2026-12-31T08:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(async () => t.close());

async function setUp(name: string) {
  const { account, user } = await t.createAccount(name);
  const token = await t.login(user.username);
  const fixture = await seedReportFixture(t.db, account.id);
  const fund = (client: string, body: Record<string, unknown>) =>
    t.call('PUT', `/api/clients/${String(fixture.clientIds[client])}/funding`, {
      token,
      body: { ...emptyProfile, ...body },
    });
  await fund('Alice', { programme: 'CHSP', fee_per_meal_cents: 850 });
  await fund('Bob', { programme: 'CHSP', fee_per_meal_cents: 700 });
  await fund('Carol', { programme: 'private', fee_per_meal_cents: 1200 });
  return { accountId: account.id, token, fixture };
}

const emptyProfile = {
  programme: null,
  fee_per_meal_cents: 0,
  birth_date: null,
  is_birth_date_estimate: false,
  gender_code: null,
  country_of_birth_code: null,
  language_code: null,
  atsi_code: null,
  dva_card_status_code: null,
  accommodation_type_code: null,
  household_composition_code: null,
  has_carer: null,
  has_disabilities: false,
  consent_to_provide_details: false,
  consented_for_future_contacts: false,
};

const report = async (token: string, month = '12-2026') =>
  (await t.call<FunderMonthlyReport>('GET', `/api/reports/funder_monthly?month=${month}`, { token })).body
    .data;

function completeVisit(fixture: ReportFixture, key: string) {
  return t.db
    .update(visits)
    .set({ status: 'completed' })
    .where(eq(visits.id, fixture.visitIds[key] ?? 0));
}

describe('funder monthly report', () => {
  it('counts each client by the report rules, with fees on meals delivered and totals per programme', async () => {
    now = new Date('2026-12-31T08:00:00Z');
    const { token } = await setUp('Funder Monthly');
    const data = await report(token);
    expect(data.month).toBe('12-2026');
    expect(data.close).toEqual({ month: '12-2026', is_closed: false, closed_at: null, closed_by: null });
    expect(
      data.clients.map((row) => [
        row.name,
        row.programme,
        row.ordered,
        row.delivered,
        row.held,
        row.fee_total_cents,
      ]),
    ).toEqual([
      ['Alice Archer', 'CHSP', 6, 5, 0, 4250],
      ['Bob Baker', 'CHSP', 6, 2, 0, 1400],
      ['Carol Cook', 'private', 3, 0, 0, 0],
      ['Dan Dunn', null, 1, 0, 0, 0],
    ]);
    expect(data.programmes).toEqual([
      { programme: 'CHSP', clients: 2, ordered: 12, delivered: 7, held: 0, fee_total_cents: 5650 },
      { programme: 'private', clients: 1, ordered: 3, delivered: 0, held: 0, fee_total_cents: 0 },
      { programme: null, clients: 1, ordered: 1, delivered: 0, held: 0, fee_total_cents: 0 },
    ]);
    expect(data.total).toEqual({ clients: 4, ordered: 16, delivered: 7, held: 0, fee_total_cents: 5650 });
    // Another month: nothing.
    expect((await report(token, '10-2026')).clients).toEqual([]);
  });

  it('prints the report as a PDF and a CSV', async () => {
    now = new Date('2026-12-31T08:00:00Z');
    const { token } = await setUp('Funder Print');
    const file = async (format: string) => {
      const link = await t.call<PrintLink>('POST', '/api/print/report', {
        token,
        body: { report: 'funder_monthly', format, month: '12-2026' },
      });
      expect(link.body.meta.error_code).toBe(0);
      return (await t.server.inject({ method: 'GET', url: link.body.data.url })).rawPayload;
    };
    const pdf = await file('pdf');
    // Kept for looking at: pdftoppm -png -r 60 /tmp/mealrounds-funder-monthly.pdf /tmp/out
    await writeFile('/tmp/mealrounds-funder-monthly.pdf', pdf);
    const pages = await extractPdfPages(pdf);
    expect(pages[0]).toContain('Funder Monthly 12-2026');
    expect(pages[0]).toContain('Open: figures may still change.');
    expect(pages[0]).toMatch(/Alice Archer\s+CHSP\s+\$8\.50\s+6\s+5\s+0\s+\$42\.50/);
    const csv = (await file('csv')).subarray(3).toString('utf8').split('\r\n');
    expect(csv[0]).toBe('Month,Client ID,Client,Programme,Fee per meal,Ordered,Delivered,Held,Fee total');
    expect(csv[1]).toMatch(/^12-2026,\d+,Alice Archer,CHSP,\$8\.50,6,5,0,\$42\.50$/);
    expect(csv).toContain('12-2026,,Total,,,16,7,0,$56.50');
  });

  it('refuses a bad month with code 2 and needs a login', async () => {
    const { token } = await setUp('Funder Bad Month');
    const bad = await t.call('GET', '/api/reports/funder_monthly?month=2026-12', { token });
    expect(bad.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'month' }] });
    expect((await t.call('GET', '/api/reports/funder_monthly?month=12-2026')).status).toBe(401);
  });
});

describe('month close', () => {
  it('refuses a month not over yet (code 6), closes one that is, and keeps its figures whatever changes', async () => {
    now = new Date('2026-12-31T08:00:00Z');
    const { token, fixture, accountId } = await setUp('Month Close');
    const early = await t.call('POST', '/api/months/12-2026/close', { token });
    expect(early.status).toBe(409);
    expect(early.body.meta).toMatchObject({ error_code: 6 });
    expect(early.body.meta.message).toContain('12-2026 is not over yet');

    // 00:30 on 01-01-2027 in Perth.
    now = new Date('2026-12-31T16:30:00Z');
    const closed = await t.call<MonthClose>('POST', '/api/months/12-2026/close', { token });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({
      month: '12-2026',
      is_closed: true,
      closed_at: now.toISOString(),
    });
    expect(closed.body.data.closed_by).toContain('user@');
    const before = await report(token);
    expect(before.close.is_closed).toBe(true);

    // A visit completed, a client renamed and a fee changed after the close: the filed figures stay.
    await completeVisit(fixture, 'Bob 2026-12-01 scheduled');
    await t.db
      .update(clients)
      .set({ name: 'Alice Renamed' })
      .where(eq(clients.id, fixture.clientIds.Alice ?? 0));
    await t.call('PUT', `/api/clients/${String(fixture.clientIds.Bob)}/funding`, {
      token,
      body: { ...emptyProfile, programme: 'NDIS', fee_per_meal_cents: 100 },
    });
    expect(await report(token)).toEqual(before);
    const again = await t.call('POST', '/api/months/12-2026/close', { token });
    expect(again.body.meta).toMatchObject({ error_code: 6, message: '12-2026 is already closed.' });

    const noReason = await t.call('DELETE', '/api/months/12-2026/close', { token, body: { reason: ' ' } });
    expect(noReason.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'reason' }] });
    const reopened = await t.call<MonthClose>('DELETE', '/api/months/12-2026/close', {
      token,
      body: { reason: 'Bob’s delivery of the 1st was recorded late' },
    });
    expect(reopened.body.data).toEqual({
      month: '12-2026',
      is_closed: false,
      closed_at: null,
      closed_by: null,
    });
    const live = await report(token);
    const bob = live.clients.find((row) => row.client_id === fixture.clientIds.Bob);
    expect(bob).toMatchObject({ programme: 'NDIS', delivered: 3, fee_total_cents: 300 });
    expect(live.clients.map((row) => row.name)).toContain('Alice Renamed');
    const notClosed = await t.call('DELETE', '/api/months/12-2026/close', {
      token,
      body: { reason: 'again' },
    });
    expect(notClosed.body.meta).toMatchObject({ error_code: 6, message: '12-2026 is not closed.' });

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, accountId), eq(auditLog.targetType, 'month')));
    expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ['month.close', { clients: 4 }],
      ['month.reopen', { reason: 'Bob’s delivery of the 1st was recorded late' }],
    ]);
  });

  it('keeps each account’s closes apart, and needs a login', async () => {
    now = new Date('2027-01-02T08:00:00Z');
    const mine = await setUp('Close Mine');
    const theirs = await setUp('Close Theirs');
    expect((await t.call('POST', '/api/months/12-2026/close', { token: mine.token })).status).toBe(200);
    expect((await report(theirs.token)).close.is_closed).toBe(false);
    expect((await t.call('POST', '/api/months/12-2026/close', { token: theirs.token })).status).toBe(200);
    expect((await t.call('POST', '/api/months/12-2026/close')).status).toBe(401);
    const bad = await t.call('POST', '/api/months/13-2026/close', { token: mine.token });
    expect(bad.body.meta.error_code).toBe(2);
  });
});
