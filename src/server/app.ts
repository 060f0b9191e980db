import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { createSecretBox } from './crypto/secret-box';
import type { Database } from './db/client';
import { createAccountsRepository } from './features/accounts/repository';
import { registerAccountsRoutes } from './features/accounts/routes';
import { createAccountsService } from './features/accounts/service';
import { createClashesRepository } from './features/allergens/clashes-repository';
import { createAllergensRepository } from './features/allergens/repository';
import { registerAllergensRoutes } from './features/allergens/routes';
import { createAllergensService } from './features/allergens/service';
import { registerAlertsRoutes } from './features/alerts/routes';
import type { WelfareStepRunner } from './features/alerts/step-runner';
import { createWelfareChecks, createWelfarePorts, type WelfarePorts } from './features/alerts/welfare-wiring';
import { createAuditRepository } from './features/audit/repository';
import { createAuditService } from './features/audit/service';
import { createDriversService } from './features/drivers/drivers-service';
import { createDriversRepository } from './features/drivers/repository';
import { registerDriversRoutes } from './features/drivers/routes';
import { createRosterService } from './features/drivers/roster-service';
import { createVolunteerHoursService } from './features/drivers/hours-service';
import { registerVolunteerHoursRoutes } from './features/drivers/hours-routes';
import { createVolunteer } from './features/drivers/volunteer/create-volunteer';
import type { RosterRemindersService } from './features/drivers/volunteer/reminders-service';
import { registerVolunteerRoutes } from './features/drivers/volunteer/routes';
import { createDriverTextPort } from './features/drivers/volunteer/text-wiring';
import { createSuggestionsService } from './features/drivers/suggestions-service';
import { createHoldVisits } from './features/holds/hold-visits';
import { createHoldsRepository } from './features/holds/repository';
import { registerHoldsRoutes } from './features/holds/routes';
import { createHoldsService } from './features/holds/service';
import { createHoldVisitsRepository } from './features/holds/visits-repository';
import { createLoginFailuresRepository } from './features/auth/login-failures-repository';
import { createRateCountersRepository } from './features/auth/rate-counters-repository';
import { createAuthRepository } from './features/auth/repository';
import { registerAuthRoutes } from './features/auth/routes';
import { createAuthService } from './features/auth/service';
import { createSessionCache } from './features/auth/session-cache';
import { createTokenService } from './features/auth/tokens';
import { createMealChoicesRepository } from './features/clients/meal-choices-repository';
import { createClientImportRepository } from './features/clients/import-repository';
import { registerClientExportRoute, registerClientImportRoutes } from './features/clients/import-routes';
import { createClientImportService } from './features/clients/import-service';
import { createClientsRepository } from './features/clients/repository';
import { registerClientsRoutes } from './features/clients/routes';
import { createClientsService } from './features/clients/service';
import { createClientSync, type ClientSync } from './features/clients/sync';
import { createContactsSync } from './features/contacts/contacts-sync';
import { createContactsRepository } from './features/contacts/repository';
import { registerContactsRoutes } from './features/contacts/routes';
import { createContactsService } from './features/contacts/service';
import { createMealsRepository } from './features/meals/repository';
import { registerMealsRoutes } from './features/meals/routes';
import { createMealsService } from './features/meals/service';
import { createDayAssignmentService } from './features/day-plans/assignment-service';
import { createDayPlanJobs, type Heartbeat } from './features/day-plans/jobs';
import { createDayPlanService, type DayPlanService, type SolveDay } from './features/day-plans/plan-service';
import { createDayPlanJobsRepository } from './features/day-plans/job-repository';
import { createDayPlansRepository } from './features/day-plans/repository';
import { registerDayPlansRoutes } from './features/day-plans/routes';
import { createDriverLinksService } from './features/driver/links-service';
import { createDriverOutcomesService } from './features/driver/outcomes-service';
import { createDriverRepository } from './features/driver/repository';
import { registerDriverPhotoRoute, registerDriverRoutes } from './features/driver/routes';
import { createDriverRunService } from './features/driver/run-service';
import { createPrintRepository } from './features/print/repository';
import { registerPrintFileRoute, registerPrintRoutes } from './features/print/routes';
import { createPrintService } from './features/print/service';
import { createRoundAutomationRepository } from './features/rounds/automation/repository';
import { registerRoundAutomationRoutes } from './features/rounds/automation/routes';
import {
  createRoundAutomationService,
  type RoundAutomationService,
} from './features/rounds/automation/service';
import { createDaysOffRepository } from './features/rounds/days-off-repository';
import { registerDaysOffRoutes } from './features/rounds/days-off-routes';
import { createDaysOffService } from './features/rounds/days-off-service';
import { registerOptimiseRoutes } from './features/rounds/optimise-routes';
import { createOptimiseService } from './features/rounds/optimise-service';
import { createRoundOrderer, type SolveTour } from './features/rounds/route-order';
import { registerRoundsRoutes } from './features/rounds/routes';
import { createRoundsService } from './features/rounds/service';
import { createTravelRepository } from './features/travel/repository';
import { registerTravelRoutes } from './features/travel/routes';
import { createTravelService } from './features/travel/service';
import { createAllergenOverridesRepository } from './features/reports/allergen-overrides-repository';
import { createOutcomesReportRepository } from './features/reports/outcomes-repository';
import { createOutcomesReportService } from './features/reports/outcomes-report-service';
import { registerOutcomesReportRoutes } from './features/reports/outcomes-routes';
import { createReportsRepository } from './features/reports/repository';
import { createExportsRepository } from './features/exports/repository';
import { registerExportsRoutes } from './features/exports/routes';
import { createExportsService } from './features/exports/service';
import { createMonthCloseRepository } from './features/funding/month-close-repository';
import { registerMonthCloseRoutes } from './features/funding/month-close-routes';
import { createMonthCloseService } from './features/funding/month-close-service';
import { createFundingRepository } from './features/funding/repository';
import { registerFundingRoutes } from './features/funding/routes';
import { createFundingService } from './features/funding/service';
import { getCheckedDexSchemaPath } from './integrations/dex/dex-schema';
import { createXmllintCheck, type CheckXmlSchema } from './integrations/dex/xml-schema-check';
import { registerReportsRoutes } from './features/reports/routes';
import { createReportsService } from './features/reports/service';
import { registerSourceRoutes } from './features/source/routes';
import { createLocalSource } from './features/source/local-source';
import { createLocalVisitsRepository } from './features/source/local-visits-repository';
import { createSourceService, type CreateSourceSystem } from './features/source/service';
import { createVisitPlanner, type VisitPlanner } from './features/source/visit-planner';
import { createMealsSync, type MealsSync } from './features/visits/meals-sync';
import { createVisitsRepository } from './features/visits/repository';
import { createRoundVisitRefreshesRepository } from './features/visits/round-visit-refreshes-repository';
import { createRoundVisitsService } from './features/visits/round-visits-service';
import { registerVisitsRoutes } from './features/visits/routes';
import { createVisitsService } from './features/visits/service';
import { createOutboxRepository } from './features/visits/outbox-repository';
import { createOutboxSender, outboxPolicy, type OutboxSender } from './features/visits/outbox-sender';
import { createOutboxService } from './features/visits/outbox-service';
import { createAlayaCareSourceSystem } from './integrations/alayacare/adapter';
import { createGuardedFetch } from './integrations/network/guarded-fetch';
import type { SimulatorFaults } from './integrations/alayacare/simulator/faults';
import { registerSimulator } from './integrations/alayacare/simulator/server';
import type { SimulatorState } from './integrations/alayacare/simulator/state';
import { solveVrptwInWorkers } from './routing/vrptw/solve-in-workers';
import { createContactRepository } from './features/contact/repository';
import { registerContactRoutes } from './features/contact/routes';
import { createContactService, type ContactService } from './features/contact/service';
import { registerPublicConfigRoutes } from './features/public-config/routes';
import { createUsersRepository } from './features/users/repository';
import { registerUsersRoutes } from './features/users/routes';
import { createUsersService } from './features/users/service';
import { answerClientError } from './http/client-error';
import { addCsvBodyParser } from './http/csv-body';
import { answerFrameworkError, bodyLimitBytes, installErrorHandlers } from './http/error-handler';
import { registerWebApp } from './http/web-app';
import { tooManyRequests } from './http/errors';
import { registerOpenApiRoute } from './http/openapi-route';
import { addRoute, type RegisterRoute, type RouteSummary } from './http/route';
import { createDatabaseRateLimitStore } from './http/database-rate-limit-store';
import { addSecurityHeaders, buildContentSecurityPolicy } from './http/security-headers';
import { createMailer } from './integrations/mail/create-mailer';
import type { InboundReplyHandler } from './features/messages/ports';
import { createMessaging, registerMessaging, type Messaging } from './features/messages/wiring';
import { createNoticesRepository } from './features/notices/repository';
import { createNoticesService } from './features/notices/service';
import { registerSmsSimulator, type SmsAutoReply } from './integrations/sms/simulator/sms-server';
import type { SmsSimulatorState } from './integrations/sms/simulator/sms-state';
import { createMapsProvider } from './integrations/maps/create-maps-provider';
import type { MapsProvider } from './integrations/maps/maps-provider';
import { solveTour } from './routing/solve-tour';
import { createRequestLogController } from './http/request-log-controller';

