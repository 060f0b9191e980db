import type {
  DeliveryByCategoryReport,
  DeliveryByClientReport,
  KitchenDayReport,
  KitchenWeekReport,
  MealChoicesReport,
  PackingListReport,
} from '../../../contracts/reports';
import {
  getDeliveryMonth,
  getKitchenWeek,
  getMealChoicesWindow,
  getPackingDay,
  isProblemDay,
} from '../../../domain/report-rules';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { isPlannedDay } from '../../../domain/meal-days';
import { getIsoWeekday } from '../../../domain/zoned-time';
import {
  buildDeliveryByCategory,
  buildDeliveryByClient,
  buildKitchenDays,
  buildKitchenWeek,
  buildPackingList,
  type PackingClient,
} from './build-reports';
import { getAccountToday, loadCatalogue, loadCountedOrders } from './orders';
import type { ReportsRepository } from './repository';

/** DD-MM-YYYY (already validated by the contract) to YYYY-MM-DD; undefined stays undefined. */
function toIso(date: string | undefined): string | undefined {
  return date === undefined ? undefined : (parseDayMonthYear(date) ?? undefined);
}

function firstAndLast(dates: string[]): [string, string] {
  return [dates[0] ?? '', dates[dates.length - 1] ?? ''];
}

/** The reports of spec section 7; every date parameter is DD-MM-YYYY and optional (see the contract). */
export function createReportsService(deps: { repository: ReportsRepository; now: () => Date }) {
  const { repository } = deps;
  const today = (accountId: number) => getAccountToday(repository, accountId, deps.now());

  async function loadWindow(accountId: number, dates: string[]) {
    const [from, to] = firstAndLast(dates);
    const [orders, catalogue] = await Promise.all([
      loadCountedOrders(repository, accountId, from, to),
      loadCatalogue(repository, accountId),
    ]);
    return { orders, catalogue };
  }

  return {
    async getKitchenWeek(accountId: number, date?: string): Promise<KitchenWeekReport> {
      const dates = getKitchenWeek(await today(accountId), toIso(date));
      const { orders, catalogue } = await loadWindow(accountId, dates);
      return buildKitchenWeek(dates, orders, catalogue);
    },

    async getKitchenDays(accountId: number, date?: string): Promise<KitchenDayReport> {
      const dates = getKitchenWeek(await today(accountId), toIso(date));
      const { orders, catalogue } = await loadWindow(accountId, dates);
      return buildKitchenDays(dates, orders, catalogue);
    },

    async getMealChoices(accountId: number, date?: string): Promise<MealChoicesReport> {
      const dates = getMealChoicesWindow(await today(accountId), toIso(date));
      const [from, to] = firstAndLast(dates);
      const [clients, sums] = await Promise.all([
        repository.listVisibleClients(accountId),
        repository.sumChoices(accountId, from, to),
      ]);
      const counts = new Map(sums.map((row) => [`${String(row.clientId)}|${row.date}`, row.count]));
      const weekdays = dates.map(getIsoWeekday);
      return {
        start_date: formatDayMonthYear(from),
        dates: dates.map(formatDayMonthYear),
        clients: clients.map((client) => {
          let score = 0;
          const days = dates.map((day, index) => {
            const cnt = counts.get(`${String(client.id)}|${day}`) ?? 0;
            if (isProblemDay(client.planDow, day, cnt)) score += 1;
            return {
              date: formatDayMonthYear(day),
              planned: isPlannedDay(client.planDow, weekdays[index] ?? 1),
              cnt,
            };
          });
          return { id: client.id, name: client.name, score, days };
        }),
      };
    },

    async getPackingList(
      accountId: number,
      body: { date?: string; categories: Record<string, boolean> },
    ): Promise<PackingListReport> {
      const date = getPackingDay(await today(accountId), toIso(body.date));
      const ticked = new Set(Object.keys(body.categories).filter((key) => body.categories[key] === true));
      if (ticked.size === 0)
        return buildPackingList(date, [], await loadCatalogue(repository, accountId), new Map(), []);
      const [{ orders, catalogue }, rounds] = await Promise.all([
        loadWindow(accountId, [date]),
        repository.listRounds(accountId),
      ]);
      const kept = orders.filter((order) => ticked.has(catalogue.getMeal(order.mealId).categoryKey));
      const clientRows = await repository.listClients(accountId, [
        ...new Set(kept.map((order) => order.clientId)),
      ]);
      const clients = new Map<number, PackingClient>(clientRows.map((row) => [row.id, row]));
      return buildPackingList(date, kept, catalogue, clients, rounds);
    },

    async getDeliveryByClient(accountId: number, date?: string): Promise<DeliveryByClientReport> {
      const dates = getDeliveryMonth(await today(accountId), toIso(date));
      const [from, to] = firstAndLast(dates);
      const orders = await loadCountedOrders(repository, accountId, from, to);
      const clientRows = await repository.listClients(accountId, [
        ...new Set(orders.map((order) => order.clientId)),
      ]);
      return buildDeliveryByClient(dates, orders, new Map(clientRows.map((row) => [row.id, row.name])));
    },

    async getDeliveryByCategory(accountId: number, date?: string): Promise<DeliveryByCategoryReport> {
      const dates = getDeliveryMonth(await today(accountId), toIso(date));
      const { orders, catalogue } = await loadWindow(accountId, dates);
      return buildDeliveryByCategory(dates, orders, catalogue);
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
