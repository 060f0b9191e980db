import type { MealDayState } from '../../../contracts/clients';
import { isDateInHold } from '../../../domain/holds';
import { formatDayMonthYear } from '../../../domain/weeks';
import type { MealChoicesRepository } from './meal-choices-repository';

/** Reads the state of each client's days: `stateOf(clientId, date)` for dates (YYYY-MM-DD) in the window. */
export type DayStates = { stateOf(clientId: number, date: string): MealDayState };

/**
 * The days of these clients from `from` to `to` (YYYY-MM-DD) whose meals do not count: on hold, or every CRM visit
 * cancelled (the reports' rule, report-rules.ts). A held day shows as held only: the product cancels the visits of
 * held days itself, so their cancel reason would only repeat the hold.
 */
export async function readDayStates(
  repository: Pick<MealChoicesRepository, 'listHoldsInWindow' | 'listCancelledDays'>,
  clientIds: number[],
  from: string,
  to: string,
): Promise<DayStates> {
  const [holds, cancelled] = await Promise.all([
    repository.listHoldsInWindow(clientIds, from, to),
    repository.listCancelledDays(clientIds, from, to),
  ]);
  const cancelReasonOf = new Map(cancelled.map((day) => [`${day.clientId}|${day.date}`, day.reason]));
  return {
    stateOf(clientId, date) {
      const hold = holds.find(
        (candidate) => candidate.clientId === clientId && isDateInHold(candidate, date),
      );
      return {
        date: formatDayMonthYear(date),
        hold_reason: hold?.reason ?? null,
        cancel_reason: hold ? null : (cancelReasonOf.get(`${clientId}|${date}`) ?? null),
      };
    },
  };
}
