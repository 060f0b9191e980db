import type { MealCategory } from '../../../contracts/meals';
import type { Session } from '../../http/session';
import type { MealsRepository } from './repository';

export function createMealsService(deps: { repository: MealsRepository }) {
  return {
    listCategories(session: Session): Promise<MealCategory[]> {
      return deps.repository.listCategories(session.accountId);
    },
  };
}
export type MealsService = ReturnType<typeof createMealsService>;
