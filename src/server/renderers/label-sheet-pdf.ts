import { describeOpenClash, formatContains } from '../../domain/allergen-clash';
import { countLabelsPerPage, placeLabel, type LabelLayout } from '../../domain/label-layouts';
import { getUseByDate, type UseByDays } from '../../domain/use-by';
import { formatDayMonthYear } from '../../domain/weeks';
import { createLabelFitter, type FittedLabel, type LabelContent, type LabelFont } from './label-fit';
import { fonts, renderPdf, toPdfText, type PdfDoc } from './pdf-document';
import { describeDiet, type RoundSheet, type SheetClient, type SheetMeal } from './round-sheet';

/**
 * The kitchen meal label sheet: one label per portion (and a continuation label when its text needs more room),
 * sorted by round, then stop, on the label stock chosen in Settings > Meals, shifted by the printer offset. The
 * fitting rule is label-fit.ts; every text goes through the document's Unicode fonts.
 */

const mm = 72 / 25.4;

/**
 * The smallest text on a label. Noto Sans's x-height is 0.536 of the size, so 6.5 pt gives letters 1.2 mm high:
 * the height food labelling rules ask of mandatory information, and still readable at arm's length.
 */
const minLabelFontSize = 6.5;

/** Room kept clear inside each label's edge: label stock is die-cut and printers are off by a millimetre or so. */
const padding = { x: 2 * mm, y: 1.5 * mm };

export type MealLabel = {
  clientName: string;
  /** YYYY-MM-DD. */
  date: string;
  meal: string;
  category: string;
  state: string;
  /** The meal's dietary labels. */
  mealLabels: string[];
  /** The client's dietary labels and requirements, on one line. */
  diet: string;
  /** 'Contains: milk, egg', or '' when the meal has no allergens. */
  contains: string;
  /** 'ALLERGY: milk' when the meal contains one of this client's allergies, not overridden; else ''. */
  allergy: string;
  /** The per-meal comment of the client's choice. */
  comment: string;
  reheating: string;
  /** YYYY-MM-DD. */
  useBy: string;
  round: string;
  /** null for a client of the round with meals but no stop. */
  stop: number | null;
};

export type LabelPrint = {
  layout: LabelLayout;
  /** Millimetres to move every label by on the page (right and down), to correct a printer. */
  offset: { x: number; y: number };
};

function toLabels(
  sheet: RoundSheet,
  client: SheetClient,
  meals: SheetMeal[],
  stop: number | null,
  useByDays: UseByDays,
): MealLabel[] {
  return meals.flatMap((meal) =>
    Array.from({ length: meal.quantity }, () => ({
      clientName: client.name,
      date: sheet.date,
      meal: meal.description,
      category: meal.categoryName,
      state: meal.mealState,
      mealLabels: meal.labels,
      diet: describeDiet(client),
      contains: formatContains(meal.allergens),
      allergy: describeOpenClash(meal.allergenClash),
      comment: meal.comment.trim(),
      reheating: meal.reheatingInstructions.trim(),
      useBy: getUseByDate(sheet.date, meal.mealState, useByDays),
      round: sheet.round.name,
      stop,
    })),
  );
}

/** One label per portion: rounds by name, then stops in driving order, then the clients without a stop. */
export function listMealLabels(sheets: RoundSheet[], useByDays: UseByDays): MealLabel[] {
  return [...sheets]
    .sort((a, b) => a.round.name.localeCompare(b.round.name))
    .flatMap((sheet) => [
      ...sheet.stops.flatMap((stop) => toLabels(sheet, stop.client, stop.meals, stop.number, useByDays)),
      ...sheet.unvisited.flatMap((entry) => toLabels(sheet, entry.client, entry.meals, null, useByDays)),
    ]);
}

