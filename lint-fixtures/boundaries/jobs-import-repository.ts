// lint as: src/server/jobs/fixture.ts
// refused by: boundaries/dependencies
import { createHoldsRepository } from '../features/holds/repository';

export const fixture = createHoldsRepository;
