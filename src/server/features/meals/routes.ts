import type { RegisterRoute } from '../../http/route';
import { registerCatalogueRoutes } from './catalogue-routes';
import { registerCategoriesRoutes } from './categories-routes';
import { registerLabelsRoutes } from './labels-routes';
import { registerMenuRoutes } from './menu-routes';
import type { MealsService } from './service';

/** Meals, labels, categories and the weekly menu: open to every logged-in user of the account. */
export function registerMealsRoutes(route: RegisterRoute, meals: MealsService) {
  registerCategoriesRoutes(route, meals.categories);
  registerLabelsRoutes(route, meals.labels);
  registerCatalogueRoutes(route, meals.catalogue);
  registerMenuRoutes(route, meals.menu);
}
