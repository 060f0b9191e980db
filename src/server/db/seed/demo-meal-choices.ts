import { and, between, count, eq } from 'drizzle-orm';
import { mealStates, type MealState } from '../../../contracts/meals';
import { mealStateCycle } from '../../../domain/meal-choice-cycles';
import { isPlannedDay } from '../../../domain/meal-days';
import { cycleSourceWeek } from '../../../domain/menu-cycle';
import { parseDayMonthYear, snapToMonday, weekDates } from '../../../domain/weeks';
import { getTodayIn } from '../../../domain/today';
import { addDays, getDayNumber, getIsoWeekday } from '../../../domain/zoned-time';
import { demoTimeZone } from '../../integrations/alayacare/simulator/demo-seed';
import type { Database } from '../client';
import { accounts } from '../schema/accounts';
import { clients } from '../schema/clients';
import { clientMealChoices, meals, menuItems } from '../schema/meals';
import { randomOfClient } from './demo-clients';

/**
 * The weeks seeded: the four before this one, this one, and the next one too: the clients list's strip shows this
 * week and the next, and an empty next week would mark every client as missing meals.
 */
const weeksBefore = 4;
const weeksAfter = 1;
/** About one planned day in twelve is left without meals, so the missing filter and the red marks show. */
const missingShare = 1 / 12;
const insertChunkSize = 1_000;
export const demoComments = [
  'Extra gravy please',
  'Cut into small pieces',
  'No onion',
  'Leave the sauce on the side',
  'Large portion',
  'Deliver before noon',
];
const otherCookDeliver = ['Prepare Only', 'Deliver Only'] as const;

type MenuMeal = { id: number; labels: string[]; mealState: string };
type NewChoice = typeof clientMealChoices.$inferInsert;

async function countOwnItems(db: Database, accountId: number, monday: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(menuItems)
    .where(and(eq(menuItems.accountId, accountId), between(menuItems.date, monday, addDays(monday, 6))));
  return row?.total ?? 0;
}

/**
 * The week's menu (date -> meal ids), resolved as the menu screen does: its own, else its menu cycle week's.
 * A demo week that has neither (the catalogue seeds menus from last week on) is given a copy of the nearest later
 * week's menu first, so the Weekly Menu screen and the client grid show the meals chosen in it.
 */
async function resolveWeekMenu(
  db: Database,
  accountId: number,
  monday: string,
): Promise<Map<string, number[]>> {
  let source = monday;
  if ((await countOwnItems(db, accountId, monday)) === 0) {
    const [account] = await db
      .select({ menuOptions: accounts.menuOptions })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const options = account?.menuOptions;
    const cycleStart = options?.cycle_start ? parseDayMonthYear(options.cycle_start) : null;
    const cycleSource = cycleSourceWeek(monday, cycleStart, options?.cycle_weeks ?? 0);
    if (cycleSource !== null && (await countOwnItems(db, accountId, cycleSource)) > 0) source = cycleSource;
    else await copyNearestLaterMenu(db, accountId, monday);
  }
  const rows = await db
    .select({ date: menuItems.date, mealId: menuItems.mealId })
    .from(menuItems)
    .where(and(eq(menuItems.accountId, accountId), between(menuItems.date, source, addDays(source, 6))))
    .orderBy(menuItems.position);
  const shift = getDayNumber(monday) - getDayNumber(source);
  const menu = new Map<string, number[]>();
  for (const row of rows) {
    const date = addDays(row.date, shift);
    menu.set(date, [...(menu.get(date) ?? []), row.mealId]);
  }
  return menu;
}

async function copyNearestLaterMenu(db: Database, accountId: number, monday: string) {
  for (let weeks = 1; weeks <= 8; weeks += 1) {
    const source = addDays(monday, weeks * 7);
    const rows = await db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.accountId, accountId), between(menuItems.date, source, addDays(source, 6))));
    if (rows.length === 0) continue;
    await db
      .insert(menuItems)
      .values(
        rows.map((row) => ({
          accountId,
          date: addDays(row.date, -weeks * 7),
          mealId: row.mealId,
          position: row.position,
        })),
      )
      .onConflictDoNothing();
    return;
  }
}

function toMealState(value: string): MealState {
  return (mealStates as readonly string[]).includes(value) ? (value as MealState) : 'Frozen';
}

