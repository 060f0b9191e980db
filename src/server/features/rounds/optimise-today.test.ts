import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptimisedVisit } from '../../../contracts/optimise';
import type { Travel } from '../../../contracts/travel';
import type { Visit, VisitOutcome } from '../../../contracts/visits';
import { parseClockMinutes } from '../../../domain/round-schedule';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { solveTour } from '../../routing/solve-tour';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createRoundAccountWithSimulator } from '../../testing/test-source';

// Today is a working day (ADR 0024). The simulator's "today" is Wednesday 18 November 2026; the app's clock says
// 10:05 that morning in Sydney (AEDT, UTC+11).
const now = new Date('2026-11-17T23:05:00Z');
const today = '2026-11-18';
const base = '1 King St, Newtown NSW';

let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let roundId = 0;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      now: () => now,
      // The kick limit, never the clock, ends each search, so a busy machine still gets the same orders.
      routing: { solve: (problem, options) => solveTour(problem, { ...options, timeBudgetMs: 600_000 }) },
    },
  );
  const setup = await createRoundAccountWithSimulator(t, { clients: 20 });
  simulator = setup.simulator;
  token = await t.login(setup.user.username);
  roundId = setup.roundId;
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const getVisits = (date: string) =>
  t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/${date}?refresh=true`, { token });
const optimise = (visits: Visit[], pickupTime = '09:30') =>
  t.call<OptimisedVisit[]>('POST', '/api/maps/optimise', {
    token,
    body: { base_address: base, pickup_time: pickupTime, events: visits },
  });

/** Today's round as the morning left it: one visit completed, one under way (started 10:00), the rest to come. */
async function buildMorning(): Promise<Visit[]> {
  const visits = (await getVisits(today)).body.data.filter((visit) => visit.status === 'scheduled');
  expect(visits.length).toBeGreaterThan(5);
  const [completed, underWay, cancelled, ...rest] = visits;
  if (!completed || !underWay || !cancelled) throw new Error('too few visits');
  return [
    ...rest
      .slice(0, 3)
      .map((visit, index) => ({ ...visit, start: `1${index + 1}:00`, end: `1${index + 1}:10` })),
    { ...cancelled, status: 'cancelled', start: '12:30', end: '12:40' },
    { ...underWay, start: '10:00', end: '10:15' },
    { ...completed, status: 'completed', start: '09:40', end: '09:50' },
    ...rest.slice(3),
  ];
}

describe('optimising and publishing today', () => {
  it('keeps the visits done or under way first, then orders the rest from the last one, never before now', async () => {
    const morning = await buildMorning();
    const result = await optimise(morning);
    expect(result.body.meta.error_code).toBe(0);
    const visits = result.body.data;
    const byId = new Map(morning.map((visit) => [visit.id, visit]));
    const completed = morning.find((visit) => visit.status === 'completed');
    const underWay = morning.find((visit) => visit.start === '10:00');
    const cancelled = morning.find((visit) => visit.status === 'cancelled');
    // Done and under way: first, in time order, unchanged; cancelled: in its place (the 4th), unchanged.
    const cancelledAt = morning.findIndex((visit) => visit.id === cancelled?.id);
    expect(cancelledAt).toBe(3);
    expect(visits[cancelledAt]).toMatchObject({ id: cancelled?.id, travel_mins: 0, travel_kms: 0 });
    const driven = visits.filter((visit) => visit.id !== cancelled?.id);
    expect(driven.slice(0, 2).map((visit) => visit.id)).toEqual([completed?.id, underWay?.id]);
    for (const shown of [...driven.slice(0, 2), visits[cancelledAt]]) {
      expect({ start: shown?.start, end: shown?.end }).toEqual({
        start: byId.get(shown?.id ?? 0)?.start,
        end: byId.get(shown?.id ?? 0)?.end,
      });
    }
    // The visits kept carry their real legs (base to the first, then on), not 0: the screen's km come from them.
    const keptLegs = await Promise.all(
      [
        [base, completed?.address],
        [completed?.address, underWay?.address],
      ].map(([from, to]) => t.call<Travel>('POST', '/api/maps/distance', { token, body: { from, to } })),
    );
    expect(driven.slice(0, 2).map((visit) => ({ mins: visit.travel_mins, kms: visit.travel_kms }))).toEqual(
      keptLegs.map((leg) => leg.body.data),
    );
    expect(keptLegs.every((leg) => leg.body.data.kms > 0)).toBe(true);
    // The rest follow the visit under way (ends 10:15, after now): from its address, one after another.
    const planned = driven.slice(2);
    expect(planned).toHaveLength(morning.length - 3);
    const firstLeg = await t.call<{ mins: number }>('POST', '/api/maps/distance', {
      token,
      body: { from: underWay?.address, to: planned[0]?.address },
    });
    expect(planned[0]?.travel_mins).toBe(firstLeg.body.data.mins);
    expect(parseClockMinutes(planned[0]?.start ?? '')).toBe(10 * 60 + 15 + firstLeg.body.data.mins + 2);
    for (let index = 1; index < planned.length; index += 1) {
      const before = planned[index - 1];
      const visit = planned[index];
      expect(parseClockMinutes(visit?.start ?? '')).toBe(
        parseClockMinutes(before?.end ?? '') + (visit?.travel_mins ?? 0) + 2,
      );
    }
  });

  it('plans every open visit from the base at the pickup time before anything has started', async () => {
    const visits = (await getVisits(today)).body.data.map((visit) => ({
      ...visit,
      start: '11:00',
      end: '11:10',
    }));
    const result = await optimise(visits, '10:30');
    const first = result.body.data[0];
    expect(first?.status).toBe('scheduled');
    const firstLeg = await t.call<{ mins: number }>('POST', '/api/maps/distance', {
      token,
      body: { from: base, to: first?.address },
    });
    expect(first?.start).toBe(`10:${String(30 + firstLeg.body.data.mins + 2).padStart(2, '0')}`);
  });

  it('publishes today’s new times to the CRM', async () => {
    const planned = (await optimise(await buildMorning())).body.data
      .filter((visit) => visit.status === 'scheduled')
      .slice(1);
    const [first] = planned;
    const result = await t.call<VisitOutcome[]>('PUT', '/api/visits', {
      token,
      body: planned.map((visit) => ({
        id: visit.id,
        date: visit.date,
        start: visit.start,
        end: visit.end,
        timezone: visit.timezone,
        service_id: visit.service.id,
      })),
    });
    expect(result.body.meta).toMatchObject({ error_code: 0 });
    expect(result.body.data.every((outcome) => outcome.status === 'done')).toBe(true);
    const stored = (await getVisits(today)).body.data.find((visit) => visit.id === first?.id);
    expect(stored).toMatchObject({ start: first?.start, end: first?.end });
  });
});
