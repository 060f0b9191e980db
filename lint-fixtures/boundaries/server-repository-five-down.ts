// lint as: src/server/features/rounds/automation/a/b/fixture.ts
// refused by: boundaries/dependencies
import { createHoldsRepository } from '../../../../../features/holds/repository';

export const fixture = createHoldsRepository;
