import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { resolveAppSecret } from './app-secret';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { demoLogins, seedDemoAccount } from './db/seed/demo';
import { startContactForwarder } from './jobs/contact-forwarder';

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
  const isNewDemo = config.shouldSeedDemo ? await seedDemoAccount(database.db) : false;
  const logger = { level: config.LOG_LEVEL };
  const { server, contact } = await buildApp({
    config,
    db: database.db,
    appSecret,
    webRoot: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    logger,
  });
  const forwarder = startContactForwarder(contact);
  await server.listen({ port: config.PORT, host: config.HOST });

  const url = config.PUBLIC_URL || `http://localhost:${config.PORT}`;
  console.log(`MealRounds is running at ${url}`);
  if (config.shouldSeedDemo) {
    console.log(`${isNewDemo ? 'Demo account created' : 'Demo account ready'}: log in as`);
    console.log(`  admin: ${demoLogins.admin} / ${demoLogins.password}`);
    console.log(`  user:  ${demoLogins.user} / ${demoLogins.password}`);
  }

  const shutdown = async () => {
    await forwarder.stop();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

await start();
