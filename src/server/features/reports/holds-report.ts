import type { HoldsReport, HoldsReportRow } from '../../../contracts/holds-report';
import { getReturnDate, groupHoldsForReport } from '../../../domain/holds';
import { snapToMonday, formatDayMonthYear } from '../../../domain/weeks';
import { addDays } from '../../../domain/zoned-time';
import type { HoldsService } from '../holds/service';

/** What the Holds report reads: the holds running on or after a day. */
export type HoldsSource = Pick<HoldsService, 'listHoldsFrom'>;
type ReportHoldRow = Awaited<ReturnType<HoldsSource['listHoldsFrom']>>[number];

const noRound = 'No Round';

/** The first day whose holds the report can show for `date`: the day before its week (back on Monday). */
export function getHoldsReportFrom(date: string): string {
  return addDays(snapToMonday(date), -1);
}

function toRow(hold: ReportHoldRow, roundNames: Map<number, string>): HoldsReportRow {
  const back = getReturnDate(hold);
  return {
    hold_id: hold.id,
    client_id: hold.clientId,
    client: hold.clientName,
    round: hold.roundId === null ? noRound : (roundNames.get(hold.roundId) ?? noRound),
    from_date: formatDayMonthYear(hold.fromDate),
    to_date: hold.toDate === null ? null : formatDayMonthYear(hold.toDate),
    reason: hold.reason,
    note: hold.note,
    return_date: back === null ? null : formatDayMonthYear(back),
  };
}

/** The report on `date` (YYYY-MM-DD) from the holds reaching getHoldsReportFrom(date) or later (domain/holds.ts). */
export function buildHoldsReport(
  date: string,
  holds: ReportHoldRow[],
  rounds: { id: number; name: string }[],
): HoldsReport {
  const roundNames = new Map(rounds.map((round) => [round.id, round.name]));
  const sections = groupHoldsForReport(holds, date);
  const monday = snapToMonday(date);
  const rows = (list: ReportHoldRow[]) => list.map((hold) => toRow(hold, roundNames));
  return {
    date: formatDayMonthYear(date),
    week_start: formatDayMonthYear(monday),
    week_end: formatDayMonthYear(addDays(monday, 6)),
    on_hold: rows(sections.onHold),
    upcoming: rows(sections.upcoming),
    returning: rows(sections.returning),
  };
}
