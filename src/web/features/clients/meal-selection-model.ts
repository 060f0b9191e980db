import type { CookDeliver, MealChoice, MealChoices, MealState } from '../../../contracts/clients';
import type { Meal, MealCategory, Schedule } from '../../../contracts/meals';
import { nextCookDeliver, nextMealState } from '../../../domain/meal-choice-cycles';
import { addDays } from '../../../domain/zoned-time';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';

/** A meal card's state: ticked or not, and its choice (the quantity as typed, checked before saving). */
export type CardState = {
  isSelected: boolean;
  quantity: string;
  meal_state: MealState;
  cook_deliver: CookDeliver;
  comment: string;
  /** Why a meal containing one of the client's allergies is given all the same; '' when not overridden. */
  allergen_override: string;
};
/** Date (DD-MM-YYYY) -> meal key -> card; cards never touched are absent. */
export type WeekDraft = Record<string, Record<string, CardState>>;

/** A chosen meal's quantity is 1 to 99; a newly ticked meal starts at 1. */
export const minQuantity = 1;
export const maxQuantity = 99;
/** A new choice is cooked and delivered unless the user says otherwise. */
export const defaultCookDeliver: CookDeliver = 'Cook & Deliver';

/** The seven dates (DD-MM-YYYY) of the week starting on `weekId`. */
export function listWeekDates(weekId: string): string[] {
  const monday = parseDayMonthYear(weekId);
  if (!monday) return [];
  return [0, 1, 2, 3, 4, 5, 6].map((offset) => formatDayMonthYear(addDays(monday, offset)));
}

/** The typed quantity as a whole number from 1 to 99, or null when it is anything else. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= minQuantity && value <= maxQuantity ? value : null;
}

/** The cards of a week as stored: every stored choice is a ticked card. */
export function buildDraft(choices: MealChoices, dates: string[]): WeekDraft {
  const draft: WeekDraft = {};
  for (const date of dates) {
    draft[date] = {};
    for (const [mealKey, choice] of Object.entries(choices[date] ?? {})) {
      draft[date][mealKey] = {
        ...choice,
        isSelected: true,
        quantity: String(choice.quantity),
        allergen_override: choice.allergen_override ?? '',
      };
    }
  }
  return draft;
}

/** A card as shown: its state in the draft, else an unticked card with the meal's own state and quantity 1. */
export function readCard(draft: WeekDraft, date: string, meal: Pick<Meal, 'key' | 'meal_state'>): CardState {
  return (
    draft[date]?.[meal.key] ?? {
      isSelected: false,
      quantity: String(minQuantity),
      meal_state: meal.meal_state,
      cook_deliver: defaultCookDeliver,
      comment: '',
      allergen_override: '',
    }
  );
}

export type CardChange =
  | { kind: 'tick'; isSelected: boolean }
  | { kind: 'quantity'; text: string }
  | { kind: 'meal_state' }
  | { kind: 'cook_deliver' }
  | { kind: 'comment'; text: string }
  /** Ticks a clashing meal with the reason for giving it all the same. */
  | { kind: 'override'; reason: string };

/** Applies one change to one card (docs/product-rules.md, Meal choices), answering a new draft. */
export function changeCard(
  draft: WeekDraft,
  date: string,
  meal: Pick<Meal, 'key' | 'meal_state'>,
  change: CardChange,
): WeekDraft {
  const card = readCard(draft, date, meal);
  const next = applyChange(card, change);
  return { ...draft, [date]: { ...draft[date], [meal.key]: next } };
}

function applyChange(card: CardState, change: CardChange): CardState {
  switch (change.kind) {
    case 'tick': {
      // A meal ticked with a quantity of 0 or less (or none that reads) is reset to 1.
      const quantity = parseQuantity(card.quantity) === null ? String(minQuantity) : card.quantity;
      return change.isSelected ? { ...card, isSelected: true, quantity } : { ...card, isSelected: false };
    }
    case 'quantity': {
      // Typing a quantity of 1 or more ticks the meal: a count without a tick would be lost on save.
      const isSelected = card.isSelected || parseQuantity(change.text) !== null;
      return { ...card, quantity: change.text, isSelected };
    }
    case 'meal_state':
      return { ...card, meal_state: nextMealState(card.meal_state) };
    case 'cook_deliver':
      return { ...card, cook_deliver: nextCookDeliver(card.cook_deliver) };
    case 'comment':
      return { ...card, comment: change.text };
    case 'override': {
      const quantity = parseQuantity(card.quantity) === null ? String(minQuantity) : card.quantity;
      return { ...card, isSelected: true, quantity, allergen_override: change.reason.trim() };
    }
  }
}

