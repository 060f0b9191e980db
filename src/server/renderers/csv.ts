/**
 * CSV files for Excel: UTF-8 with a byte order mark (so Excel reads accents right), CRLF line ends and RFC 4180
 * quoting (a field with a comma, quote or line break is quoted, quotes doubled).
 */

export type CsvCell = string | number;

/** Text that a spreadsheet would run as a formula ('=', '+', '-', '@', tab, CR first) is prefixed with "'". */
function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function formatCell(cell: CsvCell): string {
  const text = typeof cell === 'number' ? String(cell) : defuseFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function renderCsv(header: string[], rows: CsvCell[][]): Buffer {
  const lines = [header, ...rows].map((row) => row.map(formatCell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
