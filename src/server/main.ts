import { fileURLToPath } from 'node:url';
import { buildApp, demoSimulatorPrefix } from './app';
import { resolveAppSecret } from './app-secret';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { createSecretBox } from './crypto/secret-box';
import { demoLogins, pointDemoAccountAtSimulator, seedDemoAccount } from './db/seed/demo';
import { assignDemoRoundsAndPlans } from './db/seed/demo-clients';
import { getDemoMealChoicesRange, seedDemoMealChoices } from './db/seed/demo-meal-choices';
import { createSimulatorFaults } from './integrations/alayacare/simulator/faults';
import { createSimulatorState } from './integrations/alayacare/simulator/state';
import { startContactForwarder } from './jobs/contact-forwarder';
import { startRouteAutomationScheduler } from './jobs/route-automation';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function start() {
  const config = loadConfigOrExit();
  const appSecret = resolveAppSecret(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const publicUrl = config.PUBLIC_URL || `http://localhost:${config.PORT}`;
  // The demo account's CRM is the simulator served by this very process.
  const demoSourceUrl = `http://127.0.0.1:${config.PORT}${demoSimulatorPrefix}`;
  const newDemoAccountId = config.shouldSeedDemo
    ? await seedDemoAccount(database.db, { secretBox: createSecretBox(appSecret), sourceUrl: demoSourceUrl })
    : null;
  if (config.shouldSeedDemo) await pointDemoAccountAtSimulator(database.db, demoSourceUrl);
  const logger = { level: config.LOG_LEVEL };
  const { server, contact, clientSync, mealsSync, routeAutomation } = await buildApp({
    config,
    db: database.db,
    appSecret,
    ...(config.shouldSeedDemo
      ? {
          demoSimulator: {
            state: createSimulatorState(),
            faults: createSimulatorFaults(),
            linkBaseUrl: `${publicUrl}${demoSimulatorPrefix}`,
          },
        }
      : {}),
    webRoot: config.WEB_ROOT ?? fileURLToPath(new URL('../../dist/web', import.meta.url)),
    logger,
  });
  const forwarder = startContactForwarder(contact);
  const automation = startRouteAutomationScheduler(routeAutomation, {
    time: config.ROUTE_AUTOMATION_TIME,
    log: server.log,
  });
  await server.listen({ port: config.PORT, host: config.HOST });

  if (newDemoAccountId !== null) {
    try {
      await clientSync.syncClients(newDemoAccountId);
      await assignDemoRoundsAndPlans(database.db, newDemoAccountId);
      await seedDemoMealChoices(database.db, newDemoAccountId);
      // The visits of those days too, so the delivery reports show what was delivered from the first start.
      const { from, to } = getDemoMealChoicesRange();
      await mealsSync.syncVisits(newDemoAccountId, from, to);
    } catch (error) {
      server.log.error(
        { err: error },
        'The demo clients could not be synced from the built-in CRM simulator.',
      );
    }
  }

  console.log(`MealRounds is running at ${publicUrl}`);
  if (config.shouldSeedDemo) {
    console.log(`${newDemoAccountId !== null ? 'Demo account created' : 'Demo account ready'}: log in as`);
    console.log(`  admin: ${demoLogins.admin} / ${demoLogins.password}`);
    console.log(`  user:  ${demoLogins.user} / ${demoLogins.password}`);
  }

  const shutdown = async () => {
    await forwarder.stop();
    await automation.stop();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

await start();
