// lint as: src/domain/fixture.ts
// refused by: boundaries/dependencies
import { idSchema } from '../contracts/common';

export const fixture = idSchema;
