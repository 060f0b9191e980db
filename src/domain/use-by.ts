import { mealStateCycle, type MealStateValue } from './meal-choice-cycles';
import { addDays } from './zoned-time';

/** Days from the delivery date to the use-by date, per meal state (Hot, Frozen, Fresh). */
export type UseByDays = Record<MealStateValue, number>;

/** 0 = use by the delivery date itself; a year is the longest a frozen meal is kept. */
export const useByDaysRange = { min: 0, max: 365 } as const;

export const defaultUseByDays: UseByDays = { Hot: 1, Frozen: 90, Fresh: 3 };

function isMealState(state: string): state is MealStateValue {
  return (mealStateCycle as readonly string[]).includes(state);
}

/**
 * The use-by date (YYYY-MM-DD) of a portion delivered on `deliveryDate` (YYYY-MM-DD): a calendar date, whatever
 * the hour or the timezone of printing. A state without a period of its own (never expected: choices store one of
 * the three) takes the shortest period, the safe side.
 */
export function getUseByDate(deliveryDate: string, mealState: string, days: UseByDays): string {
  const period = isMealState(mealState) ? days[mealState] : Math.min(...Object.values(days));
  return addDays(deliveryDate, period);
}
