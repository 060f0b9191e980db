import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visitRoundOf } from '../../db/day-round-sql';
import { clients, visits } from '../../db/schema/clients';
import { driverLinks, driverOutcomes, driverPhotos } from '../../db/schema/driver';
import type { Transaction } from '../../db/transaction';

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

/** A newly recorded outcome, and whether it is now its visit's current one (no later one by recorded_at). */
export type RecordedOutcome = { row: DriverOutcomeRow; isCurrent: boolean };

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
        .innerJoin(clients, eq(clients.id, visits.clientId))
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
        .innerJoin(clients, eq(clients.id, visits.clientId))
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
     * Records an outcome (and its photo) and runs `effects` in the same transaction (the CRM write, the alert).
     * Answers null when an outcome with this phone id was already recorded: a retry records nothing again.
     */
    recordOutcome<R>(
      input: NewOutcome,
      effects: (tx: Transaction, recorded: RecordedOutcome) => Promise<R>,
    ): Promise<{ recorded: RecordedOutcome; effects: R } | null> {
      return db.transaction(async (tx) => {
        // Held for the transaction: outcomes of one visit arriving together decide 'current' one after another.
        await tx.execute(sql`select id from visits where id = ${input.visitId} for update`);
        if (input.photo) {
          await tx.insert(driverPhotos).values({
            id: input.photo.id,
            accountId: input.accountId,
            contentType: input.photo.contentType,
            content: input.photo.content,
            createdAt: input.receivedAt,
          });
        }
        const [row] = await tx
          .insert(driverOutcomes)
          .values({
            accountId: input.accountId,
            clientUuid: input.clientUuid,
            visitId: input.visitId,
            linkId: input.linkId,
            outcome: input.outcome,
            note: input.note,
            photoId: input.photo?.id ?? null,
            recordedAt: input.recordedAt,
            receivedAt: input.receivedAt,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          // Sent twice at once: the other request recorded it; its photo is not kept twice.
          if (input.photo) await tx.delete(driverPhotos).where(eq(driverPhotos.id, input.photo.id));
          return null;
        }
        const later = await tx
          .select({ id: driverOutcomes.id })
          .from(driverOutcomes)
          .where(
            and(
              eq(driverOutcomes.visitId, row.visitId),
              sql`(${driverOutcomes.recordedAt}, ${driverOutcomes.id}) > (${row.recordedAt.toISOString()}::timestamptz, ${row.id})`,
            ),
          )
          .limit(1);
        const recorded = { row, isCurrent: later.length === 0 };
        return { recorded, effects: await effects(tx, recorded) };
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
