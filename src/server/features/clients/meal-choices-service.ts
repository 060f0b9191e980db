import {
  cookDeliverOptions,
  type ClientMealChoicesBody,
  type CookDeliver,
  type MealChoice,
  type MealChoiceInput,
  type MealChoices,
  type MealState,
} from '../../../contracts/clients';
import type { FieldError } from '../../../contracts/envelope';
import { mealStates } from '../../../contracts/meals';
import { describeClash, findClashingAllergens } from '../../../domain/allergen-clash';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { conflict, invalidInput, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import type { MealChoiceRow, MealChoicesRepository, MealRef, NewMealChoice } from './meal-choices-repository';

const defaultCookDeliver: CookDeliver = 'Cook & Deliver';

function toMealState(value: string): MealState {
  return (mealStates as readonly string[]).includes(value) ? (value as MealState) : 'Frozen';
}

function toCookDeliver(value: string): CookDeliver {
  return (cookDeliverOptions as readonly string[]).includes(value)
    ? (value as CookDeliver)
    : defaultCookDeliver;
}

/**
 * One choice as stored, from any reading the API accepts: a number is the quantity; an object gives its
 * fields (quantity 1 when absent); true or null count as 1; a quantity of 0 or less is set to 1 (the meal is ticked,
 * so it is chosen). Defaults: the meal's own meal_state when it is one of Frozen/Hot/Fresh (else Frozen), 'Cook &
 * Deliver', no comment. The contract has already bounded the quantity above.
 */
export function normaliseChoice(input: MealChoiceInput, meal: Pick<MealRef, 'mealState'>): MealChoice {
  const given = typeof input === 'object' && input !== null ? input : null;
  const quantity = typeof input === 'number' ? input : (given?.quantity ?? 1);
  return {
    quantity: Math.max(1, quantity),
    meal_state: given?.meal_state ?? toMealState(meal.mealState),
    cook_deliver: given?.cook_deliver ?? defaultCookDeliver,
    comment: given?.comment ?? '',
  };
}

/** Date (DD-MM-YYYY) -> meal key -> choice, with every date asked for present (an empty map when none). */
export function toMealChoices(dates: string[], rows: MealChoiceRow[]): MealChoices {
  const choices: MealChoices = Object.fromEntries(dates.map((date) => [formatDayMonthYear(date), {}]));
  for (const row of rows) {
    const day = (choices[formatDayMonthYear(row.date)] ??= {});
    day[row.mealKey] = {
      quantity: row.quantity,
      meal_state: toMealState(row.mealState),
      cook_deliver: toCookDeliver(row.cookDeliver),
      comment: row.comment,
      ...(row.allergenOverride === null ? {} : { allergen_override: row.allergenOverride }),
    };
  }
  return choices;
}

/** An override given with this save (for the audit log); `date` is YYYY-MM-DD. */
export type AllergenOverrideMade = { date: string; meal: string; allergens: string[]; reason: string };

/**
 * The override a choice is stored with. A meal that does not clash keeps none. A clashing one keeps the reason sent,
 * else the one stored before; a clashing choice that was already stored without one (the meal's allergens or the
 * client's allergies changed after it was ticked) stays as it is, on the kitchen's clash list. Only a newly ticked
 * clashing meal without a reason is refused: answers null then.
 */
export function decideAllergenOverride(
  clashing: string[],
  given: string | undefined,
  stored: MealChoiceRow | undefined,
): { override: string | null } | null {
  if (clashing.length === 0) return { override: null };
  if (given !== undefined) return { override: given };
  if (stored) return { override: stored.allergenOverride };
  return null;
}

export function createMealChoicesService(repository: MealChoicesRepository, now: () => Date) {
  /** The client's stored choices on these dates (YYYY-MM-DD, ascending), by 'date meal-key'. */
  async function readStored(clientId: number, dates: string[]): Promise<Map<string, MealChoiceRow>> {
    const first = dates[0];
    const last = dates[dates.length - 1];
    if (first === undefined || last === undefined) return new Map();
    const rows = await repository.listChoices(clientId, first, last);
    return new Map(rows.map((row) => [`${row.date} ${row.mealKey}`, row]));
  }

  return {
    /** The client's choices on these dates (YYYY-MM-DD, consecutive and ascending). */
    async readDays(clientId: number, dates: string[]): Promise<MealChoices> {
      const first = dates[0];
      const last = dates[dates.length - 1];
      if (first === undefined || last === undefined) return {};
      const rows = await repository.listChoices(clientId, first, last);
      const wanted = new Set(dates);
      return toMealChoices(
        dates,
        rows.filter((row) => wanted.has(row.date)),
      );
    },

    /**
     * Checks every date and meal key first (nothing is written when one is wrong), then replaces each sent date's
     * choices in one transaction. A newly ticked meal that clashes with the client's allergies needs a reason
     * (`allergen_override`), else code 2 naming the clash. Answers the dates written (YYYY-MM-DD, ascending) and
     * the overrides this save gave.
     */
    async replaceDays(
      accountId: number,
      client: { id: number; allergies: string[] },
      body: ClientMealChoicesBody,
    ): Promise<{ dates: string[]; overrides: AllergenOverrideMade[] }> {
      const clientId = client.id;
      const errors: FieldError[] = [];
      const days: [string, Record<string, MealChoiceInput>][] = [];
      for (const [day, choices] of Object.entries(body.meal_choices)) {
        const date = parseDayMonthYear(day);
        if (date) days.push([date, choices]);
        else errors.push({ field: `meal_choices.${day}`, message: 'Not a real date (DD-MM-YYYY).' });
      }
      const keys = [...new Set(days.flatMap(([, choices]) => Object.keys(choices)))];
      const dates = days.map(([date]) => date).sort();
      // Asked together: each round trip waits its turn on a busy server, and neither needs the other's answer.
      const [mealRows, stored] = await Promise.all([
        repository.findMealsByKeys(accountId, keys),
        readStored(clientId, dates),
      ]);
      const meals = new Map(mealRows.map((meal) => [meal.key, meal]));
      for (const [date, choices] of days) {
        for (const key of Object.keys(choices)) {
          if (!meals.has(key)) {
            errors.push({
              field: `meal_choices.${formatDayMonthYear(date)}.${key}`,
              message: `Unknown meal '${key}'.`,
            });
          }
        }
      }
      const overrides: AllergenOverrideMade[] = [];
      const rows: NewMealChoice[] = days.flatMap(([date, choices]) =>
        Object.entries(choices).flatMap(([key, input]) => {
          const meal = meals.get(key);
          if (!meal) return [];
          const choice = normaliseChoice(input, meal);
          const clashing = findClashingAllergens(meal.allergens, client.allergies);
          const given = typeof input === 'object' && input !== null ? input.allergen_override : undefined;
          const before = stored.get(`${date} ${key}`);
          const decided = decideAllergenOverride(clashing, given, before);
          if (decided === null) {
            errors.push({
              field: `meal_choices.${formatDayMonthYear(date)}.${key}.allergen_override`,
              message: `${meal.description}: ${describeClash(clashing)}. Give a reason to override.`,
            });
            return [];
          }
          if (decided.override !== null && decided.override !== before?.allergenOverride) {
            overrides.push({ date, meal: meal.description, allergens: clashing, reason: decided.override });
          }
          return [
            {
              date,
              mealId: meal.id,
              quantity: choice.quantity,
              mealState: choice.meal_state,
              cookDeliver: choice.cook_deliver,
              comment: choice.comment,
              allergenOverride: decided.override,
            },
          ];
        }),
      );
      const [first] = errors;
      if (first) throw invalidInput(`Invalid meal choices: ${first.message}`, errors);
      try {
        if (dates.length > 0 && !(await repository.replaceDays(accountId, clientId, dates, rows, now())))
          throw notFound('Client');
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict("The client's meal choices were changed at the same time. Please try again.");
        throw error;
      }
      return { dates, overrides };
    },
  };
}
export type MealChoicesService = ReturnType<typeof createMealChoicesService>;
