import type { Database } from './client';

/** A transaction as Drizzle hands it to `db.transaction`: repositories take it to write several tables as one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
