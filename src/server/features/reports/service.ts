import type { HoldsReport } from '../../../contracts/holds-report';
import type {
  DeliveryByCategoryReport,
  DeliveryByClientReport,
  KitchenDayReport,
  KitchenWeekReport,
  MealChoicesReport,
  NextDeliveryDay,
  PackingListReport,
} from '../../../contracts/reports';
import {
  chooseNextDeliveryDay,
  getDeliveryMonth,
  getNextDeliveryDaySearch,
  getKitchenWeek,
  getMealChoicesWindow,
  getPackingDay,
  scoreMealChoices,
} from '../../../domain/report-rules';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { isDateHeld } from '../../../domain/holds';
import { isPlannedDay } from '../../../domain/meal-days';
import { getIsoWeekday } from '../../../domain/zoned-time';
import {
  buildDeliveryByCategory,
  buildDeliveryByClient,
  buildKitchenDays,
  buildKitchenWeek,
  buildPackingList,
} from './build-reports';
import { loadCatalogue, readAccountToday, type Catalogue } from './catalogue';
import type { AllergenOverridesRepository } from './allergen-overrides-repository';
import { buildHoldsReport, getHoldsReportFrom, type HoldsSource } from './holds-report';
import { flagPackingOverrides, groupByDate } from './flag-overrides';
import { compareNames } from './name-order';
import type { ClientMonth, CountedOrderRow, ReportClientRow, ReportsRepository } from './repository';

/** DD-MM-YYYY (already validated by the contract) to YYYY-MM-DD; undefined stays undefined. */
function toIso(date: string | undefined): string | undefined {
  return date === undefined ? undefined : (parseDayMonthYear(date) ?? undefined);
}

function firstAndLast(dates: string[]): [string, string] {
  return [dates[0] ?? '', dates[dates.length - 1] ?? ''];
}

/** A round's day as the sheets print it: its counted orders, the meal catalogue and the clients it carries. */
export type RoundDay = { orders: CountedOrderRow[]; catalogue: Catalogue; clients: ReportClientRow[] };

