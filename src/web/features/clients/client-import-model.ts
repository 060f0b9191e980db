import { formatCsvLines } from '../../../domain/csv-cells';
import {
  clientImportColumns,
  toImportColumnName,
  type ClientImportColumn,
} from '../../../domain/client-import';

/** Which column of the chosen file (its index) fills each import column; null when none does. */
export type ColumnMapping = Record<ClientImportColumn, number | null>;

/** The file's columns matched to the import's by header name (case, spaces and dashes do not matter). */
export function matchColumns(header: readonly string[]): ColumnMapping {
  const names = header.map(toImportColumnName);
  return Object.fromEntries(
    clientImportColumns.map((column) => {
      const index = names.indexOf(column);
      return [column, index >= 0 ? index : null];
    }),
  ) as ColumnMapping;
}

/** The import columns the mapping fills, in the import's order. */
export function listMappedColumns(mapping: ColumnMapping): ClientImportColumn[] {
  return clientImportColumns.filter((column) => mapping[column] !== null);
}

/** A file row's cells under the mapped columns. */
export function pickCells(cells: readonly string[], mapping: ColumnMapping): string[] {
  return listMappedColumns(mapping).map((column) => cells[mapping[column] ?? -1] ?? '');
}

/**
 * The clients file the import takes: the mapped columns under their import names, then every row after the
 * file's header in its place (so the answer's row numbers are the file's).
 */
export function buildImportCsv(rows: readonly (readonly string[])[], mapping: ColumnMapping): string {
  return formatCsvLines([
    listMappedColumns(mapping),
    ...rows.slice(1).map((cells) => pickCells(cells, mapping)),
  ]);
}
