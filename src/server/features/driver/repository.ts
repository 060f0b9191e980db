import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visitRoundOf } from '../../db/day-round-sql';
import { isOwnClient } from '../../db/own-client-sql';
import { clients, visits } from '../../db/schema/clients';
import { driverLinks, driverOutcomes, driverPhotos } from '../../db/schema/driver';
import type { Transaction } from '../../db/transaction';
import type { StatusWritePlan } from '../visits/outbox-service';

export type DriverLinkRow = typeof driverLinks.$inferSelect;
export type DriverOutcomeRow = typeof driverOutcomes.$inferSelect;

export type NewOutcome = {
  accountId: number;
  linkId: number;
  clientUuid: string;
  visitId: number;
  outcome: string;
  note: string;
  recordedAt: Date;
  receivedAt: Date;
  photo: { id: string; contentType: string; content: Buffer } | null;
};

/**
 * A newly recorded outcome: whether it is now its visit's current one (no later one by recorded_at), and the CRM
 * write that carries it (null: none queued).
 */
export type RecordedOutcome = {
  outcomeId: number;
  recordedAt: Date;
  isCurrent: boolean;
  writeId: number | null;
};

/**
 * The CRM write to queue with an outcome, decided on its visit's write state `expectedState` (plan null: none);
 * `isOnlyIfCurrent`: queued only when the outcome is the visit's current one.
 */
export type OutcomeWrite = { expectedState: string; plan: StatusWritePlan | null; isOnlyIfCurrent: boolean };

export type RecordOutcomeResult<R> =
  | { result: 'stale' }
  | { result: 'duplicate' }
  | { result: 'recorded'; recorded: RecordedOutcome; effects: R | null };

type RecordedRow = {
  result: 'recorded' | 'stale' | 'duplicate';
  outcome_id: number | null;
  is_current: boolean | null;
  write_id: number | null;
};

/** The latest outcome of each visit (by recorded_at, then arrival). */
export type LatestOutcome = Pick<DriverOutcomeRow, 'visitId' | 'outcome' | 'note' | 'recordedAt' | 'photoId'>;

