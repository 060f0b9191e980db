import type { Round } from '../../../../contracts/accounts';
import type { DayPlan, DayPlanRouteSummary, DayPlanStop } from '../../../../contracts/day-plans';

/** Three rounds; Outer (8) is the one marked off in the tests. */
export const testRounds: Round[] = [
  { id: 7, name: 'Inner West', capacity: null },
  { id: 8, name: 'Outer', capacity: 30 },
  { id: 9, name: 'East', capacity: 40 },
].map((round) => ({
  ...round,
  address: `${String(round.id)} Base Street`,
  pickup_time: '09:00',
  timezone: 'Australia/Sydney',
  latest_return_time: null,
}));

export function buildSummary(overrides: Partial<DayPlanRouteSummary> = {}): DayPlanRouteSummary {
  return { stops: 0, portions: 0, km: 0, minutes: 0, first: null, last: null, late: 0, ...overrides };
}

export function buildStop(
  visitId: number,
  name: string,
  usualRoundId: number | null,
  arrival: string,
  hasLocation = true,
): DayPlanStop {
  return {
    visit_id: visitId,
    client: { id: visitId * 10, name },
    address: `${String(visitId)} ${name} Street`,
    location: hasLocation ? { lat: -33.8 - visitId / 100, lng: 151.1 + visitId / 100 } : null,
    usual_round_id: usualRoundId,
    portions: 2,
    arrival,
    is_late: false,
  };
}

/** Outer is off: Bob goes to Inner West, Dan to East, and Eve finds no room. */
export function buildTestPlan(date = '2026-11-24'): DayPlan {
  return {
    date,
    routes: [
      {
        round_id: 7,
        round_name: 'Inner West',
        is_off: false,
        before: buildSummary({ stops: 1, portions: 2, km: 5.25, minutes: 31, first: '09:30', last: '09:30' }),
        after: buildSummary({ stops: 2, portions: 4, km: 9.5, minutes: 48.4, first: '09:30', last: '09:55' }),
        stops: [buildStop(1, 'Alice', 7, '09:30'), buildStop(2, 'Bob', 8, '09:55')],
        past_midnight: null,
      },
      {
        round_id: 8,
        round_name: 'Outer',
        is_off: true,
        before: buildSummary({
          stops: 3,
          portions: 6,
          km: 20,
          minutes: 80,
          first: '09:20',
          last: '10:40',
          late: 1,
        }),
        after: buildSummary(),
        stops: [],
        past_midnight: null,
      },
      {
        round_id: 9,
        round_name: 'East',
        is_off: false,
        before: buildSummary({ stops: 1, portions: 2, km: 4, minutes: 25, first: '09:40', last: '09:40' }),
        after: buildSummary({ stops: 2, portions: 4, km: 8, minutes: 41, first: '09:40', last: '10:05' }),
        stops: [buildStop(3, 'Cara', 9, '09:40'), buildStop(4, 'Dan', 8, '10:05', false)],
        past_midnight: null,
      },
    ],
    unassigned: [{ visit_id: 5, client: { id: 50, name: 'Eve' }, usual_round_id: 8, reason: 'no_capacity' }],
    totals: {
      before: buildSummary({
        stops: 5,
        portions: 10,
        km: 29.25,
        minutes: 136,
        first: '09:20',
        last: '10:40',
        late: 1,
      }),
      after: buildSummary({ stops: 4, portions: 8, km: 17.5, minutes: 89.4, first: '09:30', last: '10:05' }),
    },
  };
}
