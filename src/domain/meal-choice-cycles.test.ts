import { describe, expect, it } from 'vitest';
import {
  cookDeliverCycle,
  mealStateCycle,
  nextCookDeliver,
  nextMealState,
  type CookDeliverValue,
  type MealStateValue,
} from './meal-choice-cycles';

describe('nextMealState', () => {
  it.each([
    ['Frozen', 'Hot'],
    ['Hot', 'Fresh'],
    ['Fresh', 'Frozen'],
  ] as const)('%s is followed by %s', (value, expected) => {
    expect(nextMealState(value)).toBe(expected);
  });

  it('comes back to where it started after three clicks', () => {
    for (const start of mealStateCycle) {
      expect(nextMealState(nextMealState(nextMealState(start)))).toBe(start);
    }
  });

  it('starts the cycle again from an unknown value', () => {
    expect(nextMealState('Warm' as MealStateValue)).toBe('Frozen');
  });
});

describe('nextCookDeliver', () => {
  it.each([
    ['Prepare Only', 'Deliver Only'],
    ['Deliver Only', 'Cook & Deliver'],
    ['Cook & Deliver', 'Prepare Only'],
  ] as const)('%s is followed by %s', (value, expected) => {
    expect(nextCookDeliver(value)).toBe(expected);
  });

  it('comes back to where it started after three clicks', () => {
    for (const start of cookDeliverCycle) {
      expect(nextCookDeliver(nextCookDeliver(nextCookDeliver(start)))).toBe(start);
    }
  });

  it('starts the cycle again from an unknown value', () => {
    expect(nextCookDeliver('Collect' as CookDeliverValue)).toBe('Prepare Only');
  });
});
