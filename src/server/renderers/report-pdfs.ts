import type {
  DeliveryByCategoryReport,
  DeliveryByClientReport,
  KitchenDayReport,
  KitchenWeekReport,
  MealChoicesReport,
  OrderedDelivered,
  PackingEntry,
  PackingListReport,
} from '../../contracts/reports';
import {
  formatDeliveryCell,
  heldCellLegend,
  getDayCellColour,
  getDayCellStyle,
  getDeliveryCellState,
  listScoreSegments,
} from '../../domain/report-rules';
import { describeOpenClash, describeOverride } from '../../domain/allergen-clash';
import { getWeekdayName } from '../../domain/calendar-names';
import { parseDayMonthYear } from '../../domain/weeks';
import { drawAllergenOverrides, drawOpenClashes, overrideFill } from './allergen-override-table';
import {
  drawHeading,
  drawTable,
  renderPdf,
  type PdfDoc,
  type TableCell,
  type TableColumn,
} from './pdf-document';

/** The report PDFs: the screens' tables, with the header row repeated on every page; landscape where wide. */

const red = '#f6c1c1';
const green = '#c6e9c6';
const strongRed = '#ec8f8f';
/** A held day: the pale violet of the screens' held days. */
const heldFill = '#e5dbff';

/** 'Mon\n30-11' for the 30-11-2026 column of a week starting on a Monday. */
function weekColumn(date: string, index: number): string {
  return `${getWeekdayName(index, 'short')}\n${date.slice(0, 5)}`;
}

const countColumn = (header: string, weight = 1): TableColumn => ({ header, weight, align: 'center' });

export function renderKitchenWeekPdf(report: KitchenWeekReport): Promise<Buffer> {
  const title = 'Kitchen Prep By Week';
  const week = `Week of ${report.dates[0] ?? ''} to ${report.dates.at(-1) ?? ''}`;
  const bold = (text: string | number): TableCell => ({ text: String(text), bold: true });
  const rows: TableCell[][] = [
    [bold('Clients'), ...report.Clients.days.map(bold), bold(report.Clients.Total)],
    [bold('Total Meals'), ...report.MealCount.days.map(bold), bold(report.MealCount.Total)],
  ];
  for (const category of report.Categories) {
    const fill = '#eeeeee';
    rows.push([
      { text: category.name, bold: true, fill },
      ...category.days.map((value) => ({ text: String(value), bold: true, fill })),
      { text: String(category.Total), bold: true, fill },
    ]);
    for (const meal of category.Meals) {
      rows.push([
        meal.description,
        ...meal.days.map((value) => (value ? String(value) : '')),
        String(meal.Total),
      ]);
    }
  }
  return renderPdf({ title, layout: 'landscape', footerText: `${title} - ${week}` }, (doc) => {
    drawHeading(doc, title, [week]);
    drawTable(doc, {
      columns: [
        { header: 'Meal', weight: 4 },
        ...report.dates.map((date, index) => countColumn(weekColumn(date, index))),
        countColumn('Total'),
      ],
      rows,
    });
    drawAllergenOverrides(doc, report.allergen_overrides);
  });
}

/** One page per day (the kitchen works a day at a time); `days` (DD-MM-YYYY) limits it to some of the week. */
export function renderKitchenDaysPdf(report: KitchenDayReport, days?: string[]): Promise<Buffer> {
  const title = 'Kitchen Prep By Day';
  const printed = report.days.filter((day) => !days || days.includes(day.date));
  return renderPdf({ title, footerText: title }, (doc) => {
    printed.forEach((day, index) => {
      if (index > 0) doc.addPage();
      drawHeading(doc, title, [day.date_display]);
      const rows: TableCell[][] = day.meals.map((meal) => [
        meal.category_name,
        meal.description,
        String(meal.count),
      ]);
      rows.push([{ text: 'Total', bold: true }, '', { text: String(day.total), bold: true }]);
      drawTable(doc, {
        columns: [{ header: 'Category', weight: 2 }, { header: 'Meal', weight: 5 }, countColumn('Count')],
        rows,
      });
      drawOpenClashes(doc, day.allergen_clashes ?? []);
      drawAllergenOverrides(doc, day.allergen_overrides);
    });
  });
}

