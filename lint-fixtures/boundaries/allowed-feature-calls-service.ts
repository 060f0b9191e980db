// lint as: src/server/features/rounds/automation/a/b/fixture.ts
// refused by: nothing (a feature may call another feature's service)
import { createHoldsService } from '../../../../holds/service';

export const fixture = createHoldsService;
