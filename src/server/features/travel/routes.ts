import { distanceBodySchema, distancesBodySchema } from '../../../contracts/travel';
import type { RegisterRoute } from '../../http/route';
import type { TravelService } from './service';

/** Travel between addresses for the rounds screen; the paths keep the `maps` name the API has always used. */
export function registerTravelRoutes(route: RegisterRoute, travel: TravelService) {
  route({
    method: 'POST',
    url: '/api/maps/distance',
    access: 'user',
    body: distanceBodySchema,
    handler: async ({ session, body }) => ({
      data: await travel.getDistance(session.accountId, body.from, body.to),
    }),
  });

  route({
    method: 'POST',
    url: '/api/maps/distances',
    access: 'user',
    body: distancesBodySchema,
    handler: async ({ session, body }) => ({ data: await travel.getEachLeg(session.accountId, body.legs) }),
  });
}
