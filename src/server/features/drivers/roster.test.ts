import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Driver,
  Roster,
  RosterPattern,
  RosterPatternDeleteResult,
  RosterSlot,
  RosterSuggestions,
} from '../../../contracts/drivers';
import { auditLog } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixedNow } from '../../testing/clients-fixture';
import { createRosterAccount } from './roster-fixture';

// Today is Wednesday 18-11-2026 in Sydney. North has visits on Monday 16-11, Monday 23-11, Tuesday 24-11 and
// Monday 30-11; South on Monday 23-11.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

async function setUp(name: string) {
  const s = await createRosterAccount(t, name, ['2026-11-16', '2026-11-23', '2026-11-24', '2026-11-30']);
  const addDriver = async (driverName: string, roundIds: number[] = []) =>
    (
      await t.call<Driver>('POST', '/api/drivers', {
        token: s.token,
        body: { name: driverName, phone: '0412 345 678', round_ids: roundIds },
      })
    ).body.data.id;
  const addPattern = (body: Record<string, unknown>) =>
    t.call<RosterPattern>('POST', '/api/roster/patterns', {
      token: s.token,
      body: {
        round_id: s.rounds.north.id,
        weekdays: [1],
        every_weeks: 1,
        starts: '02-11-2026',
        ends: null,
        ...body,
      },
    });
  const put = (roundId: number, date: string, driverId: number | null) =>
    t.call<RosterSlot>('PUT', `/api/roster/${roundId}/${date}`, {
      token: s.token,
      body: { driver_id: driverId },
    });
  const roster = async () =>
    (await t.call<Roster>('GET', '/api/roster?from=16-11-2026&to=30-11-2026', { token: s.token })).body.data
      .slots;
  return { ...s, addDriver, addPattern, put, roster };
}

describe('roster patterns API', () => {
  it('refuses a pattern that meets another driver’s on the same round and day (code 6, the driver and day)', async () => {
    const s = await setUp('Roster overlap');
    const ann = await s.addDriver('Ann Alder');
    const bob = await s.addDriver('Bob Banks');
    const first = await s.addPattern({ driver_id: ann, every_weeks: 2 });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      weekdays: [1],
      every_weeks: 2,
      starts: '02-11-2026',
      week_of_month: null,
    });
    // The other Mondays are free...
    expect((await s.addPattern({ driver_id: bob, every_weeks: 2, starts: '09-11-2026' })).status).toBe(201);
    // ...but every Monday from 30-11 meets Ann's fortnight on 30-11.
    const clash = await s.addPattern({ driver_id: bob, starts: '25-11-2026', weekdays: [1, 3] });
    expect(clash.status).toBe(409);
    expect(clash.body.meta).toMatchObject({
      error_code: 6,
      message: 'Ann Alder already drives this round on 30-11-2026: one driver per round per day.',
    });
    // The 2nd Tuesday of the month meets nobody's Monday; another round is another round.
    expect((await s.addPattern({ driver_id: bob, weekdays: [2], week_of_month: 2 })).status).toBe(201);
    expect((await s.addPattern({ driver_id: bob, round_id: s.rounds.south.id })).status).toBe(201);
    const listed = await t.call<RosterPattern[]>('GET', '/api/roster/patterns', { token: s.token });
    expect(listed.body.data).toHaveLength(4);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no weekday', { weekdays: [] }, 'weekdays'],
    ['weekday 8', { weekdays: [8] }, 'weekdays.0'],
    ['every 9 weeks', { every_weeks: 9 }, 'every_weeks'],
    ['a week of the month every 2 weeks', { every_weeks: 2, week_of_month: 2 }, 'every_weeks'],
    ['week of the month 6', { week_of_month: 6 }, 'week_of_month'],
    ['an end before the start', { ends: '01-11-2026' }, 'ends'],
    ['a date not DD-MM-YYYY', { starts: '2026-11-02' }, 'starts'],
  ])('refuses %s with code 2', async (_title, body, field) => {
    const s = await setUp(`Roster invalid ${field} ${String(Object.keys(body).length)}${_title.length}`);
    const ann = await s.addDriver('Ann Alder');
    const result = await s.addPattern({ driver_id: ann, ...body });
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    expect(result.body.meta.errors?.map((error) => error.field)).toContain(field);
  });

  it('deletes a pattern without rewriting the past: begun ends yesterday, not begun goes, over is refused', async () => {
    const s = await setUp('Roster delete pattern');
    const ann = await s.addDriver('Ann Alder');
    const begun = (await s.addPattern({ driver_id: ann })).body.data.id;
    const later = (await s.addPattern({ driver_id: ann, weekdays: [2], starts: '24-11-2026' })).body.data.id;
    const over = (
      await s.addPattern({ driver_id: ann, weekdays: [3], starts: '04-11-2026', ends: '11-11-2026' })
    ).body.data.id;
    const ended = await t.call<RosterPatternDeleteResult>('DELETE', `/api/roster/patterns/${begun}`, {
      token: s.token,
    });
    expect(ended.body).toMatchObject({
      data: { pattern: { ends: '17-11-2026' } },
      meta: { message: 'Pattern ended.' },
    });
    const removed = await t.call<RosterPatternDeleteResult>('DELETE', `/api/roster/patterns/${later}`, {
      token: s.token,
    });
    expect(removed.body).toMatchObject({ data: { pattern: null }, meta: { message: 'Pattern removed.' } });
    const refused = await t.call('DELETE', `/api/roster/patterns/${over}`, { token: s.token });
    expect(refused.body.meta).toMatchObject({ error_code: 6 });
    // Monday 16-11 keeps Ann; Monday 23-11 no longer has her.
    const slots = await s.roster();
    const north = slots.filter((slot) => slot.round_id === s.rounds.north.id);
    expect(north.map((slot) => [slot.date, slot.driver?.name ?? null])).toEqual([
      ['16-11-2026', 'Ann Alder'],
      ['23-11-2026', null],
      ['24-11-2026', null],
      ['30-11-2026', null],
    ]);
  });
});

