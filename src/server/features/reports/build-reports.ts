import type {
  DeliveryByCategoryReport,
  DeliveryByClientReport,
  KitchenDayReport,
  KitchenWeekCategory,
  KitchenWeekReport,
  OrderedDelivered,
  PackingListReport,
  PackingMeal,
  PackingRound,
} from '../../../contracts/reports';
import { formatDateDisplay } from '../../../domain/report-rules';
import { formatDayMonthYear } from '../../../domain/weeks';
import type { Catalogue } from './catalogue';
import { compareNames } from './name-order';
import type { ClientMonth, CountedOrderRow, DaySum } from './repository';

/*
 * Pure builders of the report shapes (src/contracts/reports.ts) from counted orders and sums (the repository
 * applies the counting rules); these only group, order and total.
 */

/** The name of the packing list's group of clients without a round. */
export const noRoundName = 'No Round';

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Ordered portions per key, one count per day of `dates`. */
function groupByDay(dates: string[], sums: DaySum[]): Map<number, number[]> {
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  const perKey = new Map<number, number[]>();
  for (const row of sums) {
    const index = dayIndex.get(row.date);
    if (index === undefined) continue;
    const days = perKey.get(row.key) ?? dates.map(() => 0);
    days[index] = (days[index] ?? 0) + row.ordered;
    perKey.set(row.key, days);
  }
  return perKey;
}

export type CountedClients = { perDay: Map<string, number>; total: number };

/** `mealDays`: counted portions per meal (key) and day. */
export function buildKitchenWeek(
  dates: string[],
  mealDays: DaySum[],
  clients: CountedClients,
  catalogue: Catalogue,
): KitchenWeekReport {
  const perMeal = groupByDay(dates, mealDays);
  const categories = new Map<string, KitchenWeekCategory & { rank: number }>();
  const meals = [...perMeal.entries()]
    .map(([mealId, days]) => ({ meal: catalogue.getMeal(mealId), days }))
    .sort((a, b) => a.meal.rank - b.meal.rank);
  for (const { meal, days } of meals) {
    const rank = catalogue.categories.find((category) => category.key === meal.categoryKey)?.rank ?? 0;
    const category = categories.get(meal.categoryKey) ?? {
      key: meal.categoryKey,
      name: meal.categoryName,
      days: dates.map(() => 0),
      Total: 0,
      Meals: [],
      rank,
    };
    category.Meals.push({ key: meal.key, description: meal.description, days, Total: sum(days) });
    category.days = category.days.map((value, index) => value + (days[index] ?? 0));
    category.Total += sum(days);
    categories.set(meal.categoryKey, category);
  }
  const mealCount = dates.map((_, index) => sum(meals.map(({ days }) => days[index] ?? 0)));
  return {
    week_start: formatDayMonthYear(dates[0] ?? ''),
    dates: dates.map(formatDayMonthYear),
    Clients: { days: dates.map((date) => clients.perDay.get(date) ?? 0), Total: clients.total },
    MealCount: { days: mealCount, Total: sum(mealCount) },
    Categories: [...categories.values()]
      .sort((a, b) => a.rank - b.rank)
      .map(({ rank: _rank, ...category }) => category),
  };
}

export function buildKitchenDays(
  dates: string[],
  mealDays: DaySum[],
  catalogue: Catalogue,
): KitchenDayReport {
  const perDay = new Map<string, Map<number, number>>(dates.map((date) => [date, new Map()]));
  for (const row of mealDays) {
    const counts = perDay.get(row.date);
    counts?.set(row.key, (counts.get(row.key) ?? 0) + row.ordered);
  }
  return {
    week_start: formatDayMonthYear(dates[0] ?? ''),
    days: dates.map((date) => {
      const meals = [...(perDay.get(date) ?? new Map<number, number>()).entries()]
        .map(([mealId, count]) => ({ meal: catalogue.getMeal(mealId), count }))
        .sort((a, b) => a.meal.rank - b.meal.rank)
        .map(({ meal, count }) => ({
          key: meal.key,
          description: meal.description,
          category_key: meal.categoryKey,
          category_name: meal.categoryName,
          count,
        }));
      return {
        date: formatDayMonthYear(date),
        date_display: formatDateDisplay(date),
        meals,
        total: sum(meals.map((meal) => meal.count)),
      };
    }),
  };
}

