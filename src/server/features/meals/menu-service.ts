import type { MenuOptions } from '../../../contracts/accounts';
import type { FieldError } from '../../../contracts/envelope';
import type { CopyScheduleBody, Meal, Schedule, UpdateScheduleBody } from '../../../contracts/meals';
import { cycleSourceWeek, cycleWeekOf } from '../../../domain/menu-cycle';
import { formatDayMonthYear, parseDayMonthYear, snapToMonday, weekDates } from '../../../domain/weeks';
import { addDays, getDayNumber } from '../../../domain/zoned-time';
import { conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import { toMeal, type CatalogueService } from './catalogue-service';
import type { CategoriesService } from './categories-service';
import type { MenuItemRow, MenuRepository, NewMenuItem } from './menu-repository';
import { isUniqueViolation } from '../../db/unique-violation';

/** Where the menu service reads the account's menu options (cycle weeks and start). */
export type MenuOptionsSource = { getAccountById(id: number): Promise<{ menu_options: MenuOptions }> };

/** The Monday (YYYY-MM-DD) of the week holding a DD-MM-YYYY date; the contracts have checked the form. */
function mondayOf(value: string, field: string): string {
  const iso = parseDayMonthYear(value);
  if (!iso) throw invalidInput(`Invalid ${field}: use DD-MM-YYYY.`, [{ field, message: 'Use DD-MM-YYYY.' }]);
  return snapToMonday(iso);
}

type ShownMenu = { items: MenuItemRow[]; cycleWeek: number | null; sourceWeek: string | null; own: boolean };

export function createMenuService(deps: {
  repository: MenuRepository;
  catalogue: CatalogueService;
  categories: CategoriesService;
  accounts?: MenuOptionsSource;
}) {
  async function menuOptions(accountId: number): Promise<MenuOptions | null> {
    return deps.accounts ? (await deps.accounts.getAccountById(accountId)).menu_options : null;
  }

  /** The menu a week shows: its own, else the matching week of the menu cycle (dates moved onto this week). */
  async function shownMenu(accountId: number, monday: string): Promise<ShownMenu> {
    const sunday = addDays(monday, 6);
    const items = await deps.repository.list(accountId, monday, sunday);
    if (items.length > 0) return { items, cycleWeek: null, sourceWeek: null, own: true };
    const options = await menuOptions(accountId);
    const cycleStart = options?.cycle_start ? parseDayMonthYear(options.cycle_start) : null;
    const cycleWeeks = options?.cycle_weeks ?? 0;
    const cycleWeek = cycleWeekOf(monday, cycleStart, cycleWeeks);
    const source = cycleSourceWeek(monday, cycleStart, cycleWeeks);
    if (cycleWeek === null || source === null)
      return { items: [], cycleWeek: null, sourceWeek: null, own: false };
    const sourceItems =
      source === monday ? [] : await deps.repository.list(accountId, source, addDays(source, 6));
    const shift = getDayNumber(monday) - getDayNumber(source);
    return {
      items: sourceItems.map((item) => ({ ...item, date: addDays(item.date, shift) })),
      cycleWeek,
      sourceWeek: source,
      own: false,
    };
  }

  async function schedule(session: Session, monday: string): Promise<Schedule> {
    const [menu, categories] = await Promise.all([
      shownMenu(session.accountId, monday),
      deps.categories.list(session),
    ]);
    const days: Schedule['days'] = {};
    for (const date of weekDates(monday)) {
      const row: Record<string, Meal[]> = {};
      for (const category of categories) row[category.name] = [];
      days[formatDayMonthYear(date)] = row;
    }
    for (const item of menu.items) {
      const categoryName = item.meal.categoryName;
      // A meal that lost its category has no row to show in.
      if (categoryName === null) continue;
      days[formatDayMonthYear(item.date)]?.[categoryName]?.push(toMeal(item.meal));
    }
    return {
      week_start: formatDayMonthYear(monday),
      days,
      cycle_week: menu.cycleWeek,
      source_week: menu.sourceWeek === null ? null : formatDayMonthYear(menu.sourceWeek),
    };
  }

  async function replace(accountId: number, monday: string, items: NewMenuItem[]) {
    try {
      await deps.repository.replace(accountId, monday, addDays(monday, 6), items);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('The menu was changed at the same time. Please try again.');
      throw error;
    }
  }

  return {
    getSchedule(session: Session, id: string): Promise<Schedule> {
      return schedule(session, mondayOf(id, 'id'));
    },

    /** Replaces the week's menu: dates inside the week, categories and meals of the account, each meal in its category. */
    async putSchedule(session: Session, id: string, body: UpdateScheduleBody): Promise<Schedule> {
      const monday = mondayOf(id, 'id');
      const dates = new Set(weekDates(monday));
      const categories = new Set((await deps.categories.list(session)).map((category) => category.name));
      const keys = [...new Set(Object.values(body.days).flatMap((row) => Object.values(row).flat()))];
      const meals = new Map((await deps.catalogue.findByKeys(session, keys)).map((meal) => [meal.key, meal]));
      const missing = keys.filter((key) => !meals.has(key));
      if (missing.length > 0) throw notFound(`Meal ${missing.slice(0, 5).join(', ')}`);
      const errors: FieldError[] = [];
      const items: NewMenuItem[] = [];
      for (const [day, row] of Object.entries(body.days)) {
        const date = parseDayMonthYear(day);
        if (!date || !dates.has(date)) {
          errors.push({
            field: `days.${day}`,
            message: `The date is not in the week of ${formatDayMonthYear(monday)}.`,
          });
          continue;
        }
        const seen = new Set<string>();
        for (const [categoryName, mealKeys] of Object.entries(row)) {
          if (!categories.has(categoryName)) {
            errors.push({
              field: `days.${day}.${categoryName}`,
              message: `Unknown category '${categoryName}'.`,
            });
            continue;
          }
          for (const key of mealKeys) {
            const meal = meals.get(key);
            if (!meal) continue;
            if (meal.categoryName !== categoryName) {
              errors.push({
                field: `days.${day}.${categoryName}`,
                message: `'${meal.description}' is not in the category '${categoryName}'.`,
              });
            } else if (seen.has(key)) {
              errors.push({
                field: `days.${day}.${categoryName}`,
                message: `'${meal.description}' is listed twice.`,
              });
            } else {
              seen.add(key);
              items.push({ date, mealId: meal.id, position: items.length });
            }
          }
        }
      }
      if (errors.length > 0) {
        throw invalidInput(
          `Invalid body: ${errors[0]?.field ?? 'days'}: ${errors[0]?.message ?? ''}`,
          errors,
        );
      }
      await replace(session.accountId, monday, items);
      return schedule(session, monday);
    },

    /**
     * Copies the menu shown for from_date's week (its own, or its cycle week's) onto to_date's week. A target week
     * with a menu of its own is refused with code 6 unless `overwrite` is true; then its menu is replaced.
     */
    async copySchedule(session: Session, body: CopyScheduleBody): Promise<Schedule> {
      const from = mondayOf(body.from_date, 'from_date');
      const to = mondayOf(body.to_date, 'to_date');
      if (from === to) {
        throw invalidInput('Please choose another week to copy the menu to.', [
          { field: 'to_date', message: 'This is the week being copied.' },
        ]);
      }
      const source = await shownMenu(session.accountId, from);
      const items = source.items.filter((item) => item.meal.categoryName !== null);
      if (items.length === 0) {
        throw invalidInput(`The week of ${formatDayMonthYear(from)} has no menu to copy.`, [
          { field: 'from_date', message: 'This week has no menu.' },
        ]);
      }
      if (!body.overwrite && (await deps.repository.countItems(session.accountId, to, addDays(to, 6))) > 0) {
        throw conflict(
          `The week of ${formatDayMonthYear(to)} already has a menu. Copy again with overwrite to replace it.`,
        );
      }
      const shift = getDayNumber(to) - getDayNumber(from);
      await replace(
        session.accountId,
        to,
        items.map((item, position) => ({ date: addDays(item.date, shift), mealId: item.meal.id, position })),
      );
      return schedule(session, to);
    },
  };
}
export type MenuService = ReturnType<typeof createMenuService>;
