import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Authenticate, RegisterRoute, RouteSummary } from '../../http/route';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AccountsService } from '../accounts/service';
import { createAlertsRepository } from '../alerts/repository';
import { registerAlertsRoutes } from '../alerts/routes';
import { createAlertsService } from '../alerts/service';
import type { AuditService } from '../audit/service';
import { createReportsRepository } from '../reports/repository';
import type { OutboxRepository } from '../visits/outbox-repository';
import type { OutboxSender } from '../visits/outbox-sender';
import { createDriverLinksService } from './links-service';
import { createDriverOutcomesService } from './outcomes-service';
import { createDriverRepository } from './repository';
import { registerDriverPhotoRoute, registerDriverRoutes } from './routes';
import { createDriverRunService } from './run-service';

/** The driver app's services (links, runs, outcomes) and the alerts its outcomes open. */
export function createDriverFeature(deps: {
  db: Database;
  accounts: Pick<AccountsService, 'getAccountById'>;
  mailer: Pick<Mailer, 'send' | 'queue'>;
  audit: AuditService;
  outbox: Pick<OutboxRepository, 'enqueueIn'>;
  sender: Pick<OutboxSender, 'sendNow'>;
  publicUrl: string;
  now: () => Date;
}) {
  const repository = createDriverRepository(deps.db);
  const alerts = createAlertsService({
    repository: createAlertsRepository(deps.db),
    mailer: deps.mailer,
    audit: deps.audit,
    publicUrl: deps.publicUrl,
    now: deps.now,
  });
  return {
    alerts,
    links: createDriverLinksService({ ...deps, repository }),
    run: createDriverRunService({
      repository,
      reportsRepository: createReportsRepository(deps.db),
      now: deps.now,
    }),
    outcomes: createDriverOutcomesService({ ...deps, repository, alerts }),
  };
}
export type DriverFeature = ReturnType<typeof createDriverFeature>;

/** Registers the driver and alerts routes; answers the photo route's summary (it is not an envelope route). */
export function registerDriverFeature(
  route: RegisterRoute,
  server: FastifyInstance,
  authenticate: Authenticate,
  feature: DriverFeature,
): RouteSummary {
  registerDriverRoutes(route, feature);
  registerAlertsRoutes(route, feature.alerts);
  return registerDriverPhotoRoute(server, authenticate, feature.run);
}
