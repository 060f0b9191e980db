import type { VolunteerHoursReport } from '../../contracts/volunteer-hours';
import type { CsvCell } from './csv';
import { drawHeading, drawTable, renderPdf } from './pdf-document';
import type { CsvTable } from './report-csv';

/** The Volunteer Hours report as a PDF and as a CSV table: one row per driver, then the month's total. */

const title = 'Volunteer Hours';

/** Which days the figures cover, in words for the heading. */
function describeCounted(report: VolunteerHoursReport): string {
  return report.counted_to === null
    ? `No day of ${report.month} is over yet.`
    : `Days driven in ${report.month}, up to ${report.counted_to}: from the round's pickup to its return.`;
}

function toRows(report: VolunteerHoursReport): CsvCell[][] {
  return [
    ...report.drivers.map((row): CsvCell[] => [
      row.driver.is_active ? row.driver.name : `${row.driver.name} (inactive)`,
      row.days,
      row.hours.toFixed(1),
      row.km.toFixed(1),
    ]),
    ['Total', report.totals.days, report.totals.hours.toFixed(1), report.totals.km.toFixed(1)],
  ];
}

export function renderVolunteerHoursPdf(report: VolunteerHoursReport): Promise<Buffer> {
  return renderPdf({ title, layout: 'portrait', footerText: `${title} - ${report.month}` }, (doc) => {
    drawHeading(doc, title, [describeCounted(report)]);
    drawTable(doc, {
      columns: [
        { header: 'Driver', weight: 4 },
        { header: 'Days', weight: 1, align: 'center' },
        { header: 'Hours', weight: 1, align: 'center' },
        { header: 'Km', weight: 1, align: 'center' },
      ],
      rows: toRows(report).map((row) => row.map(String)),
    });
  });
}

/** One row per driver with the days driven listed, so a thank-you letter can name them. */
export function toVolunteerHoursCsv(report: VolunteerHoursReport): CsvTable {
  return {
    header: ['Month', 'Driver', 'Days', 'Hours', 'Km', 'Dates'],
    rows: [
      ...report.drivers.map((row): CsvCell[] => [
        report.month,
        row.driver.name,
        row.days,
        row.hours.toFixed(1),
        row.km.toFixed(1),
        row.dates.join(' '),
      ]),
      [
        report.month,
        'Total',
        report.totals.days,
        report.totals.hours.toFixed(1),
        report.totals.km.toFixed(1),
        '',
      ],
    ],
  };
}
