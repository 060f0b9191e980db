import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryOutcomesReport } from '../../../contracts/delivery-outcomes';
import type { PrintLink } from '../../../contracts/print';
import { driverOutcomes } from '../../db/schema/driver';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  fixtureClock,
  seedOtherAccountOrder,
  seedReportFixture,
  type ReportFixture,
} from '../../testing/reports-fixture';

// "Today" is Monday 30-11-2026 in Perth (the fixture's clock). Outcomes are stored as the driver feature keeps them.
let t: TestApp;
let token = '';
let otherToken = '';
let fixture: ReportFixture;
let uuidCount = 0;
const nextUuid = () => `00000000-0000-4000-8000-${String(++uuidCount).padStart(12, '0')}`;

async function addOutcome(
  accountId: number,
  visitId: number,
  outcome: string,
  note: string,
  recordedAt: string,
) {
  await t.db.insert(driverOutcomes).values({
    accountId,
    clientUuid: nextUuid(),
    visitId,
    outcome,
    note,
    recordedAt: new Date(recordedAt),
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Outcomes Report');
  token = await t.login(user.username);
  fixture = await seedReportFixture(t.db, account.id);
  const visit = (key: string) => fixture.visitIds[key] ?? 0;
  await addOutcome(
    account.id,
    visit('Alice 2026-11-30 completed'),
    'delivered',
    'Handed over',
    '2026-11-30T02:00:00Z',
  );
  await addOutcome(
    account.id,
    visit('Bob 2026-12-01 scheduled'),
    'not_home',
    'No answer',
    '2026-12-01T02:00:00Z',
  );
  await addOutcome(
    account.id,
    visit('Bob 2026-12-07 completed'),
    'concern',
    'Looked unwell',
    '2026-12-07T02:00:00Z',
  );
  // Carol's visit: a not home, then (later) delivered: only the current one counts.
  await addOutcome(
    account.id,
    visit('Carol 2026-12-07 scheduled'),
    'not_home',
    'First try',
    '2026-12-07T01:00:00Z',
  );
  await addOutcome(
    account.id,
    visit('Carol 2026-12-07 scheduled'),
    'delivered',
    'Second try',
    '2026-12-07T03:00:00Z',
  );
  const other = await t.createAccount('Other Outcomes');
  otherToken = await t.login(other.user.username);
  const { visitId } = await seedOtherAccountOrder(t.db, other.account.id);
  await addOutcome(other.account.id, visitId, 'concern', 'Other account', '2026-12-07T02:00:00Z');
});
afterAll(async () => t.close());

const url = '/api/reports/delivery_outcomes';
const none = { delivered: 0, not_home: 0, refused: 0, concern: 0, other: 0 };

describe('POST /api/reports/delivery_outcomes', () => {
  it('lists each visit once with its current outcome, repeated not-home or concern first, per round', async () => {
    const result = await t.call<DeliveryOutcomesReport>('POST', url, {
      token,
      body: { from: '30-11-2026', to: '07-12-2026' },
    });
    expect(result.body.meta.error_code).toBe(0);
    const report = result.body.data;
    expect(report.from).toBe('30-11-2026');
    expect(report.to).toBe('07-12-2026');
    expect(report.total).toEqual({ ...none, delivered: 2, not_home: 1, concern: 1 });
    expect(report.clients.map((client) => [client.name, client.is_repeated])).toEqual([
      ['Bob Baker', true],
      ['Alice Archer', false],
      ['Carol Cook', false],
    ]);
    expect(
      report.clients[0]?.outcomes.map((entry) => [entry.date, entry.round, entry.outcome, entry.note]),
    ).toEqual([
      ['01-12-2026', 'North', 'not_home', 'No answer'],
      ['07-12-2026', 'North', 'concern', 'Looked unwell'],
    ]);
    expect(report.clients[2]?.outcomes).toMatchObject([{ outcome: 'delivered', note: 'Second try' }]);
    expect(report.rounds).toEqual([
      { round_id: fixture.roundIds.east, round: 'East', counts: { ...none, delivered: 1 } },
      {
        round_id: fixture.roundIds.north,
        round: 'North',
        counts: { ...none, delivered: 1, not_home: 1, concern: 1 },
      },
    ]);
    // Nothing of the other account, which has a concern the same day.
    expect(JSON.stringify(report)).not.toContain('Other account');
  });

  it('defaults to the four weeks to today and keeps to the range', async () => {
    const result = await t.call<DeliveryOutcomesReport>('POST', url, { token, body: {} });
    expect(result.body.data.from).toBe('03-11-2026');
    expect(result.body.data.to).toBe('30-11-2026');
    expect(result.body.data.clients.map((client) => client.name)).toEqual(['Alice Archer']);
  });

  it('refuses bad dates and ranges with code 2 and the field', async () => {
    for (const body of [{ from: '2026-11-30' }, { to: '31-02-2026' }, { from: '01-12-2026', x: 1 }]) {
      const result = await t.call('POST', url, { token, body });
      expect(result.status).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    const reversed = await t.call('POST', url, { token, body: { from: '07-12-2026', to: '01-12-2026' } });
    expect(reversed.body.meta.error_code).toBe(2);
    expect(reversed.body.meta.errors).toEqual([
      { field: 'to', message: 'The end date must not be before the start date.' },
    ]);
    const long = await t.call('POST', url, { token, body: { from: '01-01-2026', to: '02-01-2027' } });
    expect(long.body.meta.errors).toEqual([{ field: 'to', message: 'Choose at most 366 days.' }]);
  });

  it('needs a login, and shows another account only its own outcomes', async () => {
    const anonymous = await t.call('POST', url, { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.meta.error_code).toBe(3);
    const other = await t.call<DeliveryOutcomesReport>('POST', url, {
      token: otherToken,
      body: { from: '30-11-2026', to: '07-12-2026' },
    });
    expect(other.body.data.clients.map((client) => client.name)).toEqual(['Zed Zulu']);
    expect(JSON.stringify(other.body.data)).not.toContain('Bob Baker');
  });

  it('prints as a PDF and downloads as a CSV', async () => {
    const body = { report: 'delivery_outcomes', from: '30-11-2026', to: '07-12-2026' };
    const pdf = await t.call<PrintLink>('POST', '/api/print/report', {
      token,
      body: { ...body, format: 'pdf' },
    });
    expect(pdf.body.meta.error_code).toBe(0);
    const pdfFile = await t.server.inject({ method: 'GET', url: pdf.body.data.url });
    expect(pdfFile.headers['content-type']).toBe('application/pdf');
    expect(pdfFile.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await t.call<PrintLink>('POST', '/api/print/report', {
      token,
      body: { ...body, format: 'csv' },
    });
    const csvFile = await t.server.inject({ method: 'GET', url: csv.body.data.url });
    const lines = csvFile.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Client,Client ID,Phone,Repeated not home or concern,Date,Recorded,Round,Outcome,Note',
    );
    expect(lines[1]).toContain('Bob Baker');
    expect(lines[1]).toContain('01-12-2026 10:00,North,Not home,No answer');
  });
});
