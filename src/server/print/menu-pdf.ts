import type { MenuPrintBody, MenuPrintMeal } from '../../contracts/print';
import { getWeekdayName, weekdayNames } from '../../domain/calendar-names';
import { drawHeading, drawTable, renderPdf, type TableCell } from './pdf-document';

/** The weekly menu: days Monday to Sunday across, meal categories down, the meals (and their labels) in each cell. */

export type MenuPdfInput = MenuPrintBody & { customText: string };

function parseDayMonthYear(value: string): Date {
  const [day, month, year] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

export function formatDayMonthYear(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}

/** The seven days, Monday first, of the week holding `weekStart` (DD-MM-YYYY). */
export function listWeekDays(weekStart: string): string[] {
  const date = parseDayMonthYear(weekStart);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return weekdayNames.map((_, index) =>
    formatDayMonthYear(new Date(date.getTime() + (index - sinceMonday) * 86_400_000)),
  );
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
