import { describe, expect, it } from 'vitest';
import type { Meal, Schedule } from '../../../contracts/meals';
import {
  buildDraft,
  buildGridRows,
  buildMealChoices,
  changeCard,
  isCardInvalid,
  listWeekDates,
  parseQuantity,
  readCard,
  resetZeroQuantities,
  summariseDraft,
  type WeekDraft,
} from './meal-selection-model';
import { currentWeekId } from '../../lib/calendar';

const week = listWeekDates('16-11-2026');
const monday = '16-11-2026';

function buildMeal(key: string, category: string, mealLabels: string[] = []): Meal {
  return {
    key,
    description: `Meal ${key}`,
    ingredients: '',
    category,
    meal_state: 'Hot',
    labels: mealLabels,
    allergens: [],
    reheating_instructions: '',
    active_ind: true,
    status: 'active',
  };
}

describe('weeks', () => {
  it('lists the seven dates of the week as DD-MM-YYYY', () => {
    expect(week).toEqual([
      '16-11-2026',
      '17-11-2026',
      '18-11-2026',
      '19-11-2026',
      '20-11-2026',
      '21-11-2026',
      '22-11-2026',
    ]);
    expect(listWeekDates('not a date')).toEqual([]);
  });

  // An account without rounds counts in Sydney (UTC+11 in summer).
  it.each([
    ['2026-11-21T01:00:00Z', '16-11-2026'], // a Saturday
    ['2026-11-15T13:05:00Z', '16-11-2026'], // Monday just after midnight
    ['2026-11-22T12:59:00Z', '16-11-2026'], // Sunday night
    ['2026-12-31T22:00:00Z', '28-12-2026'], // across a year
  ])("the default week at %s is %s, from the account's today", (instant, expected) => {
    expect(currentWeekId([], Date.parse(instant))).toBe(expected);
  });

  it("reads the default week in the account's timezone", () => {
    // Monday 00:05 in Sydney is still Sunday evening in Perth.
    const perth = [{ id: 1, timezone: 'Australia/Perth' }];
    expect(currentWeekId(perth, Date.parse('2026-11-15T13:05:00Z'))).toBe('09-11-2026');
  });
});

describe('parseQuantity', () => {
  it.each([
    ['1', 1],
    ['99', 99],
    [' 7 ', 7],
    ['007', 7],
    ['0', null],
    ['100', null],
    ['-1', null],
    ['1.5', null],
    ['', null],
    ['abc', null],
    ['1e2', null],
  ])('%j reads as %s', (text, expected) => {
    expect(parseQuantity(text)).toBe(expected);
  });
});

describe('cards', () => {
  const meal = buildMeal('m1', 'Mains');

  it('starts unticked with quantity 1, the meal state of the meal and Cook & Deliver', () => {
    expect(readCard({}, monday, meal)).toEqual({
      isSelected: false,
      quantity: '1',
      meal_state: 'Hot',
      cook_deliver: 'Cook & Deliver',
      comment: '',
      allergen_override: '',
    });
  });

  it('reads stored choices as ticked cards', () => {
    const draft = buildDraft(
      {
        [monday]: {
          m1: { quantity: 2, meal_state: 'Fresh', cook_deliver: 'Deliver Only', comment: 'No salt' },
        },
      },
      week,
    );
    expect(readCard(draft, monday, meal)).toEqual({
      isSelected: true,
      quantity: '2',
      meal_state: 'Fresh',
      cook_deliver: 'Deliver Only',
      comment: 'No salt',
      allergen_override: '',
    });
    expect(Object.keys(draft)).toEqual(week);
  });

  it.each([
    ['0', '1'],
    ['-3', '1'],
    ['', '1'],
    ['abc', '1'],
    ['120', '1'],
    ['4', '4'],
  ])('ticking a card with quantity %j leaves quantity %j', (typed, expected) => {
    let draft = changeCard({}, monday, meal, { kind: 'quantity', text: typed });
    draft = changeCard(draft, monday, meal, { kind: 'tick', isSelected: true });
    expect(readCard(draft, monday, meal).quantity).toBe(expected);
    expect(readCard(draft, monday, meal).isSelected).toBe(true);
  });

  it('ticks a card when a quantity of 1 or more is typed, and not for an unusable one', () => {
    expect(
      readCard(changeCard({}, monday, meal, { kind: 'quantity', text: '3' }), monday, meal).isSelected,
    ).toBe(true);
    expect(
      readCard(changeCard({}, monday, meal, { kind: 'quantity', text: '0' }), monday, meal).isSelected,
    ).toBe(false);
  });

  it('flags a ticked card whose quantity is over 99 or not a whole number; 0 or less becomes 1 on Save', () => {
    let draft = changeCard({}, monday, meal, { kind: 'tick', isSelected: true });
    for (const text of ['100', '2.5', 'two', '']) {
      draft = changeCard(draft, monday, meal, { kind: 'quantity', text });
      expect(isCardInvalid(readCard(draft, monday, meal)), text).toBe(true);
    }
    for (const text of ['0', '-3']) {
      draft = changeCard(draft, monday, meal, { kind: 'quantity', text });
      expect(isCardInvalid(readCard(draft, monday, meal)), text).toBe(false);
      expect(readCard(resetZeroQuantities(draft), monday, meal).quantity).toBe('1');
    }
    draft = changeCard(draft, monday, meal, { kind: 'quantity', text: '100' });
    draft = changeCard(draft, monday, meal, { kind: 'tick', isSelected: false });
    expect(isCardInvalid(readCard(draft, monday, meal))).toBe(false);
  });

  it('cycles meal state and cook/deliver and keeps the comment', () => {
    let draft = changeCard({}, monday, meal, { kind: 'meal_state' });
    expect(readCard(draft, monday, meal).meal_state).toBe('Fresh');
    draft = changeCard(draft, monday, meal, { kind: 'meal_state' });
    expect(readCard(draft, monday, meal).meal_state).toBe('Frozen');
    draft = changeCard(draft, monday, meal, { kind: 'cook_deliver' });
    expect(readCard(draft, monday, meal).cook_deliver).toBe('Prepare Only');
    draft = changeCard(draft, monday, meal, { kind: 'comment', text: 'Leave at door' });
    expect(readCard(draft, monday, meal).comment).toBe('Leave at door');
  });
});

