/**
 * Reads a chosen clients file into rows of text cells: a CSV (UTF-8) or the first sheet of an Excel workbook
 * (.xlsx). The readers load only when a file of their kind is chosen, so the screens that never import stay small.
 */

export class ClientsFileError extends Error {}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A spreadsheet cell as the import reads it: dates DD-MM-YYYY, yes/no, numbers as written. */
function toCellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    return `${pad(cell.getUTCDate())}-${pad(cell.getUTCMonth() + 1)}-${String(cell.getUTCFullYear())}`;
  }
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  return String(cell);
}

async function readWorkbook(file: File): Promise<string[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  try {
    const rows = await readSheet(file);
    return rows.map((row) => row.map(toCellText));
  } catch {
    throw new ClientsFileError('This file cannot be read as an Excel workbook (.xlsx).');
  }
}

async function readCsv(file: File): Promise<string[][]> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new ClientsFileError('The file is not UTF-8 text: save it as "CSV UTF-8" and try again.');
  }
  const { parse } = await import('csv-parse/browser/esm/sync');
  try {
    return parse(text, { bom: true, relax_column_count: true }) as string[][];
  } catch (error) {
    throw new ClientsFileError(`The file is not valid CSV: ${error instanceof Error ? error.message : ''}`);
  }
}

/** The file's rows (the first is its header); throws a ClientsFileError saying why a file cannot be read. */
export async function readClientsFile(file: File): Promise<string[][]> {
  const rows = file.name.toLowerCase().endsWith('.xlsx') ? await readWorkbook(file) : await readCsv(file);
  if (rows.length < 2) throw new ClientsFileError('The file has no rows under its header.');
  return rows;
}
