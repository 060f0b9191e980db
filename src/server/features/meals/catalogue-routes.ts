import { createMealBodySchema, mealListQuerySchema, updateMealBodySchema } from '../../../contracts/meals';
import type { RegisterRoute } from '../../http/route';
import type { CatalogueService } from './catalogue-service';

export function registerCatalogueRoutes(route: RegisterRoute, catalogue: CatalogueService) {
  route({
    method: 'GET',
    url: '/api/meals/meals',
    access: 'user',
    query: mealListQuerySchema,
    handler: async ({ session, query }) => catalogue.list(session, query),
  });

  route({
    method: 'POST',
    url: '/api/meals/meals',
    access: 'user',
    body: createMealBodySchema,
    handler: async ({ session, body }) => ({ data: await catalogue.create(session, body), status: 201 }),
  });

  route({
    method: 'PUT',
    url: '/api/meals/meals',
    access: 'user',
    body: updateMealBodySchema,
    handler: async ({ session, body }) => ({ data: await catalogue.update(session, body) }),
  });
}