/** The reports; every date parameter is DD-MM-YYYY and optional (see the contract). */
export function createReportsService(deps: {
  repository: ReportsRepository;
  overrides: AllergenOverridesRepository;
  holds: HoldsSource;
  now: () => Date;
}) {
  const { repository } = deps;
  const today = (accountId: number) => readAccountToday(repository, accountId, deps.now());

  return {
    /** The account's local date (YYYY-MM-DD): the printed delivery reports judge days against it. */
    getToday: today,

    /** The day the packing list and Plan Day open on (report-rules.ts, chooseNextDeliveryDay). */
    async getNextDeliveryDay(accountId: number): Promise<NextDeliveryDay> {
      const day = await today(accountId);
      const { from, to } = getNextDeliveryDaySearch(day);
      return { date: chooseNextDeliveryDay(day, await repository.findFirstDeliveryDay(accountId, from, to)) };
    },

    async getKitchenWeek(accountId: number, date?: string): Promise<KitchenWeekReport> {
      const dates = getKitchenWeek(await today(accountId), toIso(date));
      const [from, to] = firstAndLast(dates);
      const [{ mealDays, clients }, catalogue, overrides] = await Promise.all([
        repository.sumKitchenWeek(accountId, from, to),
        loadCatalogue(repository, accountId),
        deps.overrides.listCountedOverrides(accountId, from, to),
      ]);
      return { ...buildKitchenWeek(dates, mealDays, clients, catalogue), allergen_overrides: overrides };
    },

    async getKitchenDays(accountId: number, date?: string): Promise<KitchenDayReport> {
      const dates = getKitchenWeek(await today(accountId), toIso(date));
      const [from, to] = firstAndLast(dates);
      const [mealDays, catalogue, overrides, clashes] = await Promise.all([
        repository.sumCountedByMealDay(accountId, from, to),
        loadCatalogue(repository, accountId),
        deps.overrides.listCountedOverrides(accountId, from, to),
        deps.overrides.listCountedClashes(accountId, from, to),
      ]);
      const report = buildKitchenDays(dates, mealDays, catalogue);
      const overridesByDate = groupByDate(overrides);
      const clashesByDate = groupByDate(clashes);
      return {
        ...report,
        days: report.days.map((day) => ({
          ...day,
          allergen_overrides: overridesByDate.get(day.date) ?? [],
          allergen_clashes: clashesByDate.get(day.date) ?? [],
        })),
      };
    },

    async getMealChoices(accountId: number, date?: string): Promise<MealChoicesReport> {
      const dates = getMealChoicesWindow(await today(accountId), toIso(date));
      const [from, to] = firstAndLast(dates);
      const clients = (await repository.listClientChoiceCounts(accountId, from, to)).sort(compareNames);
      const weekdays = dates.map(getIsoWeekday);
      return {
        start_date: formatDayMonthYear(from),
        dates: dates.map(formatDayMonthYear),
        clients: clients.map((client) => {
          // Most clients have no hold in the window: their days skip the hold check.
          const hasHolds = client.holds.length > 0;
          const days = dates.map((date, index) => ({
            planned: isPlannedDay(client.planDow, weekdays[index] ?? 1),
            cnt: client.portions[index] ?? 0,
            held: hasHolds && isDateHeld(client.holds, date),
          }));
          return { id: client.id, name: client.name, score: scoreMealChoices(days), days };
        }),
      };
    },

    /** The names of the ticked categories in the account's category order ('Other' last), for printing. */
    async listTickedCategoryNames(accountId: number, categories: Record<string, boolean>): Promise<string[]> {
      const catalogue = await loadCatalogue(repository, accountId);
      return catalogue.categories
        .filter((category) => categories[category.key] === true)
        .map((category) => category.name);
    },

    async getPackingList(
      accountId: number,
      body: { date?: string; categories: Record<string, boolean> },
    ): Promise<PackingListReport> {
      const date = getPackingDay(await today(accountId), toIso(body.date));
      const ticked = new Set(Object.keys(body.categories).filter((key) => body.categories[key] === true));
      if (ticked.size === 0) return { date: formatDayMonthYear(date), rounds: [], total: 0 };
      const [orders, catalogue, rounds, overrides] = await Promise.all([
        repository.listCountedOrders(accountId, date, date),
        loadCatalogue(repository, accountId),
        repository.listRounds(accountId),
        deps.overrides.listCountedOverrides(accountId, date, date),
      ]);
      const kept = orders.filter((order) => ticked.has(catalogue.getMeal(order.mealId).categoryKey));
      return flagPackingOverrides(buildPackingList(date, kept, catalogue, rounds), overrides);
    },

    async getDeliveryByClient(accountId: number, date?: string): Promise<DeliveryByClientReport> {
      const dates = getDeliveryMonth(await today(accountId), toIso(date));
      const [from, to] = firstAndLast(dates);
      return buildDeliveryByClient(dates, await repository.sumCountedByClient(accountId, from, to));
    },

    /**
     * Each client with counted or held portions from `from` to `to` (YYYY-MM-DD) and its portions ordered,
     * delivered and held per day, by the report rules: the funder reports and the month close count with these.
     */
    listClientDays(accountId: number, from: string, to: string): Promise<ClientMonth[]> {
      return repository.sumCountedByClient(accountId, from, to);
    },

    async getDeliveryByCategory(accountId: number, date?: string): Promise<DeliveryByCategoryReport> {
      const dates = getDeliveryMonth(await today(accountId), toIso(date));
      const [from, to] = firstAndLast(dates);
      const [mealDays, heldMealDays, catalogue] = await Promise.all([
        repository.sumCountedByMealDay(accountId, from, to),
        repository.sumHeldByMealDay(accountId, from, to),
        loadCatalogue(repository, accountId),
      ]);
      return buildDeliveryByCategory(dates, mealDays, heldMealDays, catalogue);
    },

    /** The Holds report on `date` (default today): who is paused, who begins later, who comes back this week. */
    async getHolds(accountId: number, date?: string): Promise<HoldsReport> {
      const day = toIso(date) ?? (await today(accountId));
      const [holds, rounds] = await Promise.all([
        deps.holds.listHoldsFrom(accountId, getHoldsReportFrom(day)),
        repository.listRounds(accountId),
      ]);
      return buildHoldsReport(day, holds, rounds);
    },

    /** One of the account's rounds, with its timezone; undefined when the account has no such round. */
    async findRound(accountId: number, roundId: number) {
      return (await repository.listRounds(accountId)).find((round) => round.id === roundId);
    },

    /** These visits of the account, with their round that day and whether a hold covers that day. */
    async findVisits(accountId: number, ids: number[]) {
      return repository.findVisits(accountId, ids);
    },

    /** The counted orders, catalogue and clients (by name) of a round's day (YYYY-MM-DD), for the round sheets. */
    async getRoundDay(accountId: number, roundId: number, date: string): Promise<RoundDay> {
      const [orders, catalogue, clients] = await Promise.all([
        repository.listCountedOrders(accountId, date, date, roundId),
        loadCatalogue(repository, accountId),
        repository.listRoundClients(accountId, roundId, date),
      ]);
      return { orders, catalogue, clients: clients.sort(compareNames) };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
