import { create as createQrCode } from 'qrcode';
import { describeOpenClash } from '../../domain/allergen-clash';
import { formatDateDisplay } from '../../domain/report-rules';
import type { Leg } from '../../domain/round-panel';
import { formatRoundTravel, sumRoundTravel } from '../../domain/round-totals';
import { addDays } from '../../domain/zoned-time';
import { overrideFill } from './allergen-override-table';
import {
  contentWidth,
  drawHeading,
  drawTable,
  fonts,
  minBodyFontSize,
  renderPdf,
  type PdfDoc,
  type TableCell,
} from './pdf-document';
import {
  countSheetPortions,
  describeDiet,
  sumPortions,
  type RoundSheet,
  type SheetClient,
  type SheetMeal,
} from './round-sheet';

/**
 * The driver run sheet: the stops in driving order, one table row each (a row never splits across pages, and the
 * header row repeats), between the start at the base and the return to it; then the totals and any client of
 * the round whose meals have no stop, so no meal is silently missed. Everything is 12 pt or larger.
 */

function describeMeal(meal: SheetMeal): string {
  const comment = meal.comment.trim() ? ` - "${meal.comment.trim()}"` : '';
  // Read first: the meal must not be handed over as it is.
  const clash = meal.allergenClash.length > 0 ? `${describeOpenClash(meal.allergenClash)} - ` : '';
  return `${clash}${meal.quantity} x ${meal.description} (${meal.mealState}, ${meal.cookDeliver})${comment}`;
}

/** A stop's meals; in bold red when one of them contains one of the client's allergies (not overridden). */
function describeMeals(meals: SheetMeal[]): TableCell {
  const text = meals.map(describeMeal).join('\n') || 'No meals ordered';
  const hasClash = meals.some((meal) => meal.allergenClash.length > 0);
  return hasClash ? { text, bold: true, fill: overrideFill } : text;
}

function describeClient(client: SheetClient): string {
  const lines = [client.name, client.address];
  if (client.phone.trim()) lines.push(`Ph: ${client.phone.trim()}`);
  const contact = client.emergencyContact;
  if (contact) {
    const who = contact.relationship ? `${contact.name} (${contact.relationship})` : contact.name;
    lines.push(`Emergency: ${who}${contact.phone ? ` ${contact.phone}` : ''}`);
  }
  if (client.deliveryInstructions.trim()) lines.push(`Instructions: ${client.deliveryInstructions.trim()}`);
  if (client.allergies.length > 0) lines.push(`Allergies: ${client.allergies.join(', ')}`);
  const diet = describeDiet(client);
  if (diet) lines.push(`Diet: ${diet}`);
  return lines.join('\n');
}

function describeTravel(mins: number | undefined, kms: number | undefined): string {
  const parts = [
    mins === undefined ? '' : `${mins} min`,
    kms === undefined ? '' : `${kms.toFixed(1)} km`,
  ].filter(Boolean);
  // The travel to this stop, under its time.
  return parts.map((part) => `\n${part}`).join('');
}

/** The sheet's legs as the panel has them: to each stop, then back to the base (null where not known). */
function listSheetLegs(sheet: RoundSheet): Leg[] {
  const toStops = sheet.stops.map((stop) =>
    stop.travelMins === undefined && stop.travelKms === undefined
      ? null
      : { mins: stop.travelMins ?? 0, kms: stop.travelKms ?? 0 },
  );
  return [...toStops, sheet.returnTravel ?? null];
}

const columns = [
  { header: '#', weight: 0.45 },
  { header: 'Time', weight: 1.4 },
  { header: 'Client', weight: 3.6 },
  { header: 'Meals', weight: 4.2 },
];

