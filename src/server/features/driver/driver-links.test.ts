import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverLink, DriverLinkStatus, DriverOutcomeResult, DriverRun } from '../../../contracts/driver';
import { driverLinks } from '../../db/schema/driver';
import { mailOutbox } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedOtherAccountOrder, seedReportFixture, type ReportFixture } from '../../testing/reports-fixture';

// Sunday 6 December 2026, 10:00 in Perth: the North round's run of Monday the 7th is tomorrow.
const clock = { ms: Date.parse('2026-12-06T02:00:00Z') };
const now = () => new Date(clock.ms);

let t: TestApp;
let token = '';
let adminToken = '';
let fixture: ReportFixture;
let otherToken = '';
let otherVisitId = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now });
  const { account, user, admin } = await t.createAccount('Driver Links');
  fixture = await seedReportFixture(t.db, account.id);
  token = await t.login(user.username);
  adminToken = await t.login(admin.username);
  const other = await t.createAccount('Other Links');
  otherVisitId = (await seedOtherAccountOrder(t.db, other.account.id)).visitId;
  otherToken = await t.login(other.user.username);
});
afterAll(async () => t.close());

const north = () => fixture.roundIds.north;
const visit = (key: string) => fixture.visitIds[key] ?? 0;
const linkUrl = (round: number) => `/api/rounds/${round}/driver_link`;
const tokenOf = (link: DriverLink) => link.url.replace('/driver/', '');

async function createLink(date = '2026-12-07', round = north(), as = token) {
  const result = await t.call<DriverLink>('POST', linkUrl(round), { token: as, body: { date } });
  expect(result.body.meta.error_code).toBe(0);
  return result.body.data;
}
const getRun = (driverToken: string) => t.call<DriverRun>('GET', `/api/driver/${driverToken}/run`);
const sendOutcomes = (driverToken: string, body: unknown) =>
  t.call<DriverOutcomeResult[]>('POST', `/api/driver/${driverToken}/outcomes`, { body });
let uuidCount = 0;
const nextUuid = () => `00000000-0000-4000-8000-${String(++uuidCount).padStart(12, '0')}`;

const goneMessage = 'This driver link does not work any more. Ask the office for a new link.';
function expectGone(result: { status: number; body: { meta: { error_code: number; message: string } } }) {
  expect(result.status).toBe(404);
  expect(result.body.meta.error_code).toBe(5);
  expect(result.body.meta.message).toBe(goneMessage);
}

