/**
 * CSV files for Excel: UTF-8 with a byte order mark (so Excel reads accents right), CRLF line ends and RFC 4180
 * quoting (a field with a comma, quote or line break is quoted, quotes doubled; see domain/csv-cells.ts).
 */
import { formatCsvLines, type CsvCell } from '../../domain/csv-cells';

export type { CsvCell };

export function renderCsv(header: string[], rows: CsvCell[][]): Buffer {
  return Buffer.from(`\uFEFF${formatCsvLines([header, ...rows])}`, 'utf8');
}
