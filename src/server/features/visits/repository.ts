import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients, visits } from '../../db/schema/clients';

export type VisitRow = typeof visits.$inferSelect;
export type VisitWithClient = VisitRow & {
  client: Pick<
    typeof clients.$inferSelect,
    'id' | 'name' | 'sourceId' | 'address' | 'city' | 'state' | 'zip'
  >;
};
export type VisitInput = Omit<typeof visits.$inferInsert, 'id' | 'accountId' | 'syncedAt'>;

const upsertChunkSize = 5000;

const clientColumns = {
  id: clients.id,
  name: clients.name,
  sourceId: clients.sourceId,
  address: clients.address,
  city: clients.city,
  state: clients.state,
  zip: clients.zip,
};

export function createVisitsRepository(db: Database) {
  async function selectWithClients(where: ReturnType<typeof and>): Promise<VisitWithClient[]> {
    const rows = await db
      .select({ visit: visits, client: clientColumns })
      .from(visits)
      .innerJoin(clients, eq(clients.id, visits.clientId))
      .where(where)
      .orderBy(asc(visits.startAt), asc(visits.id));
    return rows.map((row) => ({ ...row.visit, client: row.client }));
  }

  async function upsertChunk(accountId: number, inputs: VisitInput[], now: Date) {
    await db
      .insert(visits)
      .values(inputs.map((input) => ({ ...input, accountId, syncedAt: now })))
      .onConflictDoUpdate({
        target: [visits.accountId, visits.sourceId],
        set: {
          clientId: sql`excluded.client_id`,
          date: sql`excluded.date`,
          startAt: sql`excluded.start_at`,
          endAt: sql`excluded.end_at`,
          status: sql`excluded.status`,
          serviceCodeId: sql`excluded.service_code_id`,
          timezone: sql`excluded.timezone`,
          syncedAt: now,
        },
      });
  }

  return {
    /** Stores the CRM's visits as the last known (original) times, keyed by the CRM id. */
    async upsertFromSource(accountId: number, inputs: VisitInput[], now: Date) {
      // In chunks: one statement may carry at most 65,535 parameters.
      for (let offset = 0; offset < inputs.length; offset += upsertChunkSize) {
        await upsertChunk(accountId, inputs.slice(offset, offset + upsertChunkSize), now);
      }
    },
    listForClientsOnDate(accountId: number, clientIds: number[], date: string) {
      if (clientIds.length === 0) return Promise.resolve([]);
      return selectWithClients(
        and(eq(visits.accountId, accountId), eq(visits.date, date), inArray(visits.clientId, clientIds)),
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
