import type { Account } from '../../contracts/accounts';
import { demoClientTag, demoVisitTag } from '../integrations/alayacare/simulator/demo-seed';
import { startSimulator, type RunningSimulator } from '../integrations/alayacare/simulator/start-simulator';
import type { TestApp } from './test-app';

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
