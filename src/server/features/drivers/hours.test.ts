import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver } from '../../../contracts/drivers';
import type { PrintLink } from '../../../contracts/print';
import type { VolunteerHoursReport } from '../../../contracts/volunteer-hours';
import { visits } from '../../db/schema/clients';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixedNow } from '../../testing/clients-fixture';
import { createRosterAccount } from './roster-fixture';

// Today is Wednesday 18-11-2026 in Sydney (fixedNow). North has visits on the Mondays 02, 09 and 16-11, on
// Tuesday 10-11 (cancelled) and today; each visit lasts 20 minutes and its client has no map location.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

async function setUp(name: string) {
  const s = await createRosterAccount(t, name, [
    '2026-11-02',
    '2026-11-09',
    '2026-11-10',
    '2026-11-16',
    '2026-11-18',
  ]);
  await t.db
    .update(visits)
    .set({ status: 'cancelled' })
    .where(eq(visits.sourceId, `${name}-v2`));
  const addDriver = async (driverName: string) =>
    (
      await t.call<Driver>('POST', '/api/drivers', {
        token: s.token,
        body: { name: driverName, phone: '0412 345 678', round_ids: [s.rounds.north.id] },
      })
    ).body.data.id;
  const ann = await addDriver(`Ann ${name}`);
  const bob = await addDriver(`Bob ${name}`);
  await t.call('POST', '/api/roster/patterns', {
    token: s.token,
    body: {
      driver_id: ann,
      round_id: s.rounds.north.id,
      weekdays: [1, 2, 3],
      every_weeks: 1,
      starts: '02-11-2026',
      ends: null,
    },
  });
  await t.call('PUT', `/api/roster/${s.rounds.north.id}/09-11-2026`, {
    token: s.token,
    body: { driver_id: bob },
  });
  return { ...s, ann, bob };
}

const getHours = (token: string, month: string) =>
  t.call<VolunteerHoursReport>('GET', `/api/reports/volunteer_hours?month=${month}`, { token });

describe('volunteer hours report', () => {
  it('credits each driver with the days over they drove, pickup to return, and never another account', async () => {
    const s = await setUp('Hours');
    const other = await setUp('Other hours');
    const response = await getHours(s.token, '11-2026');
    expect(response.status).toBe(200);
    const report = response.body.data;
    expect(report.month).toBe('11-2026');
    expect(report.counted_to).toBe('17-11-2026');
    // Ann: Mondays 02 and 16 (Bob took 09; the cancelled Tuesday and today do not count).
    expect(report.drivers.map((row) => [row.driver.name, row.dates, row.days])).toEqual([
      ['Ann Hours', ['02-11-2026', '16-11-2026'], 2],
      ['Bob Hours', ['09-11-2026'], 1],
    ]);
    // Each round: leave at pickup, the contingency (2 min) to the stop, 20 min there, 2 min back.
    expect(report.drivers[0]).toMatchObject({ minutes: 48, hours: 0.8, km: 0 });
    expect(report.totals).toEqual({ days: 3, minutes: 72, hours: 1.2, km: 0 });
    const ids = report.drivers.map((row) => row.driver.id);
    expect(ids).not.toContain(other.ann);
    expect(ids).not.toContain(other.bob);
  });

  it('counts nothing for a month not begun', async () => {
    const s = await setUp('Hours future');
    const report = (await getHours(s.token, '12-2026')).body.data;
    expect(report).toEqual({
      month: '12-2026',
      counted_to: null,
      drivers: [],
      totals: { days: 0, minutes: 0, hours: 0, km: 0 },
    });
  });

  it('refuses a bad month (code 2) and answers 401 without a session', async () => {
    const s = await setUp('Hours bad');
    for (const month of ['13-2026', '2026-11', '']) {
      const bad = await getHours(s.token, month);
      expect(bad.status).toBe(400);
      expect(bad.body.meta.error_code).toBe(2);
    }
    const anonymous = await t.call('GET', '/api/reports/volunteer_hours?month=11-2026');
    expect(anonymous.status).toBe(401);
  });

  it('prints the report as a PDF and a CSV', async () => {
    const s = await setUp('Hours print');
    const open = async (format: 'pdf' | 'csv') => {
      const link = await t.call<PrintLink>('POST', '/api/print/report', {
        token: s.token,
        body: { report: 'volunteer_hours', format, month: '11-2026' },
      });
      expect(link.status).toBe(200);
      return t.server.inject({ method: 'GET', url: link.body.data.url });
    };
    const csv = await open('csv');
    expect(csv.headers['content-disposition']).toContain('volunteer-hours-11-2026.csv');
    expect(csv.body).toContain('11-2026,Ann Hours print,2,0.8,0.0,02-11-2026 16-11-2026');
    const pdf = await open('pdf');
    expect(await extractPdfText(pdf.rawPayload)).toContain('Volunteer Hours');
  });
});
