import type { WelfareReport } from '../../contracts/welfare';
import { resolutionOutcomeLabels, resolutionOutcomes } from '../../domain/welfare-steps';
import type { CsvCell } from './csv';
import { drawHeading, drawTable, renderPdf } from './pdf-document';
import type { CsvTable } from './report-csv';

/** The Welfare checks report as a PDF and as a CSV table: the month's figures, then what was found. */

const title = 'Welfare checks';

/** '12 min', or '-' when no check was resolved. */
function formatMinutes(minutes: number | null): string {
  return minutes === null ? '-' : `${String(minutes)} min`;
}

function toFigureRows(report: WelfareReport): CsvCell[][] {
  return [
    ['Checks opened', report.opened],
    ['Resolved', report.resolved],
    ['Still open', report.open],
    ['Median time to resolution', formatMinutes(report.median_minutes_to_resolve)],
    ['Worst time to resolution', formatMinutes(report.worst_minutes_to_resolve)],
    ...resolutionOutcomes.map((outcome): CsvCell[] => [
      `Outcome: ${resolutionOutcomeLabels[outcome]}`,
      report.outcomes[outcome],
    ]),
  ];
}

export function renderWelfareReportPdf(report: WelfareReport): Promise<Buffer> {
  return renderPdf({ title, layout: 'portrait', footerText: `${title} - ${report.month}` }, (doc) => {
    drawHeading(doc, title, [`Checks opened in ${report.month}.`]);
    drawTable(doc, {
      columns: [
        { header: 'Figure', weight: 3 },
        { header: 'Value', weight: 2 },
      ],
      rows: toFigureRows(report).map((row) => row.map(String)),
    });
  });
}

export function toWelfareReportCsv(report: WelfareReport): CsvTable {
  return {
    header: ['Month', 'Figure', 'Value'],
    rows: toFigureRows(report).map((row) => [report.month, ...row]),
  };
}
