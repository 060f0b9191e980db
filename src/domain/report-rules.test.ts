import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addVisitToDay,
  formatDateDisplay,
  formatDeliveryCell,
  formatOrderedDelivered,
  getDayCellColour,
  getDayCellStyle,
  getDeliveryMonth,
  getKitchenWeek,
  getMealChoicesWindow,
  getDeliveryCellState,
  getOrderedDeliveredState,
  getPackingDay,
  getNextDeliveryDaySearch,
  chooseNextDeliveryDay,
  isDayCancelled,
  isOrderCounted,
  isOrderHeld,
  isOrderDelivered,
  isProblemCount,
  isProblemDay,
  listScoreSegments,
  noVisits,
  scoreMealChoices,
  type VisitDay,
  type MealChoiceDay,
} from './report-rules';
import { isPlannedDay } from './meal-days';
import { getIsoWeekday } from './zoned-time';

const weekdaysOnly = [1, 1, 1, 1, 1, 0, 0];

/** The report's day for a date (YYYY-MM-DD) of a client with this plan. */
function dayOf(date: string, count: number, isHeld = false, planDow = weekdaysOnly): MealChoiceDay {
  return { planned: isPlannedDay(planDow, getIsoWeekday(date)), cnt: count, held: isHeld };
}

function visitDay(...statuses: string[]): VisitDay {
  return statuses.reduce(addVisitToDay, noVisits);
}

describe('isDayCancelled', () => {
  it.each([
    { title: 'no visit', visits: visitDay(), expected: false },
    { title: 'one cancelled visit', visits: visitDay('cancelled'), expected: true },
    { title: 'two cancelled visits', visits: visitDay('cancelled', 'cancelled'), expected: true },
    {
      title: 'a cancelled and a scheduled visit',
      visits: visitDay('cancelled', 'scheduled'),
      expected: false,
    },
    { title: 'one completed visit', visits: visitDay('completed'), expected: false },
  ])('$title: $expected', ({ visits, expected }) => {
    expect(isDayCancelled(visits)).toBe(expected);
  });
});

describe('isOrderCounted', () => {
  it.each([
    { title: 'no visit at all', visits: visitDay(), expected: true },
    { title: 'one scheduled visit', visits: visitDay('scheduled'), expected: true },
    { title: 'one completed visit', visits: visitDay('completed'), expected: true },
    { title: 'one cancelled visit', visits: visitDay('cancelled'), expected: false },
    { title: 'two cancelled visits', visits: visitDay('cancelled', 'cancelled'), expected: false },
    {
      title: 'a cancelled and a scheduled visit',
      visits: visitDay('cancelled', 'scheduled'),
      expected: true,
    },
    {
      title: 'a cancelled and a completed visit',
      visits: visitDay('completed', 'cancelled'),
      expected: true,
    },
  ])('a visible client with $title counts: $expected', ({ visits, expected }) => {
    expect(isOrderCounted(false, visits, false)).toBe(expected);
  });

  it('a visible client not on hold counts exactly when the CRM did not cancel the day', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('scheduled', 'completed', 'cancelled', 'in_progress')),
        (statuses) => {
          const visits = visitDay(...statuses);
          expect(isOrderCounted(false, visits, false)).toBe(!isDayCancelled(visits));
        },
      ),
    );
  });

  it('never counts a hidden client, whatever the visits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('scheduled', 'completed', 'cancelled', 'in_progress')),
        (statuses) => {
          expect(isOrderCounted(true, visitDay(...statuses), false)).toBe(false);
        },
      ),
    );
  });

  it('counts a visible client exactly when some visit is not cancelled or there is none', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('scheduled', 'completed', 'cancelled')), (statuses) => {
        const expected = statuses.length === 0 || statuses.some((status) => status !== 'cancelled');
        expect(isOrderCounted(false, visitDay(...statuses), false)).toBe(expected);
      }),
    );
  });
});

/** Up to four visits of a client on one day, in any statuses. */
const visitStatuses = fc.array(fc.constantFrom('scheduled', 'completed', 'cancelled', 'in_progress'), {
  maxLength: 4,
});

describe('isOrderCounted with holds', () => {
  it.each([
    { title: 'no visit', visits: visitDay() },
    { title: 'a scheduled visit', visits: visitDay('scheduled') },
    { title: 'a completed visit', visits: visitDay('completed') },
    { title: 'a cancelled visit', visits: visitDay('cancelled') },
    { title: 'a cancelled and a completed visit', visits: visitDay('cancelled', 'completed') },
  ])('never counts a held day of a visible client with $title', ({ visits }) => {
    expect(isOrderCounted(false, visits, true)).toBe(false);
  });

  it('in every combination: counted exactly when visible, not held and not all visits cancelled', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), visitStatuses, (isHidden, isHeld, statuses) => {
        const visits = visitDay(...statuses);
        const isAllCancelled = statuses.length > 0 && statuses.every((status) => status === 'cancelled');
        expect(isOrderCounted(isHidden, visits, isHeld)).toBe(!isHidden && !isHeld && !isAllCancelled);
      }),
    );
  });

  it('a held day is never a problem day of the meal choices score, planned or not, with meals or not', () => {
    for (const date of ['2026-11-16', '2026-11-21'])
      for (const count of [0, 2]) expect(isProblemDay(dayOf(date, count, true))).toBe(false);
    expect(scoreMealChoices([dayOf('2026-11-16', 0, true), dayOf('2026-11-17', 0)])).toBe(1);
  });
});

