import type { AllergenOverrideFlag } from '../../contracts/allergens';
import { joinAllergenNames } from '../../domain/allergen-clash';
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

/**
 * The overridden allergen clashes under a kitchen report's table, so the cook sees who gets a meal containing
 * one of their allergies and why; nothing is drawn when there are none.
 */
export function drawAllergenOverrides(doc: PdfDoc, flags: readonly AllergenOverrideFlag[] | undefined) {
  if (!flags || flags.length === 0) return;
  // Keep the heading with the first rows of its table.
  if (doc.y + 80 > contentBottom(doc)) doc.addPage();
  doc.moveDown(1);
  doc
    .font(fonts.bold)
    .fontSize(14)
    .text(toPdfText('Allergen overrides'), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.font(fonts.regular).fontSize(minBodyFontSize).moveDown(0.3);
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
