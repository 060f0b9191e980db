import {
  allergenParamsSchema,
  createAllergenBodySchema,
  renameAllergenBodySchema,
} from '../../../contracts/allergens';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { AllergensService } from './service';

/**
 * The allergen list and the clash list: open to every logged-in user of the account, like the meal labels next to
 * them in Settings > Meals (the kitchen maintains both).
 */
export function registerAllergensRoutes(route: RegisterRoute, allergens: AllergensService) {
  route({
    method: 'GET',
    url: '/api/allergens',
    access: 'user',
    handler: async ({ session }) => {
      const data = await allergens.list(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'POST',
    url: '/api/allergens',
    access: 'user',
    body: createAllergenBodySchema,
    handler: async ({ session, body }) => {
      const data = await allergens.add(session, body);
      return { data, meta: { ...wholeListMeta(data.length), message: 'Allergen Added.' }, status: 201 };
    },
  });

  route({
    method: 'PUT',
    url: '/api/allergens/:key',
    access: 'user',
    params: allergenParamsSchema,
    body: renameAllergenBodySchema,
    handler: async ({ session, params, body }) => {
      const data = await allergens.rename(session, params.key, body);
      return { data, meta: { ...wholeListMeta(data.length), message: 'Allergen Updated.' } };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/allergens/:key',
    access: 'user',
    params: allergenParamsSchema,
    handler: async ({ session, params }) => {
      const data = await allergens.remove(session, params.key);
      return { data, meta: { ...wholeListMeta(data.length), message: 'Allergen Removed.' } };
    },
  });

  route({
    method: 'GET',
    url: '/api/allergens/clashes',
    access: 'user',
    handler: async ({ session }) => {
      const data = await allergens.listClashes(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
}