/** Is the typed quantity a whole number of 0 or less ('0', '-2')? A ticked meal's is set to 1 on Save. */
function isZeroOrLess(text: string): boolean {
  return /^(0{1,3}|-\d{1,3})$/.test(text.trim());
}

/** Is the quantity of a ticked card unusable (and the week therefore not yet savable)? 0 or less is usable: 1. */
export function isCardInvalid(card: CardState): boolean {
  return card.isSelected && parseQuantity(card.quantity) === null && !isZeroOrLess(card.quantity);
}

/** The draft with every ticked meal's quantity of 0 or less set to 1 (docs/product-rules.md, Meal choices). */
export function resetZeroQuantities(draft: WeekDraft): WeekDraft {
  return Object.fromEntries(
    Object.entries(draft).map(([date, cards]) => [
      date,
      Object.fromEntries(
        Object.entries(cards).map(([key, card]) => [
          key,
          card.isSelected && isZeroOrLess(card.quantity) ? { ...card, quantity: String(minQuantity) } : card,
        ]),
      ),
    ]),
  );
}

export type BuiltChoices =
  | { isValid: true; mealChoices: Record<string, Record<string, MealChoice>> }
  | { isValid: false; invalidCount: number };

/**
 * The meal choices form of PUT clients/{id} for the week: every date of the week (each sent date is replaced, so
 * an unticked meal goes), with the ticked meals only. Refused while a ticked card's quantity is not 1 to 99.
 */
export function buildMealChoices(draft: WeekDraft, dates: string[]): BuiltChoices {
  const mealChoices: Record<string, Record<string, MealChoice>> = {};
  let invalidCount = 0;
  for (const date of dates) {
    const day: Record<string, MealChoice> = {};
    for (const [mealKey, card] of Object.entries(draft[date] ?? {})) {
      if (!card.isSelected) continue;
      const quantity = parseQuantity(card.quantity);
      if (quantity === null) {
        invalidCount += 1;
        continue;
      }
      day[mealKey] = {
        quantity,
        meal_state: card.meal_state,
        cook_deliver: card.cook_deliver,
        comment: card.comment.trim(),
        ...(card.allergen_override ? { allergen_override: card.allergen_override } : {}),
      };
    }
    mealChoices[date] = day;
  }
  return invalidCount > 0 ? { isValid: false, invalidCount } : { isValid: true, mealChoices };
}

/** A comparable form of the draft's ticked meals (invalid quantities included, as typed). */
export function summariseDraft(draft: WeekDraft, dates: string[]): string {
  return JSON.stringify(
    dates.map((date) =>
      Object.entries(draft[date] ?? {})
        .filter(([, card]) => card.isSelected)
        .map(([key, card]) => [
          key,
          card.quantity.trim(),
          card.meal_state,
          card.cook_deliver,
          card.comment.trim(),
          card.allergen_override,
        ])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
  );
}

export type GridRow = { key: string; name: string; cells: Meal[][] };

/**
 * The grid's rows: one per meal category (in the account's order) with, per day, the meals on that day's menu
 * plus meals the client has chosen that the menu no longer shows (so a save never drops them unseen). Chosen meals
 * that are not in the catalogue any more go to an 'Other' row, shown by their key.
 */
export function buildGridRows(
  schedule: Schedule,
  categories: MealCategory[],
  meals: Meal[],
  draft: WeekDraft,
  dates: string[],
): GridRow[] {
  const mealByKey = new Map(meals.map((meal) => [meal.key, meal]));
  const rows: GridRow[] = categories.map((category) => ({
    key: category.key,
    name: category.name,
    cells: dates.map((date) => {
      const onMenu = schedule.days[date]?.[category.name] ?? [];
      const shown = new Set(onMenu.map((meal) => meal.key));
      const extra = Object.keys(draft[date] ?? {}).flatMap((key) => {
        const meal = mealByKey.get(key);
        return meal && meal.category === category.name && !shown.has(key) ? [meal] : [];
      });
      return [...onMenu, ...extra];
    }),
  }));
  const categoryNames = new Set(categories.map((category) => category.name));
  const otherCells = dates.map((date) =>
    Object.entries(draft[date] ?? {}).flatMap(([key, card]): Meal[] => {
      const meal = mealByKey.get(key);
      if (meal && categoryNames.has(meal.category)) return [];
      return [meal ?? buildUnknownMeal(key, card.meal_state)];
    }),
  );
  if (otherCells.some((cell) => cell.length > 0)) rows.push({ key: '', name: 'Other', cells: otherCells });
  return rows;
}

function buildUnknownMeal(key: string, mealState: MealState): Meal {
  return {
    key,
    description: key,
    ingredients: '',
    category: '',
    meal_state: mealState,
    labels: [],
    allergens: [],
    reheating_instructions: '',
    active_ind: false,
    status: 'inactive',
  };
}
