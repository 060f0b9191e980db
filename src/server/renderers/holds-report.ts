import { holdReasonLabels } from '../../contracts/holds';
import { holdsReportSections, type HoldsReport, type HoldsReportRow } from '../../contracts/holds-report';
import type { CsvCell } from './csv';
import { drawHeading, drawTable, fonts, minBodyFontSize, renderPdf, type PdfDoc } from './pdf-document';
import type { CsvTable } from './report-csv';

/** The Holds report as a PDF and as a CSV table, with the screen's sections and texts. */

const title = 'Holds';
const openEnded = 'Open-ended';

function toCells(row: HoldsReportRow): string[] {
  return [
    row.client,
    row.round,
    row.from_date,
    row.to_date ?? openEnded,
    row.return_date ?? openEnded,
    holdReasonLabels[row.reason],
    row.note,
  ];
}

const columns = [
  { header: 'Client', weight: 3 },
  { header: 'Round', weight: 2 },
  { header: 'From', weight: 1.7 },
  { header: 'To', weight: 1.7 },
  { header: 'Back on', weight: 1.7 },
  { header: 'Reason', weight: 1.5 },
  { header: 'Note', weight: 4 },
];

function drawSectionTitle(doc: PdfDoc, text: string) {
  doc.moveDown(0.6).font(fonts.bold).fontSize(15);
  doc.text(text, doc.page.margins.left, doc.y).font(fonts.regular).fontSize(minBodyFontSize).moveDown(0.3);
}

export function renderHoldsReportPdf(report: HoldsReport): Promise<Buffer> {
  const week = `${report.week_start} to ${report.week_end}`;
  return renderPdf({ title, layout: 'landscape', footerText: `${title} - ${report.date}` }, (doc) => {
    drawHeading(doc, title, [`On ${report.date}; this week: ${week}.`]);
    for (const section of holdsReportSections) {
      const rows = report[section.key];
      drawSectionTitle(doc, `${section.name} (${String(rows.length)})`);
      if (rows.length === 0) doc.text(section.empty);
      else drawTable(doc, { columns, rows: rows.map(toCells) });
    }
  });
}

/** One row per hold and section it stands in, the section first. */
export function toHoldsReportCsv(report: HoldsReport): CsvTable {
  const rows: CsvCell[][] = holdsReportSections.flatMap((section) =>
    report[section.key].map((row) => {
      const [client = '', ...rest] = toCells(row);
      return [section.name, client, row.client_id, ...rest];
    }),
  );
  return {
    header: ['Section', 'Client', 'Client ID', ...columns.slice(1).map((column) => column.header)],
    rows,
  };
}