/** Where the embedded demo simulator is served. */
export const demoSimulatorPrefix = '/demo-crm';
/** Where the embedded demo's Twilio simulator is served. */
export const demoSmsSimulatorPrefix = '/demo-sms';

export type AppDependencies = {
  config: Config;
  db: Database;
  appSecret: string;
  /** Folder of the built web app; null serves the API only. */
  webRoot: string | null;
  now?: () => Date;
  fetch?: typeof fetch;
  /** The built-in AlayaCare simulator of the demo account, served under /demo-crm (embedded default only). */
  demoSimulator?: { state: SimulatorState; faults: SimulatorFaults; linkBaseUrl?: string };
  /** The built-in Twilio simulator of the demo account, served under /demo-sms (embedded default only). */
  demoSmsSimulator?: { state: SmsSimulatorState; productNumber: string; autoReply?: SmsAutoReply };
  /** Messages: the reply handlers of other features; tests: a short provider timeout. */
  messaging?: { inboundHandlers?: InboundReplyHandler[]; providerTimeoutMs?: number };
  /** Opens a CRM connection; the AlayaCare adapter unless a test gives another. */
  createSourceSystem?: CreateSourceSystem;
  logger?: FastifyServerOptions['logger'];
  /** Tests: a maps provider or solvers (a round's, a day's) in place of the configured ones. */
  routing?: { mapsProvider?: MapsProvider; solve?: SolveTour; solveDay?: SolveDay };
  /** Tests: an iteration limit that ends every day plan's search (so a plan repeats exactly). */
  dayPlanIterations?: number;
  /** Tests: beats this server's running day plans by hand instead of every second. */
  dayPlanHeartbeat?: Heartbeat;
  /** Tests: the contacts and messages the welfare checks' steps use, in place of the app's. */
  welfarePorts?: WelfarePorts;
  /** Tests: the DEX file's schema check in place of xmllint. */
  checkXmlSchema?: CheckXmlSchema;
};

