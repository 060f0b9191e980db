// lint as: src/server/shared/fixture.ts
// refused by: boundaries/dependencies
import { createHoldsService } from '../features/holds/service';

export const fixture = createHoldsService;
