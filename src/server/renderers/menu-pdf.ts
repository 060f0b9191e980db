import type { MenuPrintBody, MenuPrintMeal } from '../../contracts/print';
import { getWeekdayName } from '../../domain/calendar-names';
import { formatDayMonthYear, parseDayMonthYear, snapToMonday, weekDates } from '../../domain/weeks';
import { drawHeading, drawTable, renderPdf, type TableCell } from './pdf-document';

/** The weekly menu: days Monday to Sunday across, meal categories down, the meals (and their labels) in each cell. */

export type MenuPdfInput = MenuPrintBody & { customText: string };

/** The seven days (DD-MM-YYYY), Monday first, of the week holding `weekStart` (DD-MM-YYYY; the contract checks it). */
function listWeekDays(weekStart: string): string[] {
  const date = parseDayMonthYear(weekStart);
  return date ? weekDates(snapToMonday(date)).map(formatDayMonthYear) : [];
}

type MenuRow = { name: string; keys: string[] };

/** The account's categories in their order, then any category named in the items that is not among them. */
function listMenuRows(input: MenuPdfInput, days: string[]): MenuRow[] {
  const rows: MenuRow[] = input.categories.map((category) => ({
    name: category.name,
    keys: [category.name, category.key],
  }));
  const known = new Set(rows.flatMap((row) => row.keys));
  for (const day of days) {
    for (const name of Object.keys(input.items[day] ?? {})) {
      if (!known.has(name)) {
        known.add(name);
        rows.push({ name, keys: [name] });
      }
    }
  }
  return rows;
}

function describeMeal(meal: MenuPrintMeal, labelNames: Map<string, string>): string {
  const name = meal.description || meal.key;
  const labels = meal.labels.map((key) => labelNames.get(key) ?? key);
  return labels.length > 0 ? `${name} (${labels.join(', ')})` : name;
}

function listCellMeals(input: MenuPdfInput, day: string, row: MenuRow): MenuPrintMeal[] {
  const byCategory = input.items[day] ?? {};
  const key = row.keys.find((candidate) => byCategory[candidate] !== undefined);
  return key === undefined ? [] : (byCategory[key] ?? []);
}

export function renderMenuPdf(input: MenuPdfInput): Promise<Buffer> {
  const days = listWeekDays(input.week_start);
  const firstDay = days[0] ?? input.week_start;
  const lastDay = days[6] ?? input.week_start;
  const labelNames = new Map(input.labels.map((label) => [label.key, label.name]));
  const rows: TableCell[][] = listMenuRows(input, days).map((row) => [
    { text: row.name, bold: true },
    ...days.map((day) =>
      listCellMeals(input, day, row)
        .map((meal) => describeMeal(meal, labelNames))
        .join('\n'),
    ),
  ]);

  return renderPdf(
    { title: 'Weekly Menu', layout: 'landscape', footerText: `Weekly Menu ${firstDay} to ${lastDay}` },
    (doc) => {
      drawHeading(doc, 'Weekly Menu', [`Week of ${firstDay} to ${lastDay}`, input.customText]);
      drawTable(doc, {
        columns: [
          { header: 'Category', weight: 1.15 },
          ...days.map((day, index) => ({ header: `${getWeekdayName(index)}\n${day}`, weight: 1 })),
        ],
        rows,
        paragraphGap: 5,
      });
    },
  );
}
