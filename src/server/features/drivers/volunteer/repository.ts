import { and, asc, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rounds } from '../../../db/schema/accounts';
import { drivers, rosterAssignments } from '../../../db/schema/drivers';
import { rosterReminders, volunteerLinks, type RosterReminderKind } from '../../../db/schema/volunteer';
import type { Transaction } from '../../../db/transaction';

export type VolunteerLinkRow = typeof volunteerLinks.$inferSelect;
export type ReminderValues = {
  accountId: number;
  kind: RosterReminderKind;
  roundId: number;
  date: string;
  driverId: number | null;
  recipients: string[];
  channels: string[];
  sentAt: Date;
};

/** Personal links, days given back, and the roster's sent reminders: SQL only. */
export function createVolunteerRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Ends the driver's working link(s); answers how many. */
    async revokeLinks(tx: Transaction, accountId: number, driverId: number, now: Date) {
      const rows = await tx
        .update(volunteerLinks)
        .set({ revokedAt: now })
        .where(
          and(
            eq(volunteerLinks.accountId, accountId),
            eq(volunteerLinks.driverId, driverId),
            isNull(volunteerLinks.revokedAt),
          ),
        )
        .returning({ id: volunteerLinks.id });
      return rows.length;
    },

    async insertLink(tx: Transaction, values: typeof volunteerLinks.$inferInsert) {
      await tx.insert(volunteerLinks).values(values);
    },

    /** The working link with this token hash, if its driver is still active. */
    async findWorkingLink(tokenHash: string): Promise<VolunteerLinkRow | null> {
      const [row] = await db
        .select({ link: volunteerLinks })
        .from(volunteerLinks)
        .innerJoin(drivers, eq(drivers.id, volunteerLinks.driverId))
        .where(
          and(
            eq(volunteerLinks.tokenHash, tokenHash),
            isNull(volunteerLinks.revokedAt),
            eq(drivers.isActive, true),
          ),
        );
      return row?.link ?? null;
    },

    async findNewestWorkingLink(accountId: number, driverId: number): Promise<VolunteerLinkRow | null> {
      const [row] = await db
        .select()
        .from(volunteerLinks)
        .where(
          and(
            eq(volunteerLinks.accountId, accountId),
            eq(volunteerLinks.driverId, driverId),
            isNull(volunteerLinks.revokedAt),
          ),
        )
        .orderBy(desc(volunteerLinks.createdAt), desc(volunteerLinks.id))
        .limit(1);
      return row ?? null;
    },

    /** The round's day is given back by its driver: unfilled and marked released until someone takes it. */
    async releaseDay(
      tx: Transaction,
      day: { accountId: number; roundId: number; date: string; driverId: number },
      now: Date,
    ) {
      const values = { driverId: null, isReleased: true, releasedDriverId: day.driverId, releasedAt: now };
      await tx
        .insert(rosterAssignments)
        .values({
          accountId: day.accountId,
          roundId: day.roundId,
          date: day.date,
          ...values,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [rosterAssignments.roundId, rosterAssignments.date],
          set: { ...values, updatedAt: now },
        });
    },

    /** The accounts with an active driver: the ones the reminders job looks at. */
    async listRosterAccountIds(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ accountId: drivers.accountId })
        .from(drivers)
        .where(eq(drivers.isActive, true))
        .orderBy(asc(drivers.accountId));
      return rows.map((row) => row.accountId);
    },

    /** The keys of what was sent about the account's days from `from` to `to` (YYYY-MM-DD). */
    listSentKeys(accountId: number, from: string, to: string) {
      return db
        .select({
          kind: rosterReminders.kind,
          roundId: rosterReminders.roundId,
          date: rosterReminders.date,
          driverId: rosterReminders.driverId,
        })
        .from(rosterReminders)
        .where(
          and(
            eq(rosterReminders.accountId, accountId),
            gte(rosterReminders.date, from),
            lte(rosterReminders.date, to),
          ),
        );
    },

    /** Records a reminder unless it went already (its unique key); answers whether this call recorded it. */
    async insertReminderOnce(tx: Transaction, values: ReminderValues): Promise<boolean> {
      const rows = await tx
        .insert(rosterReminders)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: rosterReminders.id });
      return rows.length > 0;
    },

    /** Whom the reminder went to and how, once its mail and text are queued (in the same transaction). */
    async setReminderDelivery(
      tx: Transaction,
      key: { kind: RosterReminderKind; roundId: number; date: string; driverId: number | null },
      recipients: string[],
      channels: string[],
    ) {
      await tx
        .update(rosterReminders)
        .set({ recipients, channels })
        .where(
          and(
            eq(rosterReminders.kind, key.kind),
            eq(rosterReminders.roundId, key.roundId),
            eq(rosterReminders.date, key.date),
            key.driverId === null
              ? isNull(rosterReminders.driverId)
              : eq(rosterReminders.driverId, key.driverId),
          ),
        );
    },

    /** What was sent about the account's rounds of a day (YYYY-MM-DD), in the order it went. */
    listReminders(accountId: number, date: string) {
      return db
        .select({
          reminder: rosterReminders,
          roundName: rounds.name,
          driverName: drivers.name,
        })
        .from(rosterReminders)
        .innerJoin(rounds, eq(rounds.id, rosterReminders.roundId))
        .leftJoin(drivers, eq(drivers.id, rosterReminders.driverId))
        .where(and(eq(rosterReminders.accountId, accountId), eq(rosterReminders.date, date)))
        .orderBy(asc(rosterReminders.sentAt), asc(rosterReminders.id));
    },
  };
}
export type VolunteerRepository = ReturnType<typeof createVolunteerRepository>;
