// lint as: src/server/features/drivers/hours-service.ts
// refused by: boundaries/dependencies (another feature's helper module, not its service)
import { buildDayProblem } from '../day-plans/day-problem';

export const fixture = buildDayProblem;
