import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { RegisterRoute } from '../../http/route';
import { createMapsProvider } from '../../integrations/maps/create-maps-provider';
import type { MapsProvider } from '../../integrations/maps/maps-provider';
import { solveTour } from '../../routing/solve-tour';
import type { AccountsService } from '../accounts/service';
import type { ClientsService } from '../clients/service';
import { createRouteAutomationRepository } from '../rounds/automation/repository';
import { registerRouteAutomationRoutes } from '../rounds/automation/routes';
import type { RouteAutomationLog } from '../rounds/automation/day-plan';
import { createRouteAutomationService } from '../rounds/automation/service';
import { createAuditService } from '../audit/service';
import { createDaysOffRepository } from '../rounds/days-off-repository';
import { registerDaysOffRoutes } from '../rounds/days-off-routes';
import { createDaysOffService } from '../rounds/days-off-service';
import { registerRoundsRoutes } from '../rounds/routes';
import { createRoundsService } from '../rounds/service';
import type { RoundVisitsService } from '../visits/round-visits-service';
import type { VisitsService } from '../visits/service';
import { createRoundOrderer, type SolveTour } from '../rounds/route-order';
import { registerOptimiseRoutes } from '../rounds/optimise-routes';
import { createOptimiseService } from '../rounds/optimise-service';
import { createTravelRepository } from '../travel/repository';
import { registerTravelRoutes } from '../travel/routes';
import { createTravelService } from '../travel/service';

/** What tests may put in place of the configured provider and the production solver. */
export type RoutingOverrides = { mapsProvider?: MapsProvider; solve?: SolveTour };

/** Wires maps (travel, optimise), the rounds' client lists and route automation, and registers their routes. */
export function registerRoutingFeatures(
  route: RegisterRoute,
  deps: {
    config: Config;
    db: Database;
    accounts: Pick<AccountsService, 'getAccountById' | 'deleteRound'>;
    clients: Pick<ClientsService, 'listClientsOfRound'>;
    visits: Pick<RoundVisitsService, 'getRoundVisits'> & Pick<VisitsService, 'publishVisits'>;
    now: () => Date;
    log: RouteAutomationLog;
    overrides?: RoutingOverrides;
  },
) {
  const travel = createTravelService({
    repository: createTravelRepository(deps.db),
    provider: deps.overrides?.mapsProvider ?? createMapsProvider(deps.config),
    now: deps.now,
  });
  const orderRound = createRoundOrderer({ travel, solve: deps.overrides?.solve ?? solveTour });
  registerTravelRoutes(route, travel);
  registerOptimiseRoutes(
    route,
    createOptimiseService({ accounts: deps.accounts, orderRound, now: deps.now }),
  );
  registerRoundsRoutes(route, createRoundsService({ accounts: deps.accounts, clients: deps.clients }));
  const daysOff = createDaysOffService({
    repository: createDaysOffRepository(deps.db),
    accounts: deps.accounts,
    audit: createAuditService(deps.db),
  });
  registerDaysOffRoutes(route, daysOff);
  const routeAutomation = createRouteAutomationService({
    repository: createRouteAutomationRepository(deps.db),
    accounts: deps.accounts,
    visits: deps.visits,
    orderRound,
    now: deps.now,
    log: deps.log,
  });
  registerRouteAutomationRoutes(route, routeAutomation);
  return { routeAutomation, travel };
}
