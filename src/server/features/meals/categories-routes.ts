import {
  createCategoryBodySchema,
  renameCategoryBodySchema,
  reorderCategoriesBodySchema,
} from '../../../contracts/meals';
import type { RegisterRoute } from '../../http/route';
import type { CategoriesService } from './categories-service';
import { wholeListMeta } from '../../http/list-meta';

export function registerCategoriesRoutes(route: RegisterRoute, categories: CategoriesService) {
  route({
    method: 'GET',
    url: '/api/meals/categories',
    access: 'user',
    handler: async ({ session }) => {
      const data = await categories.list(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'POST',
    url: '/api/meals/categories',
    access: 'user',
    body: createCategoryBodySchema,
    handler: async ({ session, body }) => {
      const data = await categories.add(session, body);
      return { data, meta: wholeListMeta(data.length), status: 201 };
    },
  });

  route({
    method: 'PUT',
    url: '/api/meals/categories',
    access: 'user',
    body: renameCategoryBodySchema,
    handler: async ({ session, body }) => {
      const data = await categories.rename(session, body);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'PUT',
    url: '/api/meals/categories/order',
    access: 'user',
    body: reorderCategoriesBodySchema,
    handler: async ({ session, body }) => {
      const data = await categories.reorder(session, body);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
}
