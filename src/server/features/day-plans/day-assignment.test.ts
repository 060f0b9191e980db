import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayAssignment } from '../../../contracts/day-plans';
import type { DriverLink, DriverOutcomeResult, DriverRun } from '../../../contracts/driver';
import type { PrintLink } from '../../../contracts/print';
import type { PackingListReport } from '../../../contracts/reports';
import type { Visit } from '../../../contracts/visits';
import { extractPdfText } from '../../testing/pdf-text';
import { createDayPlanApp, planClock, planDate as date } from './day-plan-fixture';

/**
 * Applying a day's plan moves a visit onto another round for that day everywhere a round's day is listed: the
 * rounds screen, the driver run, the driver and label sheets, the packing list; undo puts it back.
 */
let f: Awaited<ReturnType<typeof createDayPlanApp>>;
let moved: Visit;
let everyoneVisits: Visit[] = [];
let westVisits: Visit[] = [];

beforeAll(async () => {
  f = await createDayPlanApp();
  everyoneVisits = await f.roundVisits(f.everyone);
  westVisits = await f.roundVisits(f.west);
  const [first] = westVisits;
  if (!first) throw new Error('no West visit');
  moved = first;
});
afterAll(async () => {
  await f.t.close();
  await f.simulator.close();
});

const ids = (visits: { id: number }[]) => visits.map((visit) => visit.id);

function apply(body: unknown, token = f.token) {
  return f.t.call<DayAssignment>('PUT', `/api/day_plans/${date}`, { token, body });
}

/** The moved visit's round as each list sees it: the rounds screen, the driver run, the sheets, the packing list. */
async function listsShowing(visitId: number, clientName: string) {
  const { t, token } = f;
  const onRoundScreen = async (roundId: number) => ids(await f.roundVisits(roundId)).includes(visitId);
  const onRun = async (roundId: number) => {
    const link = await t.call<DriverLink>('POST', `/api/rounds/${roundId}/driver_link`, {
      token,
      body: { date },
    });
    const run = await t.call<DriverRun>(
      'GET',
      link.body.data.url.replace('/driver/', '/api/driver/') + '/run',
    );
    return run.body.data.stops.some((stop) => stop.visit_id === visitId);
  };
  const onSheet = async (roundId: number, format: 'driver' | 'meal_labels') => {
    const visits = await f.roundVisits(roundId);
    const printed = await t.call<PrintLink>('POST', '/api/print/round', {
      token,
      body: {
        round: roundId,
        date,
        format,
        events: visits.map((visit) => ({ id: visit.id, start: visit.start, end: visit.end })),
      },
    });
    const file = await t.server.inject({ method: 'GET', url: printed.body.data.url });
    return (await extractPdfText(file.rawPayload)).includes(clientName);
  };
  const packing = await t.call<PackingListReport>('POST', '/api/reports/packing_list', {
    token,
    body: { date: date.split('-').reverse().join('-'), categories: { '': true } },
  });
  const packedOn = packing.body.data.rounds
    .filter((round) => round.meals.some((meal) => meal.entries.some((entry) => entry.client === clientName)))
    .map((round) => round.round_id);
  return {
    screen: [await onRoundScreen(f.everyone), await onRoundScreen(f.west)],
    run: [await onRun(f.everyone), await onRun(f.west)],
    driverSheet: [await onSheet(f.everyone, 'driver'), await onSheet(f.west, 'driver')],
    labels: [await onSheet(f.everyone, 'meal_labels'), await onSheet(f.west, 'meal_labels')],
    packedOn,
  };
}

