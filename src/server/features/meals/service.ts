import type { MealCategory } from '../../../contracts/meals';
import type { Session } from '../../http/session';
import type { MealsRepository } from './repository';

export function createMealsService(deps: { repository: MealsRepository }) {
  return {
    listCategories(session: Session): Promise<MealCategory[]> {
      return deps.repository.listCategories(session.accountId);
    },

    sumChoicesByCategory(accountId: number, fromDate: string, toDate: string) {
      return deps.repository.sumChoicesByCategory(accountId, fromDate, toDate);
    },
  };
}
export type MealsService = ReturnType<typeof createMealsService>;
