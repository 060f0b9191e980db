import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldsReport } from '../../../contracts/holds-report';
import type { PrintLink } from '../../../contracts/print';
import { clientHolds } from '../../db/schema/holds';
import { extractPdfPages } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

// Today is Wednesday 18-11-2026 in Sydney (fixedNow); this week runs 16-11 to 22-11.
let t: TestApp;
let token = '';
let otherToken = '';
let ids: number[] = [];

type HoldSpec = [client: number, from: string, to: string | null, reason: string, note?: string];

async function addHold(tokenOf: string, [client, from, to, reason, note]: HoldSpec) {
  const result = await t.call('POST', `/api/clients/${client}/holds`, {
    token: tokenOf,
    body: { from_date: from, to_date: to, reason, ...(note ? { note } : {}) },
  });
  expect(result.status).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
  const s = await createClientsAccount(t, 'Holds Report', [
    { name: 'Ann Able', round: 'North' },
    { name: 'Bob Baker' },
    { name: 'Cid Cole', round: 'South' },
    { name: 'Dee Dunn', round: 'North' },
    { name: 'Eve Hidden', isHidden: true },
  ]);
  token = s.token;
  ids = s.clientIds;
  const [ann = 0, bob = 0, cid = 0, dee = 0, eve = 0] = ids;
  const holds: HoldSpec[] = [
    [ann, '10-11-2026', '17-11-2026', 'hospital', 'Fall at home'],
    [bob, '16-11-2026', null, 'respite'],
    [cid, '12-11-2026', '20-11-2026', 'holiday', 'Visiting family'],
    [dee, '01-11-2026', '05-11-2026', 'other'],
    [dee, '25-11-2026', '27-11-2026', 'other', 'Day surgery'],
  ];
  for (const hold of holds) await addHold(token, hold);
  // A hidden client's hold (the API no longer reaches hidden clients) is never listed.
  await t.db.insert(clientHolds).values({
    accountId: s.accountId,
    clientId: eve,
    fromDate: '2026-11-15',
    toDate: null,
    reason: 'hospital',
  });

  const other = await createClientsAccount(t, 'Holds Report Other', [{ name: 'Zed Other' }]);
  otherToken = other.token;
  await addHold(otherToken, [other.clientIds[0] ?? 0, '17-11-2026', '19-11-2026', 'holiday']);
});
afterAll(async () => t.close());

function getReport(query = '', withToken = token) {
  return t.call<HoldsReport>('GET', `/api/reports/holds${query}`, { token: withToken });
}

const names = (rows: { client: string }[]) => rows.map((row) => row.client);