export function createDriverRepository(db: Database) {
  return {
    async insertLink(values: typeof driverLinks.$inferInsert): Promise<DriverLinkRow> {
      const [row] = await db.insert(driverLinks).values(values).returning();
      if (!row) throw new Error('driver link not inserted');
      return row;
    },

    /** The link with this token hash, if it still works (not revoked, not expired). */
    async findWorkingLink(tokenHash: string, now: Date): Promise<DriverLinkRow | null> {
      const [row] = await db
        .select()
        .from(driverLinks)
        .where(
          and(
            eq(driverLinks.tokenHash, tokenHash),
            isNull(driverLinks.revokedAt),
            gt(driverLinks.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /** The day's working links of a round, newest first. */
    listWorkingLinks(accountId: number, roundId: number, date: string, now: Date) {
      return db
        .select()
        .from(driverLinks)
        .where(
          and(
            eq(driverLinks.accountId, accountId),
            eq(driverLinks.roundId, roundId),
            eq(driverLinks.date, date),
            isNull(driverLinks.revokedAt),
            gt(driverLinks.expiresAt, now),
          ),
        )
        .orderBy(desc(driverLinks.createdAt), desc(driverLinks.id));
    },

    /** Ends the day's working links of a round; answers how many. */
    async revokeLinks(accountId: number, roundId: number, date: string, now: Date): Promise<number> {
      const revoked = await db
        .update(driverLinks)
        .set({ revokedAt: now })
        .where(
          and(
            eq(driverLinks.accountId, accountId),
            eq(driverLinks.roundId, roundId),
            eq(driverLinks.date, date),
            isNull(driverLinks.revokedAt),
            gt(driverLinks.expiresAt, now),
          ),
        )
        .returning({ id: driverLinks.id });
      return revoked.length;
    },

    /**
     * The run of a link: the day's visits the round carries (its clients', and those the day planner moved onto
     * it), in the round's current order (by time).
     */
    listRunVisits(accountId: number, roundId: number, date: string) {
      return db
        .select({
          id: visits.id,
          clientId: visits.clientId,
          startAt: visits.startAt,
          endAt: visits.endAt,
          status: visits.status,
        })
        .from(visits)
        .innerJoin(clients, isOwnClient(visits))
        .where(
          and(
            eq(visits.accountId, accountId),
            eq(visits.date, date),
            sql`${visitRoundOf(sql`${visits.id}`, sql`${clients.roundId}`)} = ${roundId}`,
          ),
        )
        .orderBy(asc(visits.startAt), asc(visits.id));
    },

    /** These visits of the account with their round that day (to check they are on a link's run). */
    findVisits(accountId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: visits.id,
          sourceId: visits.sourceId,
          date: visits.date,
          status: visits.status,
          timezone: visits.timezone,
          roundId: visitRoundOf(sql`${visits.id}`, sql`${clients.roundId}`),
          clientId: clients.id,
          clientName: clients.name,
        })
        .from(visits)
        .innerJoin(clients, isOwnClient(visits))
        .where(and(eq(visits.accountId, accountId), inArray(visits.id, ids)));
    },

    /** Which of these phone ids the account has recorded already. */
    async listRecorded(accountId: number, clientUuids: string[]): Promise<Set<string>> {
      if (clientUuids.length === 0) return new Set();
      const rows = await db
        .select({ clientUuid: driverOutcomes.clientUuid })
        .from(driverOutcomes)
        .where(and(eq(driverOutcomes.accountId, accountId), inArray(driverOutcomes.clientUuid, clientUuids)));
      return new Set(rows.map((row) => row.clientUuid));
    },

    /**
     * Records an outcome (and its photo) with the CRM write decided for it in one call (the database function
     * record_driver_outcome), so the visit's lock lasts that call; `effects` (the alert), when given, run after it
     * in the same transaction: all of them or none. 'duplicate' when an outcome with this phone id was already
     * recorded (a retry records nothing again); 'stale', writing nothing, when the visit's write state is no longer
     * the one the write was decided on.
     */
    async recordOutcome<R>(
      input: NewOutcome,
      write: OutcomeWrite,
      effects: ((tx: Transaction, recorded: RecordedOutcome) => Promise<R>) | null,
    ): Promise<RecordOutcomeResult<R>> {
      const plan = write.plan;
      const call = async (executor: Database | Transaction): Promise<RecordOutcomeResult<null>> => {
        const result = (await executor.execute(sql`select * from record_driver_outcome(
          ${input.accountId}::integer, ${input.linkId}::integer, ${input.clientUuid}::uuid, ${input.visitId}::integer,
          ${input.outcome}::text, ${input.note}::text, ${input.recordedAt.toISOString()}::timestamptz,
          ${input.receivedAt.toISOString()}::timestamptz, ${input.photo?.id ?? null}::uuid,
          ${input.photo?.contentType ?? null}::text, ${input.photo?.content ?? null}::bytea,
          ${write.expectedState}::text, ${plan?.kind ?? null}::text,
          ${plan ? JSON.stringify(plan.payload) : null}::jsonb, ${plan ? JSON.stringify(plan.previous) : null}::jsonb,
          ${write.isOnlyIfCurrent}::boolean, ${plan?.reuseId ?? null}::integer,
          ${`{${(plan?.supersede ?? []).join(',')}}`}::integer[], ${plan?.localStatus ?? null}::text)`)) as unknown as {
          rows: RecordedRow[];
        };
        const [row] = result.rows;
        if (!row) throw new Error('record_driver_outcome answered no row');
        if (row.result === 'stale') return { result: 'stale' };
        if (row.result === 'duplicate') return { result: 'duplicate' };
        if (row.outcome_id === null || row.is_current === null) throw new Error('outcome not recorded');
        const recorded = {
          outcomeId: row.outcome_id,
          recordedAt: input.recordedAt,
          isCurrent: row.is_current,
          writeId: row.write_id,
        };
        return { result: 'recorded', recorded, effects: null };
      };
      if (!effects) return call(db);
      return db.transaction(async (tx) => {
        const answer = await call(tx);
        if (answer.result !== 'recorded') return answer;
        return { ...answer, effects: await effects(tx, answer.recorded) };
      });
    },

    /** The current outcome of each of these visits of the account. */
    async listLatestOutcomes(accountId: number, visitIds: number[]): Promise<LatestOutcome[]> {
      if (visitIds.length === 0) return [];
      return db
        .selectDistinctOn([driverOutcomes.visitId], {
          visitId: driverOutcomes.visitId,
          outcome: driverOutcomes.outcome,
          note: driverOutcomes.note,
          recordedAt: driverOutcomes.recordedAt,
          photoId: driverOutcomes.photoId,
        })
        .from(driverOutcomes)
        .where(and(eq(driverOutcomes.accountId, accountId), inArray(driverOutcomes.visitId, visitIds)))
        .orderBy(driverOutcomes.visitId, desc(driverOutcomes.recordedAt), desc(driverOutcomes.id));
    },

    /** Every outcome of a visit, oldest first (the history). */
    listVisitOutcomes(accountId: number, visitId: number) {
      return db
        .select()
        .from(driverOutcomes)
        .where(and(eq(driverOutcomes.accountId, accountId), eq(driverOutcomes.visitId, visitId)))
        .orderBy(driverOutcomes.recordedAt, driverOutcomes.id);
    },

    async findPhoto(accountId: number, id: string) {
      const [row] = await db
        .select({ contentType: driverPhotos.contentType, content: driverPhotos.content })
        .from(driverPhotos)
        .where(and(eq(driverPhotos.accountId, accountId), eq(driverPhotos.id, id)));
      return row ?? null;
    },
  };
}
export type DriverRepository = ReturnType<typeof createDriverRepository>;
