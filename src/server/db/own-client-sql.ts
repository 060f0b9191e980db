import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clients } from './schema/clients';

/**
 * The join of an account's row (a visit, a meal choice, a day) to its client, by the client's id and by account
 * (docs/decisions/0055). The id alone finds the same client, but PostgreSQL then knows nothing of the client's
 * account: it may read every account's visible clients into a hash (a sequential scan of all of them on each
 * request). With the account in the join it carries the row's account over to clients and reads that account's
 * clients alone.
 */
export function isOwnClient(row: { clientId: AnyPgColumn; accountId: AnyPgColumn }): SQL {
  return and(eq(clients.id, row.clientId), eq(clients.accountId, row.accountId)) as SQL;
}
