/**
 * CSV cells as the product writes them for spreadsheets (RFC 4180 quoting) and reads them back. Text a
 * spreadsheet would run as a formula ('=', '+', '-', '@', tab, CR first) is written with a "'" before it, and a
 * file read back has that "'" taken off again, so an exported file imports unchanged.
 */

export type CsvCell = string | number;

const formulaStart = /^[=+\-@\t\r]/;

function guardFormula(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** One cell: numbers as they are, text guarded against formulas and quoted when it holds a comma, quote or break. */
export function formatCsvCell(cell: CsvCell): string {
  const text = typeof cell === 'number' ? String(cell) : guardFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The lines of a CSV file (CRLF line ends, one after the last line too). */
export function formatCsvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(formatCsvCell).join(',')}\r\n`).join('');
}

/** A cell read from a file: the "'" that guarded a formula-like value is taken off again. */
export function unguardFormula(value: string): string {
  return value.startsWith("'") && formulaStart.test(value.slice(1)) ? value.slice(1) : value;
}
