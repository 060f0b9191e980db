import { z } from 'zod';
import { multiLineTextSchema } from './common';

/** The largest clients file the import takes, in bytes (about 5,000 clients with every column). */
export const clientImportMaxBytes = 5 * 1024 * 1024;

/** `POST /api/clients/import`: a dry run (the default) checks the file and changes nothing. */
export const clientImportQuerySchema = z.strictObject({
  dry_run: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/**
 * The file as sent (text/csv, UTF-8): a header row of column names (domain/client-import.ts), then one client a
 * row. Checked as text here; its rows are checked by the import.
 */
export const clientImportBodySchema = multiLineTextSchema.min(1, 'The file is empty.').meta({
  description: 'A CSV file: a header row (external_id, name, ... in any order), then one client a row',
  examples: ['external_id,name,plan\r\nC-1,Mary Jones,MTW-F--\r\n'],
});

export const clientImportProblemSchema = z.object({
  /** The spreadsheet's row number: the header is row 1, the first client row 2. */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ClientImportProblemItem = z.infer<typeof clientImportProblemSchema>;

/**
 * What the import did (or, in a dry run, would do): the client rows read, how many clients it created, updated
 * and found unchanged, the rows it left out and why (`errors`), and what it imported with a caveat (`warnings`:
 * an address that cannot be placed on the map).
 */
export const clientImportResultSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(clientImportProblemSchema),
  warnings: z.array(clientImportProblemSchema),
});
export type ClientImportResult = z.infer<typeof clientImportResultSchema>;
