import { describe, expect, it } from 'vitest';
import {
  clientHoldCancelCode,
  findPlanVisitChanges,
  hasNoPlanVisitChanges,
  notInPlanCancelCode,
  type KeptVisit,
} from './plan-visit-changes';
import {
  getHorizonEnd,
  listDates,
  orderRoundClients,
  planVisits,
  type PlanClient,
  type PlanRound,
} from './plan-visits';

const weekdays = [1, 1, 1, 1, 1, 0, 0];
const mondayWednesday = [1, 0, 1, 0, 0, 0, 0];

const client = (overrides: Partial<PlanClient> & { key: string }): PlanClient => ({
  name: overrides.key,
  planDow: weekdays,
  roundId: 1,
  isDischarged: false,
  ...overrides,
});
const round: PlanRound = { id: 1, pickupTime: '10:30', timezone: 'Australia/Sydney', preferredKeys: [] };

describe('plan to visits: which dates', () => {
  it('a visit on each plan day of the range, none on the other days (2026-11-23 is a Monday)', () => {
    const visits = planVisits({
      clients: [client({ key: 'a', planDow: mondayWednesday })],
      rounds: [round],
      fromDate: '2026-11-22',
      toDate: '2026-12-02',
    });
    expect(visits.map((visit) => visit.date)).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-30',
      '2026-12-02',
    ]);
  });

  it.each([
    ['discharged', client({ key: 'a', isDischarged: true })],
    ['on no round', client({ key: 'a', roundId: null })],
    ['on a round of no one', client({ key: 'a', roundId: 99 })],
    ['with no plan days', client({ key: 'a', planDow: [0, 0, 0, 0, 0, 0, 0] })],
  ])('a client %s gets no visits', (_case, planClient) => {
    expect(
      planVisits({ clients: [planClient], rounds: [round], fromDate: '2026-11-23', toDate: '2026-11-29' }),
    ).toEqual([]);
  });

  it('an empty range plans nothing; the horizon counts today as its first day', () => {
    expect(listDates('2026-11-24', '2026-11-23')).toEqual([]);
    expect(getHorizonEnd('2026-11-23', 4)).toBe('2026-12-20');
    expect(getHorizonEnd('2026-11-23', 1)).toBe('2026-11-29');
  });
});

describe('plan to visits: start and end', () => {
  it('consecutive 10-minute slots from the pickup time, in the preferred order, the rest by name', () => {
    const visits = planVisits({
      clients: [
        client({ key: 'k3', name: 'Cho' }),
        client({ key: 'k2', name: 'Ann' }),
        client({ key: 'k1', name: 'Bo' }),
      ],
      rounds: [{ ...round, preferredKeys: ['k1'] }],
      fromDate: '2026-11-23',
      toDate: '2026-11-23',
    });
    expect(visits.map(({ clientKey, start, end }) => [clientKey, start, end])).toEqual([
      ['k1', '2026-11-23T10:30:00+11:00', '2026-11-23T10:40:00+11:00'],
      ['k2', '2026-11-23T10:40:00+11:00', '2026-11-23T10:50:00+11:00'],
      ['k3', '2026-11-23T10:50:00+11:00', '2026-11-23T11:00:00+11:00'],
    ]);
  });

  it('slots count only the clients visited that day', () => {
    const visits = planVisits({
      clients: [client({ key: 'a', planDow: mondayWednesday }), client({ key: 'b' })],
      rounds: [round],
      fromDate: '2026-11-24',
      toDate: '2026-11-24',
    });
    expect(visits).toEqual([
      {
        clientKey: 'b',
        roundId: 1,
        date: '2026-11-24',
        start: '2026-11-24T10:30:00+11:00',
        end: '2026-11-24T10:40:00+11:00',
      },
    ]);
  });

  it('keeps the round’s offset of the day across a daylight-saving change (Sydney, 5 April 2026)', () => {
    const visits = planVisits({
      clients: [client({ key: 'a', planDow: [0, 0, 0, 0, 0, 1, 1] })],
      rounds: [round],
      fromDate: '2026-04-04',
      toDate: '2026-04-05',
    });
    expect(visits.map((visit) => visit.start)).toEqual([
      '2026-04-04T10:30:00+11:00',
      '2026-04-05T10:30:00+10:00',
    ]);
  });

  it('a slot past midnight falls on the next day rather than wrapping to the morning', () => {
    const [visit] = planVisits({
      clients: [client({ key: 'a' })],
      rounds: [{ ...round, pickupTime: '23:55', timezone: 'Australia/Perth' }],
      fromDate: '2026-11-23',
      toDate: '2026-11-23',
    });
    expect(visit).toMatchObject({ start: '2026-11-23T23:55:00+08:00', end: '2026-11-24T00:05:00+08:00' });
  });

  it('orders the preferred keys first in their order, then by name and key', () => {
    const ordered = orderRoundClients(
      [
        { key: 'x', name: 'Same' },
        { key: 'w', name: 'Same' },
        { key: 'p', name: 'Zed' },
      ],
      ['p', 'gone'],
    );
    expect(ordered.map((entry) => entry.key)).toEqual(['p', 'w', 'x']);
  });
});

