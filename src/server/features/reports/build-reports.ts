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
import type { Catalogue, CountedOrder } from './orders';

/*
 * Pure builders of the report shapes (src/contracts/reports.ts) from counted orders. The orders are already
 * filtered by the counting rules; these only group and sum.
 */

/** The name of the packing list's group of clients without a round. */
export const noRoundName = 'No Round';

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function buildKitchenWeek(
  dates: string[],
  orders: CountedOrder[],
  catalogue: Catalogue,
): KitchenWeekReport {
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  const clientsPerDay = dates.map(() => new Set<number>());
  const weekClients = new Set<number>();
  const perMeal = new Map<number, number[]>();
  for (const order of orders) {
    const index = dayIndex.get(order.date);
    if (index === undefined) continue;
    clientsPerDay[index]?.add(order.clientId);
    weekClients.add(order.clientId);
    const days = perMeal.get(order.mealId) ?? dates.map(() => 0);
    days[index] = (days[index] ?? 0) + order.quantity;
    perMeal.set(order.mealId, days);
  }
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
    Clients: { days: clientsPerDay.map((set) => set.size), Total: weekClients.size },
    MealCount: { days: mealCount, Total: sum(mealCount) },
    Categories: [...categories.values()]
      .sort((a, b) => a.rank - b.rank)
      .map(({ rank: _rank, ...category }) => category),
  };
}

export function buildKitchenDays(
  dates: string[],
  orders: CountedOrder[],
  catalogue: Catalogue,
): KitchenDayReport {
  const perDay = new Map<string, Map<number, number>>(dates.map((date) => [date, new Map()]));
  for (const order of orders) {
    const counts = perDay.get(order.date);
    counts?.set(order.mealId, (counts.get(order.mealId) ?? 0) + order.quantity);
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

export type PackingClient = { id: number; name: string; roundId: number | null; dietaryRequirements: string };

/** `orders` are the day's counted orders already limited to the ticked categories. */
export function buildPackingList(
  date: string,
  orders: CountedOrder[],
  catalogue: Catalogue,
  clients: Map<number, PackingClient>,
  rounds: { id: number; name: string }[],
): PackingListReport {
  const byRound = new Map<number | null, Map<number, PackingMeal & { rank: number }>>();
  for (const order of orders) {
    const client = clients.get(order.clientId);
    if (!client) continue;
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
      client_id: client.id,
      note: order.comment,
      dietary_requirements: client.dietaryRequirements,
      quantity: order.quantity,
    });
    entry.total += order.quantity;
    mealsOfRound.set(order.mealId, entry);
  }
  const orderedRounds: { id: number | null; name: string }[] = [
    ...[...rounds].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
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

type DeliveryRow = { days: OrderedDelivered[]; total: OrderedDelivered };

function addToRow(row: DeliveryRow, index: number, order: CountedOrder) {
  const delivered = order.isDelivered ? order.quantity : 0;
  const day = row.days[index] ?? [0, 0];
  row.days[index] = [day[0] + order.quantity, day[1] + delivered];
  row.total = [row.total[0] + order.quantity, row.total[1] + delivered];
}

function emptyRow(length: number): DeliveryRow {
  return { days: Array.from({ length }, (): OrderedDelivered => [0, 0]), total: [0, 0] };
}

/** Groups the month's orders by a key (client or category), with the total row. */
function groupDelivery(
  dates: string[],
  orders: CountedOrder[],
  keyOf: (order: CountedOrder) => number | string,
) {
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  const rows = new Map<number | string, DeliveryRow>();
  const total = emptyRow(dates.length);
  for (const order of orders) {
    const index = dayIndex.get(order.date);
    if (index === undefined) continue;
    const key = keyOf(order);
    const row = rows.get(key) ?? emptyRow(dates.length);
    rows.set(key, row);
    addToRow(row, index, order);
    addToRow(total, index, order);
  }
  return { rows, total };
}

export function buildDeliveryByClient(
  dates: string[],
  orders: CountedOrder[],
  clientNames: Map<number, string>,
): DeliveryByClientReport {
  const { rows, total } = groupDelivery(dates, orders, (order) => order.clientId);
  const clients = [...rows.entries()]
    .map(([id, row]) => ({ id: Number(id), name: clientNames.get(Number(id)) ?? '', ...row }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    month_start: formatDayMonthYear(dates[0] ?? ''),
    dates: dates.map(formatDayMonthYear),
    total,
    clients,
  };
}

export function buildDeliveryByCategory(
  dates: string[],
  orders: CountedOrder[],
  catalogue: Catalogue,
): DeliveryByCategoryReport {
  const { rows, total } = groupDelivery(
    dates,
    orders,
    (order) => catalogue.getMeal(order.mealId).categoryKey,
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
