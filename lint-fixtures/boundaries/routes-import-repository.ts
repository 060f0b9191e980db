// lint as: src/server/features/holds/fixture-routes.ts
// refused by: boundaries/dependencies
import { createHoldsRepository } from './repository';

export const fixture = createHoldsRepository;