export type App = {
  server: FastifyInstance;
  contact: ContactService;
  routes: RouteSummary[];
  clientSync: ClientSync;
  mealsSync: MealsSync;
  /** Started daily by main.ts (jobs/round-automation.ts). */
  roundAutomation: RoundAutomationService;
  /** Sends the CRM write outbox; main.ts runs it on a timer (jobs/outbox-worker.ts), tests call it. */
  outboxSender: OutboxSender;
  /** The day planner's jobs (tests wait for this server's planning to end). */
  dayPlans: DayPlanService;
  /** Runs the welfare checks' due steps; main.ts runs it on a timer (jobs/welfare-steps.ts), tests call it. */
  welfareSteps: WelfareStepRunner;
  /** Queues messages (other features call messages.queueMessage in their transactions). */
  messages: Messaging['messages'];
  /** Sends the message outbox; main.ts runs it on a timer (jobs/message-sender.ts), tests call it. */
  messageSender: Messaging['messageSender'];
  /** The roster's reminders and unfilled-slot alerts; main.ts runs them on a timer (jobs/roster-reminders.ts). */
  rosterReminders: RosterRemindersService;
  /** Makes the visits of accounts without a CRM; main.ts moves their horizon on daily (jobs/visit-horizon.ts). */
  visitPlanner: VisitPlanner;
};