function scoreBar(score: number): string {
  return `${score} ${listScoreSegments(score)
    .map((segment) => (segment === 'red' ? '#' : '-'))
    .join('')}`;
}

/** The clients in the order given (the screen's sort). */
export function renderMealChoicesPdf(report: MealChoicesReport): Promise<Buffer> {
  const title = 'Client Meal Choices';
  const period = `${report.dates[0] ?? ''} to ${report.dates.at(-1) ?? ''}`;
  const rows = report.clients.map((client): TableCell[] => [
    client.name,
    scoreBar(client.score),
    ...client.days.map((day) => {
      const style = getDayCellStyle(day.planned, day.cnt);
      const colour = getDayCellColour(style);
      const text = day.cnt > 0 || day.planned ? String(day.cnt) : '';
      // The screen's red tag for meals on an unplanned day: a stronger red, in bold.
      if (style === 'unplanned-filled') return { text, bold: true, fill: strongRed };
      return colour ? { text, fill: colour === 'red' ? red : green } : text;
    }),
  ]);
  return renderPdf({ title, layout: 'landscape', footerText: `${title} - ${period}` }, (doc) => {
    drawHeading(doc, title, [
      `${period}. Score: problem days (planned without meals, or meals on an unplanned day); # marks a red segment.`,
    ]);
    drawTable(doc, {
      columns: [
        { header: 'Client', weight: 5 },
        { header: 'Score', weight: 2.6 },
        ...report.dates.map((date, index) =>
          countColumn(`${getWeekdayName(index).charAt(0)}\n${date.slice(0, 2)}`),
        ),
      ],
      rows,
      padding: 2,
    });
  });
}

/**
 * The note cell of a packing entry: an open allergen clash first, in bold (it must not be packed as it is), then
 * the choice's note and an override's reason; red when either flag is there.
 */
function describePackingNote(entry: PackingEntry): TableCell {
  const clash = describeOpenClash(entry.allergen_clash);
  const override = entry.allergen_override
    ? describeOverride(entry.allergen_override.allergens, entry.allergen_override.reason)
    : '';
  if (clash === '' && override === '') return entry.note;
  const text = [clash, entry.note, override].filter((part) => part !== '').join('\n');
  return { text, fill: overrideFill, bold: clash !== '' };
}

/** `categoryNames`: the meal categories the list was asked for, named under the date so a printout says what it holds. */
export function renderPackingListPdf(
  report: PackingListReport,
  categoryNames: readonly string[],
): Promise<Buffer> {
  const title = 'Packing List';
  const rows: TableCell[][] = [];
  for (const round of report.rounds) {
    rows.push([{ text: round.round, bold: true, fill: '#eeeeee' }, '', '', '', '']);
    for (const meal of round.meals) {
      meal.entries.forEach((entry, index) => {
        rows.push([
          index === 0 ? meal.description : '',
          entry.client,
          describePackingNote(entry),
          entry.dietary_requirements,
          String(entry.quantity),
        ]);
      });
    }
    rows.push([
      { text: `${round.round} total`, bold: true },
      '',
      '',
      '',
      { text: String(round.total), bold: true },
    ]);
  }
  rows.push([{ text: 'Total', bold: true }, '', '', '', { text: String(report.total), bold: true }]);
  return renderPdf({ title, footerText: `${title} - ${report.date}` }, (doc) => {
    drawHeading(doc, title, [
      `Date: ${report.date}`,
      `Categories: ${categoryNames.length > 0 ? categoryNames.join(', ') : 'none'}`,
    ]);
    if (report.rounds.length === 0) {
      doc.text('No data for selected date');
      return;
    }
    drawTable(doc, {
      columns: [
        { header: 'Meal', weight: 3 },
        { header: 'Client', weight: 3 },
        { header: 'Note', weight: 2.5 },
        { header: 'Dietary Requirements', weight: 2.5 },
        countColumn('Qty', 0.8),
      ],
      rows,
    });
  });
}

