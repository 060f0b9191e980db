import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createSecretBox } from '../../src/server/crypto/secret-box';
import { accounts } from '../../src/server/db/schema/accounts';
import { demoClientTag, demoVisitTag } from '../../src/server/integrations/alayacare/simulator/demo-seed';
import {
  startSimulator,
  type StartSimulatorOptions,
} from '../../src/server/integrations/alayacare/simulator/start-simulator';
import { createTestDatabase } from '../../src/server/testing/test-database';

const secret = 'bench-secret-bench-secret-bench-secret';

/**
 * A simulator, an empty database (PGlite in memory, or PostgreSQL with BENCH_DATABASE_URL), the app on it, and an
 * account whose CRM is the simulator. `close` stops all three.
 */
export async function startSimulatedAccount(simulatorOptions: StartSimulatorOptions) {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const simulator = await startSimulator(simulatorOptions);
  const database = await createTestDatabase();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', APP_SECRET: secret }),
    db: database.db,
    appSecret: secret,
    webRoot: null,
  });
  const [account] = await database.db
    .insert(accounts)
    .values({
      name: 'Bench',
      sourceSystem: 'demo',
      sourceUrl: simulator.url,
      sourceUsername: simulator.credentials.username,
      sourcePasswordEncrypted: createSecretBox(secret).encrypt(simulator.credentials.password),
      sourceSettings: { client_tag: demoClientTag, visit_tag: demoVisitTag, service_codes: [], premiums: {} },
    })
    .returning();
  if (!account) throw new Error('The bench account was not created.');
  return {
    simulator,
    db: database.db,
    app,
    account,
    async close() {
      await app.server.close();
      await database.close();
      await simulator.close();
    },
  };
}
