import { z } from 'zod';
import type { MealCategory } from '../../../contracts/meals';
import { uncategorisedCategory } from '../../../contracts/reports';

/** The session store filters key holding the packing list's ticked categories. */
export const packingListFiltersKey = 'packingList';

const storedSelectionSchema = z.record(z.string(), z.boolean());
export type CategorySelection = z.infer<typeof storedSelectionSchema>;

/** The packing list's checkboxes: the account's categories, then 'Other' for meals without one (key ''). */
export function listPackingCategories(categories: readonly MealCategory[]): MealCategory[] {
  return [...categories, { ...uncategorisedCategory }];
}

/** A stored selection as saved (anything unreadable counts as nothing saved). */
export function readStoredSelection(stored: unknown): CategorySelection {
  const parsed = storedSelectionSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

/** Every checkbox's state: as saved, and ticked when never saved (a new category is ticked by default). */
export function buildCategorySelection(
  categories: readonly MealCategory[],
  saved: CategorySelection,
): CategorySelection {
  return Object.fromEntries(categories.map((category) => [category.key, saved[category.key] ?? true]));
}