describe('addVisitToDay', () => {
  it('tallies visits by status', () => {
    expect(visitDay('completed', 'cancelled', 'scheduled', 'completed')).toEqual({
      total: 4,
      cancelled: 1,
      completed: 2,
    });
  });
});

describe('isOrderDelivered', () => {
  it.each([
    [visitDay(), false],
    [visitDay('scheduled'), false],
    [visitDay('cancelled'), false],
    [visitDay('completed'), true],
    [visitDay('cancelled', 'completed'), true],
  ])('%o is delivered: %s', (visits, expected) => {
    expect(isOrderDelivered(visits)).toBe(expected);
  });

  it('a delivered day is always a counted day for a visible client', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('scheduled', 'completed', 'cancelled')), (statuses) => {
        const visits = visitDay(...statuses);
        if (isOrderDelivered(visits)) expect(isOrderCounted(false, visits, false)).toBe(true);
      }),
    );
  });
});

describe('isProblemDay and scoreMealChoices', () => {
  it.each([
    ['2026-11-16', 0, true], // planned Monday, nothing chosen
    ['2026-11-16', 1, false], // planned Monday with a meal
    ['2026-11-21', 0, false], // unplanned Saturday, nothing chosen
    ['2026-11-21', 2, true], // unplanned Saturday with meals
  ])('%s with %i portions is a problem: %s', (date, count, expected) => {
    expect(isProblemDay(dayOf(date, count))).toBe(expected);
  });

  it.each([
    [true, 0, true],
    [true, 2, false],
    [false, 0, false],
    [false, 1, true],
  ])('planned %s with %i portions is a problem: %s', (planned, count, expected) => {
    expect(isProblemCount(planned, count)).toBe(expected);
  });

  it('scores a 28-day window: every planned empty day and every unplanned filled day', () => {
    // Meals on the first week's weekdays and on the first Saturday only.
    const days = getMealChoicesWindow('2026-11-18').map((date, index) => dayOf(date, index < 6 ? 1 : 0));
    // Week 1: Saturday is a problem; weeks 2 to 4: 5 empty weekdays each.
    expect(scoreMealChoices(days)).toBe(1 + 15);
  });

  it('scores 0 for a client without a plan and no meals, and 28 for one planned every day with none', () => {
    const window = getMealChoicesWindow('2026-11-18');
    expect(scoreMealChoices(window.map((date) => dayOf(date, 0, false, [0, 0, 0, 0, 0, 0, 0])))).toBe(0);
    expect(scoreMealChoices(window.map((date) => dayOf(date, 0, false, [1, 1, 1, 1, 1, 1, 1])))).toBe(28);
  });
});

describe('listScoreSegments', () => {
  it.each([
    [0, ['green', 'green', 'green', 'green', 'green']],
    [4, ['green', 'green', 'green', 'green', 'green']],
    [5, ['red', 'green', 'green', 'green', 'green']],
    [12, ['red', 'green', 'green', 'green', 'green']],
    [13, ['red', 'red', 'green', 'green', 'green']],
    [20, ['red', 'red', 'green', 'green', 'green']],
    [21, ['red', 'red', 'red', 'green', 'green']],
    [28, ['red', 'red', 'red', 'green', 'green']],
    [29, ['red', 'red', 'red', 'red', 'green']],
    [36, ['red', 'red', 'red', 'red', 'green']],
    [37, ['red', 'red', 'red', 'red', 'red']],
  ])('score %i gives %o', (score, expected) => {
    expect(listScoreSegments(score)).toEqual(expected);
  });

  it('turns segments red from the left as the score grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (score) => {
        const segments = listScoreSegments(score);
        const firstGreen = segments.indexOf('green');
        if (firstGreen >= 0) expect(segments.slice(firstGreen).every((s) => s === 'green')).toBe(true);
      }),
    );
  });
});

describe('day cells', () => {
  it.each([
    [true, 0, 'planned-empty', 'red'],
    [true, 3, 'planned-filled', 'green'],
    [false, 2, 'unplanned-filled', 'red'],
    [false, 0, 'unplanned-empty', null],
  ] as const)('planned %s with %i portions is %s, coloured %s', (planned, count, style, colour) => {
    expect(getDayCellStyle(planned, count)).toBe(style);
    expect(getDayCellColour(getDayCellStyle(planned, count))).toBe(colour);
  });
});