describe('roster slots API', () => {
  it('answers one slot per round per day with visits: recurring, one-time, substitute, unfilled, time off', async () => {
    const s = await setUp('Roster slots');
    const ann = await s.addDriver('Ann Alder', [s.rounds.north.id]);
    const bob = await s.addDriver('Bob Banks');
    await s.addPattern({ driver_id: ann });
    await t.call('POST', `/api/drivers/${ann}/time_off`, {
      token: s.token,
      body: { from_date: '30-11-2026', to_date: '30-11-2026' },
    });
    const oneTime = await s.put(s.rounds.north.id, '24-11-2026', bob);
    expect(oneTime.body).toMatchObject({
      data: {
        date: '24-11-2026',
        driver: { id: bob, name: 'Bob Banks' },
        kind: 'one_time',
        is_released: false,
      },
      meta: { message: 'Bob Banks drives that day.' },
    });
    const substitute = await s.put(s.rounds.south.id, '23-11-2026', bob);
    expect(substitute.body.data.kind).toBe('one_time');
    const slots = await s.roster();
    expect(slots.map((slot) => [slot.date, slot.round_id, slot.driver?.name ?? null, slot.kind])).toEqual([
      ['16-11-2026', s.rounds.north.id, 'Ann Alder', 'recurring'],
      ['23-11-2026', s.rounds.north.id, 'Ann Alder', 'recurring'],
      ['23-11-2026', s.rounds.south.id, 'Bob Banks', 'one_time'],
      ['24-11-2026', s.rounds.north.id, 'Bob Banks', 'one_time'],
      ['30-11-2026', s.rounds.north.id, null, 'unfilled'],
    ]);
    // Bob stands in for Ann on 23-11; then the day is left unfilled; then Ann again follows her pattern.
    expect((await s.put(s.rounds.north.id, '23-11-2026', bob)).body.data.kind).toBe('substitute');
    expect((await s.put(s.rounds.north.id, '23-11-2026', null)).body).toMatchObject({
      data: { driver: null, kind: 'unfilled' },
      meta: { message: 'Left unfilled.' },
    });
    expect((await s.put(s.rounds.north.id, '23-11-2026', ann)).body.data).toMatchObject({
      kind: 'recurring',
    });
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.accountId, s.accountId));
    expect(actions.filter((entry) => entry.action === 'roster.assign')).toHaveLength(5);
  });

  it('refuses a driver on time off (code 6) and an inactive driver (code 2)', async () => {
    const s = await setUp('Roster refusals');
    const ann = await s.addDriver('Ann Alder');
    await t.call('POST', `/api/drivers/${ann}/time_off`, {
      token: s.token,
      body: { from_date: '20-11-2026', to_date: '25-11-2026', note: 'Holiday' },
    });
    const away = await s.put(s.rounds.north.id, '23-11-2026', ann);
    expect(away.body.meta).toMatchObject({
      error_code: 6,
      message: 'Ann Alder is on time off on 23-11-2026.',
    });
    const carl = await s.addDriver('Carl Cole');
    await t.call('PUT', `/api/drivers/${carl}`, {
      token: s.token,
      body: { name: 'Carl Cole', phone: '0412 345 678', is_active: false },
    });
    const refused = await s.put(s.rounds.north.id, '23-11-2026', carl);
    expect(refused.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'driver_id' }] });
    expect((await s.roster()).every((slot) => slot.driver === null)).toBe(true);
  });

  it.each([
    ['more than 62 days', '/api/roster?from=01-11-2026&to=02-01-2027', 'to'],
    ['to before from', '/api/roster?from=30-11-2026&to=16-11-2026', 'to'],
    ['a date not DD-MM-YYYY', '/api/roster?from=2026-11-16&to=30-11-2026', 'from'],
    ['no to', '/api/roster?from=16-11-2026', 'to'],
  ])('refuses %s with code 2', async (_title, url, field) => {
    const s = await setUp(`Roster query ${_title}`);
    const result = await t.call('GET', url, { token: s.token });
    expect(result.status).toBe(400);
    expect(result.body.meta.errors?.map((error) => error.field)).toContain(field);
  });

  it('answers 62 days at once', async () => {
    const s = await setUp('Roster 62 days');
    const result = await t.call<Roster>('GET', '/api/roster?from=01-11-2026&to=01-01-2027', {
      token: s.token,
    });
    expect(result.status).toBe(200);
    expect(result.body.data.slots).toHaveLength(5);
  });

  it('refuses a bad slot body with code 2 and answers 404 for another account’s round, driver and pattern', async () => {
    const s = await setUp('Roster 404 mine');
    const other = await setUp('Roster 404 other');
    const theirDriver = await other.addDriver('Their Driver');
    const theirPattern = (await other.addPattern({ driver_id: theirDriver })).body.data.id;
    const mine = await s.addDriver('Ann Alder');
    const bad = await t.call('PUT', `/api/roster/${s.rounds.north.id}/23-11-2026`, {
      token: s.token,
      body: { driver_id: 'Ann' },
    });
    expect(bad.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'driver_id' }] });
    const badDate = await t.call('PUT', `/api/roster/${s.rounds.north.id}/31-11-2026`, {
      token: s.token,
      body: { driver_id: mine },
    });
    expect(badDate.body.meta.error_code).toBe(2);
    const calls: [string, string, unknown][] = [
      ['PUT', `/api/roster/${other.rounds.north.id}/23-11-2026`, { driver_id: mine }],
      ['PUT', `/api/roster/${s.rounds.north.id}/23-11-2026`, { driver_id: theirDriver }],
      ['GET', `/api/roster/${other.rounds.north.id}/23-11-2026/suggestions`, undefined],
      ['DELETE', `/api/roster/patterns/${theirPattern}`, undefined],
      [
        'POST',
        '/api/roster/patterns',
        { driver_id: theirDriver, round_id: s.rounds.north.id, weekdays: [1], starts: '23-11-2026' },
      ],
      [
        'POST',
        '/api/roster/patterns',
        { driver_id: mine, round_id: other.rounds.north.id, weekdays: [1], starts: '23-11-2026' },
      ],
    ];
    for (const [method, url, body] of calls) {
      const result = await t.call(method as 'GET', url, { token: s.token, body });
      expect([url, result.status, result.body.meta.error_code]).toEqual([url, 404, 5]);
    }
    const theirs = await t.call<RosterPattern[]>('GET', '/api/roster/patterns', { token: other.token });
    expect(theirs.body.data).toEqual([expect.objectContaining({ id: theirPattern, ends: null })]);
  });
});

