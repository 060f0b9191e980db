import { formatDateDisplay } from '../../domain/report-rules';
import { drawOpenClashes, type OpenClashLine } from './allergen-override-table';
import { drawHeading, drawTable, renderPdf, type TableCell } from './pdf-document';
import type { RoundSheet, SheetClient, SheetMeal } from './round-sheet';

/**
 * The kitchen meal preparation sheet of a round and day: every counted portion of the round's clients (stops and
 * clients without a stop alike) counted per meal and state, grouped by category, with category and grand totals.
 */

type KitchenLine = {
  categoryName: string;
  description: string;
  mealState: string;
  rank: number;
  count: number;
};

export function listKitchenLines(sheet: RoundSheet): KitchenLine[] {
  const meals: SheetMeal[] = [
    ...sheet.stops.flatMap((stop) => stop.meals),
    ...sheet.unvisited.flatMap((entry) => entry.meals),
  ];
  const lines = new Map<string, KitchenLine>();
  for (const meal of meals) {
    const key = `${meal.rank}|${meal.description}|${meal.mealState}`;
    const line = lines.get(key) ?? {
      categoryName: meal.categoryName,
      description: meal.description,
      mealState: meal.mealState,
      rank: meal.rank,
      count: 0,
    };
    line.count += meal.quantity;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => a.rank - b.rank || a.mealState.localeCompare(b.mealState));
}

/** The sheet's meals that contain one of their client's allergies, not overridden, by stop then unvisited. */
function listOpenClashes(sheet: RoundSheet): OpenClashLine[] {
  const clashesOf = (client: SheetClient, meals: SheetMeal[]) =>
    meals
      .filter((meal) => meal.allergenClash.length > 0)
      .map((meal) => ({ client: client.name, meal: meal.description, allergens: meal.allergenClash }));
  return [
    ...sheet.stops.flatMap((stop) => clashesOf(stop.client, stop.meals)),
    ...sheet.unvisited.flatMap((entry) => clashesOf(entry.client, entry.meals)),
  ];
}

function listRows(lines: KitchenLine[]): TableCell[][] {
  const rows: TableCell[][] = [];
  let category: string | null = null;
  let categoryTotal = 0;
  const closeCategory = () => {
    if (category !== null) {
      rows.push([
        { text: `${category} total`, bold: true },
        '',
        '',
        { text: String(categoryTotal), bold: true },
      ]);
    }
  };
  for (const line of lines) {
    if (line.categoryName !== category) {
      closeCategory();
      category = line.categoryName;
      categoryTotal = 0;
    }
    categoryTotal += line.count;
    rows.push([line.categoryName, line.description, line.mealState, String(line.count)]);
  }
  closeCategory();
  const total = lines.reduce((sum, line) => sum + line.count, 0);
  rows.push([{ text: 'Total meals', bold: true }, '', '', { text: String(total), bold: true }]);
  return rows;
}

export function renderKitchenSheetPdf(sheet: RoundSheet): Promise<Buffer> {
  const title = 'Kitchen Meal Preparation Sheet';
  const day = formatDateDisplay(sheet.date);
  return renderPdf({ title, footerText: `${title} - ${sheet.round.name} - ${day}` }, (doc) => {
    drawHeading(doc, title, [`Round: ${sheet.round.name}`, `Date: ${day}`]);
    drawTable(doc, {
      columns: [
        { header: 'Category', weight: 2 },
        { header: 'Meal', weight: 4 },
        { header: 'State', weight: 1.3 },
        { header: 'Count', weight: 1, align: 'right' },
      ],
      rows: listRows(listKitchenLines(sheet)),
    });
    drawOpenClashes(doc, listOpenClashes(sheet));
  });
}