describe('GET /api/reports/holds', () => {
  it("answers today's report by default: who is on hold, who comes back this week, who begins later", async () => {
    const result = await getReport();
    expect(result.status).toBe(200);
    const report = result.body.data;
    expect(report).toMatchObject({ date: '18-11-2026', week_start: '16-11-2026', week_end: '22-11-2026' });
    expect(names(report.on_hold)).toEqual(['Cid Cole', 'Bob Baker']);
    expect(names(report.returning)).toEqual(['Ann Able', 'Cid Cole']);
    expect(names(report.upcoming)).toEqual(['Dee Dunn']);
    expect(report.on_hold[0]).toEqual({
      hold_id: expect.any(Number),
      client_id: ids[2],
      client: 'Cid Cole',
      round: 'South',
      from_date: '12-11-2026',
      to_date: '20-11-2026',
      reason: 'holiday',
      note: 'Visiting family',
      return_date: '21-11-2026',
    });
    expect(report.on_hold[1]).toMatchObject({ round: 'No Round', to_date: null, return_date: null });
  });

  it('looks at any day: its week is the one holding it', async () => {
    const report = (await getReport('?date=26-11-2026')).body.data;
    expect(report).toMatchObject({ date: '26-11-2026', week_start: '23-11-2026', week_end: '29-11-2026' });
    expect(names(report.on_hold)).toEqual(['Dee Dunn', 'Bob Baker']);
    expect(names(report.returning)).toEqual(['Dee Dunn']);
    expect(report.upcoming).toEqual([]);
  });

  it('refuses an impossible date or an unknown parameter with code 2', async () => {
    for (const query of ['?date=31-02-2026', '?date=2026-11-18', '?week=18-11-2026']) {
      const result = await getReport(query);
      expect(result.status).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
  });

  it('needs a login (401)', async () => {
    const result = await t.call('GET', '/api/reports/holds');
    expect(result.status).toBe(401);
  });

  it("shows each account only its own clients' holds", async () => {
    const report = (await getReport('', otherToken)).body.data;
    expect(names(report.on_hold)).toEqual(['Zed Other']);
    expect(report.upcoming).toEqual([]);
    const own = (await getReport()).body.data;
    expect([...names(own.on_hold), ...names(own.returning), ...names(own.upcoming)]).not.toContain(
      'Zed Other',
    );
  });
});

describe('POST /api/print/report holds', () => {
  async function print(format: 'pdf' | 'csv') {
    const link = await t.call<PrintLink>('POST', '/api/print/report', {
      token,
      body: { report: 'holds', format, date: '18-11-2026' },
    });
    expect(link.body.meta.error_code).toBe(0);
    return t.server.inject({ method: 'GET', url: link.body.data.url });
  }

  it('prints the three sections as a PDF', async () => {
    const file = await print('pdf');
    expect(file.headers['content-type']).toBe('application/pdf');
    // Kept for looking at: pdftoppm -png -r 60 /tmp/mealrounds-report-holds.pdf /tmp/out
    await writeFile('/tmp/mealrounds-report-holds.pdf', file.rawPayload);
    const pages = await extractPdfPages(file.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    expect(text).toContain('On 18-11-2026; this week: 16-11-2026 to 22-11-2026.');
    expect(text).toMatch(/On hold \(2\)[\s\S]*Back this week \(2\)[\s\S]*Starting later \(1\)/);
    expect(text).toMatch(
      /Cid Cole\s+South\s+12-11-2026\s+20-11-2026\s+21-11-2026\s+Holiday\s+Visiting family/,
    );
    expect(text).toMatch(/Bob Baker\s+No Round\s+16-11-2026\s+Open-ended\s+Open-ended\s+Respite/);
    expect(text).toMatch(/Ann Able\s+North\s+10-11-2026\s+17-11-2026\s+18-11-2026\s+Hospital\s+Fall at home/);
    expect(text).not.toContain('Eve Hidden');
  });

  it('says so under a section with nobody in it', async () => {
    const link = await t.call<PrintLink>('POST', '/api/print/report', {
      token: otherToken,
      body: { report: 'holds', format: 'pdf', date: '06-01-2027' },
    });
    const file = await t.server.inject({ method: 'GET', url: link.body.data.url });
    const text = (await extractPdfPages(file.rawPayload)).join('\n');
    expect(text).toContain('On hold (0)');
    expect(text).toContain('Nobody is on hold on this day.');
    expect(text).toContain('Back this week (0)');
    expect(text).toContain('Nobody comes back this week.');
    expect(text).toContain('No hold begins after this day.');
  });

  it('downloads a CSV row per hold and section', async () => {
    const file = await print('csv');
    expect(file.headers['content-disposition']).toBe('attachment; filename="holds-18-11-2026.csv"');
    const lines = file.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Section,Client,Client ID,Round,From,To,Back on,Reason,Note');
    expect(lines.slice(1).filter(Boolean)).toEqual([
      `On hold,Cid Cole,${String(ids[2])},South,12-11-2026,20-11-2026,21-11-2026,Holiday,Visiting family`,
      `On hold,Bob Baker,${String(ids[1])},No Round,16-11-2026,Open-ended,Open-ended,Respite,`,
      `Back this week,Ann Able,${String(ids[0])},North,10-11-2026,17-11-2026,18-11-2026,Hospital,Fall at home`,
      `Back this week,Cid Cole,${String(ids[2])},South,12-11-2026,20-11-2026,21-11-2026,Holiday,Visiting family`,
      `Starting later,Dee Dunn,${String(ids[3])},North,25-11-2026,27-11-2026,28-11-2026,Other,Day surgery`,
    ]);
  });
});