/** `orders` are the day's counted orders already limited to the ticked categories. */
export function buildPackingList(
  date: string,
  orders: CountedOrderRow[],
  catalogue: Catalogue,
  rounds: { id: number; name: string }[],
): PackingListReport {
  const byRound = new Map<number | null, Map<number, PackingMeal & { rank: number }>>();
  for (const order of orders) {
    const { client } = order;
    const roundId = rounds.some((round) => round.id === client.roundId) ? client.roundId : null;
    const mealsOfRound = byRound.get(roundId) ?? new Map<number, PackingMeal & { rank: number }>();
    byRound.set(roundId, mealsOfRound);
    const meal = catalogue.getMeal(order.mealId);
    const entry = mealsOfRound.get(order.mealId) ?? {
      key: meal.key,
      description: meal.description,
      category_key: meal.categoryKey,
      category_name: meal.categoryName,
      entries: [],
      total: 0,
      rank: meal.rank,
    };
    entry.entries.push({
      client: client.name,
      client_id: order.clientId,
      note: order.comment,
      dietary_requirements: client.dietaryRequirements,
      quantity: order.quantity,
      allergen_clash: order.allergenClash,
    });
    entry.total += order.quantity;
    mealsOfRound.set(order.mealId, entry);
  }
  const orderedRounds: { id: number | null; name: string }[] = [
    ...[...rounds].sort(compareNames),
    { id: null, name: noRoundName },
  ];
  const result: PackingRound[] = [];
  for (const round of orderedRounds) {
    const mealsOfRound = byRound.get(round.id);
    if (!mealsOfRound) continue;
    const meals = [...mealsOfRound.values()]
      .sort((a, b) => a.rank - b.rank)
      .map(({ rank: _rank, ...meal }) => ({
        ...meal,
        entries: meal.entries.sort((a, b) => a.client.localeCompare(b.client) || a.client_id - b.client_id),
      }));
    result.push({
      round_id: round.id,
      round: round.name,
      meals,
      total: sum(meals.map((meal) => meal.total)),
    });
  }
  return { date: formatDayMonthYear(date), rounds: result, total: sum(result.map((round) => round.total)) };
}

type DeliveryRow = {
  days: OrderedDelivered[];
  total: OrderedDelivered;
  held: number[];
  held_total: number;
};

function addToRow(row: DeliveryRow, index: number, ordered: number, delivered: number, held: number) {
  const day = row.days[index] ?? [0, 0];
  row.days[index] = [day[0] + ordered, day[1] + delivered];
  row.total = [row.total[0] + ordered, row.total[1] + delivered];
  row.held[index] = (row.held[index] ?? 0) + held;
  row.held_total += held;
}

function emptyRow(length: number): DeliveryRow {
  return {
    days: Array.from({ length }, (): OrderedDelivered => [0, 0]),
    total: [0, 0],
    held: Array.from({ length }, () => 0),
    held_total: 0,
  };
}

/** Groups the month's counted and held sums by a row key (a meal's category), with the total row. */
function groupDelivery<K>(dates: string[], counted: DaySum[], held: DaySum[], rowOf: (sums: DaySum) => K) {
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  const rows = new Map<K, DeliveryRow>();
  const total = emptyRow(dates.length);
  const add = (entry: DaySum, isHeld: boolean) => {
    const index = dayIndex.get(entry.date);
    if (index === undefined) return;
    const key = rowOf(entry);
    const row = rows.get(key) ?? emptyRow(dates.length);
    rows.set(key, row);
    const [ordered, delivered, heldPortions] = isHeld
      ? [0, 0, entry.ordered]
      : [entry.ordered, entry.delivered, 0];
    addToRow(row, index, ordered, delivered, heldPortions);
    addToRow(total, index, ordered, delivered, heldPortions);
  };
  counted.forEach((entry) => add(entry, false));
  held.forEach((entry) => add(entry, true));
  return { rows, total };
}

/** `clients`: each client's counted and held portions per day of the month. */
export function buildDeliveryByClient(dates: string[], clients: ClientMonth[]): DeliveryByClientReport {
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  const total = emptyRow(dates.length);
  const rows = clients.map((client) => {
    const row = emptyRow(dates.length);
    client.dates.forEach((date, position) => {
      const index = dayIndex.get(date);
      if (index === undefined) return;
      const ordered = client.ordered[position] ?? 0;
      const delivered = client.delivered[position] ?? 0;
      const held = client.held[position] ?? 0;
      addToRow(row, index, ordered, delivered, held);
      addToRow(total, index, ordered, delivered, held);
    });
    return { id: client.id, name: client.name, ...row };
  });
  return {
    month_start: formatDayMonthYear(dates[0] ?? ''),
    dates: dates.map(formatDayMonthYear),
    total,
    clients: rows.sort(compareNames),
  };
}

/** `mealDays`: counted portions per meal (key) and day; `heldMealDays`: portions chosen on held days. */
export function buildDeliveryByCategory(
  dates: string[],
  mealDays: DaySum[],
  heldMealDays: DaySum[],
  catalogue: Catalogue,
): DeliveryByCategoryReport {
  const { rows, total } = groupDelivery(
    dates,
    mealDays,
    heldMealDays,
    (entry) => catalogue.getMeal(entry.key).categoryKey,
  );
  const categories = catalogue.categories
    .filter((category) => rows.has(category.key))
    .map((category) => ({
      key: category.key,
      name: category.name,
      ...(rows.get(category.key) ?? emptyRow(dates.length)),
    }));
  return {
    month_start: formatDayMonthYear(dates[0] ?? ''),
    dates: dates.map(formatDayMonthYear),
    total,
    categories,
  };
}
