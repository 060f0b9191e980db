/** The meal choices report's orders, the same on the screen and in the printed report and CSV. */
export type MealChoicesSort = 'name' | 'score';

type SortedClient = { name: string; score: number };

/**
 * The meal choices rows in the chosen order: by name, or by score with the worst (highest) first and names
 * breaking ties. A new list; the given one is left alone.
 */
export function sortMealChoicesClients<T extends SortedClient>(
  clients: readonly T[],
  sort: MealChoicesSort,
): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  return [...clients].sort(sort === 'score' ? (a, b) => b.score - a.score || byName(a, b) : byName);
}
