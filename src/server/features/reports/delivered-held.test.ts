import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintLink } from '../../../contracts/print';
import type { DeliveryByCategoryReport, DeliveryByClientReport } from '../../../contracts/reports';
import { clientHolds } from '../../db/schema/holds';
import { extractPdfPages } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixtureClock, seedReportFixture } from '../../testing/reports-fixture';

// The report fixture (report-fixture.ts) with Carol Cook on hold on 07-12 and 08-12-2026: her 2 crumbles of the 7th
// (a scheduled visit) and her roast of the 8th are held, neither ordered nor undelivered. December's day 7 is
// index 6 of the report's days.
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Delivered Held');
  token = await t.login(user.username);
  const fixture = await seedReportFixture(t.db, account.id);
  await t.db.insert(clientHolds).values({
    accountId: account.id,
    clientId: fixture.clientIds.Carol ?? 0,
    fromDate: '2026-12-07',
    toDate: '2026-12-08',
    reason: 'hospital',
  });
});
afterAll(async () => t.close());

function post<T>(url: string) {
  return t.call<T>('POST', url, { token, body: { date: '07-12-2026' } });
}

async function printFile(body: Record<string, unknown>) {
  const link = await t.call<PrintLink>('POST', '/api/print/report', { token, body });
  expect(link.body.meta.error_code).toBe(0);
  return (await t.server.inject({ method: 'GET', url: link.body.data.url })).rawPayload;
}

describe('delivered reports on hold days', () => {
  it('by client: the held days are held, not ordered and undelivered', async () => {
    const report = (await post<DeliveryByClientReport>('/api/reports/delivery_by_client')).body.data;
    const carol = report.clients.find((client) => client.name === 'Carol Cook');
    expect(carol).toMatchObject({ total: [0, 0], held_total: 3 });
    expect(carol?.days.slice(6, 8)).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(carol?.held.slice(6, 8)).toEqual([2, 1]);
    const alice = report.clients.find((client) => client.name === 'Alice Archer');
    expect(alice?.held).toEqual(Array.from({ length: 31 }, () => 0));
    // Without the hold the 7th was 8:5 with Carol's 2 undelivered.
    expect(report.total.days[6]).toEqual([6, 5]);
    expect(report.total.held[6]).toBe(2);
    expect(report.total).toMatchObject({ total: [13, 7], held_total: 3 });
  });

  it('by category: held portions per category and day', async () => {
    const report = (await post<DeliveryByCategoryReport>('/api/reports/delivery_by_category')).body.data;
    const desserts = report.categories.find((category) => category.key === 'desserts');
    expect(desserts?.days[6]).toEqual([1, 1]);
    expect(desserts?.held[6]).toBe(2);
    const mains = report.categories.find((category) => category.key === 'mains');
    expect(mains?.days[7]).toEqual([1, 0]);
    expect(mains?.held[7]).toBe(1);
    expect(report.total.held_total).toBe(3);
  });

  it("prints 'Held' on the PDF and a held column in the CSV", async () => {
    const pdf = await printFile({ report: 'delivered_by_client', format: 'pdf', date: '07-12-2026' });
    // Kept for looking at: pdftoppm -png -r 60 -f 1 -l 1 /tmp/mealrounds-report-delivered-held.pdf /tmp/out
    await writeFile('/tmp/mealrounds-report-delivered-held.pdf', pdf);
    const pages = await extractPdfPages(pdf);
    expect(pages[0]).toContain('Held: meals chosen for a day the client was on hold');
    expect(pages[0]).toMatch(/Carol Cook\s+Held\s+Held\s+Held/);
    const csv = (await printFile({ report: 'delivered_by_client', format: 'csv', date: '07-12-2026' }))
      .subarray(3)
      .toString('utf8')
      .split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    expect(header.slice(2, 5)).toEqual(['01-12-2026 ordered', '01-12-2026 delivered', '01-12-2026 held']);
    expect(header.slice(-3)).toEqual(['Total ordered', 'Total delivered', 'Total held']);
    const carol = csv.find((line) => line.startsWith('Carol Cook,'))?.split(',') ?? [];
    // Day 7 is columns 2 + 6 * 3 onwards: ordered, delivered, held.
    expect(carol.slice(20, 26)).toEqual(['0', '0', '2', '0', '0', '1']);
    expect(carol.slice(-3)).toEqual(['0', '0', '3']);
  });
});
