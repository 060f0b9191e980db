import { getAccountToday } from '../../domain/today';
import { formatDayMonthYear, snapToMonday } from '../../domain/weeks';

/**
 * The screens' default week: the Monday (DD-MM-YYYY) of the account's today (docs/product-rules.md, Timezones), as
 * the server reads a missing week.
 */
export function currentWeekId(
  rounds: readonly { id: number; timezone: string }[] = [],
  nowMs: number = Date.now(),
): string {
  return formatDayMonthYear(snapToMonday(getAccountToday(rounds, nowMs)));
}
