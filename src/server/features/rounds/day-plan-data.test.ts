import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Round } from '../../../contracts/accounts';
import type { ClientDetail } from '../../../contracts/clients';
import type { RoundDayOff, RoundDayOffState } from '../../../contracts/rounds';
import {
  capacityMessage,
  clockTimeMessage,
  latestReturnMessage,
  windowOrderMessage,
} from '../../../domain/day-plan-limits';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

/** The day planner's data: round limits (account update), a client's delivery window, the rounds' days off. */
let t: TestApp;
let s: Awaited<ReturnType<typeof createClientsAccount>>;
let other: Awaited<ReturnType<typeof createClientsAccount>>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
  s = await createClientsAccount(t, 'Day Plan Data', [{ name: 'Ann Able', round: 'North' }]);
  other = await createClientsAccount(t, 'Other Day Plan Data', [{ name: 'Zed Other', round: 'North' }]);
});
afterAll(async () => t.close());

const roundInputOf = (round: Round) => ({
  id: round.id,
  name: round.name,
  address: round.address,
  pickup_time: round.pickup_time,
  timezone: 'Australia/Sydney',
});

async function readRounds(token = s.adminToken): Promise<Round[]> {
  return (await t.call<Account>('GET', `/api/accounts/${s.accountId}`, { token })).body.data.rounds;
}

function putRounds(rounds: unknown[], token = s.adminToken) {
  return t.call<Account>('PUT', `/api/accounts/${s.accountId}`, { token, body: { rounds } });
}

