import { describe, expect, it } from 'vitest';
import type { RosterSlot } from '../../../contracts/drivers';
import { buildBoardWeeks, getBoardSpan, listGaps } from './roster-board-model';

const slot = (date: string, roundId: number, driver: string | null, isReleased = false): RosterSlot => ({
  date,
  round_id: roundId,
  driver: driver === null ? null : { id: driver.length, name: driver },
  kind: driver === null ? 'unfilled' : 'recurring',
  is_released: isReleased,
});

describe('the roster board', () => {
  it('asks for four weeks from the first Monday', () => {
    expect(getBoardSpan('2026-11-23')).toEqual({ from: '23-11-2026', to: '20-12-2026' });
  });

  it('lays the slots out week by week, only days with slots, and counts each week’s gaps', () => {
    const weeks = buildBoardWeeks(
      [
        slot('23-11-2026', 1, 'Ann'),
        slot('23-11-2026', 2, null),
        slot('24-11-2026', 1, null),
        slot('01-12-2026', 1, 'Bob'),
      ],
      '2026-11-23',
    );
    expect(weeks.map((week) => [week.monday, week.days.map((day) => day.date), week.gapCount])).toEqual([
      ['2026-11-23', ['2026-11-23', '2026-11-24'], 2],
      ['2026-11-30', ['2026-12-01'], 0],
      ['2026-12-07', [], 0],
      ['2026-12-14', [], 0],
    ]);
    expect(weeks[0]?.days[0]?.slots.get(2)?.kind).toBe('unfilled');
  });

  it('lists the gaps earliest first, a released day first on its day', () => {
    const gaps = listGaps([
      slot('01-12-2026', 1, null),
      slot('24-11-2026', 2, null),
      slot('24-11-2026', 3, null, true),
      slot('23-11-2026', 1, 'Ann'),
    ]);
    expect(gaps.map((gap) => [gap.date, gap.round_id])).toEqual([
      ['24-11-2026', 3],
      ['24-11-2026', 2],
      ['01-12-2026', 1],
    ]);
  });
});
