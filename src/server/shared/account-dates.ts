import { getAccountTimeZone, getAccountToday } from '../../domain/today';
import { parseDayMonthYear, snapToMonday, weekDates } from '../../domain/weeks';
import { invalidInput } from '../http/errors';

/** Where the account's rounds (and so its timezone) are read. */
export type RoundsSource = {
  getAccountById(id: number): Promise<{ rounds: { id: number; name: string; timezone: string }[] }>;
};

/** The account's timezone (src/domain/today.ts). */
export async function readAccountTimeZone(accounts: RoundsSource, accountId: number): Promise<string> {
  const { rounds } = await accounts.getAccountById(accountId);
  return getAccountTimeZone(rounds);
}

/** The account's today (YYYY-MM-DD) at `now` (src/domain/today.ts). */
export async function readAccountToday(
  accounts: RoundsSource,
  accountId: number,
  now: Date,
): Promise<string> {
  const { rounds } = await accounts.getAccountById(accountId);
  return getAccountToday(rounds, now.getTime());
}

/** The seven dates (YYYY-MM-DD) of the week holding `week` (DD-MM-YYYY), or of today's week when absent. */
export function readWeekDates(week: string | undefined, today: string): string[] {
  if (week === undefined) return weekDates(snapToMonday(today));
  const date = parseDayMonthYear(week);
  if (!date)
    throw invalidInput('Invalid week: use a real date (DD-MM-YYYY).', [
      { field: 'week', message: 'Use a real date (DD-MM-YYYY).' },
    ]);
  return weekDates(snapToMonday(date));
}