describe('round capacity and latest return (PUT /api/accounts/:id)', () => {
  it('stores them, answers them, and keeps them when a save leaves them out', async () => {
    const [north, south] = await readRounds();
    if (!north || !south) throw new Error('rounds missing');
    expect(north).toMatchObject({ capacity: null, latest_return_time: null });
    const saved = await putRounds([
      { ...roundInputOf(north), capacity: 40, latest_return_time: '13:30' },
      roundInputOf(south),
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.rounds.find((round) => round.id === north.id)).toMatchObject({
      capacity: 40,
      latest_return_time: '13:30',
    });
    // An older screen that does not know the fields leaves them as they are.
    await putRounds([{ ...roundInputOf(north), name: 'North' }, roundInputOf(south)]);
    expect((await readRounds()).find((round) => round.id === north.id)).toMatchObject({
      capacity: 40,
      latest_return_time: '13:30',
    });
    // Null clears them.
    await putRounds([
      { ...roundInputOf(north), capacity: null, latest_return_time: null },
      roundInputOf(south),
    ]);
    expect((await readRounds()).find((round) => round.id === north.id)).toMatchObject({
      capacity: null,
      latest_return_time: null,
    });
  });

  it.each([
    [{ capacity: 0 }, 'rounds.0.capacity', capacityMessage],
    [{ capacity: 2.5 }, 'rounds.0.capacity', capacityMessage],
    [{ capacity: '40' }, 'rounds.0.capacity', capacityMessage],
    [{ latest_return_time: '1pm' }, 'rounds.0.latest_return_time', clockTimeMessage],
    [{ latest_return_time: '08:00' }, 'rounds.0.latest_return_time', latestReturnMessage],
  ])('refuses %j with code 2 naming the field', async (change, field, message) => {
    const [north] = await readRounds();
    if (!north) throw new Error('round missing');
    const answer = await putRounds([{ ...roundInputOf(north), pickup_time: '09:00', ...change }]);
    expect(answer.status).toBe(400);
    expect(answer.body.meta.error_code).toBe(2);
    expect(answer.body.meta.errors).toContainEqual({ field, message });
  });

  it('is admin-only (403 for a user) and needs a session (401)', async () => {
    const rounds = (await readRounds()).map((round) => ({ ...roundInputOf(round), capacity: 10 }));
    expect((await putRounds(rounds, s.token)).status).toBe(403);
    const anonymous = await t.call('PUT', `/api/accounts/${s.accountId}`, { body: { rounds } });
    expect(anonymous.status).toBe(401);
  });
});

describe('client delivery window (PUT /api/clients/:id)', () => {
  const details = {
    round: 'North',
    labels: [],
    dietary_requirements: '',
    plan: '',
    plan_dow: [1, 0, 0, 0, 0, 0, 0],
    delivery_instructions: '',
  };
  const put = (body: unknown, id = s.clientIds[0] ?? 0, token = s.token) =>
    t.call<ClientDetail>('PUT', `/api/clients/${id}`, { token, body });
  const read = async () =>
    (await t.call<ClientDetail>('GET', `/api/clients/${s.clientIds[0] ?? 0}`, { token: s.token })).body.data;

  it('stores the window, keeps it when the form leaves it out, and clears it with null', async () => {
    expect((await read()).delivery_window).toBeNull();
    const saved = await put({ ...details, delivery_window: { earliest: '10:00', latest: '11:30' } });
    expect(saved.status).toBe(200);
    expect((await read()).delivery_window).toEqual({ earliest: '10:00', latest: '11:30' });
    await put(details);
    expect((await read()).delivery_window).toEqual({ earliest: '10:00', latest: '11:30' });
    await put({ ...details, delivery_window: null });
    expect((await read()).delivery_window).toBeNull();
  });

  it.each([
    [{ earliest: '12:00', latest: '10:00' }, 'delivery_window.latest', windowOrderMessage],
    [{ earliest: '10:00', latest: '10:00' }, 'delivery_window.latest', windowOrderMessage],
    [{ earliest: '9am', latest: '10:00' }, 'delivery_window.earliest', clockTimeMessage],
  ])('refuses %j with code 2 naming the field', async (window, field, message) => {
    const answer = await put({ ...details, delivery_window: window });
    expect(answer.status).toBe(400);
    expect(answer.body.meta.error_code).toBe(2);
    expect(answer.body.meta.errors).toContainEqual({ field, message });
  });

  it("answers 401 without a session and 404 for another account's client", async () => {
    const window = { earliest: '10:00', latest: '11:00' };
    const anonymous = await t.call('PUT', `/api/clients/${s.clientIds[0] ?? 0}`, {
      body: { ...details, delivery_window: window },
    });
    expect(anonymous.status).toBe(401);
    const theirs = await put({ ...details, delivery_window: window }, other.clientIds[0] ?? 0);
    expect(theirs.status).toBe(404);
  });
});

describe('rounds off for a day (GET /api/rounds/days_off, PUT /api/rounds/:round/days_off/:date)', () => {
  const mark = (round: number, date: string, isOff: unknown, token = s.token) =>
    t.call<RoundDayOffState>('PUT', `/api/rounds/${round}/days_off/${date}`, {
      token,
      body: { is_off: isOff },
    });
  const list = (from: string, to: string, token = s.token) =>
    t.call<RoundDayOff[]>('GET', `/api/rounds/days_off?from=${from}&to=${to}`, { token });

  it('a user marks a round off and back out; marking twice keeps one day', async () => {
    const north = s.rounds.north.id;
    const south = s.rounds.south.id;
    const first = await mark(north, '2026-11-19', true);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ round_id: north, date: '2026-11-19', is_off: true });
    expect(first.body.meta.message).toBe('Round marked off for this day.');
    await mark(north, '2026-11-19', true);
    await mark(south, '2026-11-20', true);
    await mark(north, '2026-12-01', true);
    expect((await list('2026-11-19', '2026-11-30')).body.data).toEqual([
      { round_id: north, date: '2026-11-19' },
      { round_id: south, date: '2026-11-20' },
    ]);
    const back = await mark(north, '2026-11-19', false);
    expect(back.body.data.is_off).toBe(false);
    expect((await list('2026-11-19', '2026-11-19')).body.data).toEqual([]);
    // Another account sees none of them.
    expect((await list('2026-11-01', '2026-12-31', other.token)).body.data).toEqual([]);
  });

  it('refuses bad input with code 2 naming the field', async () => {
    const north = s.rounds.north.id;
    const badDate = await mark(north, '2026-02-30', true);
    expect(badDate.body.meta.error_code).toBe(2);
    expect(badDate.body.meta.errors?.[0]?.field).toBe('date');
    const badBody = await mark(north, '2026-11-19', 'yes');
    expect(badBody.body.meta.errors?.[0]?.field).toBe('is_off');
    const backwards = await list('2026-11-30', '2026-11-01');
    expect(backwards.body.meta.errors).toContainEqual({
      field: 'to',
      message: 'Use a date on or after from.',
    });
    const tooLong = await list('2026-01-01', '2027-01-02');
    expect(tooLong.body.meta.errors?.[0]?.field).toBe('to');
    expect((await list('2026-01-01', '2027-01-01')).status).toBe(200);
  });

  it("answers 401 without a session and 404 for another account's round", async () => {
    expect((await t.call('GET', '/api/rounds/days_off?from=2026-11-19&to=2026-11-19')).status).toBe(401);
    const anonymous = await t.call('PUT', `/api/rounds/${s.rounds.north.id}/days_off/2026-11-19`, {
      body: { is_off: true },
    });
    expect(anonymous.status).toBe(401);
    const theirs = await mark(other.rounds.north.id, '2026-11-19', true);
    expect(theirs.status).toBe(404);
    expect((await list('2026-11-19', '2026-11-19', other.token)).body.data).toEqual([]);
  });
});
