import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverLinkStatus, DriverRun } from '../../../contracts/driver';
import type { PrintLink, PrintRoundBody } from '../../../contracts/print';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedReportFixture, type ReportFixture } from '../../testing/reports-fixture';

// Sunday 6 December 2026, 10:00 in Perth: the North round's run of Monday the 7th is tomorrow.
const now = () => new Date('2026-12-06T02:00:00Z');

let t: TestApp;
let token = '';
let fixture: ReportFixture;

beforeAll(async () => {
  t = await createTestApp({}, { now });
  const { account, user } = await t.createAccount('Sheet Links');
  fixture = await seedReportFixture(t.db, account.id);
  token = await t.login(user.username);
});
afterAll(async () => t.close());

function driverSheet(date: string, extra: Partial<PrintRoundBody> = {}): PrintRoundBody {
  return { round: fixture.roundIds.north, date, format: 'driver', events: [], ...extra };
}

async function printSheet(body: PrintRoundBody) {
  const result = await t.call<PrintLink>('POST', '/api/print/round', { token, body });
  if (result.body.meta.error_code !== 0) return { meta: result.body.meta, text: '' };
  const file = await t.server.inject({ method: 'GET', url: result.body.data.url });
  return { meta: result.body.meta, text: await extractPdfText(file.rawPayload) };
}

/** The driver token printed under the QR code. */
function readPrintedToken(text: string): string {
  const match = /http:\/\/mealrounds\.test\/driver\/([\w-]{43})/.exec(text);
  if (!match?.[1]) throw new Error('no driver link printed');
  return match[1];
}

const countWorkingLinks = async (date: string) =>
  (
    await t.call<DriverLinkStatus>('GET', `/api/rounds/${fixture.roundIds.north}/driver_link?date=${date}`, {
      token,
    })
  ).body.data.active_count;

describe('the driver sheet with a driver link', () => {
  it('prints a new working link as a QR code and its address each time, leaving earlier links working', async () => {
    const first = await printSheet(driverSheet('2026-12-07', { driver_link: true }));
    expect(first.text).toContain('Driver link');
    expect(first.text).toContain('Works until the end of');
    const firstToken = readPrintedToken(first.text);
    const run = await t.call<DriverRun>('GET', `/api/driver/${firstToken}/run`);
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ round: { name: 'North' }, date: '2026-12-07' });
    expect(await countWorkingLinks('2026-12-07')).toBe(1);

    const second = await printSheet(driverSheet('2026-12-07', { driver_link: true }));
    const secondToken = readPrintedToken(second.text);
    expect(secondToken).not.toBe(firstToken);
    expect((await t.call('GET', `/api/driver/${firstToken}/run`)).status).toBe(200);
    expect(await countWorkingLinks('2026-12-07')).toBe(2);
  });

  it('makes no link without driver_link, and refuses one for a run that is over (code 2) while the sheet prints', async () => {
    const before = await countWorkingLinks('2026-12-07');
    const plain = await printSheet(driverSheet('2026-12-07'));
    expect(plain.text).not.toContain('Driver link');
    expect(await countWorkingLinks('2026-12-07')).toBe(before);

    const over = await printSheet(driverSheet('2026-11-30', { driver_link: true }));
    expect(over.meta.error_code).toBe(2);
    expect(over.meta.errors).toEqual([{ field: 'date', message: 'Choose today or a later day.' }]);
    expect((await printSheet(driverSheet('2026-11-30'))).meta.error_code).toBe(0);
  });
});
