import { parseDayMonthYear, snapToMonday, weekDates } from '../../../domain/weeks';
import { getZonedDate } from '../../../domain/zoned-time';
import { invalidInput } from '../../http/errors';

/** The zone of an account without rounds (and the demo's). */
export const defaultTimeZone = 'Australia/Sydney';

/** Where the account's rounds (and so its timezone) are read. */
export type RoundsSource = {
  getAccountById(id: number): Promise<{ rounds: { id: number; name: string; timezone: string }[] }>;
};

/** The account's timezone: its first round's (by id), else Australia/Sydney. */
export async function readAccountTimeZone(accounts: RoundsSource, accountId: number): Promise<string> {
  const { rounds } = await accounts.getAccountById(accountId);
  const first = rounds.reduce<(typeof rounds)[number] | null>(
    (earliest, round) => (earliest === null || round.id < earliest.id ? round : earliest),
    null,
  );
  return first?.timezone || defaultTimeZone;
}

/** Today (YYYY-MM-DD) in the zone; an unknown zone falls back to Australia/Sydney rather than failing the call. */
export function readToday(now: Date, timeZone: string): string {
  try {
    return getZonedDate(now.getTime(), timeZone);
  } catch {
    return getZonedDate(now.getTime(), defaultTimeZone);
  }
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
