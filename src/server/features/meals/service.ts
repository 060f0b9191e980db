import type { MealCategory } from '../../../contracts/meals';
import type { Session } from '../../http/session';
import { createCatalogueService, type MealAllergens } from './catalogue-service';
import { createCategoriesService } from './categories-service';
import { createLabelsService, type ClientLabels } from './labels-service';
import { createMenuService, type MenuOptionsSource } from './menu-service';
import type { MealsRepository } from './repository';

export function createMealsService(deps: {
  repository: MealsRepository;
  accounts?: MenuOptionsSource;
  clients?: ClientLabels;
  allergens: MealAllergens;
}) {
  const categories = createCategoriesService(deps.repository.categories);
  const labels = createLabelsService(deps.repository.labels, deps.clients);
  const catalogue = createCatalogueService({
    repository: deps.repository.catalogue,
    categories,
    labels,
    allergens: deps.allergens,
  });
  const menu = createMenuService({
    repository: deps.repository.menu,
    catalogue,
    categories,
    ...(deps.accounts ? { accounts: deps.accounts } : {}),
  });
  return {
    categories,
    labels,
    catalogue,
    menu,

    listCategories(session: Session): Promise<MealCategory[]> {
      return deps.repository.listCategories(session.accountId);
    },

    sumChoicesByCategory(accountId: number, fromDate: string, toDate: string) {
      return deps.repository.sumChoicesByCategory(accountId, fromDate, toDate);
    },
  };
}
export type MealsService = ReturnType<typeof createMealsService>;
