import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visitRoundOf } from '../../db/day-round-sql';
import { isOwnClient } from '../../db/own-client-sql';
import { rounds } from '../../db/schema/accounts';
import { clients, visits } from '../../db/schema/clients';
import {
  driverRounds,
  drivers,
  driverTimeOff,
  rosterAssignments,
  rosterPatterns,
} from '../../db/schema/drivers';
import type { Transaction } from '../../db/transaction';

export type DriverRow = typeof drivers.$inferSelect & { roundIds: number[] };
export type DriverValues = { name: string; phone: string; email: string; notes: string; isActive: boolean };
export type PatternRow = typeof rosterPatterns.$inferSelect;
export type PatternValues = Pick<
  PatternRow,
  'driverId' | 'roundId' | 'weekdays' | 'everyWeeks' | 'weekOfMonth' | 'starts' | 'ends'
>;
export type AssignmentRow = typeof rosterAssignments.$inferSelect;
export type TimeOffRow = typeof driverTimeOff.$inferSelect;
export type TimeOffValues = { fromDate: string; toDate: string; note: string };

type Executor = Database | Transaction;

/** Drivers, the rounds they know, roster patterns, assignments and time off: SQL only. */
export function createDriversRepository(db: Database) {
  async function readRoundIds(executor: Executor, accountId: number, driverIds: number[]) {
    const byDriver = new Map<number, number[]>();
    if (driverIds.length === 0) return byDriver;
    const rows = await executor
      .select({ driverId: driverRounds.driverId, roundId: driverRounds.roundId })
      .from(driverRounds)
      .where(and(eq(driverRounds.accountId, accountId), inArray(driverRounds.driverId, driverIds)))
      .orderBy(asc(driverRounds.roundId));
    for (const row of rows) byDriver.set(row.driverId, [...(byDriver.get(row.driverId) ?? []), row.roundId]);
    return byDriver;
  }

  async function withRoundIds(executor: Executor, accountId: number, rows: (typeof drivers.$inferSelect)[]) {
    const byDriver = await readRoundIds(
      executor,
      accountId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, roundIds: byDriver.get(row.id) ?? [] }));
  }

  return {
    /** The account's drivers by name, each with the rounds they know. */
    async listDrivers(accountId: number): Promise<DriverRow[]> {
      const rows = await db
        .select()
        .from(drivers)
        .where(eq(drivers.accountId, accountId))
        .orderBy(asc(drivers.name), asc(drivers.id));
      return withRoundIds(db, accountId, rows);
    },

    async findDriver(
      accountId: number,
      driverId: number,
      executor: Executor = db,
    ): Promise<DriverRow | null> {
      const rows = await executor
        .select()
        .from(drivers)
        .where(and(eq(drivers.accountId, accountId), eq(drivers.id, driverId)));
      const [row] = await withRoundIds(executor, accountId, rows);
      return row ?? null;
    },

    /** Which of these round ids are the account's. */
    async listAccountRoundIds(accountId: number, roundIds: number[]): Promise<number[]> {
      if (roundIds.length === 0) return [];
      const rows = await db
        .select({ id: rounds.id })
        .from(rounds)
        .where(and(eq(rounds.accountId, accountId), inArray(rounds.id, roundIds)));
      return rows.map((row) => row.id);
    },

    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async insertDriver(tx: Transaction, accountId: number, values: DriverValues, now: Date) {
      const [row] = await tx
        .insert(drivers)
        .values({ accountId, ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('The driver was not stored.');
      return row;
    },

    async updateDriver(tx: Transaction, driverId: number, values: Partial<DriverValues>, now: Date) {
      await tx
        .update(drivers)
        .set({ ...values, updatedAt: now })
        .where(eq(drivers.id, driverId));
    },

    async setDriverRounds(tx: Transaction, accountId: number, driverId: number, roundIds: number[]) {
      await tx.delete(driverRounds).where(eq(driverRounds.driverId, driverId));
      if (roundIds.length === 0) return;
      await tx.insert(driverRounds).values(roundIds.map((roundId) => ({ accountId, driverId, roundId })));
    },

    /** Has the driver ever been on the roster (a pattern, or a day driven or given back)? */
    async hasRosterHistory(tx: Transaction, accountId: number, driverId: number): Promise<boolean> {
      const patterns = await tx
        .select({ id: rosterPatterns.id })
        .from(rosterPatterns)
        .where(and(eq(rosterPatterns.accountId, accountId), eq(rosterPatterns.driverId, driverId)))
        .limit(1);
      if (patterns.length > 0) return true;
      const days = await tx
        .select({ id: rosterAssignments.id })
        .from(rosterAssignments)
        .where(
          and(
            eq(rosterAssignments.accountId, accountId),
            or(eq(rosterAssignments.driverId, driverId), eq(rosterAssignments.releasedDriverId, driverId)),
          ),
        )
        .limit(1);
      return days.length > 0;
    },

    async deleteDriver(tx: Transaction, driverId: number) {
      await tx.delete(drivers).where(eq(drivers.id, driverId));
    },

    /** Locks the round's row so that two writers of its roster take turns (the overlap check sees the other). */
    async lockRound(tx: Transaction, accountId: number, roundId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: rounds.id })
        .from(rounds)
        .where(and(eq(rounds.accountId, accountId), eq(rounds.id, roundId)))
        .for('update');
      return row !== undefined;
    },

    listPatterns(accountId: number, executor: Executor = db): Promise<PatternRow[]> {
      return executor
        .select()
        .from(rosterPatterns)
        .where(eq(rosterPatterns.accountId, accountId))
        .orderBy(asc(rosterPatterns.roundId), asc(rosterPatterns.starts), asc(rosterPatterns.id));
    },

    listRoundPatterns(tx: Transaction, accountId: number, roundId: number): Promise<PatternRow[]> {
      return tx
        .select()
        .from(rosterPatterns)
        .where(and(eq(rosterPatterns.accountId, accountId), eq(rosterPatterns.roundId, roundId)))
        .orderBy(asc(rosterPatterns.id));
    },

    listDriverPatterns(tx: Transaction, accountId: number, driverId: number): Promise<PatternRow[]> {
      return tx
        .select()
        .from(rosterPatterns)
        .where(and(eq(rosterPatterns.accountId, accountId), eq(rosterPatterns.driverId, driverId)));
    },

    async findPattern(accountId: number, patternId: number): Promise<PatternRow | null> {
      const [row] = await db
        .select()
        .from(rosterPatterns)
        .where(and(eq(rosterPatterns.accountId, accountId), eq(rosterPatterns.id, patternId)));
      return row ?? null;
    },

    async insertPattern(tx: Transaction, accountId: number, values: PatternValues, now: Date) {
      const [row] = await tx
        .insert(rosterPatterns)
        .values({ accountId, ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('The pattern was not stored.');
      return row;
    },

    async endPattern(tx: Transaction, patternId: number, ends: string, now: Date): Promise<PatternRow> {
      const [row] = await tx
        .update(rosterPatterns)
        .set({ ends, updatedAt: now })
        .where(eq(rosterPatterns.id, patternId))
        .returning();
      if (!row) throw new Error('The pattern was not stored.');
      return row;
    },

    async deletePattern(tx: Transaction, patternId: number) {
      await tx.delete(rosterPatterns).where(eq(rosterPatterns.id, patternId));
    },

    /** The account's assignments from `from` to `to` (YYYY-MM-DD, both included). */
    listAssignments(accountId: number, from: string, to: string): Promise<AssignmentRow[]> {
      return db
        .select()
        .from(rosterAssignments)
        .where(
          and(
            eq(rosterAssignments.accountId, accountId),
            gte(rosterAssignments.date, from),
            lte(rosterAssignments.date, to),
          ),
        );
    },

    async findAssignment(tx: Transaction, roundId: number, date: string): Promise<AssignmentRow | null> {
      const [row] = await tx
        .select()
        .from(rosterAssignments)
        .where(and(eq(rosterAssignments.roundId, roundId), eq(rosterAssignments.date, date)));
      return row ?? null;
    },

    /** Sets the round's day apart from its pattern: this driver, or none (left unfilled, not released). */
    async putAssignment(
      tx: Transaction,
      assignment: { accountId: number; roundId: number; date: string; driverId: number | null },
      now: Date,
    ) {
      const values = {
        driverId: assignment.driverId,
        isReleased: false,
        releasedDriverId: null,
        releasedAt: null,
      };
      await tx
        .insert(rosterAssignments)
        .values({ ...assignment, ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [rosterAssignments.roundId, rosterAssignments.date],
          set: { ...values, updatedAt: now },
        });
    },

    /** The round's day goes back to its pattern. */
    async deleteAssignment(tx: Transaction, roundId: number, date: string) {
      await tx
        .delete(rosterAssignments)
        .where(and(eq(rosterAssignments.roundId, roundId), eq(rosterAssignments.date, date)));
    },

    /** The driver's assignments from `from` on (to clear them when the driver is deactivated). */
    listDriverAssignmentsFrom(tx: Transaction, accountId: number, driverId: number, from: string) {
      return tx
        .select()
        .from(rosterAssignments)
        .where(
          and(
            eq(rosterAssignments.accountId, accountId),
            eq(rosterAssignments.driverId, driverId),
            gte(rosterAssignments.date, from),
          ),
        );
    },

    listTimeOff(accountId: number, driverId: number): Promise<TimeOffRow[]> {
      return db
        .select()
        .from(driverTimeOff)
        .where(and(eq(driverTimeOff.accountId, accountId), eq(driverTimeOff.driverId, driverId)))
        .orderBy(asc(driverTimeOff.fromDate), asc(driverTimeOff.id));
    },

    /** The account's time off that touches `from` to `to` (YYYY-MM-DD). */
    listTimeOffInWindow(accountId: number, from: string, to: string): Promise<TimeOffRow[]> {
      return db
        .select()
        .from(driverTimeOff)
        .where(
          and(
            eq(driverTimeOff.accountId, accountId),
            lte(driverTimeOff.fromDate, to),
            gte(driverTimeOff.toDate, from),
          ),
        );
    },

    async insertTimeOff(
      tx: Transaction,
      accountId: number,
      driverId: number,
      values: TimeOffValues,
      now: Date,
    ) {
      const [row] = await tx
        .insert(driverTimeOff)
        .values({ accountId, driverId, ...values, createdAt: now })
        .returning();
      if (!row) throw new Error('The time off was not stored.');
      return row;
    },

    async deleteTimeOff(
      tx: Transaction,
      accountId: number,
      driverId: number,
      timeOffId: number,
    ): Promise<TimeOffRow | null> {
      const [row] = await tx
        .delete(driverTimeOff)
        .where(
          and(
            eq(driverTimeOff.accountId, accountId),
            eq(driverTimeOff.driverId, driverId),
            eq(driverTimeOff.id, timeOffId),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * The days each round has visits from `from` to `to` (YYYY-MM-DD): the rounds screen's "round's day" (the day
     * planner's assignment, else the client's round), of visible clients, cancelled visits aside.
     */
    listRoundDays(
      accountId: number,
      from: string,
      to: string,
      roundId?: number,
    ): Promise<{ roundId: number; date: string }[]> {
      const dayRound = visitRoundOf(sql`${visits.id}`, sql`${clients.roundId}`);
      return db
        .selectDistinct({ roundId: sql<number>`${dayRound}`.as('day_round_id'), date: visits.date })
        .from(visits)
        .innerJoin(clients, isOwnClient(visits))
        .where(
          and(
            eq(visits.accountId, accountId),
            gte(visits.date, from),
            lte(visits.date, to),
            eq(clients.isHidden, false),
            sql`lower(${visits.status}) <> 'cancelled'`,
            roundId === undefined ? sql`${dayRound} is not null` : sql`${dayRound} = ${roundId}`,
          ),
        )
        .orderBy(asc(visits.date));
    },
  };
}
export type DriversRepository = ReturnType<typeof createDriversRepository>;
