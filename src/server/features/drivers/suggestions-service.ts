import type { RosterSuggestions } from '../../../contracts/drivers';
import { getMonthName } from '../../../domain/calendar-names';
import { isOnTimeOff } from '../../../domain/roster-slots';
import { rankSuggestions, type SuggestionCandidate } from '../../../domain/roster-suggestions';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { addDays } from '../../../domain/zoned-time';
import { notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { RoundsSource } from '../../shared/account-dates';
import type { DriverRow, DriversRepository } from './repository';
import { readRosterWindow, type ResolvedRoundDay } from './roster-days';

/** How far back "has driven it lately" looks, in days. */
export const latelyDays = 28;

/** The first and last days (YYYY-MM-DD) of the month holding `date`. */
function getMonthSpan(date: string): { first: string; last: string } {
  const first = `${date.slice(0, 8)}01`;
  const nextMonth = addDays(first, 32);
  return { first, last: addDays(`${nextMonth.slice(0, 8)}01`, -1) };
}

function toCandidate(
  driver: DriverRow,
  slot: { roundId: number; date: string },
  days: readonly ResolvedRoundDay[],
  context: { roundNames: Map<number, string>; isAway: boolean; month: string; lately: string },
): SuggestionCandidate {
  const own = days.filter((day) => day.driverId === driver.id);
  const drove = own
    .filter((day) => day.roundId === slot.roundId && day.date >= context.lately && day.date < slot.date)
    .map((day) => day.date)
    .sort();
  const other = own.find((day) => day.date === slot.date && day.roundId !== slot.roundId);
  return {
    id: driver.id,
    name: driver.name,
    knowsRound: driver.roundIds.includes(slot.roundId),
    lastDroveRound: drove.at(-1) ?? null,
    otherRound: other ? (context.roundNames.get(other.roundId) ?? 'another round') : null,
    daysThisMonth: new Set(own.filter((day) => day.date.startsWith(context.month)).map((day) => day.date))
      .size,
    isOnTimeOff: context.isAway,
  };
}

/**
 * Who could take a round's day, best first with reasons in words (src/domain/roster-suggestions.ts): the account's
 * active drivers other than the slot's own, those on time off that day left out.
 */
export function createSuggestionsService(deps: { repository: DriversRepository; accounts: RoundsSource }) {
  const { repository } = deps;
  return {
    async getSuggestions(session: Session, roundId: number, dateText: string): Promise<RosterSuggestions> {
      const date = parseDayMonthYear(dateText) ?? '';
      const { rounds } = await deps.accounts.getAccountById(session.accountId);
      const round = rounds.find((candidate) => candidate.id === roundId);
      if (!round) throw notFound('Round');
      const month = getMonthSpan(date);
      const lately = addDays(date, -latelyDays);
      const from = lately < month.first ? lately : month.first;
      const window = await readRosterWindow(repository, session.accountId, from, month.last);
      const days = await window.listRoundDays();
      const current = window.resolve(roundId, date).driverId;
      const timeOff = await repository.listTimeOffInWindow(session.accountId, date, date);
      const roundNames = new Map(rounds.map((candidate) => [candidate.id, candidate.name]));
      const drivers = (await repository.listDrivers(session.accountId)).filter(
        (driver) => driver.isActive && driver.id !== current,
      );
      const candidates = drivers.map((driver) =>
        toCandidate(driver, { roundId, date }, days, {
          roundNames,
          isAway: isOnTimeOff(timeOff, driver.id, date),
          month: date.slice(0, 8),
          lately,
        }),
      );
      const phones = new Map(drivers.map((driver) => [driver.id, driver.phone]));
      const ranked = rankSuggestions(candidates, round.name, getMonthName(Number(date.slice(5, 7))));
      return {
        suggestions: ranked.map((candidate) => ({
          driver: { id: candidate.id, name: candidate.name, phone: phones.get(candidate.id) ?? '' },
          reasons: candidate.reasons,
          knows_round: candidate.knowsRound,
          last_drove_round:
            candidate.lastDroveRound === null ? null : formatDayMonthYear(candidate.lastDroveRound),
          other_round: candidate.otherRound,
          days_this_month: candidate.daysThisMonth,
        })),
      };
    },
  };
}
export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
