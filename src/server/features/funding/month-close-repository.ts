import { and, asc, eq } from 'drizzle-orm';
import type { FundingProgramme } from '../../../contracts/funding';
import type { Database } from '../../db/client';
import { monthCloseClients, monthCloseDays, monthCloses } from '../../db/schema/funding';
import { users } from '../../db/schema/users';

/** One day of a client's month: portions ordered, delivered and held (report-rules.ts). */
export type FunderDay = { date: string; ordered: number; delivered: number; held: number };

/** A client's month as the funder reports read it, with its programme and fee per meal. */
export type FunderClientMonth = {
  clientId: number;
  name: string;
  programme: FundingProgramme | null;
  feePerMealCents: number;
  days: FunderDay[];
};

export type MonthCloseRow = { id: number; closedAt: Date; closedBy: string | null };

/** Closed months (`month` YYYY-MM-01) and their frozen figures. */
export function createMonthCloseRepository(db: Database) {
  return {
    async findClose(accountId: number, month: string): Promise<MonthCloseRow | undefined> {
      const [row] = await db
        .select({ id: monthCloses.id, closedAt: monthCloses.closedAt, closedBy: users.username })
        .from(monthCloses)
        .leftJoin(users, eq(users.id, monthCloses.closedBy))
        .where(and(eq(monthCloses.accountId, accountId), eq(monthCloses.month, month)));
      return row;
    },

    /**
     * Closes the month with its figures in one transaction; false when it is closed already (the unique key of
     * account and month decides between two closing at once).
     */
    async insertClose(
      accountId: number,
      month: string,
      close: { closedAt: Date; closedBy: number | null },
      clientMonths: FunderClientMonth[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(monthCloses)
          .values({ accountId, month, ...close })
          .onConflictDoNothing()
          .returning({ id: monthCloses.id });
        if (!row) return false;
        if (clientMonths.length === 0) return true;
        await tx.insert(monthCloseClients).values(
          clientMonths.map((client) => ({
            monthCloseId: row.id,
            accountId,
            clientId: client.clientId,
            name: client.name,
            programme: client.programme,
            feePerMealCents: client.feePerMealCents,
          })),
        );
        const days = clientMonths.flatMap((client) =>
          client.days.map((day) => ({ monthCloseId: row.id, accountId, clientId: client.clientId, ...day })),
        );
        if (days.length > 0) await tx.insert(monthCloseDays).values(days);
        return true;
      });
    },

    /** Opens the month again (its frozen rows go with it); false when it was not closed. */
    async deleteClose(accountId: number, month: string): Promise<boolean> {
      const rows = await db
        .delete(monthCloses)
        .where(and(eq(monthCloses.accountId, accountId), eq(monthCloses.month, month)))
        .returning({ id: monthCloses.id });
      return rows.length > 0;
    },

    /** The frozen clients of a close with their days, in date order. */
    async readFrozen(closeId: number): Promise<FunderClientMonth[]> {
      const [clientRows, dayRows] = await Promise.all([
        db.select().from(monthCloseClients).where(eq(monthCloseClients.monthCloseId, closeId)),
        db
          .select()
          .from(monthCloseDays)
          .where(eq(monthCloseDays.monthCloseId, closeId))
          .orderBy(asc(monthCloseDays.date)),
      ]);
      const byClient = new Map<number, FunderClientMonth>(
        clientRows.map((row) => [
          row.clientId,
          {
            clientId: row.clientId,
            name: row.name,
            programme: row.programme,
            feePerMealCents: row.feePerMealCents,
            days: [],
          },
        ]),
      );
      for (const day of dayRows) {
        byClient.get(day.clientId)?.days.push({
          date: day.date,
          ordered: day.ordered,
          delivered: day.delivered,
          held: day.held,
        });
      }
      return [...byClient.values()];
    },
  };
}
export type MonthCloseRepository = ReturnType<typeof createMonthCloseRepository>;
