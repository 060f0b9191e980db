import type { Label, Meal, MealCategory, Schedule, UpdateScheduleBody } from '../../../contracts/meals';
import type { MenuPrintBody } from '../../../contracts/print';

/** The days of the schedule in date order (the server answers all seven, Monday first). */
export function listScheduleDays(schedule: Schedule): string[] {
  const toIso = (date: string) => date.split('-').reverse().join('-');
  return Object.keys(schedule.days).sort((a, b) => toIso(a).localeCompare(toIso(b)));
}

export type MenuChange =
  | { kind: 'add'; date: string; category: string; mealKey: string }
  | { kind: 'remove'; date: string; category: string; index: number };

/** The PUT body for the schedule as shown with one change applied (the PUT replaces the whole week). */
export function buildScheduleBody(schedule: Schedule, change: MenuChange): UpdateScheduleBody {
  const days: UpdateScheduleBody['days'] = {};
  for (const [date, categories] of Object.entries(schedule.days)) {
    days[date] = {};
    for (const [category, meals] of Object.entries(categories)) {
      let keys = meals.map((meal) => meal.key);
      if (date === change.date && category === change.category) {
        keys =
          change.kind === 'add'
            ? [...keys, change.mealKey]
            : keys.filter((_, position) => position !== change.index);
      }
      days[date][category] = keys;
    }
  }
  const day = days[change.date] ?? {};
  if (change.kind === 'add' && !(change.category in day)) day[change.category] = [change.mealKey];
  days[change.date] = day;
  return { days };
}

/** The print request for the menu as the screen shows it: the rows are the categories, labels go by key. */
export function buildPrintBody(
  schedule: Schedule,
  categories: MealCategory[],
  labels: Label[],
): MenuPrintBody {
  const labelKeyByName = new Map(labels.map((label) => [label.name, label.key]));
  const items: MenuPrintBody['items'] = {};
  for (const date of listScheduleDays(schedule)) {
    const day: MenuPrintBody['items'][string] = {};
    for (const category of categories) {
      const meals: Meal[] = schedule.days[date]?.[category.name] ?? [];
      day[category.name] = meals.map((meal) => ({
        key: meal.key,
        description: meal.description,
        labels: meal.labels.flatMap((name) => {
          const key = labelKeyByName.get(name);
          return key ? [key] : [];
        }),
      }));
    }
    items[date] = day;
  }
  return {
    week_start: schedule.week_start,
    items,
    categories: categories.map(({ key, name }) => ({ key, name })),
    labels: labels.map(({ key, name, colour }) => ({ key, name, colour })),
  };
}
