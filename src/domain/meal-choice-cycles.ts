/** meal_state cycles Frozen, Hot, Fresh, back to Frozen (docs/product-rules.md, Meal choices). */
export const mealStateCycle = ['Frozen', 'Hot', 'Fresh'] as const;
export type MealStateValue = (typeof mealStateCycle)[number];

/** cook_deliver cycles Prepare Only, Deliver Only, Cook & Deliver, back to Prepare Only. */
export const cookDeliverCycle = ['Prepare Only', 'Deliver Only', 'Cook & Deliver'] as const;
export type CookDeliverValue = (typeof cookDeliverCycle)[number];

function nextInCycle<T>(cycle: readonly [T, ...T[]], value: T): T {
  const index = cycle.indexOf(value);
  // An unknown value starts the cycle again.
  return cycle[(index + 1) % cycle.length] ?? cycle[0];
}

export function nextMealState(value: MealStateValue): MealStateValue {
  return nextInCycle(mealStateCycle, value);
}

export function nextCookDeliver(value: CookDeliverValue): CookDeliverValue {
  return nextInCycle(cookDeliverCycle, value);
}