function listStopRows(sheet: RoundSheet): TableCell[][] {
  const base = sheet.round.address || 'Base';
  const rows: TableCell[][] = [
    ['', sheet.round.pickupTime, { text: `Start: ${base}`, bold: true }, 'Pick up the meals'],
  ];
  for (const stop of sheet.stops) {
    const meals =
      stop.mealsAtStop === null ? describeMeals(stop.meals) : `Meals listed at stop ${stop.mealsAtStop}`;
    rows.push([
      { text: String(stop.number), bold: true },
      `${stop.start}-${stop.end}${describeTravel(stop.travelMins, stop.travelKms)}`,
      describeClient(stop.client),
      meals,
    ]);
  }
  const back = sheet.returnTravel;
  rows.push([
    '',
    describeTravel(back?.mins, back?.kms).trim(),
    { text: `Return to: ${base}`, bold: true },
    '',
  ]);
  return rows;
}

function describeTotals(sheet: RoundSheet): string {
  const legs = listSheetLegs(sheet);
  const travel = legs.some(Boolean) ? `   Travel: ${formatRoundTravel(sumRoundTravel(legs))}` : '';
  const stopMeals = sheet.stops.reduce((total, stop) => total + sumPortions(stop.meals), 0);
  return `Stops: ${sheet.stops.length}   Meals at stops: ${stopMeals}   All meals: ${countSheetPortions(sheet)}${travel}`;
}

function drawUnvisited(doc: PdfDoc, sheet: RoundSheet) {
  if (sheet.unvisited.length === 0) return;
  doc.moveDown(1);
  doc
    .font(fonts.bold)
    .fontSize(16)
    .text('Meals ordered without a visit', doc.page.margins.left, doc.y, {
      width: contentWidth(doc),
    });
  doc.font(fonts.regular).fontSize(minBodyFontSize).moveDown(0.5);
  drawTable(doc, {
    columns: [
      { header: 'Client', weight: 4 },
      { header: 'Meals', weight: 5 },
    ],
    rows: sheet.unvisited.map((entry) => [describeClient(entry.client), describeMeals(entry.meals)]),
  });
}

/** A driver link printed on the sheet: the absolute address the QR code opens. */
export type PrintedDriverLink = { url: string };

const qrSize = 112;
const qrGap = 16;

/**
 * The driver link as a QR code (drawn as vector squares, so it stays sharp when printed) with its address under it,
 * for a driver to open the run on a phone without typing.
 */
function drawDriverLink(doc: PdfDoc, link: PrintedDriverLink, date: string) {
  const left = doc.page.margins.left;
  const top = doc.y;
  const qr = createQrCode(link.url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = qrSize / count;
  doc.save().fillColor('#000000');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column)) doc.rect(left + column * cell, top + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
  const textLeft = left + qrSize + qrGap;
  const textWidth = contentWidth(doc) - qrSize - qrGap;
  doc.font(fonts.bold).fontSize(14).text('Driver link', textLeft, top, { width: textWidth });
  doc
    .font(fonts.regular)
    .fontSize(minBodyFontSize)
    .text(
      `Scan with the phone's camera to open this run and record what happens at each stop (no login needed). Works until the end of ${formatDateDisplay(addDays(date, 1))}.`,
      textLeft,
      doc.y + 2,
      { width: textWidth },
    );
  doc.text(link.url, left, top + qrSize + 6, { width: contentWidth(doc) });
  doc.moveDown(0.8);
}

export function renderDriverSheetPdf(
  sheet: RoundSheet,
  driverLink: PrintedDriverLink | null = null,
): Promise<Buffer> {
  const title = 'Driver Run Sheet';
  const day = formatDateDisplay(sheet.date);
  return renderPdf({ title, footerText: `${title} - ${sheet.round.name} - ${day}` }, (doc) => {
    drawHeading(doc, title, [
      `Round: ${sheet.round.name}`,
      `Date: ${day}`,
      ...(sheet.round.driverName === undefined
        ? []
        : [`Driver: ${sheet.round.driverName ?? 'not rostered'}`]),
      `Start at ${sheet.round.address || 'the base'} at ${sheet.round.pickupTime}`,
    ]);
    if (driverLink) drawDriverLink(doc, driverLink, sheet.date);
    drawTable(doc, { columns, rows: listStopRows(sheet) });
    doc.moveDown(0.6);
    doc
      .font(fonts.bold)
      .fontSize(minBodyFontSize)
      .text(describeTotals(sheet), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
    drawUnvisited(doc, sheet);
  });
}