describe('buildMealChoices', () => {
  const meal = buildMeal('m1', 'Mains');
  const other = buildMeal('m2', 'Mains');

  it('sends all seven dates with the ticked meals only (an untouched day is sent empty)', () => {
    let draft: WeekDraft = buildDraft({}, week);
    draft = changeCard(draft, monday, meal, { kind: 'tick', isSelected: true });
    draft = changeCard(draft, monday, other, { kind: 'tick', isSelected: true });
    draft = changeCard(draft, monday, other, { kind: 'tick', isSelected: false });
    draft = changeCard(draft, '18-11-2026', meal, { kind: 'quantity', text: '3' });
    draft = changeCard(draft, '18-11-2026', meal, { kind: 'comment', text: '  soft  ' });
    const built = buildMealChoices(draft, week);
    expect(built).toEqual({
      isValid: true,
      mealChoices: {
        '16-11-2026': { m1: { quantity: 1, meal_state: 'Hot', cook_deliver: 'Cook & Deliver', comment: '' } },
        '17-11-2026': {},
        '18-11-2026': {
          m1: { quantity: 3, meal_state: 'Hot', cook_deliver: 'Cook & Deliver', comment: 'soft' },
        },
        '19-11-2026': {},
        '20-11-2026': {},
        '21-11-2026': {},
        '22-11-2026': {},
      },
    });
  });

  it('refuses a week with a ticked meal of unusable quantity, and counts them', () => {
    let draft = changeCard({}, monday, meal, { kind: 'tick', isSelected: true });
    draft = changeCard(draft, monday, meal, { kind: 'quantity', text: '100' });
    draft = changeCard(draft, '17-11-2026', other, { kind: 'tick', isSelected: true });
    draft = changeCard(draft, '17-11-2026', other, { kind: 'quantity', text: '' });
    expect(buildMealChoices(draft, week)).toEqual({ isValid: false, invalidCount: 2 });
  });
});

describe('summariseDraft', () => {
  const meal = buildMeal('m1', 'Mains');

  it('is the same for the same ticked meals, whatever else was touched', () => {
    const stored = buildDraft(
      { [monday]: { m1: { quantity: 1, meal_state: 'Hot', cook_deliver: 'Cook & Deliver', comment: '' } } },
      week,
    );
    const touched = changeCard(stored, '17-11-2026', meal, { kind: 'meal_state' });
    expect(summariseDraft(touched, week)).toBe(summariseDraft(stored, week));
    const ticked = changeCard(stored, '17-11-2026', meal, { kind: 'tick', isSelected: true });
    expect(summariseDraft(ticked, week)).not.toBe(summariseDraft(stored, week));
  });
});

describe('buildGridRows', () => {
  const soup = buildMeal('s1', 'Soup');
  const roast = buildMeal('r1', 'Mains');
  const oldRoast = buildMeal('r2', 'Mains');
  const categories = [
    { key: 'c1', name: 'Soup' },
    { key: 'c2', name: 'Mains' },
  ];
  const schedule: Schedule = {
    week_start: monday,
    days: Object.fromEntries(
      week.map((date) => [date, { Soup: date === monday ? [soup] : [], Mains: [roast] }]),
    ),
    cycle_week: null,
    source_week: null,
  };

  it('has a row per category with the menu of each day', () => {
    const rows = buildGridRows(schedule, categories, [soup, roast, oldRoast], buildDraft({}, week), week);
    expect(rows.map((row) => row.name)).toEqual(['Soup', 'Mains']);
    expect(rows[0]?.cells[0]?.map((meal) => meal.key)).toEqual(['s1']);
    expect(rows[0]?.cells[1]).toEqual([]);
    expect(rows[1]?.cells.every((cell) => cell.length === 1)).toBe(true);
  });

  it('keeps chosen meals the menu no longer shows, and puts unknown ones in an Other row', () => {
    const draft = buildDraft(
      {
        [monday]: {
          r2: { quantity: 1, meal_state: 'Hot', cook_deliver: 'Cook & Deliver', comment: '' },
          gone: { quantity: 2, meal_state: 'Frozen', cook_deliver: 'Deliver Only', comment: '' },
        },
      },
      week,
    );
    const rows = buildGridRows(schedule, categories, [soup, roast, oldRoast], draft, week);
    expect(rows[1]?.cells[0]?.map((meal) => meal.key)).toEqual(['r1', 'r2']);
    expect(rows.map((row) => row.name)).toEqual(['Soup', 'Mains', 'Other']);
    expect(rows[2]?.cells[0]?.map((meal) => meal.description)).toEqual(['gone']);
  });
});
