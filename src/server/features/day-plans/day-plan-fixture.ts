import { eq, inArray } from 'drizzle-orm';
import type { Account } from '../../../contracts/accounts';
import type { Visit } from '../../../contracts/visits';
import { clients } from '../../db/schema/clients';
import { clientMealChoices, meals } from '../../db/schema/meals';
import type { MapsProvider } from '../../integrations/maps/maps-provider';
import { createOfflineProvider } from '../../integrations/maps/offline-provider';
import { createTestApp, type TestAppOptions } from '../../testing/test-app';
import { createRoundAccountWithSimulator } from '../../testing/test-source';

/** The simulator's today is Wednesday 18 November 2026; the day planned is the Thursday after. */
export const planDate = '2026-11-19';
export const planClock = new Date('2026-11-18T01:00:00Z');

/**
 * A test app whose account has two rounds over a simulated CRM's 12 clients (every other one on West), two
 * portions of soup chosen by each client on the planned day, and the day's visits fetched. `gate`, while set,
 * holds the maps provider's matrix calls (a plan then stays running until it is released). `env` and `options`
 * go to the app (its clock, its day solver) on top of the fixture's own.
 */
export async function createDayPlanApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const gate: { current: Promise<void> | null } = { current: null };
  const offline = createOfflineProvider({ speedKmh: 30 });
  const mapsProvider: MapsProvider = {
    ...offline,
    matrix: async (origins, destinations) => {
      if (gate.current) await gate.current;
      return offline.matrix(origins, destinations);
    },
  };
  const t = await createTestApp(env, {
    now: () => planClock,
    dayPlanIterations: 300,
    ...options,
    routing: { mapsProvider, ...options.routing },
  });
  const setup = await createRoundAccountWithSimulator(t, { clients: 12 });
  const token = setup.adminToken;
  const everyone = setup.roundId;
  const saved = await t.call<Account>('PUT', `/api/accounts/${setup.account.id}`, {
    token,
    body: {
      rounds: [
        {
          id: everyone,
          name: 'Everyone',
          address: '1 King St, Newtown NSW',
          pickup_time: '09:30',
          timezone: 'Australia/Sydney',
        },
        {
          name: 'West',
          address: '12 Parramatta Road, Annandale NSW 2038',
          pickup_time: '09:00',
          timezone: 'Australia/Sydney',
        },
      ],
    },
  });
  const west = saved.body.data.rounds.find((round) => round.name === 'West')?.id ?? 0;
  const rows = await t.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.accountId, setup.account.id))
    .orderBy(clients.id);
  await t.db
    .update(clients)
    .set({ roundId: west })
    .where(
      inArray(
        clients.id,
        rows.filter((_, index) => index % 2 === 1).map((row) => row.id),
      ),
    );
  const [soup] = await t.db
    .insert(meals)
    .values({ accountId: setup.account.id, key: 'soup', description: 'Pumpkin Soup' })
    .returning();
  await t.db.insert(clientMealChoices).values(
    rows.map((row) => ({
      accountId: setup.account.id,
      clientId: row.id,
      date: planDate,
      mealId: soup?.id ?? 0,
      quantity: 2,
    })),
  );
  const roundVisits = async (roundId: number): Promise<Visit[]> =>
    (await t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/${planDate}?refresh=true`, { token })).body
      .data;
  await roundVisits(everyone);
  await roundVisits(west);
  return {
    t,
    gate,
    simulator: setup.simulator,
    account: setup.account,
    token,
    userToken: await t.login(setup.user.username),
    everyone,
    west,
    roundVisits,
  };
}