describe('ordered:delivered cells', () => {
  it.each([
    [0, 0, 'empty', ''],
    [2, 2, 'equal', '2:2'],
    [3, 1, 'different', '3:1'],
    [3, 0, 'different', '3:0'],
  ] as const)('%i:%i is %s and reads %j', (ordered, delivered, state, text) => {
    expect(getOrderedDeliveredState(ordered, delivered)).toBe(state);
    expect(formatOrderedDelivered(ordered, delivered)).toBe(text);
  });
});

describe('delivery cells against today', () => {
  it.each([
    [3, 1, '2026-11-20', 'different'],
    [3, 0, '2026-11-21', 'pending'],
    [3, 0, '2026-11-30', 'pending'],
    [2, 2, '2026-11-30', 'equal'],
    [0, 0, '2026-11-30', 'empty'],
    [2, 2, '2026-11-20', 'equal'],
  ] as const)('%i:%i up to %s is %s when today is 2026-11-21', (ordered, delivered, lastDate, state) => {
    expect(getDeliveryCellState(ordered, delivered, lastDate, '2026-11-21')).toBe(state);
  });
});

describe('held days in the delivery reports', () => {
  it.each([
    [false, false, false],
    [false, true, true],
    [true, false, false],
    [true, true, false],
  ] as const)('hidden %s, on hold %s: shown as held %s', (isHidden, isHeld, expected) => {
    expect(isOrderHeld(isHidden, isHeld)).toBe(expected);
  });

  it('a held day is never also counted, whatever the visits', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), visitStatuses, (isHidden, isHeld, statuses) => {
        const visits = visitDay(...statuses);
        expect(isOrderHeld(isHidden, isHeld) && isOrderCounted(isHidden, visits, isHeld)).toBe(false);
      }),
    );
  });

  it.each([
    [0, 0, 2, '2026-11-20', 'held', 'Held'],
    [0, 0, 2, '2026-11-30', 'held', 'Held'],
    [0, 0, 0, '2026-11-20', 'empty', ''],
    [3, 1, 2, '2026-11-20', 'different', '3:1'],
    [3, 3, 2, '2026-11-20', 'equal', '3:3'],
    [3, 0, 1, '2026-11-30', 'pending', '3:0'],
  ] as const)(
    '%i:%i with %i held up to %s is %s and reads %j (today 2026-11-21)',
    (ordered, delivered, held, lastDate, state, text) => {
      expect(getDeliveryCellState(ordered, delivered, lastDate, '2026-11-21', held)).toBe(state);
      expect(formatDeliveryCell(ordered, delivered, held)).toBe(text);
    },
  );
});

describe('report windows', () => {
  it('kitchen prep: the week after today by default, else the week of the date', () => {
    expect(getKitchenWeek('2026-11-21')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(getKitchenWeek('2026-11-21', '2026-12-03')[0]).toBe('2026-11-30');
    // A Monday stays itself; a Sunday snaps back six days.
    expect(getKitchenWeek('2026-11-21', '2026-11-30')[0]).toBe('2026-11-30');
    expect(getKitchenWeek('2026-11-21', '2026-12-06')[0]).toBe('2026-11-30');
    // Today a Monday: the following Monday.
    expect(getKitchenWeek('2026-11-23')[0]).toBe('2026-11-30');
  });

  it('meal choices: 28 days from this week’s Monday, across a year end', () => {
    const days = getMealChoicesWindow('2026-12-31');
    expect(days).toHaveLength(28);
    expect(days[0]).toBe('2026-12-28');
    expect(days[27]).toBe('2027-01-24');
    expect(getMealChoicesWindow('2026-12-31', '2026-11-21')[0]).toBe('2026-11-16');
  });

  it('packing list: tomorrow by default', () => {
    expect(getPackingDay('2026-12-31')).toBe('2027-01-01');
    expect(getNextDeliveryDaySearch('2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-28' });
    expect(chooseNextDeliveryDay('2026-12-31', '2027-01-04')).toBe('2027-01-04');
    expect(chooseNextDeliveryDay('2026-12-31', null)).toBe('2027-01-01');
    expect(getPackingDay('2026-12-31', '2026-12-05')).toBe('2026-12-05');
  });

  it('delivery reports: the whole month of the date, tomorrow’s month by default', () => {
    expect(getDeliveryMonth('2026-11-30')).toHaveLength(31); // tomorrow is 1 December
    expect(getDeliveryMonth('2026-11-30')[0]).toBe('2026-12-01');
    expect(getDeliveryMonth('2026-01-01', '2028-02-15')).toHaveLength(29);
    expect(getDeliveryMonth('2026-01-01', '2026-02-28').at(-1)).toBe('2026-02-28');
    expect(getDeliveryMonth('2026-01-01', '2026-04-30')).toHaveLength(30);
  });

  it('formats a day as the kitchen prep by day tables show it', () => {
    expect(formatDateDisplay('2026-11-30')).toBe('Monday 30-11-2026');
    expect(formatDateDisplay('2026-12-06')).toBe('Sunday 06-12-2026');
  });
});
