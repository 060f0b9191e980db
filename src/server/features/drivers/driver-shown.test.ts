import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverLink, DriverRun } from '../../../contracts/driver';
import type { Driver } from '../../../contracts/drivers';
import type { PrintLink } from '../../../contracts/print';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixtureClock, seedReportFixture, type ReportFixture } from '../../testing/reports-fixture';

// The roster's driver of the day on the driver run sheet and on the driver's phone page (Monday 07-12-2026).
let t: TestApp;
let token = '';
let fixture: ReportFixture;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Driver Shown');
  fixture = await seedReportFixture(t.db, account.id);
  token = await t.login(user.username);
  const driver = await t.call<Driver>('POST', '/api/drivers', {
    token,
    body: { name: 'Priya Nair', phone: '0411 222 333', round_ids: [fixture.roundIds.north] },
  });
  await t.call('POST', '/api/roster/patterns', {
    token,
    body: {
      driver_id: driver.body.data.id,
      round_id: fixture.roundIds.north,
      weekdays: [1],
      starts: '07-12-2026',
    },
  });
});
afterAll(async () => t.close());

describe('the driver of the day', () => {
  it('is printed on the driver run sheet', async () => {
    const printed = await t.call<PrintLink>('POST', '/api/print/round', {
      token,
      body: {
        round: fixture.roundIds.north,
        date: '2026-12-07',
        format: 'driver',
        events: [{ id: fixture.visitIds['Bob 2026-12-07 completed'] ?? 0, start: '09:20', end: '09:35' }],
      },
    });
    const file = await t.server.inject({ method: 'GET', url: printed.body.data.url });
    const text = await extractPdfText(file.rawPayload);
    expect(text).toContain('Driver: Priya Nair');
  });

  it('is on the driver page’s round, and null on a day nobody drives', async () => {
    const runOf = async (date: string) => {
      const link = await t.call<DriverLink>('POST', `/api/rounds/${fixture.roundIds.north}/driver_link`, {
        token,
        body: { date },
      });
      const driverToken = link.body.data.url.replace('/driver/', '');
      return (await t.call<DriverRun>('GET', `/api/driver/${driverToken}/run`)).body.data.round.driver;
    };
    expect(await runOf('2026-12-07')).toEqual({ name: 'Priya Nair' });
    expect(await runOf('2026-12-08')).toBeNull();
  });
});