function publicUrlOf(config: Config): string {
  return config.PUBLIC_URL || `http://localhost:${config.PORT}`;
}

/** Builds the HTTP app with every feature wired to its services; used by main.ts and by the tests. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const now = deps.now ?? (() => new Date());
  const server = Fastify({
    logger: deps.logger ?? false,
    logController: createRequestLogController(deps.config.requestLogLevel),
    bodyLimit: bodyLimitBytes,
    trustProxy: deps.config.TRUST_PROXY === 'true',
    // Reject JSON with prototype-poisoning keys outright.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const log = server.log;
  const mailer = createMailer({
    smtpUrl: deps.config.SMTP_URL,
    from: deps.config.MAIL_FROM,
    db: deps.db,
    log,
  });

  await server.register(helmet, {
    contentSecurityPolicy: { directives: buildContentSecurityPolicy(deps.config) },
  });
  addSecurityHeaders(server);
  addCsvBodyParser(server);
  await server.register(rateLimit, {
    global: false,
    store: createDatabaseRateLimitStore(createRateCountersRepository(deps.db), now),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  installErrorHandlers(server, await registerWebApp(server, deps.webRoot, now));
  if (deps.demoSimulator) {
    // Its own encapsulated context: AlayaCare's wire format and errors, not the product's envelope. Its requests
    // (hundreds while the first start seeds the demo) log only from warnings up, so the product's own stand out.
    await server.register(registerSimulator, {
      ...deps.demoSimulator,
      prefix: demoSimulatorPrefix,
      logLevel: 'warn',
    });
  }
  if (deps.demoSmsSimulator) {
    await server.register(registerSmsSimulator, {
      ...deps.demoSmsSimulator,
      inboundUrl: `${publicUrlOf(deps.config)}/api/messaging/twilio/inbound`,
      prefix: demoSmsSimulatorPrefix,
      logLevel: 'warn',
    });
  }

  const audit = createAuditService(createAuditRepository(deps.db));
  const accounts = createAccountsService({
    repository: createAccountsRepository(deps.db),
    audit,
    secretBox: createSecretBox(deps.appSecret),
    now,
    isSoleWriter: deps.config.isEmbedded,
    // The visit planner is built below (it stores through the visits feature); it is called only after that.
    onVisitPlanChanged: (accountId) => visitPlanner.regenerateVisits(accountId),
  });
  const auth = createAuthService({
    repository: createAuthRepository(deps.db),
    loginFailures: createLoginFailuresRepository(deps.db),
    tokens: createTokenService(deps.appSecret),
    sessionLifetimeMs: deps.config.SESSION_LIFETIME_HOURS * 60 * 60 * 1000,
    accounts,
    mailer,
    publicUrl: publicUrlOf(deps.config),
    now,
    logError: (message, error) => log.error({ err: error }, message),
    sessionCache: createSessionCache(deps.config.isEmbedded),
  });
  const users = createUsersService({
    repository: createUsersRepository(deps.db),
    auth,
    audit,
    mailer,
    publicUrl: publicUrlOf(deps.config),
    now,
  });
  const contact = createContactService({
    repository: createContactRepository(deps.db),
    webhookUrl: deps.config.CONTACT_WEBHOOK_URL,
    now,
    fetch: deps.fetch ?? fetch,
    log,
  });

  const routes: RouteSummary[] = [];
  // One connection pool for every account's CRM, refusing private addresses unless the operator allows them.
  const sourceFetch = createGuardedFetch({ isPrivateAllowed: deps.config.isSourcePrivateHostAllowed });
  const localVisitsRepository = createLocalVisitsRepository(deps.db);
  const source = createSourceService({
    accounts,
    createSourceSystem:
      deps.createSourceSystem ??
      ((connection) => createAlayaCareSourceSystem(connection, { log, fetch: sourceFetch })),
    openLocalSource: (accountId) => createLocalSource({ repository: localVisitsRepository, accountId, now }),
  });
  const clientsRepository = createClientsRepository(deps.db);
  const funding = createFundingService({
    repository: createFundingRepository(deps.db),
    accounts,
    audit,
    now,
  });
  const contactsRepository = createContactsRepository(deps.db);
  const contacts = createContactsService({ repository: contactsRepository, accounts, audit, now });
  const clientSync = createClientSync({
    repository: clientsRepository,
    source,
    funding,
    contacts: createContactsSync({ repository: contactsRepository, accounts, now, log }),
    now,
    log,
  });
  const allergens = createAllergensService({
    repository: createAllergensRepository(deps.db),
    clashes: createClashesRepository(deps.db),
    accounts,
    audit,
    now,
  });
  // One travel service (one cache, one provider) answers the distance routes, orders the rounds and plans the days;
  // it also times the rounds the volunteer hours credit and places the addresses of clients kept here.
  const travel = createTravelService({
    repository: createTravelRepository(deps.db),
    provider: deps.routing?.mapsProvider ?? createMapsProvider(deps.config),
    now,
  });
  const clients = createClientsService({
    repository: clientsRepository,
    mealChoices: createMealChoicesRepository(deps.db),
    sync: clientSync,
    accounts,
    audit,
    allergens,
    travel,
    now,
    onVisitPlanChanged: (accountId) => visitPlanner.regenerateVisits(accountId),
  });
  const meals = createMealsService({
    repository: createMealsRepository(deps.db),
    accounts,
    clients,
    allergens,
  });
  const messaging = createMessaging({
    db: deps.db,
    accounts,
    audit,
    secretBox: createSecretBox(deps.appSecret),
    fetch: sourceFetch,
    publicUrl: publicUrlOf(deps.config),
    // One resolver per kind of person a user may message.
    recipients: {
      client: async (accountId, id) => {
        const client = await clients.findClientPhone(accountId, id);
        return client && { ...client, clientId: id };
      },
      contact: (accountId, id) => contacts.findContactRecipient(accountId, id),
      driver: async (accountId, id) => {
        const driver = await driversRepository.findDriver(accountId, id);
        return driver && { name: driver.name, phone: driver.phone, clientId: null };
      },
    },
    ...(deps.messaging?.providerTimeoutMs ? { providerTimeoutMs: deps.messaging.providerTimeoutMs } : {}),
    now,
    log,
  });
  // Delivery notices hear of the visits' new starts and cancellations in the outbox's transaction.
  const notices = createNoticesService({
    db: deps.db,
    repository: createNoticesRepository(deps.db),
    messages: messaging.messages,
    audit,
    now,
  });
  const visitsRepository = createVisitsRepository(deps.db, notices.queueChangeNotices);
  const outboxRepository = createOutboxRepository(deps.db, notices.queueChangeNotices);
  const outboxSender = createOutboxSender({ repository: outboxRepository, source, now, log });
  const outbox = createOutboxService({ repository: outboxRepository, sender: outboxSender, audit, now });
  const holds = createHoldsService({
    repository: createHoldsRepository(deps.db),
    visits: createHoldVisits({
      repository: createHoldVisitsRepository(deps.db),
      outbox,
      accounts,
      answerWaitMs: outboxPolicy.answerWaitMs,
    }),
    accounts,
    audit,
    now,
  });
  const visits = createVisitsService({
    repository: visitsRepository,
    outbox: outboxRepository,
    sender: outboxSender,
    audit,
    now,
  });
  const mealsSync = createMealsSync({
    repository: visitsRepository,
    outbox: outboxRepository,
    sender: outboxSender,
    clients,
    meals,
    source,
    accounts,
    audit,
    now,
  });
  // Reports, print and the driver's app: the driver's run is the printed driver sheet, which may carry a new link.
  const reportsRepository = createReportsRepository(deps.db);
  const reports = createReportsService({
    repository: reportsRepository,
    overrides: createAllergenOverridesRepository(deps.db),
    holds,
    now,
  });
  const outcomesReport = createOutcomesReportService({
    repository: createOutcomesReportRepository(deps.db),
    reportsRepository,
    now,
  });
  const welfareChecks = createWelfareChecks({
    db: deps.db,
    ports: deps.welfarePorts ?? createWelfarePorts({ contacts, messages: messaging.messages }),
    accounts,
    mailer,
    audit,
    publicUrl: publicUrlOf(deps.config),
    now,
  });
  const { alerts } = welfareChecks;
  const months = createMonthCloseService({
    repository: createMonthCloseRepository(deps.db),
    reports,
    funding,
    accounts,
    audit,
    now,
  });
  const driversRepository = createDriversRepository(deps.db);
  const roster = createRosterService({ repository: driversRepository, accounts, audit, now });
  const dayPlansRepository = createDayPlansRepository(deps.db);
  const volunteerHours = createVolunteerHoursService({
    repository: driversRepository,
    accounts,
    listDrivenVisits: dayPlansRepository.listDrivenVisits,
    travel,
    now,
  });
  const driverRepository = createDriverRepository(deps.db);
  const driverLinks = createDriverLinksService({
    repository: driverRepository,
    accounts,
    mailer,
    audit,
    publicUrl: publicUrlOf(deps.config),
    now,
  });
  const print = createPrintService({
    repository: createPrintRepository(deps.db),
    accounts,
    reports,
    outcomesReport,
    welfareReport: welfareChecks.report,
    funderReport: months,
    volunteerHours,
    driverLinks,
    contacts,
    driverOfDay: roster.getDriverOfDay,
    publicUrl: publicUrlOf(deps.config),
    now,
  });
  const driver = {
    links: driverLinks,
    run: createDriverRunService({
      repository: driverRepository,
      reports,
      sheets: print,
      driverOfDay: roster.getDriverOfDay,
      runStarts: notices,
      now,
    }),
    outcomes: createDriverOutcomesService({ repository: driverRepository, outbox, alerts, now }),
  };
  const roundVisits = createRoundVisitsService({
    repository: visitsRepository,
    refreshes: createRoundVisitRefreshesRepository(deps.db),
    accounts,
    clients,
    source,
    latestDriverOutcomes: driver.run.getLatestOutcomes,
    onVisitsStored: holds.reconcileAccount,
    now,
    log,
  });
  const visitPlanner: VisitPlanner = createVisitPlanner({
    repository: localVisitsRepository,
    accounts,
    storeClientVisits: roundVisits.storeClientVisits,
    now,
    log,
  });

  const route: RegisterRoute = (spec) => {
    routes.push(addRoute(server, auth.authenticate, spec));
  };
  registerPublicConfigRoutes(route, deps.config);
  registerAuthRoutes(route, auth, { loginPerMinute: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE });
  registerUsersRoutes(route, users);
  registerAccountsRoutes(route, accounts);
  registerContactRoutes(route, contact);
  registerSourceRoutes(route, source);
  registerClientsRoutes(route, clients);
  registerHoldsRoutes(route, holds);
  registerVisitsRoutes(route, { visits, roundVisits, mealsSync, outbox });
  registerMealsRoutes(route, meals);
  registerDriverRoutes(route, driver);
  registerAlertsRoutes(route, welfareChecks);
  routes.push(
    ...(await registerMessaging(messaging, {
      server,
      route,
      inboundHandlers: [
        // A contact's reply to a welfare message ("OK", "SAFE") is an attempt on the check.
        async (tx, reply) => {
          await welfareChecks.runner.recordContactReply(tx, reply);
        },
        ...(deps.messaging?.inboundHandlers ?? []),
      ],
    })),
  );
  registerDriversRoutes(route, {
    drivers: createDriversService({ repository: driversRepository, accounts, audit, now }),
    roster,
    suggestions: createSuggestionsService({ repository: driversRepository, accounts }),
  });
  const volunteer = createVolunteer({
    db: deps.db,
    drivers: driversRepository,
    accounts,
    driverLinks,
    alerts,
    mailer,
    texts: createDriverTextPort(messaging.messages),
    audit,
    publicUrl: publicUrlOf(deps.config),
    now,
  });
  registerVolunteerRoutes(route, volunteer);
  registerVolunteerHoursRoutes(route, volunteerHours);
  routes.push(registerDriverPhotoRoute(server, auth.authenticate, driver.run));
  registerAllergensRoutes(route, allergens);
  const orderRound = createRoundOrderer({ travel, solve: deps.routing?.solve ?? solveTour });
  registerTravelRoutes(route, travel);
  registerOptimiseRoutes(route, createOptimiseService({ accounts, orderRound, now }));
  registerRoundsRoutes(route, createRoundsService({ accounts, clients }));
  const daysOff = createDaysOffService({ repository: createDaysOffRepository(deps.db), accounts, audit });
  registerDaysOffRoutes(route, daysOff);
  const roundAutomation = createRoundAutomationService({
    repository: createRoundAutomationRepository(deps.db),
    accounts,
    visits: { getRoundsDayVisits: roundVisits.getRoundsDayVisits, publishVisits: visits.publishVisits },
    orderRound,
    now,
    log,
  });
  registerRoundAutomationRoutes(route, roundAutomation);
  const dayPlans = createDayPlanService({
    repository: dayPlansRepository,
    daysOff,
    accounts,
    travel,
    jobs: createDayPlanJobs({
      repository: createDayPlanJobsRepository(deps.db),
      now,
      ...(deps.dayPlanHeartbeat ? { heartbeat: deps.dayPlanHeartbeat } : {}),
      log,
    }),
    solve: deps.routing?.solveDay ?? solveVrptwInWorkers,
    limits: {
      timeBudgetMs: deps.config.DAY_PLAN_TIME_BUDGET_MS,
      ...(deps.dayPlanIterations === undefined ? {} : { maxIterations: deps.dayPlanIterations }),
    },
    log,
  });
  const dayAssignments = createDayAssignmentService({
    repository: dayPlansRepository,
    accounts,
    travel,
    visits,
    audit,
    daysOff,
    now,
  });
  registerDayPlansRoutes(route, { plans: dayPlans, assignments: dayAssignments });
  // A 'Run now', a background refresh of round visits and the CRM writes of a driver's outcomes go on after their
  // answer: closing waits for them, so they never meet a closed database.
  server.addHook('onClose', async () => {
    await dayPlans.close();
    await roundAutomation.whenIdle();
    await visitPlanner.whenIdle();
    await roundVisits.whenIdle();
    await outboxSender.whenIdle();
  });
  registerReportsRoutes(route, reports);
  registerOutcomesReportRoutes(route, outcomesReport);
  registerPrintRoutes(route, print);
  registerFundingRoutes(route, funding);
  registerMonthCloseRoutes(route, months);
  registerExportsRoutes(
    route,
    createExportsService({
      repository: createExportsRepository(deps.db),
      months,
      funding,
      files: print,
      checkSchema: deps.checkXmlSchema ?? createXmllintCheck(),
      getSchemaPath: getCheckedDexSchemaPath,
      audit,
      now,
    }),
  );
  routes.push(registerPrintFileRoute(server, print));
  // Last of the API routes: the hostile-input test seeds each route by its place in the table.
  registerContactsRoutes(route, contacts);
  // The clients file (import and export) after them, so the routes above keep their places.
  const clientImport = createClientImportService({
    repository: createClientImportRepository(deps.db),
    accounts,
    labels: createMealChoicesRepository(deps.db),
    funding,
    travel,
    audit,
    now,
    onVisitPlanChanged: (accountId) => visitPlanner.regenerateVisits(accountId),
  });
  registerClientImportRoutes(route, clientImport);
  routes.push(registerClientExportRoute(server, auth.authenticate, clientImport));
  routes.push(registerOpenApiRoute(server, routes, deps.config.PUBLIC_URL));
  return {
    server,
    contact,
    routes,
    clientSync,
    mealsSync,
    roundAutomation,
    outboxSender,
    dayPlans,
    welfareSteps: welfareChecks.runner,
    messages: messaging.messages,
    messageSender: messaging.messageSender,
    rosterReminders: volunteer.reminders,
    visitPlanner,
  };
}
