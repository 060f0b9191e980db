import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visitRoundOf } from '../../db/day-round-sql';
import { isOwnClient } from '../../db/own-client-sql';
import { clients, visits } from '../../db/schema/clients';
import { visitRoundDays } from '../../db/schema/day-plans';
import type { Transaction } from '../../db/transaction';
import type { VisitChangeListener } from '../../shared/outbox-writes';
import { findSyncedChanges, readNearVisits } from './synced-visit-changes';

export type VisitRow = typeof visits.$inferSelect;
export type VisitWithClient = VisitRow & {
  client: Pick<
    typeof clients.$inferSelect,
    'id' | 'name' | 'sourceId' | 'address' | 'city' | 'state' | 'zip' | 'latitude' | 'longitude'
  >;
};
/** A visit as the CRM gives it, to be stored. */
export type VisitInput = {
  clientId: number;
  sourceId: string;
  /** The visit's local date (YYYY-MM-DD) in its timezone. */
  date: string;
  startAt: Date;
  endAt: Date;
  status: string;
  serviceCodeId: string;
  timezone: string;
  /** The CRM's reason for a cancelled visit; '' when none. */
  cancelReason: string;
};

/** Rows per statement: each chunk crosses as one JSON parameter, so this only bounds the text's size. */
const upsertChunkSize = 10_000;

/** The columns a sync takes from the CRM: written on a known visit only when one of them changed. */
const syncedColumns = [
  'client_id',
  'date',
  'start_at',
  'end_at',
  'status',
  'service_code_id',
  'timezone',
  'cancel_reason',
];
const setSyncedColumns = sql.raw(
  [...syncedColumns, 'synced_at'].map((column) => `${column} = excluded.${column}`).join(', '),
);
const isSyncedColumnChanged = sql.raw(
  syncedColumns.map((column) => `visits.${column} is distinct from excluded.${column}`).join(' or '),
);

const clientColumns = {
  id: clients.id,
  name: clients.name,
  sourceId: clients.sourceId,
  address: clients.address,
  city: clients.city,
  state: clients.state,
  zip: clients.zip,
  latitude: clients.latitude,
  longitude: clients.longitude,
};

