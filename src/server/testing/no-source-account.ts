import type { Account } from '../../contracts/accounts';
import { clients } from '../db/schema/clients';
import { newLocalClientSourceId } from '../features/clients/local-source-id';
import type { TestApp } from './test-app';

export type NoSourceClient = { name: string; round: string | null; planDow: number[] };

/**
 * A test account without a CRM (source_system 'none'), set up through the API as an admin would, with its rounds
 * and the given clients kept in MealRounds (inserted directly, then their visits made as a client's creation
 * makes them). The demo account's source is left alone.
 */
export async function createNoSourceAccount(
  t: TestApp,
  setup: {
    name?: string;
    rounds: { name: string; pickup_time: string; timezone: string }[];
    clients: NoSourceClient[];
  },
) {
  const { account, admin, user } = await t.createAccount(setup.name ?? 'No CRM Meals');
  const adminToken = await t.login(admin.username);
  const saved = await t.call<Account>('PUT', `/api/accounts/${String(account.id)}`, {
    token: adminToken,
    body: {
      source_system: 'none',
      rounds: setup.rounds.map((round) => ({ ...round, address: '1 King St, Newtown NSW 2042' })),
    },
  });
  if (saved.body.meta.error_code !== 0) throw new Error(String(saved.body.meta.message));
  const roundIds = new Map(saved.body.data.rounds.map((round) => [round.name, round.id]));
  const rows = setup.clients.length
    ? await t.db
        .insert(clients)
        .values(
          setup.clients.map((client) => ({
            accountId: account.id,
            sourceId: newLocalClientSourceId(),
            name: client.name,
            address: '2 King St',
            city: 'Newtown',
            state: 'NSW',
            zip: '2042',
            roundId: client.round === null ? null : (roundIds.get(client.round) ?? null),
            planDow: client.planDow,
          })),
        )
        .returning()
    : [];
  await t.visitPlanner.regenerateVisits(account.id);
  return {
    account: saved.body.data,
    admin,
    user,
    adminToken,
    token: await t.login(user.username),
    roundIds,
    clientIds: rows.map((row) => row.id),
  };
}
