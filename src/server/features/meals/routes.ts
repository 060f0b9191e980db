import type { RegisterRoute } from '../../http/route';
import type { MealsService } from './service';

export function registerMealsRoutes(route: RegisterRoute, meals: MealsService) {
  route({
    method: 'GET',
    url: '/api/meals/categories',
    access: 'user',
    handler: async ({ session }) => {
      const data = await meals.listCategories(session);
      return { data, meta: { record_total: data.length, record_count: data.length, page: 1, page_max: 1 } };
    },
  });
}