type DeliveryRow = {
  label: string;
  days: OrderedDelivered[];
  total: OrderedDelivered;
  held: number[];
  held_total: number;
};

/**
 * A cell coloured as on the screen: green when ordered equals delivered, red when not on a day that is over, and
 * neutral on a day not yet over (today or later: its meals may still be delivered). `lastDate` is the last day
 * the cell counts (YYYY-MM-DD), `today` the account's date; 'Held' in violet on a day the client was on hold.
 */
function deliveryCell(
  [ordered, delivered]: OrderedDelivered,
  held: number,
  lastDate: string,
  today: string,
  bold = false,
): TableCell {
  const state = getDeliveryCellState(ordered, delivered, lastDate, today, held);
  const text = formatDeliveryCell(ordered, delivered, held);
  switch (state) {
    case 'empty':
      return '';
    case 'held':
      return { text, bold, fill: heldFill };
    case 'pending':
      return { text, bold };
    case 'equal':
      return { text, bold, fill: green };
    case 'different':
      return { text, bold, fill: red };
  }
}

/** A month does not fit across a page at 12 pt: it prints as two tables, days 1 to 16, then 17 to the end. */
function drawDeliveryTables(
  doc: PdfDoc,
  dates: string[],
  today: string,
  firstHeader: string,
  rows: DeliveryRow[],
) {
  const isoDates = dates.map((date) => parseDayMonthYear(date) ?? date);
  const monthEnd = isoDates.at(-1) ?? '';
  for (const [from, to] of [
    [0, 16],
    [16, dates.length],
  ] as const) {
    if (from > 0) doc.addPage();
    drawTable(doc, {
      columns: [
        { header: firstHeader, weight: 5 },
        ...dates.slice(from, to).map((date) => countColumn(date.slice(0, 2), 1.6)),
        countColumn('Total', 2.2),
      ],
      rows: rows.map((row, index) => {
        const isTotal = index === rows.length - 1;
        return [
          { text: row.label, bold: isTotal },
          ...row.days.slice(from, to).map((day, offset) => {
            const index = from + offset;
            return deliveryCell(day, row.held[index] ?? 0, isoDates[index] ?? '', today, isTotal);
          }),
          deliveryCell(row.total, row.held_total, monthEnd, today, true),
        ];
      }),
      padding: 3,
    });
  }
}

function renderDelivery(
  title: string,
  report: DeliveryByClientReport | DeliveryByCategoryReport,
  today: string,
  firstHeader: string,
  rows: DeliveryRow[],
) {
  const month = `${report.dates[0] ?? ''} to ${report.dates.at(-1) ?? ''}`;
  return renderPdf({ title, layout: 'landscape', footerText: `${title} - ${month}` }, (doc) => {
    drawHeading(doc, title, [
      `${month}. Each day: ordered:delivered (green when equal, red when not; a day not yet over is not coloured).`,
      heldCellLegend,
    ]);
    drawDeliveryTables(doc, report.dates, today, firstHeader, [...rows, { label: 'Total', ...report.total }]);
  });
}

/** `today` (YYYY-MM-DD) is the account's date: differences from it on are not judged yet. */
export function renderDeliveryByClientPdf(report: DeliveryByClientReport, today: string): Promise<Buffer> {
  const rows = report.clients.map((client) => ({ label: client.name, ...client }));
  return renderDelivery('Delivered By Client', report, today, 'Client', rows);
}

/** As renderDeliveryByClientPdf, by meal category. */
export function renderDeliveryByCategoryPdf(
  report: DeliveryByCategoryReport,
  today: string,
): Promise<Buffer> {
  const rows = report.categories.map((category) => ({ label: category.name, ...category }));
  return renderDelivery('Delivered By Category', report, today, 'Category', rows);
}
