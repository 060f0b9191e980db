import { uncategorisedCategory } from '../../../contracts/reports';
import { getAccountToday } from '../../../domain/today';
import type { ReportsRepository } from './repository';

export type CatalogueMeal = {
  id: number;
  key: string;
  description: string;
  mealState: string;
  /** Dietary label names of the meal. */
  labels: string[];
  /** Allergen names the meal contains. */
  allergens: string[];
  reheatingInstructions: string;
  categoryKey: string;
  categoryName: string;
  /** Sort rank: category position order, then description, then key. */
  rank: number;
};

export type CatalogueCategory = { key: string; name: string; rank: number };

export type Catalogue = {
  categories: CatalogueCategory[];
  meals: Map<number, CatalogueMeal>;
  /** A meal of the account, or a placeholder for an unknown id (never expected: choices cascade with meals). */
  getMeal: (id: number) => CatalogueMeal;
};

/** The account's meals and categories in report order (category position, then description); 'Other' last. */
export async function loadCatalogue(repository: ReportsRepository, accountId: number): Promise<Catalogue> {
  const [categoryRows, mealRows] = await Promise.all([
    repository.listCategories(accountId),
    repository.listMeals(accountId),
  ]);
  const categories: CatalogueCategory[] = categoryRows.map((row, index) => ({
    key: row.key,
    name: row.name,
    rank: index,
  }));
  categories.push({ ...uncategorisedCategory, rank: categories.length });
  const categoryById = new Map(categoryRows.map((row, index) => [row.id, categories[index]]));
  const other = categories[categories.length - 1] ?? { ...uncategorisedCategory, rank: 0 };
  const sorted = mealRows
    .map((row) => ({
      row,
      category: (row.categoryId === null ? null : categoryById.get(row.categoryId)) ?? other,
    }))
    .sort(
      (a, b) =>
        a.category.rank - b.category.rank ||
        a.row.description.localeCompare(b.row.description) ||
        a.row.key.localeCompare(b.row.key),
    );
  const meals = new Map<number, CatalogueMeal>();
  sorted.forEach(({ row, category }, rank) => {
    meals.set(row.id, {
      id: row.id,
      key: row.key,
      description: row.description,
      mealState: row.mealState,
      labels: row.labels,
      allergens: row.allergens,
      reheatingInstructions: row.reheatingInstructions,
      categoryKey: category.key,
      categoryName: category.name,
      rank,
    });
  });
  return {
    categories,
    meals,
    getMeal: (id) =>
      meals.get(id) ?? {
        id,
        key: String(id),
        description: `Meal ${String(id)}`,
        mealState: '',
        labels: [],
        allergens: [],
        reheatingInstructions: '',
        categoryKey: other.key,
        categoryName: other.name,
        rank: Number.MAX_SAFE_INTEGER,
      },
  };
}

/** The account's today (YYYY-MM-DD) at `now` (src/domain/today.ts). */
export async function readAccountToday(
  repository: ReportsRepository,
  accountId: number,
  now: Date,
): Promise<string> {
  return getAccountToday(await repository.listRounds(accountId), now.getTime());
}