describe('applying and undoing a day plan', () => {
  it('moves a visit onto another round for the day everywhere, publishes its new time, and undo puts it back', async () => {
    const clientName = moved.client.name;
    expect(await listsShowing(moved.id, clientName)).toEqual({
      screen: [false, true],
      run: [false, true],
      driverSheet: [false, true],
      labels: [false, true],
      packedOn: [f.west],
    });

    // West is marked off for the day: the plan carries its visit on Everyone.
    const markedOff = await f.t.call('PUT', `/api/rounds/${f.west}/days_off/${date}`, {
      token: f.token,
      body: { is_off: true },
    });
    expect(markedOff.body.meta.error_code).toBe(0);
    const applied = await apply({
      routes: [
        { round_id: f.everyone, visit_ids: [...ids(everyoneVisits), moved.id] },
        { round_id: f.west, visit_ids: ids(westVisits).filter((id) => id !== moved.id) },
      ],
    });
    expect(applied.body.meta).toMatchObject({ error_code: 0, message: 'Plan applied.' });
    expect(applied.body.data).toMatchObject({
      date,
      moved: 1,
      routes: [
        { round_id: f.everyone, visit_ids: [...ids(everyoneVisits), moved.id] },
        { round_id: f.west, visit_ids: ids(westVisits).filter((id) => id !== moved.id) },
      ],
    });
    expect(
      (await f.t.call<DayAssignment>('GET', `/api/day_plans/${date}`, { token: f.token })).body.data,
    ).toEqual(applied.body.data);
    expect(await listsShowing(moved.id, clientName)).toEqual({
      screen: [true, false],
      run: [true, false],
      driverSheet: [true, false],
      labels: [true, false],
      packedOn: [f.everyone],
    });
    // The moved stop is last on Everyone: its new time follows every other stop's.
    const everyoneNow = await f.roundVisits(f.everyone);
    expect(everyoneNow.at(-1)?.id).toBe(moved.id);
    expect(everyoneNow.at(-1)?.start).not.toBe(moved.start);

    // Any user may undo (coordinators are users).
    const undone = await f.t.call<DayAssignment>('DELETE', `/api/day_plans/${date}`, { token: f.userToken });
    // Its visit back on West, West is out again as before the plan (it was marked off for the plan).
    expect(undone.body).toMatchObject({ data: null, meta: { error_code: 0 } });
    expect(undone.body.meta.message).toContain('West is out again for the day.');
    const daysOff = await f.t.call<unknown[]>('GET', `/api/rounds/days_off?from=${date}&to=${date}`, {
      token: f.token,
    });
    expect(daysOff.body.data).toEqual([]);
    expect(
      (await f.t.call<DayAssignment>('GET', `/api/day_plans/${date}`, { token: f.token })).body.data,
    ).toBeNull();
    expect(await listsShowing(moved.id, clientName)).toEqual({
      screen: [false, true],
      run: [false, true],
      driverSheet: [false, true],
      labels: [false, true],
      packedOn: [f.west],
    });
    expect((await f.roundVisits(f.west)).find((visit) => visit.id === moved.id)?.start).toBe(moved.start);
  });

  it("records a driver's outcome of a moved visit on its new round's run only", async () => {
    await apply({ routes: [{ round_id: f.everyone, visit_ids: [moved.id] }] });
    const record = async (roundId: number) => {
      const link = await f.t.call<DriverLink>('POST', `/api/rounds/${roundId}/driver_link`, {
        token: f.token,
        body: { date },
      });
      const token = link.body.data.url.replace('/driver/', '');
      const answer = await f.t.call<DriverOutcomeResult[]>('POST', `/api/driver/${token}/outcomes`, {
        body: [
          {
            id: crypto.randomUUID(),
            visit_id: moved.id,
            outcome: 'delivered',
            note: '',
            recorded_at: planClock.toISOString(),
          },
        ],
      });
      return answer.body.data[0]?.accepted;
    };
    expect(await record(f.west)).toBe(false);
    expect(await record(f.everyone)).toBe(true);
    await f.t.call('DELETE', `/api/day_plans/${date}`, { token: f.token });
  });

  it('lets a user apply', async () => {
    const result = await apply({ routes: [{ round_id: f.everyone, visit_ids: [] }] }, f.userToken);
    expect(result.body.meta.error_code).toBe(0);
    expect(result.body.data).toBeNull();
  });

  it.each([
    ['a visit twice', () => ({ routes: [{ round_id: f.everyone, visit_ids: [moved.id, moved.id] }] })],
    [
      'a round twice',
      () => ({
        routes: [
          { round_id: f.everyone, visit_ids: [] },
          { round_id: f.everyone, visit_ids: [] },
        ],
      }),
    ],
    ['no routes', () => ({ routes: [] })],
    ['a bad visit id', () => ({ routes: [{ round_id: f.everyone, visit_ids: ['x'] }] })],
  ])('refuses %s with code 2', async (_, body) => {
    const result = await apply(body());
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
  });

  it('refuses a visit of another day and a day not after today with code 2', async () => {
    const [otherDay] = (
      await f.t.call<Visit[]>('GET', `/api/rounds/${f.everyone}/visits/2026-11-20?refresh=true`, {
        token: f.token,
      })
    ).body.data;
    const wrongDay = await apply({ routes: [{ round_id: f.everyone, visit_ids: [otherDay?.id] }] });
    expect(wrongDay.body.meta.error_code).toBe(2);
    const today = await f.t.call('PUT', '/api/day_plans/2026-11-18', {
      token: f.token,
      body: { routes: [{ round_id: f.everyone, visit_ids: [] }] },
    });
    expect(today.body.meta.error_code).toBe(2);
    expect(
      (await f.t.call('DELETE', '/api/day_plans/2026-11-18', { token: f.token })).body.meta.error_code,
    ).toBe(2);
  });
});
