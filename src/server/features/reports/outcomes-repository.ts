import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visitRoundOf } from '../../db/day-round-sql';
import { isOwnClient } from '../../db/own-client-sql';
import { rounds } from '../../db/schema/accounts';
import { clients, visits } from '../../db/schema/clients';
import { driverLinks, driverOutcomes } from '../../db/schema/driver';

export type OutcomeRow = {
  visitId: number;
  date: string;
  client: { id: number; name: string; phone: string };
  round: { id: number; name: string } | null;
  outcome: string;
  note: string;
  recordedAt: Date;
};

/** The drivers' outcomes the Delivery Outcomes report reads (tables of the driver feature, read only). */
export function createOutcomesReportRepository(db: Database) {
  return {
    /**
     * Each visit of the account from `from` to `to` (YYYY-MM-DD) with its current outcome: the latest recorded (the
     * later id on a tie), as the rounds screen shows it. The round is the one the driver's link was for, else the
     * visit's round that day.
     */
    async listCurrentOutcomes(accountId: number, from: string, to: string): Promise<OutcomeRow[]> {
      const dayRound = visitRoundOf(sql`${visits.id}`, sql`${clients.roundId}`);
      const roundId = sql<number | null>`coalesce(${driverLinks.roundId}, ${dayRound})`;
      const rows = await db
        .selectDistinctOn([driverOutcomes.visitId], {
          visitId: driverOutcomes.visitId,
          date: visits.date,
          clientId: clients.id,
          clientName: clients.name,
          clientPhone: clients.phone,
          roundId: rounds.id,
          roundName: rounds.name,
          outcome: driverOutcomes.outcome,
          note: driverOutcomes.note,
          recordedAt: driverOutcomes.recordedAt,
        })
        .from(driverOutcomes)
        .innerJoin(visits, eq(visits.id, driverOutcomes.visitId))
        .innerJoin(clients, isOwnClient(visits))
        .leftJoin(driverLinks, eq(driverLinks.id, driverOutcomes.linkId))
        .leftJoin(rounds, and(eq(rounds.id, roundId), eq(rounds.accountId, accountId)))
        .where(and(eq(driverOutcomes.accountId, accountId), gte(visits.date, from), lte(visits.date, to)))
        .orderBy(asc(driverOutcomes.visitId), desc(driverOutcomes.recordedAt), desc(driverOutcomes.id));
      return rows.map((row) => ({
        visitId: row.visitId,
        date: row.date,
        client: { id: row.clientId, name: row.clientName, phone: row.clientPhone },
        round: row.roundId === null ? null : { id: row.roundId, name: row.roundName ?? '' },
        outcome: row.outcome,
        note: row.note,
        recordedAt: row.recordedAt,
      }));
    },
  };
}
export type OutcomesReportRepository = ReturnType<typeof createOutcomesReportRepository>;
