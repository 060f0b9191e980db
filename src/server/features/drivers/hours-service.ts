import type { Account } from '../../../contracts/accounts';
import type { VolunteerHoursReport } from '../../../contracts/volunteer-hours';
import { parseFunderMonth } from '../../../domain/funder-month';
import { getAccountToday } from '../../../domain/today';
import { getCountedDays, sumDrivenRounds, toHours, type DrivenRound } from '../../../domain/volunteer-hours';
import { formatDayMonthYear } from '../../../domain/weeks';
import { invalidInput } from '../../http/errors';
import { loadDayPlaces, toDayRound } from '../../shared/day-places';
import { placeDayPortions } from '../../shared/day-portions';
import { simulateRoute } from '../../shared/day-route-model';
import type { MatrixSource } from '../../shared/travel-matrix';
import type { ResolvedRoundDay } from './roster-days';
import { readRosterWindow } from './roster-days';
import type { DriversRepository } from './repository';

/** The day's visits a round drove (not cancelled nor held), as the day planner reads them. */
type DrivenVisits = Parameters<typeof placeDayPortions>[0];

/**
 * The volunteer hours report: per driver, the days of the month they drove (the roster's slots of the days over,
 * ADR 0039), and for each round driven the time from its pickup to its return and its km, by the day planner's
 * route model over the round's visits of that day, so the figures agree with the plan's "before" figures
 * (ADR 0043).
 */
export function createVolunteerHoursService(deps: {
  repository: DriversRepository;
  accounts: { getAccountById(id: number): Promise<Account> };
  listDrivenVisits: (accountId: number, date: string) => Promise<DrivenVisits>;
  travel: MatrixSource;
  now: () => Date;
}) {
  /** The time and km of each driven round of one day. */
  async function timeDay(account: Account, days: ResolvedRoundDay[]): Promise<DrivenRound[]> {
    const [first] = days;
    if (!first) return [];
    const visits = placeDayPortions(await deps.listDrivenVisits(account.id, first.date));
    const rounds = account.rounds.filter((round) => days.some((day) => day.roundId === round.id));
    const places = await loadDayPlaces(deps.travel, account, rounds.map(toDayRound), visits);
    return rounds.flatMap((round) => {
      const carried = visits.filter((visit) => visit.dayRoundId === round.id);
      const driverId = days.find((day) => day.roundId === round.id)?.driverId ?? null;
      // A round whose visits were all cancelled was not driven.
      if (driverId === null || carried.length === 0) return [];
      const dayRound = toDayRound(round);
      const { summary } = simulateRoute(
        places.travel,
        places.baseNodeOf(dayRound),
        dayRound,
        carried.map(places.stopOf),
      );
      return [{ driverId, date: first.date, minutes: summary.minutes, km: summary.km }];
    });
  }

  return {
    async getVolunteerHours(accountId: number, monthLabel: string): Promise<VolunteerHoursReport> {
      const month = parseFunderMonth(monthLabel);
      if (!month)
        throw invalidInput('Use a month as MM-YYYY.', [{ field: 'month', message: 'Use MM-YYYY.' }]);
      const account = await deps.accounts.getAccountById(accountId);
      const counted = getCountedDays(month, getAccountToday(account.rounds, deps.now().getTime()));
      const byDate = new Map<string, ResolvedRoundDay[]>();
      if (counted) {
        const window = await readRosterWindow(deps.repository, accountId, counted.from, counted.to);
        for (const day of await window.listRoundDays()) {
          if (day.driverId !== null) byDate.set(day.date, [...(byDate.get(day.date) ?? []), day]);
        }
      }
      const driven: DrivenRound[] = [];
      // One day at a time: each reads its visits and asks the travel cache for one matrix.
      for (const days of byDate.values()) driven.push(...(await timeDay(account, days)));
      const totals = sumDrivenRounds(driven);
      const drivers = (await deps.repository.listDrivers(accountId)).flatMap((driver) => {
        const row = totals.get(driver.id);
        if (!row) return [];
        return [
          {
            driver: { id: driver.id, name: driver.name, is_active: driver.isActive },
            dates: row.dates.map(formatDayMonthYear),
            days: row.dates.length,
            minutes: row.minutes,
            hours: toHours(row.minutes),
            km: row.km,
          },
        ];
      });
      const minutes = drivers.reduce((sum, row) => sum + row.minutes, 0);
      return {
        month: month.label,
        counted_to: counted ? formatDayMonthYear(counted.to) : null,
        drivers,
        totals: {
          days: drivers.reduce((sum, row) => sum + row.days, 0),
          minutes,
          hours: toHours(minutes),
          km: Math.round(drivers.reduce((sum, row) => sum + row.km, 0) * 10) / 10,
        },
      };
    },
  };
}
export type VolunteerHoursService = ReturnType<typeof createVolunteerHoursService>;
