import type { MealChoicesClient } from '../../../contracts/reports';

export type MealChoicesSort = 'name' | 'score';

/**
 * The meal choices rows in the chosen order: by name, or by score with the worst (highest) first and names
 * breaking ties — the order the printed report uses for the same choice.
 */
export function sortMealChoicesClients(
  clients: readonly MealChoicesClient[],
  sort: MealChoicesSort,
): MealChoicesClient[] {
  const byName = (a: MealChoicesClient, b: MealChoicesClient) => a.name.localeCompare(b.name);
  return [...clients].sort(sort === 'score' ? (a, b) => b.score - a.score || byName(a, b) : byName);
}
