import { and, eq } from 'drizzle-orm';
import { demoPlanOfClient, demoRoundOfClient } from '../../integrations/alayacare/simulator/demo-seed';
import type { Database } from '../client';
import { rounds } from '../schema/accounts';
import { clients } from '../schema/clients';

const dayLetters = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * After the first sync of the demo account, gives its clients what the product maintains: the round their suburb
 * belongs to and their delivery plan (the simulator's plan days, so visits fall on them).
 */
export async function assignDemoRoundsAndPlans(db: Database, accountId: number) {
  const roundRows = await db.select().from(rounds).where(eq(rounds.accountId, accountId));
  const roundIdByName = new Map(roundRows.map((round) => [round.name, round.id]));
  const clientRows = await db.select().from(clients).where(eq(clients.accountId, accountId));
  await db.transaction(async (tx) => {
    for (const client of clientRows) {
      const roundName = demoRoundOfClient(client.sourceId);
      const planDays = demoPlanOfClient(client.sourceId) ?? [];
      const planDow = [1, 2, 3, 4, 5, 6, 7].map((day) => (planDays.includes(day) ? 1 : 0));
      await tx
        .update(clients)
        .set({
          roundId: roundName ? (roundIdByName.get(roundName) ?? null) : null,
          planDow,
          plan: planDays.map((day) => dayLetters[day - 1]).join(', '),
        })
        .where(and(eq(clients.accountId, accountId), eq(clients.id, client.id)));
    }
  });
}
