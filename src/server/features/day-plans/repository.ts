import { and, asc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visitRoundOf } from '../../db/day-round-sql';
import { isClientHeldOn } from '../../db/held-sql';
import { isOwnClient } from '../../db/own-client-sql';
import { clientDays, clients, visits } from '../../db/schema/clients';
import { visitRoundDays } from '../../db/schema/day-plans';
import type { StoredPlanVisit } from '../../shared/day-portions';

export type AssignmentRow = typeof visitRoundDays.$inferSelect & { clientRoundId: number | null };

/** Visits the planner routes: not cancelled nor completed (ADR 0004), of a visible client not on hold that day. */
const isPlannable = (date: string) =>
  and(
    notInArray(visits.status, ['cancelled', 'completed']),
    eq(clients.isHidden, false),
    sql`not ${isClientHeldOn(sql`${clients.id}`, sql`${date}`)}`,
  );

export function createDayPlansRepository(db: Database) {
  const dayRound = visitRoundOf(sql`${visits.id}`, sql`${clients.roundId}`);

  async function selectPlanVisits(where: SQL | undefined): Promise<StoredPlanVisit[]> {
    const rows = await db
      .select({
        id: visits.id,
        date: visits.date,
        status: visits.status,
        startAt: visits.startAt,
        endAt: visits.endAt,
        timezone: visits.timezone,
        client: {
          id: clients.id,
          name: clients.name,
          address: clients.address,
          city: clients.city,
          state: clients.state,
          zip: clients.zip,
          latitude: clients.latitude,
          longitude: clients.longitude,
          roundId: clients.roundId,
          windowEarliest: clients.deliveryWindowEarliest,
          windowLatest: clients.deliveryWindowLatest,
        },
        dayRoundId: dayRound,
        dayPortions: sql<number>`coalesce(${clientDays.portions}, 0)`.mapWith(Number),
      })
      .from(visits)
      .innerJoin(clients, isOwnClient(visits))
      .leftJoin(clientDays, and(eq(clientDays.clientId, visits.clientId), eq(clientDays.date, visits.date)))
      .where(where)
      .orderBy(asc(visits.startAt), asc(visits.id));
    return rows.map((row) => ({
      ...row,
      dayRoundId: row.dayRoundId === null ? null : Number(row.dayRoundId),
    }));
  }

  return {
    /** The day's visits to plan: those a round carries, not cancelled, completed or held, by time. */
    listDayVisits(accountId: number, date: string): Promise<StoredPlanVisit[]> {
      return selectPlanVisits(
        and(
          eq(visits.accountId, accountId),
          eq(visits.date, date),
          isPlannable(date),
          sql`${dayRound} is not null`,
        ),
      );
    },

    /**
     * The day's visits a round drove or drives: not cancelled nor held, completed ones too, by time. The volunteer
     * hours drive these through the planner's route model to time a past round.
     */
    listDrivenVisits(accountId: number, date: string): Promise<StoredPlanVisit[]> {
      return selectPlanVisits(
        and(
          eq(visits.accountId, accountId),
          eq(visits.date, date),
          ne(visits.status, 'cancelled'),
          sql`not ${isClientHeldOn(sql`${clients.id}`, sql`${date}`)}`,
          sql`${dayRound} is not null`,
        ),
      );
    },

    /** These visits, if the account's (any status), for checking pins and an applied plan. */
    findVisits(accountId: number, ids: number[]): Promise<StoredPlanVisit[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return selectPlanVisits(and(eq(visits.accountId, accountId), inArray(visits.id, ids)));
    },

    /** The day's applied assignment, by round and stop number. */
    async listAssignment(accountId: number, date: string): Promise<AssignmentRow[]> {
      const rows = await db
        .select({ row: visitRoundDays, clientRoundId: clients.roundId })
        .from(visitRoundDays)
        .innerJoin(visits, eq(visits.id, visitRoundDays.visitId))
        .innerJoin(clients, isOwnClient(visits))
        .where(and(eq(visitRoundDays.accountId, accountId), eq(visitRoundDays.date, date)))
        .orderBy(asc(visitRoundDays.roundId), asc(visitRoundDays.position));
      return rows.map(({ row, clientRoundId }) => ({ ...row, clientRoundId }));
    },

    /** Replaces the day's assignment with these rows, in one transaction. */
    async replaceAssignment(
      accountId: number,
      date: string,
      rows: Omit<typeof visitRoundDays.$inferInsert, 'accountId' | 'date'>[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(visitRoundDays)
          .where(and(eq(visitRoundDays.accountId, accountId), eq(visitRoundDays.date, date)));
        if (rows.length > 0)
          await tx.insert(visitRoundDays).values(rows.map((row) => ({ ...row, accountId, date })));
      });
    },

    /** Removes the day's assignment; answers the rows removed. */
    deleteAssignment(accountId: number, date: string) {
      return db
        .delete(visitRoundDays)
        .where(and(eq(visitRoundDays.accountId, accountId), eq(visitRoundDays.date, date)))
        .returning();
    },
  };
}
export type DayPlansRepository = ReturnType<typeof createDayPlansRepository>;
