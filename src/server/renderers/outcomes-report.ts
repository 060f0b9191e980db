import type { DeliveryOutcomesReport, OutcomeCountsRow } from '../../contracts/delivery-outcomes';
import { driverOutcomeLabels } from '../../domain/driver-outcomes';
import { outcomeKindsInOrder, repeatedWorryText } from '../../domain/outcome-report';
import { formatShownClock, formatShownDateTime } from '../../domain/shown-time';
import type { CsvCell } from './csv';
import {
  contentWidth,
  drawHeading,
  drawTable,
  fonts,
  minBodyFontSize,
  renderPdf,
  type PdfDoc,
  type TableCell,
  type TableColumn,
} from './pdf-document';
import type { CsvTable } from './report-csv';

/** The Delivery Outcomes report as a PDF and as a CSV table, in the screen's order. */

const title = 'Delivery Outcomes';
/** Clients the office should call: the same pale red as the other reports' problem cells. */
const repeatedFill = '#f6c1c1';

function countCells(counts: OutcomeCountsRow): string[] {
  return outcomeKindsInOrder.map((kind) => String(counts[kind]));
}

const countColumns: TableColumn[] = outcomeKindsInOrder.map((kind) => ({
  header: driverOutcomeLabels[kind],
  weight: 1,
  align: 'center',
}));

function drawSubheading(doc: PdfDoc, text: string) {
  doc.moveDown(0.8);
  doc
    .font(fonts.bold)
    .fontSize(16)
    .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.font(fonts.regular).fontSize(minBodyFontSize).moveDown(0.4);
}

/** Outcome times are read in `timeZone` (the account's). */
export function renderDeliveryOutcomesPdf(report: DeliveryOutcomesReport, timeZone: string): Promise<Buffer> {
  const range = `${report.from} to ${report.to}`;
  return renderPdf({ title, footerText: `${title} - ${range}` }, (doc) => {
    drawHeading(doc, title, [
      `From ${range}`,
      'Clients with two or more not-home or concern outcomes come first. Each visit counts once, with its latest outcome.',
    ]);
    if (report.clients.length === 0) {
      doc.text('No outcomes recorded in these dates');
      return;
    }
    drawSubheading(doc, 'By round');
    drawTable(doc, {
      columns: [{ header: 'Round', weight: 3 }, ...countColumns],
      rows: [
        ...report.rounds.map((round) => [round.round, ...countCells(round.counts)]),
        [{ text: 'Total', bold: true }, ...countCells(report.total).map((text) => ({ text, bold: true }))],
      ],
    });
    drawSubheading(doc, 'By client');
    const rows: TableCell[][] = [];
    for (const client of report.clients) {
      const fill = client.is_repeated ? repeatedFill : undefined;
      const heading = [client.name, client.phone, client.is_repeated ? repeatedWorryText : '']
        .filter(Boolean)
        .join('\n');
      client.outcomes.forEach((entry, index) => {
        rows.push([
          index === 0 ? { text: heading, bold: true, ...(fill ? { fill } : {}) } : '',
          `${entry.date}\n${formatShownClock(entry.recorded_at, timeZone)}`,
          entry.round,
          driverOutcomeLabels[entry.outcome],
          entry.note,
        ]);
      });
    }
    drawTable(doc, {
      columns: [
        { header: 'Client', weight: 3 },
        { header: 'Date', weight: 1.6 },
        { header: 'Round', weight: 1.8 },
        { header: 'Outcome', weight: 1.4 },
        { header: 'Note', weight: 4 },
      ],
      rows,
    });
  });
}

/** One row per visit, clients in the report's order; the counts are in the PDF and on the screen. */
export function toDeliveryOutcomesCsv(report: DeliveryOutcomesReport, timeZone: string): CsvTable {
  const rows: CsvCell[][] = report.clients.flatMap((client) =>
    client.outcomes.map((entry) => [
      client.name,
      client.id,
      client.phone,
      client.is_repeated ? 'yes' : 'no',
      entry.date,
      formatShownDateTime(entry.recorded_at, timeZone),
      entry.round,
      driverOutcomeLabels[entry.outcome],
      entry.note,
    ]),
  );
  return {
    header: [
      'Client',
      'Client ID',
      'Phone',
      repeatedWorryText,
      'Date',
      'Recorded',
      'Round',
      'Outcome',
      'Note',
    ],
    rows,
  };
}
