import type {
  DeliveryByCategoryReport,
  DeliveryByClientReport,
  KitchenDayReport,
  KitchenWeekReport,
  MealChoicesReport,
  PackingListReport,
} from '../../contracts/reports';
import type { AllergenClash, AllergenOverrideFlag } from '../../contracts/allergens';
import { describeOpenClash, describeOverride } from '../../domain/allergen-clash';
import { getWeekdayName } from '../../domain/calendar-names';
import type { CsvCell } from './csv';

/** The reports as CSV tables: a header row and data rows, totals as the screens show them. */

export type CsvTable = { header: string[]; rows: CsvCell[][] };

/** Rows after a kitchen report's table flagging its overridden allergen clashes: the flag, date, client and meal. */
function toOverrideRows(flags: readonly AllergenOverrideFlag[] | undefined): CsvCell[][] {
  return (flags ?? []).map((flag) => [
    describeOverride(flag.allergens, flag.reason),
    flag.date,
    flag.client,
    flag.meal,
  ]);
}

/** Rows after a day's table flagging its open allergen clashes: 'ALLERGY: milk', date, client and meal. */
function toClashRows(clashes: readonly AllergenClash[] | undefined): CsvCell[][] {
  return (clashes ?? []).map((clash) => [
    describeOpenClash(clash.allergens),
    clash.date,
    clash.client,
    clash.meal,
  ]);
}

export function toKitchenWeekCsv(report: KitchenWeekReport): CsvTable {
  const rows: CsvCell[][] = [
    ['Clients', '', ...report.Clients.days, report.Clients.Total],
    ['Total Meals', '', ...report.MealCount.days, report.MealCount.Total],
  ];
  for (const category of report.Categories) {
    for (const meal of category.Meals) rows.push([category.name, meal.description, ...meal.days, meal.Total]);
  }
  rows.push(...toOverrideRows(report.allergen_overrides));
  return { header: ['Category', 'Meal', ...report.dates, 'Total'], rows };
}

export function toKitchenDaysCsv(report: KitchenDayReport): CsvTable {
  return {
    header: ['Date', 'Category', 'Meal', 'Count'],
    rows: report.days.flatMap((day) => [
      ...day.meals.map((meal): CsvCell[] => [day.date, meal.category_name, meal.description, meal.count]),
      [day.date, 'Total', '', day.total],
      ...toClashRows(day.allergen_clashes),
      ...toOverrideRows(day.allergen_overrides),
    ]),
  };
}

export function toMealChoicesCsv(report: MealChoicesReport): CsvTable {
  return {
    header: ['Client', 'Client ID', 'Score', 'Plan', ...report.dates],
    rows: report.clients.map((client) => [
      client.name,
      client.id,
      client.score,
      // The window starts on a Monday, so its first 7 days are the plan's weekdays in order.
      client.days
        .slice(0, 7)
        .flatMap((day, index) => (day.planned ? [getWeekdayName(index, 'short')] : []))
        .join(' '),
      ...client.days.map((day) => day.cnt),
    ]),
  };
}

export function toPackingListCsv(report: PackingListReport): CsvTable {
  const rows: CsvCell[][] = [];
  for (const round of report.rounds) {
    for (const meal of round.meals) {
      for (const entry of meal.entries) {
        rows.push([
          round.round,
          meal.category_name,
          meal.description,
          entry.client,
          entry.client_id,
          [
            describeOpenClash(entry.allergen_clash),
            entry.note,
            entry.allergen_override
              ? describeOverride(entry.allergen_override.allergens, entry.allergen_override.reason)
              : '',
          ]
            .filter((text) => text !== '')
            .join(' '),
          entry.dietary_requirements,
          entry.quantity,
        ]);
      }
    }
    rows.push([round.round, '', 'Total', '', '', '', '', round.total]);
  }
  rows.push(['All rounds', '', 'Total', '', '', '', '', report.total]);
  return {
    header: ['Round', 'Category', 'Meal', 'Client', 'Client ID', 'Note', 'Dietary Requirements', 'Quantity'],
    rows,
  };
}

type DeliveryRow = { days: [number, number][]; total: [number, number]; held: number[]; held_total: number };

/** Per day: ordered, delivered and held (chosen on a day the client was on hold); then the month's totals. */
function deliveryHeader(first: string[], dates: string[]): string[] {
  return [
    ...first,
    ...dates.flatMap((date) => [`${date} ordered`, `${date} delivered`, `${date} held`]),
    'Total ordered',
    'Total delivered',
    'Total held',
  ];
}

function deliveryCells(row: DeliveryRow): CsvCell[] {
  return [...row.days.flatMap((day, index) => [...day, row.held[index] ?? 0]), ...row.total, row.held_total];
}

export function toDeliveryByClientCsv(report: DeliveryByClientReport): CsvTable {
  return {
    header: deliveryHeader(['Client', 'Client ID'], report.dates),
    rows: [
      ...report.clients.map((client): CsvCell[] => [client.name, client.id, ...deliveryCells(client)]),
      ['Total', '', ...deliveryCells(report.total)],
    ],
  };
}

export function toDeliveryByCategoryCsv(report: DeliveryByCategoryReport): CsvTable {
  return {
    header: deliveryHeader(['Category'], report.dates),
    rows: [
      ...report.categories.map((category): CsvCell[] => [category.name, ...deliveryCells(category)]),
      ['Total', ...deliveryCells(report.total)],
    ],
  };
}
