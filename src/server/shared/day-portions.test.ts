import { describe, expect, it } from 'vitest';
import { placeDayPortions } from './day-portions';
import type { StoredPlanVisit } from './day-portions';

/** A visit of `clientId` on `date` starting at `start` (HH:MM, UTC), its client's day worth `dayPortions`. */
function visit(
  id: number,
  clientId: number,
  date: string,
  start: string,
  dayPortions: number,
): StoredPlanVisit {
  const startAt = new Date(`${date}T${start}:00Z`);
  return {
    id,
    date,
    status: 'scheduled',
    startAt,
    endAt: new Date(startAt.getTime() + 15 * 60_000),
    timezone: 'Australia/Sydney',
    client: {
      id: clientId,
      name: `Client ${String(clientId)}`,
      address: '',
      city: '',
      state: '',
      zip: '',
      latitude: null,
      longitude: null,
      roundId: null,
      windowEarliest: null,
      windowLatest: null,
    },
    dayRoundId: 1,
    dayPortions,
  };
}

const portionsOf = (visits: StoredPlanVisit[]) =>
  placeDayPortions(visits).map((row) => [row.id, row.portions]);

describe('placeDayPortions', () => {
  it.each([
    {
      case: 'a single visit carries its day',
      visits: [visit(1, 7, '2026-12-02', '09:00', 3)],
      want: [[1, 3]],
    },
    {
      case: 'the earlier of two visits of a client that day carries it, whatever their order',
      visits: [visit(2, 7, '2026-12-02', '11:00', 3), visit(1, 7, '2026-12-02', '09:00', 3)],
      want: [
        [2, 0],
        [1, 3],
      ],
    },
    {
      case: 'two visits at the same time: the lower id carries it',
      visits: [visit(5, 7, '2026-12-02', '09:00', 2), visit(4, 7, '2026-12-02', '09:00', 2)],
      want: [
        [5, 0],
        [4, 2],
      ],
    },
    {
      case: 'each day of a client carries its own portions',
      visits: [visit(1, 7, '2026-12-02', '09:00', 3), visit(2, 7, '2026-12-03', '09:00', 1)],
      want: [
        [1, 3],
        [2, 1],
      ],
    },
    {
      case: 'each client carries its own portions',
      visits: [visit(1, 7, '2026-12-02', '09:00', 3), visit(2, 8, '2026-12-02', '08:00', 2)],
      want: [
        [1, 3],
        [2, 2],
      ],
    },
    {
      case: 'a day without portions carries none',
      visits: [visit(1, 7, '2026-12-02', '09:00', 0)],
      want: [[1, 0]],
    },
  ])('$case', ({ visits, want }) => {
    expect(portionsOf(visits)).toEqual(want);
  });

  it('answers rows without the stored day portions', () => {
    expect(placeDayPortions([visit(1, 7, '2026-12-02', '09:00', 3)])[0]).not.toHaveProperty('dayPortions');
  });
});
