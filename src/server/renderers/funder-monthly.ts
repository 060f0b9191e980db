import {
  describeProgramme,
  type FunderMonthlyReport,
  type FunderMonthlyClient,
} from '../../contracts/funding';
import { formatFee } from '../../domain/funder-month';
import type { CsvCell } from './csv';
import { drawHeading, drawTable, fonts, minBodyFontSize, renderPdf, type TableCell } from './pdf-document';
import type { CsvTable } from './report-csv';

/** The Funder Monthly report as a PDF and as a CSV table, with the screen's columns and texts. */

const title = 'Funder Monthly';

/** Whether the figures are filed (frozen at the close) or still live. */
export function describeMonthState(report: FunderMonthlyReport): string {
  const by = report.close.closed_by ? ` by ${report.close.closed_by}` : '';
  return report.close.is_closed
    ? `Closed${by}: the figures were frozen when the month was closed.`
    : 'Open: figures may still change.';
}

const countColumns = [
  { header: 'Ordered', weight: 1.2, align: 'center' as const },
  { header: 'Delivered', weight: 1.2, align: 'center' as const },
  { header: 'Held', weight: 1, align: 'center' as const },
  { header: 'Fee total', weight: 1.4, align: 'right' as const },
];

function clientCells(row: FunderMonthlyClient): string[] {
  return [
    row.name,
    describeProgramme(row.programme),
    formatFee(row.fee_per_meal_cents),
    String(row.ordered),
    String(row.delivered),
    String(row.held),
    formatFee(row.fee_total_cents),
  ];
}

export function renderFunderMonthlyPdf(report: FunderMonthlyReport): Promise<Buffer> {
  return renderPdf({ title, layout: 'landscape', footerText: `${title} - ${report.month}` }, (doc) => {
    drawHeading(doc, `${title} ${report.month}`, [describeMonthState(report)]);
    doc.moveDown(0.6).font(fonts.bold).fontSize(15).text('By programme', doc.page.margins.left, doc.y);
    doc.font(fonts.regular).fontSize(minBodyFontSize).moveDown(0.3);
    const totalRow: TableCell[] = [
      { text: 'Total', bold: true },
      { text: String(report.total.clients), bold: true },
      ...[report.total.ordered, report.total.delivered, report.total.held].map((n) => ({
        text: String(n),
        bold: true,
      })),
      { text: formatFee(report.total.fee_total_cents), bold: true },
    ];
    drawTable(doc, {
      columns: [
        { header: 'Programme', weight: 3 },
        { header: 'Clients', weight: 1, align: 'center' },
        ...countColumns,
      ],
      rows: [
        ...report.programmes.map((row) => [
          describeProgramme(row.programme),
          String(row.clients),
          String(row.ordered),
          String(row.delivered),
          String(row.held),
          formatFee(row.fee_total_cents),
        ]),
        totalRow,
      ],
    });
    doc.moveDown(0.6).font(fonts.bold).fontSize(15).text('By client', doc.page.margins.left, doc.y);
    doc.font(fonts.regular).fontSize(minBodyFontSize).moveDown(0.3);
    if (report.clients.length === 0) doc.text('No meals ordered, delivered or held in this month.');
    else
      drawTable(doc, {
        columns: [
          { header: 'Client', weight: 3 },
          { header: 'Programme', weight: 2 },
          { header: 'Fee per meal', weight: 1.4, align: 'right' },
          ...countColumns,
        ],
        rows: report.clients.map(clientCells),
      });
  });
}

/** One row per client, then one per programme and the total (their client column empty). */
export function toFunderMonthlyCsv(report: FunderMonthlyReport): CsvTable {
  const rows: CsvCell[][] = report.clients.map((row) => {
    const [name = '', ...rest] = clientCells(row);
    return [report.month, row.client_id, name, ...rest];
  });
  for (const row of report.programmes) {
    rows.push([
      report.month,
      '',
      `Total ${describeProgramme(row.programme)}`,
      describeProgramme(row.programme),
      '',
      row.ordered,
      row.delivered,
      row.held,
      formatFee(row.fee_total_cents),
    ]);
  }
  const { total } = report;
  rows.push([
    report.month,
    '',
    'Total',
    '',
    '',
    total.ordered,
    total.delivered,
    total.held,
    formatFee(total.fee_total_cents),
  ]);
  return {
    header: [
      'Month',
      'Client ID',
      'Client',
      'Programme',
      'Fee per meal',
      'Ordered',
      'Delivered',
      'Held',
      'Fee total',
    ],
    rows,
  };
}
