import { formatContains } from '../../domain/allergen-clash';
import { formatDayMonthYear } from '../../domain/weeks';
import { fonts, renderPdf, toPdfText, type PdfDoc } from './pdf-document';
import { describeDiet, type RoundSheet, type SheetClient, type SheetMeal } from './round-sheet';

/**
 * The kitchen meal label sheet: one label per portion on standard A4 label stock of 21 labels (3 across, 7 down,
 * 63.5 x 38.1 mm, as Avery L7160 and its equivalents), sorted by round, then stop. Label text is smaller than the
 * 12 pt of the other sheets (a label is small) but never below 8 pt.
 */

const mm = 72 / 25.4;

/** The stock's geometry in points. */
export const labelStock = {
  columns: 3,
  rows: 7,
  width: 63.5 * mm,
  height: 38.1 * mm,
  /** Left edge of the first column and top edge of the first row. */
  left: 7.25 * mm,
  top: 15.15 * mm,
  /** Distance between the left edges of neighbouring columns (63.5 mm label + 2.54 mm gap). */
  pitchX: 66.04 * mm,
  pitchY: 38.1 * mm,
  padding: 2.5 * mm,
} as const;

export const labelsPerSheet = labelStock.columns * labelStock.rows;

export type MealLabel = {
  clientName: string;
  /** YYYY-MM-DD. */
  date: string;
  meal: string;
  category: string;
  state: string;
  diet: string;
  /** 'Contains: milk, egg', or '' when the meal has no allergens. */
  contains: string;
  round: string;
  /** null for a client of the round with meals but no stop. */
  stop: number | null;
};

function toLabels(
  sheet: RoundSheet,
  client: SheetClient,
  meals: SheetMeal[],
  stop: number | null,
): MealLabel[] {
  return meals.flatMap((meal) =>
    Array.from({ length: meal.quantity }, () => ({
      clientName: client.name,
      date: sheet.date,
      meal: meal.description,
      category: meal.categoryName,
      state: meal.mealState,
      diet: describeDiet(client),
      contains: formatContains(meal.allergens),
      round: sheet.round.name,
      stop,
    })),
  );
}

/** One label per portion: rounds by name, then stops in driving order, then the clients without a stop. */
export function listMealLabels(sheets: RoundSheet[]): MealLabel[] {
  return [...sheets]
    .sort((a, b) => a.round.name.localeCompare(b.round.name))
    .flatMap((sheet) => [
      ...sheet.stops.flatMap((stop) => toLabels(sheet, stop.client, stop.meals, stop.number)),
      ...sheet.unvisited.flatMap((entry) => toLabels(sheet, entry.client, entry.meals, null)),
    ]);
}

function drawLabel(doc: PdfDoc, label: MealLabel, x: number, y: number) {
  const { padding } = labelStock;
  const width = labelStock.width - 2 * padding;
  const left = x + padding;
  let top = y + padding;
  const line = (text: string, font: string, size: number, lines = 1) => {
    if (!text) return;
    doc.font(font).fontSize(size);
    const height = size * 1.16 * lines;
    doc.text(toPdfText(text), left, top, { width, height, ellipsis: true, lineGap: 0 });
    top += Math.min(height, doc.heightOfString(toPdfText(text), { width }));
  };
  line(label.clientName, fonts.bold, 12);
  line(label.meal, fonts.bold, 11, 2);
  line(`${label.category} - ${label.state}`, fonts.regular, 9);
  // Before the diet, so it is never the line cut short.
  line(label.contains, fonts.bold, 8, 2);
  line(label.diet, fonts.regular, 8, 2);
  // The round, stop and date always sit on the label's last line.
  doc.font(fonts.regular).fontSize(8);
  const stop = label.stop === null ? 'no stop' : `Stop ${label.stop}`;
  doc.text(
    toPdfText(`${label.round} - ${stop} - ${formatDayMonthYear(label.date)}`),
    left,
    y + labelStock.height - padding - 9,
    { width, height: 10, ellipsis: true, lineBreak: false },
  );
}

export function renderLabelSheetPdf(
  labels: MealLabel[],
  title = 'Kitchen Meal Label Sheet',
): Promise<Buffer> {
  const margins = { top: 0, bottom: 0, left: 0, right: 0 };
  return renderPdf({ title, hasFooter: false, margins }, (doc) => {
    labels.forEach((label, index) => {
      const onSheet = index % labelsPerSheet;
      if (index > 0 && onSheet === 0) doc.addPage({ size: 'A4', margins });
      const column = onSheet % labelStock.columns;
      const row = Math.floor(onSheet / labelStock.columns);
      drawLabel(
        doc,
        label,
        labelStock.left + column * labelStock.pitchX,
        labelStock.top + row * labelStock.pitchY,
      );
    });
    if (labels.length === 0) {
      doc.font(fonts.regular).fontSize(12).text('No meals to label.', 72, 72);
    }
  });
}
