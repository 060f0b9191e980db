import { and, asc, count, eq, ilike, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rounds } from '../../db/schema/accounts';
import { clients } from '../../db/schema/clients';
import type { SourceClient } from '../../integrations/source-system';

export type ClientRow = typeof clients.$inferSelect & { roundName: string | null };
export type ClientFilters = { accountId: number; nameContains: string; round: 'all' | 'none' | number };

const upsertChunkSize = 500;

/** The CRM-maintained columns a sync writes; product-maintained columns are never in this list. */
function toSourceColumns(client: SourceClient) {
  return {
    externalId: client.externalId,
    name: client.name,
    url: client.url,
    externalStatus: client.status,
    phone: client.phone,
    address: client.address,
    city: client.city,
    state: client.state,
    zip: client.zip,
    latitude: client.latitude,
    longitude: client.longitude,
  };
}

const sourceColumnNames = Object.keys(toSourceColumns({} as SourceClient)) as (keyof ReturnType<
  typeof toSourceColumns
>)[];

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function buildWhere(filters: ClientFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(clients.accountId, filters.accountId),
    eq(clients.isHidden, false),
  ];
  if (filters.nameContains) {
    const pattern = `%${escapeLike(filters.nameContains)}%`;
    conditions.push(or(ilike(clients.name, pattern), ilike(clients.externalId, pattern)));
  }
  if (filters.round === 'none') conditions.push(isNull(clients.roundId));
  else if (filters.round !== 'all') conditions.push(eq(clients.roundId, filters.round));
  return and(...conditions);
}

export function createClientsRepository(db: Database) {
  return {
    /**
     * Inserts new clients and updates the CRM fields of known ones, only where something changed (so a sync of an
     * unchanged CRM writes nothing). Answers how many rows were written.
     */
    async upsertFromSource(accountId: number, sourceClients: SourceClient[], now: Date): Promise<number> {
      let written = 0;
      for (let offset = 0; offset < sourceClients.length; offset += upsertChunkSize) {
        const chunk = sourceClients.slice(offset, offset + upsertChunkSize);
        const changed = sourceColumnNames.map(
          (column) =>
            sql`${clients[column]} is distinct from excluded.${sql.identifier(clients[column].name)}`,
        );
        const rows = await db
          .insert(clients)
          .values(
            chunk.map((client) => ({
              accountId,
              sourceId: client.sourceId,
              syncedAt: now,
              ...toSourceColumns(client),
            })),
          )
          .onConflictDoUpdate({
            target: [clients.accountId, clients.sourceId],
            set: {
              ...Object.fromEntries(
                sourceColumnNames.map((column) => [column, sql.raw(`excluded.${clients[column].name}`)]),
              ),
              isHidden: false,
              syncedAt: now,
              updatedAt: now,
            },
            setWhere: or(eq(clients.isHidden, true), ...changed),
          })
          .returning({ id: clients.id });
        written += rows.length;
      }
      return written;
    },

    /** Hides (never deletes) the account's clients that the CRM no longer lists under the client tag. */
    async hideClientsNotIn(accountId: number, sourceIds: string[], now: Date): Promise<number> {
      const rows = await db
        .update(clients)
        .set({ isHidden: true, updatedAt: now })
        .where(
          and(
            eq(clients.accountId, accountId),
            eq(clients.isHidden, false),
            sourceIds.length ? notInArray(clients.sourceId, sourceIds) : undefined,
          ),
        )
        .returning({ id: clients.id });
      return rows.length;
    },

    async countClients(filters: ClientFilters): Promise<number> {
      const [row] = await db.select({ total: count() }).from(clients).where(buildWhere(filters));
      return row?.total ?? 0;
    },

    async listClients(filters: ClientFilters, page: { limit: number; offset: number }): Promise<ClientRow[]> {
      const rows = await db
        .select({ client: clients, roundName: rounds.name })
        .from(clients)
        .leftJoin(rounds, eq(rounds.id, clients.roundId))
        .where(buildWhere(filters))
        .orderBy(asc(clients.name), asc(clients.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({ ...row.client, roundName: row.roundName }));
    },

    listVisibleClients(accountId: number) {
      return db
        .select({ id: clients.id, sourceId: clients.sourceId })
        .from(clients)
        .where(and(eq(clients.accountId, accountId), eq(clients.isHidden, false)));
    },

    listClientsOfRound(accountId: number, roundId: number) {
      return db
        .select()
        .from(clients)
        .where(
          and(eq(clients.accountId, accountId), eq(clients.roundId, roundId), eq(clients.isHidden, false)),
        );
    },
  };
}
export type ClientsRepository = ReturnType<typeof createClientsRepository>;