describe('plan visit changes', () => {
  const planned = (clientKey: string, date: string, start = `${date}T10:30:00+11:00`) => ({
    clientKey,
    roundId: 1,
    date,
    start,
    end: start.replace('10:30', '10:40'),
  });
  const kept = (overrides: Partial<KeptVisit> & { id: number; date: string }): KeptVisit => ({
    clientKey: 'a',
    roundId: 1,
    start: `${overrides.date}T10:30:00+11:00`,
    end: `${overrides.date}T10:40:00+11:00`,
    status: 'scheduled',
    cancelCodeId: null,
    isPlannedTime: true,
    isSettled: false,
    ...overrides,
  });
  const today = '2026-11-23';

  it('creates the missing visits and changes nothing when all is as planned (a second run writes nothing)', () => {
    const changes = findPlanVisitChanges({
      planned: [planned('a', '2026-11-23'), planned('a', '2026-11-24')],
      kept: [kept({ id: 1, date: '2026-11-23', end: '2026-11-23T00:40:00+01:00' })],
      today,
    });
    expect(changes).toEqual({ create: [planned('a', '2026-11-24')], retime: [], cancel: [], restore: [] });
    expect(
      hasNoPlanVisitChanges(
        findPlanVisitChanges({ planned: [planned('a', today)], kept: [kept({ id: 1, date: today })], today }),
      ),
    ).toBe(true);
  });

  it('cancels a scheduled visit the plan no longer calls for, and restores one it calls for again', () => {
    const changes = findPlanVisitChanges({
      planned: [planned('a', '2026-11-24')],
      kept: [
        kept({ id: 1, date: '2026-11-23' }),
        kept({ id: 2, date: '2026-11-24', status: 'cancelled', cancelCodeId: notInPlanCancelCode.id }),
      ],
      today,
    });
    expect(changes.cancel).toEqual([1]);
    expect(changes.restore).toEqual([
      { id: 2, roundId: 1, start: '2026-11-24T10:30:00+11:00', end: '2026-11-24T10:40:00+11:00' },
    ]);
  });

  it('never touches the past, a settled visit, or a hold’s cancel', () => {
    const changes = findPlanVisitChanges({
      planned: [planned('a', '2026-11-24', '2026-11-24T09:00:00+11:00')],
      kept: [
        kept({ id: 1, date: '2026-11-20' }),
        kept({ id: 2, date: '2026-11-23', isSettled: true }),
        kept({
          id: 3,
          date: '2026-11-24',
          status: 'cancelled',
          cancelCodeId: clientHoldCancelCode.id,
          isPlannedTime: false,
        }),
        kept({ id: 4, date: '2026-11-25', status: 'cancelled', cancelCodeId: clientHoldCancelCode.id }),
      ],
      today,
    });
    expect(changes).toEqual({ create: [], retime: [], cancel: [], restore: [] });
  });

  it('moves planned times, keeps published ones unless the client changed round', () => {
    const moved = planned('a', '2026-11-24', '2026-11-24T11:00:00+11:00');
    const published = {
      start: '2026-11-24T12:00:00+11:00',
      end: '2026-11-24T12:10:00+11:00',
      isPlannedTime: false,
    };
    expect(
      findPlanVisitChanges({ planned: [moved], kept: [kept({ id: 1, date: '2026-11-24' })], today }).retime,
    ).toEqual([{ id: 1, roundId: 1, start: moved.start, end: moved.end }]);
    expect(
      findPlanVisitChanges({
        planned: [moved],
        kept: [kept({ id: 1, date: '2026-11-24', ...published })],
        today,
      }).retime,
    ).toEqual([]);
    expect(
      findPlanVisitChanges({
        planned: [moved],
        kept: [kept({ id: 1, date: '2026-11-24', ...published, roundId: 2 })],
        today,
      }).retime,
    ).toEqual([{ id: 1, roundId: 1, start: moved.start, end: moved.end }]);
  });
});