describe('roster suggestions API', () => {
  it('ranks the drivers who could take a slot, with reasons in words, leaving out time off', async () => {
    const s = await setUp('Roster suggestions');
    const ann = await s.addDriver('Ann Alder', [s.rounds.north.id]);
    const bob = await s.addDriver('Bob Banks', [s.rounds.north.id]);
    await s.addDriver('Cat Chen');
    const dan = await s.addDriver('Dan Doyle', [s.rounds.north.id]);
    const eve = await s.addDriver('Eve Evans', [s.rounds.north.id]);
    await s.addPattern({ driver_id: ann });
    await s.put(s.rounds.north.id, '16-11-2026', bob);
    await s.put(s.rounds.south.id, '23-11-2026', dan);
    await t.call('POST', `/api/drivers/${eve}/time_off`, {
      token: s.token,
      body: { from_date: '23-11-2026', to_date: '23-11-2026' },
    });
    const result = await t.call<RosterSuggestions>(
      'GET',
      `/api/roster/${s.rounds.north.id}/23-11-2026/suggestions`,
      {
        token: s.token,
      },
    );
    expect(result.status).toBe(200);
    expect(
      result.body.data.suggestions.map((suggestion) => [suggestion.driver.name, suggestion.reasons]),
    ).toEqual([
      [
        'Bob Banks',
        [
          'Knows North',
          'Free that day',
          'Drove North on 16-11-2026',
          'Not on time off',
          'Drives 1 day in November',
        ],
      ],
      [
        'Dan Doyle',
        ['Knows North', 'Already drives South that day', 'Not on time off', 'Drives 1 day in November'],
      ],
      [
        'Cat Chen',
        ['Does not know North yet', 'Free that day', 'Not on time off', 'No days yet in November'],
      ],
    ]);
    expect(result.body.data.suggestions[0]).toMatchObject({
      driver: { id: bob, phone: '+61412345678' },
      knows_round: true,
      last_drove_round: '16-11-2026',
      other_round: null,
      days_this_month: 1,
    });
  });
});
