// lint as: src/contracts/fixture.ts
// refused by: boundaries/dependencies
import { loadConfig } from '../server/config';

export const fixture = loadConfig;