/** One client's choices on one planned day: 1 or 2 meals of the day's menu, suitable ones first. */
function drawDay(
  client: { id: number; sourceId: string; labels: string[] },
  date: string,
  menu: MenuMeal[],
  accountId: number,
): NewChoice[] {
  const random = randomOfClient(client.sourceId, 11, getDayNumber(date));
  if (menu.length === 0 || random.isChance(missingShare)) return [];
  const suitable = menu.filter((meal) => client.labels.every((label) => meal.labels.includes(label)));
  const pool = [...(suitable.length > 0 ? suitable : menu)];
  const wanted = random.isChance(0.4) ? 2 : 1;
  const choices: NewChoice[] = [];
  while (choices.length < wanted && pool.length > 0) {
    const [meal] = pool.splice(random.nextInt(0, pool.length - 1), 1);
    if (!meal) break;
    choices.push({
      accountId,
      clientId: client.id,
      date,
      mealId: meal.id,
      quantity: random.isChance(0.15) ? 2 : 1,
      mealState: random.isChance(0.75) ? toMealState(meal.mealState) : random.pick(mealStateCycle),
      cookDeliver: random.isChance(0.75) ? 'Cook & Deliver' : random.pick(otherCookDeliver),
      comment: random.isChance(0.06) ? random.pick(demoComments) : '',
    });
  }
  return choices;
}

/**
 * Gives every visible demo client meal choices on its planned days for the past four weeks, this one and the next (from
 * the day's menu, deterministic, some days left missing). Safe to run again: a day with choices is left alone.
 * Answers how many choices were written.
 */
/** The dates the demo's meal choices cover (YYYY-MM-DD, both included): its visits are synced for them too. */
export function getDemoMealChoicesRange(today = getTodayIn(demoTimeZone)) {
  const firstMonday = addDays(snapToMonday(today), -7 * weeksBefore);
  return { from: firstMonday, to: addDays(firstMonday, 7 * (weeksBefore + 1 + weeksAfter) - 1) };
}

export async function seedDemoMealChoices(
  db: Database,
  accountId: number,
  today = getTodayIn(demoTimeZone),
): Promise<number> {
  const firstMonday = getDemoMealChoicesRange(today).from;
  const menu = new Map<string, number[]>();
  for (let week = 0; week <= weeksBefore + weeksAfter; week += 1) {
    for (const [date, ids] of await resolveWeekMenu(db, accountId, addDays(firstMonday, week * 7))) {
      menu.set(date, ids);
    }
  }
  const mealRows = await db
    .select({ id: meals.id, labels: meals.labels, mealState: meals.mealState })
    .from(meals)
    .where(eq(meals.accountId, accountId));
  const mealById = new Map(mealRows.map((meal) => [meal.id, meal]));
  const clientRows = await db
    .select({ id: clients.id, sourceId: clients.sourceId, labels: clients.labels, planDow: clients.planDow })
    .from(clients)
    .where(and(eq(clients.accountId, accountId), eq(clients.isHidden, false)));
  const dates = Array.from({ length: weeksBefore + 1 + weeksAfter }, (_, week) =>
    weekDates(addDays(firstMonday, week * 7)),
  ).flat();
  // A day that already has choices (a second run, or the user's own) is left as it is.
  const filled = await db
    .selectDistinct({ clientId: clientMealChoices.clientId, date: clientMealChoices.date })
    .from(clientMealChoices)
    .where(
      and(
        eq(clientMealChoices.accountId, accountId),
        between(clientMealChoices.date, firstMonday, dates[dates.length - 1] ?? firstMonday),
      ),
    );
  const filledDays = new Set(filled.map((row) => `${row.clientId}|${row.date}`));
  const choices = clientRows.flatMap((client) =>
    dates
      .filter(
        (date) =>
          isPlannedDay(client.planDow, getIsoWeekday(date)) && !filledDays.has(`${client.id}|${date}`),
      )
      .flatMap((date) => {
        const dayMenu = (menu.get(date) ?? []).flatMap((id) => {
          const meal = mealById.get(id);
          return meal ? [meal] : [];
        });
        return drawDay(client, date, dayMenu, accountId);
      }),
  );
  // One transaction: a start killed part way leaves no day with only some of its choices (a day with choices
  // is skipped by the next run).
  const written = await db.transaction(async (tx) => {
    let inserted = 0;
    for (let offset = 0; offset < choices.length; offset += insertChunkSize) {
      const rows = await tx
        .insert(clientMealChoices)
        .values(choices.slice(offset, offset + insertChunkSize))
        .onConflictDoNothing()
        .returning({ id: clientMealChoices.id });
      inserted += rows.length;
    }
    return inserted;
  });
  // Touching the clients tells the clients list's cached counts to count again.
  if (written > 0)
    await db.update(clients).set({ updatedAt: new Date() }).where(eq(clients.accountId, accountId));
  return written;
}
