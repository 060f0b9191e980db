import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { Travel } from '../../../contracts/travel';
import type { OptimisedVisit } from '../../../contracts/optimise';
import { scheduleStops } from '../../../domain/round-schedule';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { makeVisit } from '../../testing/visit-fixtures';

let t: TestApp;
let token = '';
let adminToken = '';
let accountId = 0;
let roundId = 0;
let otherRoundId = 0;

const base = '12 Parramatta Road, Annandale NSW 2038';

beforeAll(async () => {
  t = await createTestApp();
  const { account, admin, user } = await t.createAccount('Maps');
  accountId = account.id;
  adminToken = await t.login(admin.username);
  token = await t.login(user.username);
  const rounds = await t.call<Account>('PUT', `/api/accounts/${accountId}`, {
    token: adminToken,
    body: {
      rounds: [{ name: 'Inner West', address: base, pickup_time: '09:30', timezone: 'Australia/Sydney' }],
    },
  });
  roundId = rounds.body.data.rounds[0]?.id ?? 0;
  const other = await t.createAccount('Other Maps');
  const otherAdmin = await t.login(other.admin.username);
  const otherRounds = await t.call<Account>('PUT', `/api/accounts/${other.account.id}`, {
    token: otherAdmin,
    body: { rounds: [{ name: 'Theirs', address: base, pickup_time: '09:30', timezone: 'Australia/Sydney' }] },
  });
  otherRoundId = otherRounds.body.data.rounds[0]?.id ?? 0;
});
afterAll(async () => t.close());

const distance = (body: unknown) => t.call<Travel>('POST', '/api/maps/distance', { token, body });
const optimise = (body: unknown) => t.call<OptimisedVisit[]>('POST', '/api/maps/optimise', { token, body });

// Suburbs along the Inner West, sent zig-zag so that a better order exists.
const zigZag = [
  makeVisit(1, 'Ashfield NSW 2131'),
  makeVisit(2, 'Annandale NSW 2038', { duration: 15 }),
  makeVisit(3, 'Summer Hill NSW 2130', { duration: 30 }),
  makeVisit(4, 'Stanmore NSW 2048'),
  makeVisit(5, 'Dulwich Hill NSW 2203', { duration: 25 }),
  makeVisit(6, 'Leichhardt NSW 2040'),
  makeVisit(7, 'Marrickville NSW 2204', { start: '23:59', end: '23:59' }),
  makeVisit(8, 'Petersham NSW 2049'),
];

async function measureTourKms(addresses: string[]): Promise<number> {
  const stops = [base, ...addresses, base];
  let total = 0;
  for (let index = 1; index < stops.length; index += 1) {
    total += (await distance({ from: stops[index - 1], to: stops[index] })).body.data.kms;
  }
  return total;
}

function expectTimesFromSchedule(visits: OptimisedVisit[], pickupTime: string, contingency: number) {
  const expected = scheduleStops(
    pickupTime,
    visits.map((visit) => ({ durationMins: visit.duration, travelMins: visit.travel_mins })),
    contingency,
  );
  expect(visits.map(({ start, end }) => ({ start, end }))).toEqual(
    expected.map(({ start, end }) => ({ start, end })),
  );
}

