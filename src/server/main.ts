import { fileURLToPath } from 'node:url';
import { buildApp, demoSimulatorPrefix, demoSmsSimulatorPrefix } from './app';
import { resolveAppSecret } from './app-secret';
import { createClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type OpenedDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { analyseTables } from './db/planner-statistics';
import { createSecretBox } from './crypto/secret-box';
import { demoLogins, pointDemoAccountAtSimulator, seedDemoAccount } from './db/seed/demo';
import { assignDemoRoundsAndPlans } from './db/seed/demo-clients';
import { getDemoMealChoicesRange, seedDemoMealChoices } from './db/seed/demo-meal-choices';
import { seedDemoDrivers } from './db/seed/demo-drivers';
import { seedDemoHolds } from './db/seed/demo-holds';
import { seedDemoAllergens } from './db/seed/demo-allergens';
import { findUnfinishedDemoSeed, finishDemoSeed } from './db/seed/demo-progress';
import { demoSenderNumber, pointDemoMessagingAtSimulator } from './db/seed/demo-messaging';
import { createSmsSimulatorState } from './integrations/sms/simulator/sms-state';
import { startMessageSender } from './jobs/message-sender';
import { createAdminBootstrap } from './features/users/admin-bootstrap';
import { registerCreateAdminEndpoint } from './features/users/internal-routes';
import { createUsersRepository } from './features/users/repository';
import { createMailer } from './integrations/mail/create-mailer';
import { createSimulatorFaults } from './integrations/alayacare/simulator/faults';
import { createSimulatorState } from './integrations/alayacare/simulator/state';
import { startContactForwarder } from './jobs/contact-forwarder';
import { startMailSender } from './jobs/mail-sender';
import { startOutboxWorker } from './jobs/outbox-worker';
import { startRosterReminders } from './jobs/roster-reminders';
import { startVisitHorizon } from './jobs/visit-horizon';
import { startPlannerStatistics } from './jobs/planner-statistics';
import { startRoundAutomationScheduler } from './jobs/round-automation';
import { startWelfareSteps } from './jobs/welfare-steps';

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

/** A data folder held by another live process: one line saying which, and a non-zero exit. */
async function openDatabaseOrExit(config: Config): Promise<OpenedDatabase> {
  try {
    return await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      owner: 'server',
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function start() {
  const config = loadConfigOrExit();
  const now = createClock(config.CLOCK_START);
  const database = await openDatabaseOrExit(config);
  const appSecret = resolveAppSecret(config);
  const publicUrl = config.PUBLIC_URL || `http://localhost:${config.PORT}`;
  // The demo account's CRM is the simulator served by this very process.
  const demoSourceUrl = `http://127.0.0.1:${config.PORT}${demoSimulatorPrefix}`;
  const newDemoAccountId = config.shouldSeedDemo
    ? await seedDemoAccount(database.db, { secretBox: createSecretBox(appSecret), sourceUrl: demoSourceUrl })
    : null;
  if (config.shouldSeedDemo) {
    await pointDemoAccountAtSimulator(database.db, demoSourceUrl);
    // Its messages go to the Twilio simulator of this process too (status callbacks come back to PUBLIC_URL).
    await pointDemoMessagingAtSimulator(database.db, {
      apiUrl: `http://127.0.0.1:${config.PORT}${demoSmsSimulatorPrefix}`,
      secretBox: createSecretBox(appSecret),
    });
  }
  const unfinishedDemoSeed = config.shouldSeedDemo ? await findUnfinishedDemoSeed(database.db) : null;
  // Log lines go through process.stdout like the welcome lines below, so they keep their order: the URL and the demo
  // logins come last, below every start-up log line, where a new user sees them. (Pino's own writer would write
  // them later, after the welcome lines.)
  const logger = { level: config.LOG_LEVEL, stream: process.stdout };
  const {
    server,
    contact,
    clientSync,
    mealsSync,
    roundAutomation,
    outboxSender,
    welfareSteps,
    messageSender,
    rosterReminders,
    visitPlanner,
  } = await buildApp({
    config,
    db: database.db,
    appSecret,
    now,
    ...(config.shouldSeedDemo
      ? {
          demoSimulator: {
            state: createSimulatorState({ now }),
            faults: createSimulatorFaults(),
            linkBaseUrl: `${publicUrl}${demoSimulatorPrefix}`,
          },
          demoSmsSimulator: {
            state: createSmsSimulatorState({
              now,
              log: (message) => console.error(`Twilio simulator: ${message}`),
            }),
            productNumber: demoSenderNumber,
            ...(config.DEMO_SMS_AUTO_REPLY_MS > 0
              ? { autoReply: { afterMs: config.DEMO_SMS_AUTO_REPLY_MS, body: 'OK' } }
              : {}),
          },
        }
      : {}),
    webRoot: config.WEB_ROOT ?? fileURLToPath(new URL('../../dist/web', import.meta.url)),
    logger,
  });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: server.log,
  });
  if (database.dataDirLock) {
    registerCreateAdminEndpoint(server, {
      bootstrap: createAdminBootstrap({
        repository: createUsersRepository(database.db),
        mailer,
        publicUrl,
        now,
      }),
      appSecret,
      now,
    });
  }
  const forwarder = startContactForwarder(contact);
  const mailSender = startMailSender(mailer, server.log);
  const outboxWorker = startOutboxWorker(outboxSender, server.log);
  const welfareStepsJob = startWelfareSteps(welfareSteps, server.log, config.WELFARE_STEPS_INTERVAL_MS);
  const messageSenderJob = startMessageSender(messageSender, server.log);
  const rosterReminderJob = startRosterReminders(rosterReminders, server.log);
  const visitHorizonJob = startVisitHorizon(visitPlanner, server.log);
  const automation = startRoundAutomationScheduler(roundAutomation, {
    time: config.ROUTE_AUTOMATION_TIME,
    log: server.log,
    now,
  });
  await server.listen({ port: config.PORT, host: config.HOST });
  // create-admin finds this server's address in the lock.
  const address = server.server.address();
  database.dataDirLock?.setAddress({
    port: typeof address === 'object' && address ? address.port : config.PORT,
    host: config.HOST,
  });

  if (unfinishedDemoSeed) {
    const accountId = unfinishedDemoSeed.accountId;
    try {
      // Each step is recorded when done: a start killed during one resumes there on the next start.
      await finishDemoSeed(
        database.db,
        unfinishedDemoSeed,
        {
          clients: () => clientSync.syncClients(accountId),
          rounds: () => assignDemoRoundsAndPlans(database.db, accountId),
          meal_choices: () => seedDemoMealChoices(database.db, accountId),
          // The visits of those days too, so the delivery reports show what was delivered from the first start.
          visits: () => {
            const { from, to } = getDemoMealChoicesRange();
            return mealsSync.syncVisits(accountId, from, to);
          },
          holds: () => seedDemoHolds(database.db, accountId),
          allergens: () => seedDemoAllergens(database.db, accountId),
          drivers: () => seedDemoDrivers(database.db, accountId),
        },
        (step) => server.log.info({ step }, 'demo seeding step'),
      );
    } catch (error) {
      server.log.error(
        { err: error },
        'The demo seeding could not be completed from the built-in CRM simulator; the next start tries again.',
      );
    }
  }

  // A bulk load (the demo seeding) leaves the planner without statistics until autovacuum comes round, and on
  // PGlite it never does: refresh them now, and on PGlite every hour from here on.
  if (unfinishedDemoSeed || config.isEmbedded) {
    await analyseTables(database.db).catch((error: unknown) =>
      server.log.error({ err: error }, 'Refreshing the planner statistics failed.'),
    );
  }
  const plannerStatistics = config.isEmbedded ? startPlannerStatistics(database.db, server.log) : null;

  console.log(`MealRounds is running at ${publicUrl}`);
  if (config.shouldSeedDemo) {
    console.log(`${newDemoAccountId !== null ? 'Demo account created' : 'Demo account ready'}: log in as`);
    console.log(`  admin: ${demoLogins.admin} / ${demoLogins.password}`);
    console.log(`  user:  ${demoLogins.user} / ${demoLogins.password}`);
  }

  const shutdown = async () => {
    await forwarder.stop();
    await mailSender.stop();
    await outboxWorker.stop();
    await welfareStepsJob.stop();
    await messageSenderJob.stop();
    await rosterReminderJob.stop();
    await visitHorizonJob.stop();
    await automation.stop();
    await plannerStatistics?.stop();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

await start();
