import { randomUUID } from 'node:crypto';
import type { FieldError, ListMeta } from '../../../contracts/envelope';
import {
  mealStates,
  newMealDescription,
  type CreateMealBody,
  type Meal,
  type MealList,
  type MealListQuery,
  type MealState,
  type SavedMeal,
  type UpdateMealBody,
} from '../../../contracts/meals';
import type { AllergenClash } from '../../../contracts/allergens';
import { countNewClashes } from '../allergens/service';
import { ApiError, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { CatalogueRepository, MealRow, MealValues } from './catalogue-repository';
import type { CategoriesService } from './categories-service';
import type { LabelsService } from './labels-service';

export function toMeal(row: MealRow): Meal {
  const mealState: MealState = (mealStates as readonly string[]).includes(row.mealState)
    ? (row.mealState as MealState)
    : 'Hot';
  return {
    key: row.key,
    description: row.description,
    ingredients: row.ingredients,
    category: row.categoryName ?? '',
    meal_state: mealState,
    labels: row.labels,
    allergens: row.allergens,
    reheating_instructions: row.reheatingInstructions,
    active_ind: row.isActive,
    status: row.isActive ? 'active' : 'inactive',
  };
}

type MealFields = NonNullable<CreateMealBody>;

/** The allergens side of a meal: its names are checked against the account's list; clashes are listed after a change. */
export type MealAllergens = {
  checkNames(accountId: number, names: string[], field: string): Promise<string[]>;
  listClashesOf(accountId: number, of: { mealId: number }): Promise<AllergenClash[]>;
};

export function createCatalogueService(deps: {
  repository: CatalogueRepository;
  categories: CategoriesService;
  labels: LabelsService;
  allergens: MealAllergens;
}) {
  /** Checks the category and label names of a meal form; answers the columns to write. */
  async function toValues(session: Session, body: MealFields): Promise<Partial<MealValues>> {
    const values: Partial<MealValues> = {};
    const errors: FieldError[] = [];
    if (body.description !== undefined) values.description = body.description;
    if (body.ingredients !== undefined) values.ingredients = body.ingredients;
    if (body.reheating_instructions !== undefined) values.reheatingInstructions = body.reheating_instructions;
    if (body.meal_state !== undefined) values.mealState = body.meal_state;
    if (body.active_ind !== undefined) values.isActive = body.active_ind;
    else if (body.status !== undefined) values.isActive = body.status === 'active';
    if (body.category !== undefined) {
      if (body.category === '') values.categoryId = null;
      else {
        const id = await deps.categories.idByName(session, body.category);
        if (id === undefined)
          errors.push({ field: 'category', message: `Unknown category '${body.category}'.` });
        else values.categoryId = id;
      }
    }
    if (body.labels !== undefined) {
      const known = new Set((await deps.labels.list(session)).map((label) => label.name));
      const unknown = body.labels.filter((name) => !known.has(name));
      if (unknown.length > 0)
        errors.push({ field: 'labels', message: `Unknown labels: ${unknown.join(', ')}.` });
      values.labels = [...new Set(body.labels)];
    }
    if (body.allergens !== undefined) {
      try {
        values.allergens = await deps.allergens.checkNames(session.accountId, body.allergens, 'allergens');
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors.push(...error.fieldErrors);
      }
    }
    if (errors.length > 0) {
      throw invalidInput(`Invalid body: ${errors.map((error) => error.message).join(' ')}`, errors);
    }
    return values;
  }

  async function findOne(session: Session, key: string): Promise<MealRow> {
    const [row] = await deps.repository.findByKeys(session.accountId, [key]);
    if (!row) throw notFound('Meal');
    return row;
  }

  return {
    async list(session: Session, query: MealListQuery): Promise<{ data: MealList; meta: ListMeta }> {
      const limit = query.page_size === -1 ? null : query.page_size;
      const page = limit === null ? 1 : query.page;
      const [result, categories, labels] = await Promise.all([
        deps.repository.list(
          session.accountId,
          {
            status: query.status,
            categoryName: query.category === 'all' ? null : query.category,
            query: query.query,
          },
          { limit, offset: limit === null ? 0 : (page - 1) * limit },
        ),
        deps.categories.list(session),
        deps.labels.list(session),
      ]);
      const meals = result.rows.map(toMeal);
      return {
        data: { meals, categories, labels },
        meta: {
          record_total: result.total,
          record_count: meals.length,
          page,
          page_max: limit === null ? 1 : Math.max(1, Math.ceil(result.total / limit)),
        },
      };
    },

    /** Adds a meal: 'New Meal', active, Hot, no category, unless the body says otherwise. */
    async create(session: Session, body: CreateMealBody): Promise<Meal> {
      const values = await toValues(session, body ?? {});
      const key = randomUUID();
      await deps.repository.insert(session.accountId, key, {
        description: newMealDescription,
        ingredients: '',
        categoryId: null,
        mealState: 'Hot',
        labels: [],
        allergens: [],
        reheatingInstructions: '',
        isActive: true,
        ...values,
      });
      return toMeal(await findOne(session, key));
    },

    /**
     * Changes the fields sent of one meal of the account. When its allergens were sent, the answer lists every
     * choice of the meal from today on that clashes and is not overridden, for the kitchen to act on, and how
     * many of them this save created.
     */
    async update(session: Session, body: UpdateMealBody): Promise<SavedMeal> {
      const row = await findOne(session, body.key);
      const { key, ...fields } = body;
      const values = await toValues(session, fields);
      const of = { mealId: row.id };
      const before =
        body.allergens === undefined ? [] : await deps.allergens.listClashesOf(session.accountId, of);
      if (Object.keys(values).length > 0) await deps.repository.update(session.accountId, row.id, values);
      const meal = toMeal(await findOne(session, key));
      if (body.allergens === undefined) return meal;
      const after = await deps.allergens.listClashesOf(session.accountId, of);
      return { ...meal, allergen_clashes: after, allergen_clashes_created: countNewClashes(before, after) };
    },

    findByKeys(session: Session, keys: string[]): Promise<MealRow[]> {
      return deps.repository.findByKeys(session.accountId, keys);
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
