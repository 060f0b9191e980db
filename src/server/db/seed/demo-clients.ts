import { and, eq } from 'drizzle-orm';
import {
  defaultDemoSeed,
  demoPlanOfClient,
  demoRoundOfClient,
} from '../../integrations/alayacare/simulator/demo-seed';
import { getWeekdayName } from '../../../domain/calendar-names';
import { createRandom, type Random } from '../../integrations/alayacare/simulator/prng';
import type { Database } from '../client';
import { rounds } from '../schema/accounts';
import { clients } from '../schema/clients';
import { labels } from '../schema/meals';

export const demoDietaryRequirements = [
  'No nuts',
  'Soft foods only',
  'No pork',
  'Low sugar',
  'Small portions',
  'No seafood',
  'Lactose intolerant',
  'No chilli',
];

const demoDeliveryInstructions = [
  'Knock loudly: hard of hearing',
  'Leave at the side door if no answer',
  'Call on arrival',
  'Dog in the yard: use the front gate',
  'Please put the meals in the fridge',
  'Ring the bell twice and wait',
  'Neighbour at no. 12 has a key',
];

/** A stream per client and purpose, from its CRM id (stable across restarts). */
export function randomOfClient(sourceId: string, purpose: number, ...keys: number[]): Random {
  let hash = 0;
  for (const character of sourceId) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return createRandom(defaultDemoSeed, purpose, hash, ...keys);
}

/** About 40% of clients get one or two labels; some get dietary notes and delivery instructions. */
function drawCareDetails(sourceId: string, labelNames: string[]) {
  const random = randomOfClient(sourceId, 7);
  const chosen: string[] = [];
  if (labelNames.length > 0 && random.isChance(0.4)) {
    const wanted = random.isChance(0.3) ? 2 : 1;
    while (chosen.length < Math.min(wanted, labelNames.length)) {
      const label = random.pick(labelNames);
      if (!chosen.includes(label)) chosen.push(label);
    }
  }
  return {
    labels: chosen,
    dietaryRequirements: random.isChance(0.35) ? random.pick(demoDietaryRequirements) : '',
    deliveryInstructions: random.isChance(0.45) ? random.pick(demoDeliveryInstructions) : '',
  };
}

/**
 * After the first sync of the demo account, gives its clients what the product maintains: the round their suburb
 * belongs to, their delivery plan (the simulator's plan days, so visits fall on them), and for a share of them
 * dietary labels, dietary notes and delivery instructions.
 */
export async function assignDemoRoundsAndPlans(db: Database, accountId: number) {
  const roundRows = await db.select().from(rounds).where(eq(rounds.accountId, accountId));
  const roundIdByName = new Map(roundRows.map((round) => [round.name, round.id]));
  const labelRows = await db
    .select({ name: labels.name })
    .from(labels)
    .where(eq(labels.accountId, accountId));
  const labelNames = labelRows.map((row) => row.name).sort();
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
          plan: planDays.map((day) => getWeekdayName(day - 1, 'short')).join(', '),
          ...drawCareDetails(client.sourceId, labelNames),
        })
        .where(and(eq(clients.accountId, accountId), eq(clients.id, client.id)));
    }
  });
}