describe('driver links', () => {
  it('makes an unguessable link to the run that lapses at the end of the next day in the round timezone', async () => {
    const link = await createLink();
    expect(link.url).toMatch(/^\/driver\/[A-Za-z0-9_-]{43}$/);
    // The end of Tuesday 8 December in Perth (+08:00).
    expect(link.expires_at).toBe('2026-12-08T16:00:00.000Z');
    const rows = await t.db.select().from(driverLinks).where(eq(driverLinks.roundId, north()));
    const stored = rows.map((row) => row.tokenHash);
    // Only the hash is kept: the token itself is nowhere in the table.
    expect(stored).toContain(createHash('sha256').update(tokenOf(link)).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
    // Admins may make them too.
    expect(tokenOf(await createLink('2026-12-07', north(), adminToken))).not.toBe(tokenOf(link));
  });

  it('refuses a date that is not real, missing or of a run already over (code 2)', async () => {
    for (const body of [{ date: '2026-02-30' }, {}, { date: '07-12-2026' }, { date: '2026-12-07', x: 1 }]) {
      const result = await t.call('POST', linkUrl(north()), { token, body });
      expect(result.status).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    // The run of Friday the 4th ended with Saturday the 5th.
    const over = await t.call('POST', linkUrl(north()), { token, body: { date: '2026-12-04' } });
    expect(over.body.meta.error_code).toBe(2);
    expect(over.body.meta.errors).toEqual([{ field: 'date', message: 'Choose today or a later day.' }]);
    for (const method of ['GET', 'DELETE'] as const) {
      const badQuery = await t.call(method, `${linkUrl(north())}?date=tomorrow`, { token });
      expect(badQuery.body.meta.error_code).toBe(2);
    }
  });

  it('needs a login, and another account round is not found', async () => {
    expect((await t.call('POST', linkUrl(north()), { body: { date: '2026-12-07' } })).status).toBe(401);
    expect((await t.call('GET', `${linkUrl(north())}?date=2026-12-07`)).status).toBe(401);
    expect((await t.call('DELETE', `${linkUrl(north())}?date=2026-12-07`)).status).toBe(401);
    const email = { date: '2026-12-07', to: 'driver@example.com' };
    expect((await t.call('POST', `${linkUrl(north())}/email`, { body: email })).status).toBe(401);
    for (const [method, url, body] of [
      ['POST', linkUrl(north()), { date: '2026-12-07' }],
      ['GET', `${linkUrl(north())}?date=2026-12-07`, undefined],
      ['DELETE', `${linkUrl(north())}?date=2026-12-07`, undefined],
      ['POST', `${linkUrl(north())}/email`, { date: '2026-12-07', to: 'driver@example.com' }],
    ] as const) {
      const result = await t.call(method, url, { token: otherToken, ...(body ? { body } : {}) });
      expect(result.status).toBe(404);
      expect(result.body.meta.error_code).toBe(5);
    }
  });

  it('opens the run without a login: stops in order with clients, meals and outcomes', async () => {
    const run = await getRun(tokenOf(await createLink()));
    expect(run.status).toBe(200);
    expect(run.body.data.round).toEqual({
      id: north(),
      name: 'North',
      address: '1 Base Rd, Perth WA',
      pickup_time: '09:00',
      // The page shows every time in the round's zone, whatever the phone's.
      timezone: 'Australia/Perth',
      // Nobody is on the roster for the day.
      driver: null,
    });
    expect(run.body.data.date).toBe('2026-12-07');
    const stops = run.body.data.stops;
    expect(stops.map((stop) => stop.visit_id)).toEqual([
      visit('Alice 2026-12-07 completed'),
      visit('Bob 2026-12-07 completed'),
      visit('Eve 2026-12-07 scheduled'),
    ]);
    expect(stops[0]).toMatchObject({
      start: '09:00',
      end: '09:30',
      status: 'completed',
      outcome: null,
      client: { name: 'Alice Archer' },
    });
    expect(stops[0]?.meals).toEqual([
      expect.objectContaining({ quantity: 2, meal_state: 'Hot', comment: 'Extra gravy' }),
      expect.objectContaining({ quantity: 1 }),
    ]);
    // Eve is hidden by the sync: her stop shows (the driver has the visit) but no meals are counted for her.
    expect(stops[2]?.meals).toEqual([]);
  });

  it('records an outcome of a visit on the run only: not another round, day or account', async () => {
    const driverToken = tokenOf(await createLink());
    const recordedAt = '2026-12-07T02:10:00+08:00';
    const outcome = (visitId: number) => ({
      id: nextUuid(),
      visit_id: visitId,
      outcome: 'other',
      note: 'Left with the neighbour',
      recorded_at: recordedAt,
    });
    const body = [
      outcome(visit('Eve 2026-12-07 scheduled')),
      outcome(visit('Carol 2026-12-07 scheduled')),
      outcome(visit('Alice 2026-12-08 scheduled')),
      outcome(otherVisitId),
      outcome(2_000_000_000),
    ];
    const result = await sendOutcomes(driverToken, body);
    expect(result.body.meta.error_code).toBe(0);
    expect(result.body.data).toEqual([
      { id: body[0]?.id, accepted: true, message: 'Recorded.' },
      ...body.slice(1).map((entry) => ({
        id: entry.id,
        accepted: false,
        message: 'This visit is not on this run.',
      })),
    ]);
    const run = await getRun(driverToken);
    expect(run.body.data.stops[2]?.outcome).toEqual({
      outcome: 'other',
      note: 'Left with the neighbour',
      recorded_at: '2026-12-06T18:10:00.000Z',
      photo_url: null,
    });
  });

  it('tells whether the day has a working link, and revoking ends every link of the day', async () => {
    const link = await createLink('2026-12-08');
    const status = await t.call<DriverLinkStatus>('GET', `${linkUrl(north())}?date=2026-12-08`, { token });
    expect(status.body.data).toEqual({
      is_active: true,
      active_count: 1,
      created_at: now().toISOString(),
      expires_at: '2026-12-09T16:00:00.000Z',
    });
    const second = await createLink('2026-12-08');
    // Making another keeps the first working.
    expect((await getRun(tokenOf(link))).status).toBe(200);
    const revoked = await t.call('DELETE', `${linkUrl(north())}?date=2026-12-08`, { token });
    expect(revoked.body.data).toEqual({ revoked: 2 });
    expectGone(await getRun(tokenOf(link)));
    expectGone(await getRun(tokenOf(second)));
    expectGone(
      await sendOutcomes(tokenOf(second), [
        {
          id: nextUuid(),
          visit_id: visit('Alice 2026-12-08 scheduled'),
          outcome: 'delivered',
          recorded_at: '2026-12-08T10:00:00+08:00',
        },
      ]),
    );
    const after = await t.call<DriverLinkStatus>('GET', `${linkUrl(north())}?date=2026-12-08`, { token });
    expect(after.body.data).toEqual({
      is_active: false,
      active_count: 0,
      created_at: null,
      expires_at: null,
    });
    // The 7th's links are untouched.
    expect((await getRun(tokenOf(await createLink()))).status).toBe(200);
  });

  it('answers the same 404 for an expired, forged or malformed token', async () => {
    const link = await createLink();
    const saved = clock.ms;
    clock.ms = Date.parse(link.expires_at);
    try {
      expectGone(await getRun(tokenOf(link)));
      const late = {
        id: nextUuid(),
        visit_id: visit('Eve 2026-12-07 scheduled'),
        outcome: 'delivered',
        recorded_at: '2026-12-07T10:00:00+08:00',
      };
      expectGone(await sendOutcomes(tokenOf(link), [late]));
    } finally {
      clock.ms = saved;
    }
    expect((await getRun(tokenOf(link))).status).toBe(200);
    expectGone(await getRun('A'.repeat(43)));
    expectGone(await getRun('not-a-token'));
    expectGone(await getRun(`${tokenOf(link)}x`));
    expectGone(await getRun('%20'));
  });

  it('sends a new link by email with the full address', async () => {
    const result = await t.call<DriverLink>('POST', `${linkUrl(north())}/email`, {
      token,
      body: { date: '2026-12-07', to: 'driver@example.com' },
    });
    expect(result.body.meta.error_code).toBe(0);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'driver@example.com'));
    expect(mail?.subject).toBe('Your MealRounds run: North, 2026-12-07');
    expect(mail?.body).toContain(`http://mealrounds.test${result.body.data.url}`);
    expect((await getRun(tokenOf(result.body.data))).status).toBe(200);
    const bad = await t.call('POST', `${linkUrl(north())}/email`, {
      token,
      body: { date: '2026-12-07', to: 'not an address' },
    });
    expect(bad.body.meta.error_code).toBe(2);
  });

  // Last: it spends this address's allowance of the public run route.
  it('limits the public run route per address', async () => {
    let answer = await getRun('C'.repeat(43));
    for (let call = 0; call < 70 && answer.status !== 429; call += 1) answer = await getRun('C'.repeat(43));
    expect(answer.status).toBe(429);
    expect(answer.body.meta.error_code).toBe(8);
  });
});