/** What a label says, in the order it is read: who and what first, then safety, then handling. */
function describeLabel(label: MealLabel): LabelContent {
  const regular = (text: string, size = 8) => ({ text: toPdfText(text), font: 'regular' as const, size });
  const bold = (text: string, size = 8) => ({ text: toPdfText(text), font: 'bold' as const, size });
  const state = [label.category, label.state, `Use by ${formatDayMonthYear(label.useBy)}`];
  const stop = label.stop === null ? 'no stop' : `Stop ${String(label.stop)}`;
  return {
    // The open clash belongs with who and what: it is repeated on every label of the portion.
    header: [bold(label.clientName, 11), bold(label.meal, 10), bold(label.allergy, 10)].filter(
      (block) => block.text !== '',
    ),
    body: [
      bold(state.filter(Boolean).join(' - ')),
      bold(label.contains),
      regular(label.mealLabels.length > 0 ? `Meal labels: ${label.mealLabels.join(', ')}` : ''),
      regular(label.diet ? `Client diet: ${label.diet}` : ''),
      regular(label.comment ? `Note: ${label.comment}` : ''),
      regular(label.reheating ? `Reheat: ${label.reheating}` : ''),
    ].filter((block) => block.text !== ''),
    footer: regular(`${label.round} - ${stop} - ${formatDayMonthYear(label.date)}`, 7.5),
  };
}

/**
 * ' - 1 of 2' on the first of a portion's labels, ' - continued, 2 of 2' on the next; nothing on a lone one. No-break
 * spaces keep the marker on one line.
 */
function markContinuation(index: number, count: number): string {
  if (count < 2) return '';
  const marker = `${index > 0 ? 'continued, ' : ''}${String(index + 1)} of ${String(count)}`;
  return ` - ${marker.replace(/ /g, '\u00a0')}`;
}

function createFitter(doc: PdfDoc, layout: LabelLayout) {
  const widths = new Map<string, number>();
  const measure = (text: string, font: LabelFont, size: number) => {
    const key = `${font}|${String(size)}|${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = doc.font(fonts[font]).fontSize(size).widthOfString(text);
      widths.set(key, width);
    }
    return width;
  };
  const box = {
    width: layout.labelWidth * mm - 2 * padding.x,
    height: layout.labelHeight * mm - 2 * padding.y,
  };
  return createLabelFitter(box, measure, {
    minSize: minLabelFontSize,
    step: 0.5,
    lineHeight: 1.2,
    marker: markContinuation,
  });
}

function drawLabel(doc: PdfDoc, label: FittedLabel, x: number, y: number) {
  for (const line of label.lines) {
    doc
      .font(fonts[line.font])
      .fontSize(line.size)
      .text(line.text, x + padding.x, y + padding.y + line.y, { lineBreak: false });
  }
}

export function renderLabelSheetPdf(
  labels: MealLabel[],
  print: LabelPrint,
  title = 'Kitchen Meal Label Sheet',
): Promise<Buffer> {
  const { layout, offset } = print;
  const margins = { top: 0, bottom: 0, left: 0, right: 0 };
  const size = layout.page.size;
  return renderPdf({ title, size, hasFooter: false, margins }, (doc) => {
    const fitLabel = createFitter(doc, layout);
    // A client's portions of one meal print the same labels: fitted once.
    const fittedByText = new Map<string, FittedLabel[]>();
    const fitted = labels.flatMap((label) => {
      const content = describeLabel(label);
      const key = JSON.stringify(content);
      let portion = fittedByText.get(key);
      if (!portion) {
        portion = fitLabel(content);
        fittedByText.set(key, portion);
      }
      return portion;
    });
    fitted.forEach((label, index) => {
      const place = placeLabel(layout, index, offset);
      if (index > 0 && index % countLabelsPerPage(layout) === 0) doc.addPage({ size, margins });
      drawLabel(doc, label, place.x * mm, place.y * mm);
    });
    if (labels.length === 0) {
      doc.font(fonts.regular).fontSize(12).text('No meals to label.', 72, 72);
    }
  });
}