describe('POST /api/maps/optimise', () => {
  it('reorders the visits into a shorter round from the base and back, with times from the pickup time', async () => {
    const result = await optimise({ base_address: base, pickup_time: '09:30', events: zigZag });
    expect(result.body.meta.error_code).toBe(0);
    const visits = result.body.data;
    expect(visits.map((visit) => visit.id).sort()).toEqual(zigZag.map((visit) => visit.id).sort());
    expect(visits.map((visit) => visit.id)).not.toEqual(zigZag.map((visit) => visit.id));
    const before = await measureTourKms(zigZag.map((visit) => visit.address));
    const after = await measureTourKms(visits.map((visit) => visit.address));
    expect(after).toBeLessThan(before);
    // The first leg is from the base; each leg's travel is the distance call's.
    const first = visits[0];
    const firstLeg = await distance({ from: base, to: first?.address });
    expect({ mins: first?.travel_mins, kms: first?.travel_kms }).toEqual(firstLeg.body.data);
    expectTimesFromSchedule(visits, '09:30', 2);
    expect(visits.find((visit) => visit.id === 7)?.start).not.toBe('23:59');
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['id', 'date', 'start', 'end', 'duration', 'address', 'status', 'timezone', 'client', 'service']
        .concat(['travel_mins', 'travel_kms'])
        .sort(),
    );
  });

  it("uses the account's travel contingency per leg", async () => {
    await t.call('PUT', `/api/accounts/${accountId}`, {
      token: adminToken,
      body: { travel_contingency_mins: 5 },
    });
    const result = await optimise({ base_address: base, pickup_time: '10:15', events: zigZag });
    expectTimesFromSchedule(result.body.data, '10:15', 5);
    await t.call('PUT', `/api/accounts/${accountId}`, {
      token: adminToken,
      body: { travel_contingency_mins: 2 },
    });
  });

  it('keeps completed visits last and cancelled ones in their place, unchanged; only the cancelled have no travel', async () => {
    const visits = [
      makeVisit(11, 'Ashfield NSW 2131', { status: 'completed', start: '09:00', end: '09:20' }),
      makeVisit(12, 'Leichhardt NSW 2040'),
      makeVisit(13, 'Stanmore NSW 2048', { status: 'cancelled', start: '11:00', end: '11:30' }),
      makeVisit(14, 'Petersham NSW 2049'),
    ];
    const result = await optimise({ base_address: base, pickup_time: '09:30', events: visits });
    const ids = result.body.data.map((visit) => visit.id);
    expect(ids.slice(2)).toEqual([13, 11]);
    expect(result.body.data[2]).toEqual({ ...visits[2], travel_mins: 0, travel_kms: 0 });
    // The completed visit is still driven to (the screen shows its leg): it carries the travel from the stop before.
    const lastLeg = await distance({ from: result.body.data[1]?.address, to: visits[0]?.address });
    expect(result.body.data[3]).toEqual({
      ...visits[0],
      travel_mins: lastLeg.body.data.mins,
      travel_kms: lastLeg.body.data.kms,
    });
    expectTimesFromSchedule(result.body.data.slice(0, 2), '09:30', 2);
  });

  it("'preferred' follows the round's preferred delivery order, the unlisted clients after in their order", async () => {
    await t.call('PUT', `/api/accounts/${accountId}`, {
      token,
      body: { preferred_delivery_order: { 'Inner West': ['c6', 'c2', 'c99', 'c4'] } },
    });
    const result = await optimise({
      base_address: base,
      pickup_time: '09:30',
      events: zigZag,
      optimise_by: 'preferred',
      round_id: roundId,
    });
    expect(result.body.data.map((visit) => visit.id)).toEqual([6, 2, 4, 1, 3, 5, 7, 8]);
    expectTimesFromSchedule(result.body.data, '09:30', 2);
    const firstLeg = await distance({ from: base, to: zigZag[5]?.address });
    expect(result.body.data[0]?.travel_kms).toBe(firstLeg.body.data.kms);
  });

  it("'preferred' needs the account's own round", async () => {
    const body = { base_address: base, pickup_time: '09:30', events: zigZag, optimise_by: 'preferred' };
    expect(await optimise(body)).toMatchObject({ status: 400, body: { meta: { error_code: 2 } } });
    expect(await optimise({ ...body, round_id: otherRoundId })).toMatchObject({
      status: 404,
      body: { meta: { error_code: 5 } },
    });
  });

  it('answers code 9 naming the address it cannot place', async () => {
    const visits = [
      makeVisit(21, 'Leichhardt NSW 2040'),
      makeVisit(22, 'Atlantis'),
      makeVisit(23, 'Bondi NSW'),
    ];
    const result = await optimise({ base_address: base, pickup_time: '09:30', events: visits });
    expect(result).toMatchObject({
      status: 502,
      body: { meta: { error_code: 9, message: expect.stringContaining("'22 Main Street, Atlantis'") } },
    });
  });

  it('validates the body and needs a login', async () => {
    const valid = { base_address: base, pickup_time: '09:30', events: zigZag };
    expect((await optimise({ ...valid, events: [] })).status).toBe(400);
    expect((await optimise({ ...valid, pickup_time: '9:30' })).status).toBe(400);
    expect((await optimise({ ...valid, optimise_by: 'fastest' })).status).toBe(400);
    expect((await optimise({ ...valid, events: [{ ...zigZag[0], extra: 1 }] })).status).toBe(400);
    expect((await optimise({ ...valid, base_address: '' })).body.meta.error_code).toBe(2);
    const anonymous = await t.call('POST', '/api/maps/optimise', { body: valid });
    expect(anonymous.status).toBe(401);
  });
});
