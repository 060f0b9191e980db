import type { AllergenOverrideFlag } from '../../contracts/allergens';
import { describeOpenClash, joinAllergenNames } from '../../domain/allergen-clash';
import {
  contentBottom,
  contentWidth,
  drawTable,
  fonts,
  minBodyFontSize,
  toPdfText,
  type PdfDoc,
  type TableCell,
} from './pdf-document';

/** The red of an allergen flag (the screens use the same). */
export const overrideFill = '#f6c1c1';

/** Keeps a section's heading with the first rows of its table. */
function drawSectionHeading(doc: PdfDoc, heading: string) {
  if (doc.y + 80 > contentBottom(doc)) doc.addPage();
  doc.moveDown(1);
  doc
    .font(fonts.bold)
    .fontSize(14)
    .text(toPdfText(heading), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.font(fonts.regular).fontSize(minBodyFontSize).moveDown(0.3);
}

/** A client's meal that contains one of their allergies, chosen without an override. */
export type OpenClashLine = { client: string; meal: string; allergens: readonly string[] };

/**
 * The open allergen clashes of a day's kitchen sheet: the meals to change or override before they go out, in
 * bold red so they are not missed; nothing is drawn when there are none.
 */
export function drawOpenClashes(doc: PdfDoc, clashes: readonly OpenClashLine[]) {
  if (clashes.length === 0) return;
  drawSectionHeading(doc, 'Allergy clashes to resolve');
  const flag = (text: string): TableCell => ({ text, bold: true, fill: overrideFill });
  drawTable(doc, {
    columns: [
      { header: 'Client', weight: 3 },
      { header: 'Meal', weight: 4 },
      { header: 'Allergy', weight: 3 },
    ],
    rows: clashes.map((clash) => [
      flag(clash.client),
      flag(clash.meal),
      flag(describeOpenClash(clash.allergens)),
    ]),
  });
}

/**
 * The overridden allergen clashes under a kitchen report's table, so the cook sees who gets a meal containing
 * one of their allergies and why; nothing is drawn when there are none.
 */
export function drawAllergenOverrides(doc: PdfDoc, flags: readonly AllergenOverrideFlag[] | undefined) {
  if (!flags || flags.length === 0) return;
  drawSectionHeading(doc, 'Allergen overrides');
  const fill = (text: string): TableCell => ({ text, fill: overrideFill });
  drawTable(doc, {
    columns: [
      { header: 'Date', weight: 1.2 },
      { header: 'Client', weight: 2.5 },
      { header: 'Meal', weight: 3 },
      { header: 'Contains', weight: 2 },
      { header: 'Reason', weight: 4 },
    ],
    rows: flags.map((flag) => [
      fill(flag.date),
      fill(flag.client),
      fill(flag.meal),
      fill(joinAllergenNames(flag.allergens)),
      fill(flag.reason),
    ]),
  });
}
