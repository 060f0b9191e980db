import { eq } from 'drizzle-orm';
import type { Account } from '../../contracts/accounts';
import { clients } from '../db/schema/clients';
import type { CreateSourceSystem } from '../features/source/service';
import { createAlayaCareSourceSystem } from '../integrations/alayacare/adapter';
import { demoClientTag, demoVisitTag } from '../integrations/alayacare/simulator/demo-seed';
import { startSimulator, type RunningSimulator } from '../integrations/alayacare/simulator/start-simulator';
import type { TestApp } from './test-app';

/**
 * The CRM adapter for tests whose CRM faults refuse at once (a dropped line): no retries, and a timeout no test
 * waits on. A short one let the day's first read time out on a busy machine, which left the tests without visits.
 */
export const createPromptSourceSystem: CreateSourceSystem = (connection) =>
  createAlayaCareSourceSystem(connection, { timeoutMs: 5_000, readRetries: 0, retryDelayMs: 1 });

/** A test account whose CRM is a real simulator over HTTP, set up through the API as an admin would. */
export async function createAccountWithSimulator(
  t: TestApp,
  simulatorOptions: Parameters<typeof startSimulator>[0] = {},
) {
  const simulator: RunningSimulator = await startSimulator({
    clients: 40,
    today: '2026-11-18',
    ...simulatorOptions,
  });
  const { account, admin, user } = await t.createAccount('Simulated');
  const adminToken = await t.login(admin.username);
  const result = await t.call<Account>('PUT', `/api/accounts/${account.id}`, {
    token: adminToken,
    body: {
      source_system: 'demo',
      source_url: simulator.url,
      source_username: simulator.credentials.username,
      source_password: simulator.credentials.password,
      source_settings: {
        client_tag: demoClientTag,
        visit_tag: demoVisitTag,
        service_codes: [],
        premiums: {},
      },
    },
  });
  if (result.body.meta.error_code !== 0) throw new Error(String(result.body.meta.message));
  return { simulator, account: result.body.data, admin, user, adminToken };
}

/**
 * As createAccountWithSimulator, with one round that every synced client is on: the rounds screen's visits of a
 * day are then every visit of the simulator's that day.
 */
export async function createRoundAccountWithSimulator(
  t: TestApp,
  simulatorOptions: Parameters<typeof startSimulator>[0] = {},
) {
  const setup = await createAccountWithSimulator(t, simulatorOptions);
  const withRound = await t.call<Account>('PUT', `/api/accounts/${setup.account.id}`, {
    token: setup.adminToken,
    body: {
      rounds: [
        {
          name: 'Everyone',
          address: '1 King St, Newtown NSW',
          pickup_time: '09:30',
          timezone: 'Australia/Sydney',
        },
      ],
    },
  });
  const round = withRound.body.data.rounds[0];
  if (!round) throw new Error(String(withRound.body.meta.message));
  await t.call('GET', '/api/clients?sync=true', { token: setup.adminToken });
  await t.db.update(clients).set({ roundId: round.id }).where(eq(clients.accountId, setup.account.id));
  return { ...setup, roundId: round.id };
}