export function createVisitsRepository(
  db: Database,
  /** Hears of the cancellations and new starts a sync brings from the CRM (the delivery notices). */
  onVisitChanges: VisitChangeListener | null = null,
) {
  async function selectWithClients(where: ReturnType<typeof and>): Promise<VisitWithClient[]> {
    const rows = await db
      .select({ visit: visits, client: clientColumns })
      .from(visits)
      .innerJoin(clients, isOwnClient(visits))
      .where(where)
      .orderBy(asc(visits.startAt), asc(visits.id));
    return rows.map((row) => ({ ...row.visit, client: row.client }));
  }

  /**
   * A visit with a time change or completion still waiting for the CRM keeps its local state: the CRM's copy is
   * older than the change the user made. One statement per chunk, its rows as a single JSON parameter: building
   * a multi-row VALUES list with a parameter per field cost seconds of query building for a large sync. A known visit is written only when
   * the CRM changed something, so a repeated sync leaves rows (and the client_days triggers) alone.
   */
  async function upsertChunk(
    executor: Database | Transaction,
    accountId: number,
    inputs: VisitInput[],
    now: Date,
  ) {
    const rows = JSON.stringify(
      inputs.map((input) => [
        input.clientId,
        input.sourceId,
        input.date,
        input.startAt.toISOString(),
        input.endAt.toISOString(),
        input.status,
        input.serviceCodeId,
        input.timezone,
        input.cancelReason,
      ]),
    );
    await executor.execute(sql`insert into visits (account_id, client_id, source_id, date, start_at, end_at, status,
        service_code_id, timezone, cancel_reason, synced_at)
      select ${accountId}::int, (r->>0)::int, r->>1, r->>2, (r->>3)::timestamptz, (r->>4)::timestamptz, r->>5, r->>6,
        r->>7, r->>8, ${now.toISOString()}::timestamptz
      from json_array_elements(${rows}::json) as r
      on conflict (account_id, source_id) do update set ${setSyncedColumns}
      where (${isSyncedColumnChanged}) and not exists (
        select 1 from source_writes w
        where w.visit_id = visits.id and w.status = 'pending' and w.kind in ('visit_times', 'visit_complete', 'visit_cancel'))`);
  }

  return {
    /** Stores the CRM's visits as the last known (original) times, keyed by the CRM id. */
    async upsertFromSource(accountId: number, inputs: VisitInput[], now: Date) {
      for (let offset = 0; offset < inputs.length; offset += upsertChunkSize) {
        const chunk = inputs.slice(offset, offset + upsertChunkSize);
        const listener = onVisitChanges;
        if (!listener) {
          await upsertChunk(db, accountId, chunk, now);
          continue;
        }
        // The visits near enough for a notice as they were, written, and their changes told in one transaction.
        await db.transaction(async (tx) => {
          const before = await readNearVisits(tx, accountId, chunk, now);
          await upsertChunk(tx, accountId, chunk, now);
          const changes = await findSyncedChanges(tx, before);
          if (changes.length > 0) await listener(tx, accountId, changes);
        });
      }
    },
    /**
     * A round's visits of a day: those its round carries that day (the day planner's assignment, else the
     * client's round), of visible clients.
     */
    listForRoundOnDate(accountId: number, roundId: number, date: string) {
      return selectWithClients(
        and(
          eq(visits.accountId, accountId),
          eq(visits.date, date),
          eq(clients.isHidden, false),
          sql`${visitRoundOf(sql`${visits.id}`, sql`${clients.roundId}`)} = ${roundId}`,
        ),
      );
    },

    /**
     * The rounds' visits of a day, each with the round that carries it (as listForRoundOnDate finds it): route
     * automation reads a day of all the account's rounds at once.
     */
    async listForRoundsOnDate(accountId: number, roundIds: number[], date: string) {
      if (roundIds.length === 0) return [];
      const roundOf = visitRoundOf(sql`${visits.id}`, sql`${clients.roundId}`);
      const rows = await db
        .select({ visit: visits, client: clientColumns, roundId: roundOf })
        .from(visits)
        .innerJoin(clients, isOwnClient(visits))
        .where(
          and(
            eq(visits.accountId, accountId),
            eq(visits.date, date),
            eq(clients.isHidden, false),
            inArray(roundOf, roundIds),
          ),
        )
        .orderBy(asc(visits.startAt), asc(visits.id));
      return rows.map((row) => ({ ...row.visit, client: row.client, roundId: Number(row.roundId) }));
    },

    /** The clients of other rounds whose visit of the day the day planner moved onto one of these rounds. */
    listClientsMovedOnto(accountId: number, roundIds: number[], date: string) {
      if (roundIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinct({ id: clients.id, sourceId: clients.sourceId })
        .from(visitRoundDays)
        .innerJoin(visits, eq(visits.id, visitRoundDays.visitId))
        .innerJoin(clients, isOwnClient(visits))
        .where(
          and(
            eq(visitRoundDays.accountId, accountId),
            eq(visitRoundDays.date, date),
            inArray(visitRoundDays.roundId, roundIds),
            eq(clients.isHidden, false),
            sql`${clients.roundId} is distinct from ${visitRoundDays.roundId}`,
          ),
        );
    },

    listForClientsBetween(accountId: number, clientIds: number[], fromDate: string, toDate: string) {
      if (clientIds.length === 0) return Promise.resolve([]);
      return selectWithClients(
        and(
          eq(visits.accountId, accountId),
          between(visits.date, fromDate, toDate),
          inArray(visits.clientId, clientIds),
        ),
      );
    },

    async setPremiumsSynced(accountId: number, id: number, premiums: Record<string, number>) {
      await db
        .update(visits)
        .set({ premiumsSynced: premiums })
        .where(and(eq(visits.accountId, accountId), eq(visits.id, id)));
    },

    findVisits(accountId: number, ids: number[]) {
      return selectWithClients(and(eq(visits.accountId, accountId), inArray(visits.id, ids)));
    },

    async updateTimes(accountId: number, id: number, times: { startAt: Date; endAt: Date }) {
      await db
        .update(visits)
        .set(times)
        .where(and(eq(visits.accountId, accountId), eq(visits.id, id)));
    },

    async markCompleted(accountId: number, ids: number[]) {
      if (ids.length === 0) return;
      await db
        .update(visits)
        .set({ status: 'completed' })
        .where(and(eq(visits.accountId, accountId), inArray(visits.id, ids)));
    },
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
