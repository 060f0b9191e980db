import type { WelfareReport } from '../../../contracts/welfare';
import { getAccountTimeZone, getTodayIn } from '../../../domain/today';
import {
  getMedianMinutes,
  getMinutesToResolve,
  resolutionOutcomes,
  type ResolutionOutcome,
} from '../../../domain/welfare-steps';
import { toInstantMs } from '../../../domain/zoned-time';
import type { AccountRounds } from './welfare-settings-service';
import type { WelfareRepository } from './welfare-repository';

/** The first day (YYYY-MM-01) of MM-YYYY and of the month after it. */
function getMonthBounds(month: string): { first: string; next: string } {
  const [mm = '01', yyyy = '2000'] = month.split('-');
  const year = Number(yyyy);
  const monthNumber = Number(mm);
  const nextYear = monthNumber === 12 ? year + 1 : year;
  const nextMonth = monthNumber === 12 ? 1 : monthNumber + 1;
  return {
    first: `${yyyy}-${mm}-01`,
    next: `${String(nextYear)}-${String(nextMonth).padStart(2, '0')}-01`,
  };
}

/**
 * The monthly welfare report: the checks whose clock started in the month (the account's time zone), how many a
 * person resolved, the median and the worst minutes from opening to resolution, and what was found.
 */
export function createWelfareReportService(deps: {
  repository: Pick<WelfareRepository, 'listOpenedBetween'>;
  accounts: AccountRounds;
  now: () => Date;
}) {
  async function getTimeZone(accountId: number): Promise<string> {
    return getAccountTimeZone((await deps.accounts.getAccountById(accountId)).rounds);
  }

  return {
    getTimeZone,

    /** `month` as MM-YYYY; this month (the account's) when absent. */
    async getWelfareReport(accountId: number, month: string | undefined): Promise<WelfareReport> {
      const timeZone = await getTimeZone(accountId);
      const today = getTodayIn(timeZone, deps.now().getTime());
      const shown = month ?? `${today.slice(5, 7)}-${today.slice(0, 4)}`;
      const { first, next } = getMonthBounds(shown);
      const rows = await deps.repository.listOpenedBetween(
        accountId,
        new Date(toInstantMs(first, '00:00', timeZone)),
        new Date(toInstantMs(next, '00:00', timeZone)),
      );
      const outcomes = Object.fromEntries(resolutionOutcomes.map((outcome) => [outcome, 0])) as Record<
        ResolutionOutcome,
        number
      >;
      const minutes: number[] = [];
      for (const row of rows) {
        if (row.status !== 'resolved' || !row.resolvedAt || !row.clockStartedAt) continue;
        minutes.push(getMinutesToResolve(row.clockStartedAt.getTime(), row.resolvedAt.getTime()));
        const outcome = resolutionOutcomes.find((known) => known === row.outcome);
        if (outcome) outcomes[outcome] += 1;
      }
      return {
        month: shown,
        opened: rows.length,
        resolved: minutes.length,
        open: rows.length - minutes.length,
        median_minutes_to_resolve: getMedianMinutes(minutes),
        worst_minutes_to_resolve: minutes.length ? Math.max(...minutes) : null,
        outcomes,
      };
    },
  };
}
export type WelfareReportService = ReturnType<typeof createWelfareReportService>;
