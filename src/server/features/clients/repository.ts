import { and, asc, count, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rounds } from '../../db/schema/accounts';
import { clientListVersions, clients } from '../../db/schema/clients';
import type { SourceClient } from '../../integrations/source-system';
import { buildClientsWhere, type ClientFilters } from './list-query';

export type { ClientFilters } from './list-query';
export type ClientRow = typeof clients.$inferSelect & { roundName: string | null };
/** The columns the product maintains (PUT clients/{id}, details form); a sync never writes them. */
export type ClientDetailsChanges = {
  roundId: number | null;
  labels: string[];
  dietaryRequirements: string;
  /** Absent: left as they are. */
  allergies?: string[];
  plan: string;
  planDow: number[];
  deliveryInstructions: string;
  /** HH:MM, both or neither; absent: left as they are. */
  deliveryWindowEarliest?: string | null;
  deliveryWindowLatest?: string | null;
  /** Absent: left as it is. */
  wantsNotices?: boolean;
} & ClientIdentityChanges;
/**
 * The CRM's columns as MealRounds keeps them for an account without a CRM (never written for a CRM's client):
 * each absent one is left as it is.
 */
export type ClientIdentityChanges = Partial<{
  name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  externalStatus: string;
  externalId: string;
  latitude: number | null;
  longitude: number | null;
  isAddressUnplaced: boolean;
}>;
/** A new client kept in MealRounds: its identity, its place on the map (when found) and its local source id. */
export type LocalClientValues = Required<ClientIdentityChanges> & { sourceId: string };
export type ClientNeighbour = { id: number; name: string };
/** The clients list's data versions of an account (readListVersions). */
export type ListVersions = { all: string; rows: string };

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

export function createClientsRepository(db: Database) {
  const listVersion = db
    .select({ version: clientListVersions.version, rowsVersion: clientListVersions.rowsVersion })
    .from(clientListVersions)
    .where(eq(clientListVersions.accountId, sql.placeholder('accountId')))
    .prepare('clients_list_version');
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
      if (!filters.missingMeals) {
        const [row] = await db.select({ total: count() }).from(clients).where(buildClientsWhere(filters));
        return row?.total ?? 0;
      }
      // The missing-day test runs once per client and strip day; PostgreSQL's estimate for that is high enough to
      // start JIT compilation, which costs far more (about a second) than the query itself.
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        const [row] = await tx.select({ total: count() }).from(clients).where(buildClientsWhere(filters));
        return row?.total ?? 0;
      });
    },

    /**
     * The versions of the account's list data: database triggers raise `all` with every statement that writes the
     * account's clients, meal choices, holds or rounds, and `rows` only with those that can change the list's rows
     * (clients beyond their save stamp, rounds), whoever runs them (so the list's cached answers know when to read
     * again). An account nothing was written for yet is at 0.
     */
    async readListVersions(accountId: number): Promise<ListVersions> {
      const [row] = await listVersion.execute({ accountId });
      return { all: String(row?.version ?? 0), rows: String(row?.rowsVersion ?? 0) };
    },

    async listClients(filters: ClientFilters, page: { limit: number; offset: number }): Promise<ClientRow[]> {
      const rows = await db
        .select({ client: clients, roundName: rounds.name })
        .from(clients)
        .leftJoin(rounds, eq(rounds.id, clients.roundId))
        .where(buildClientsWhere(filters))
        .orderBy(asc(clients.name), asc(clients.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({ ...row.client, roundName: row.roundName }));
    },

    /** One visible client of the account with its round's name; hidden or another account's answers null. */
    async findClient(accountId: number, id: number): Promise<ClientRow | null> {
      const [row] = await db
        .select({ client: clients, roundName: rounds.name })
        .from(clients)
        .leftJoin(rounds, eq(rounds.id, clients.roundId))
        .where(and(eq(clients.accountId, accountId), eq(clients.id, id), eq(clients.isHidden, false)));
      return row ? { ...row.client, roundName: row.roundName } : null;
    },

    /** Inserts a client kept in MealRounds (an account without a CRM); answers its id. */
    async insertLocalClient(accountId: number, values: LocalClientValues, now: Date): Promise<number> {
      const [row] = await db
        .insert(clients)
        .values({ accountId, ...values, syncedAt: now, createdAt: now, updatedAt: now })
        .returning({ id: clients.id });
      if (!row) throw new Error('the client was not inserted');
      return row.id;
    },

    /** Whether another client of the account (hidden ones too) has this external id. */
    async isExternalIdTaken(accountId: number, externalId: string, exceptId: number | null) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(
          and(
            eq(clients.accountId, accountId),
            eq(clients.externalId, externalId),
            exceptId === null ? undefined : ne(clients.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Writes the product-maintained columns (and, for an account without a CRM, the identity ones); answers false
     * when no visible client of the account matched.
     */
    async updateDetails(accountId: number, id: number, changes: ClientDetailsChanges, now: Date) {
      const rows = await db
        .update(clients)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(clients.accountId, accountId), eq(clients.id, id), eq(clients.isHidden, false)))
        .returning({ id: clients.id });
      return rows.length > 0;
    },

    /**
     * The clients just before and just after a position (name, id) in the list's order under the filters. The
     * position need not match the filters itself: the row comparison places it among the matching clients.
     */
    async findNeighbours(
      filters: ClientFilters,
      position: { name: string; id: number },
    ): Promise<{ prev: ClientNeighbour | null; next: ClientNeighbour | null }> {
      const key = sql`(${clients.name}, ${clients.id})`;
      const at = sql`(cast(${position.name} as text), cast(${position.id} as integer))`;
      const columns = { id: clients.id, name: clients.name };
      const [prev, next] = await Promise.all([
        db
          .select(columns)
          .from(clients)
          .where(and(buildClientsWhere(filters), sql`${key} < ${at}`))
          .orderBy(desc(clients.name), desc(clients.id))
          .limit(1),
        db
          .select(columns)
          .from(clients)
          .where(and(buildClientsWhere(filters), sql`${key} > ${at}`))
          .orderBy(asc(clients.name), asc(clients.id))
          .limit(1),
      ]);
      return { prev: prev[0] ?? null, next: next[0] ?? null };
    },

    /** Carries a label's new name to the account's clients that have the old one (order kept). */
    async renameLabel(accountId: number, oldName: string, newName: string, now: Date): Promise<number> {
      const rows = await db
        .update(clients)
        .set({
          labels: sql`(select coalesce(jsonb_agg(case when item.value = ${oldName} then ${newName} else item.value end order by item.ordinality), '[]'::jsonb) from jsonb_array_elements_text(${clients.labels}) with ordinality as item(value, ordinality))`,
          updatedAt: now,
        })
        .where(
          and(
            eq(clients.accountId, accountId),
            sql`${clients.labels} @> jsonb_build_array(cast(${oldName} as text))`,
          ),
        )
        .returning({ id: clients.id });
      return rows.length;
    },

    listVisibleClients(accountId: number) {
      return db
        .select({ id: clients.id, sourceId: clients.sourceId })
        .from(clients)
        .where(and(eq(clients.accountId, accountId), eq(clients.isHidden, false)));
    },

    listClientsOfRounds(accountId: number, roundIds: number[]) {
      if (roundIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(clients)
        .where(
          and(
            eq(clients.accountId, accountId),
            inArray(clients.roundId, roundIds),
            eq(clients.isHidden, false),
          ),
        );
    },
  };
}
export type ClientsRepository = ReturnType<typeof createClientsRepository>;
