import type { Account } from '../../../../contracts/accounts';
import type { Visit } from '../../../../contracts/visits';
import { getTodayIn } from '../../../../domain/today';
import { addDays } from '../../../../domain/zoned-time';
import type { Session } from '../../../http/session';
import { isFixedVisit } from '../../../../domain/round-day-rules';
import { toRoundPlan, type OrderRound } from '../route-order';
import type { RoundVisitsService } from '../../visits/round-visits-service';

type Round = Account['rounds'][number];

export type RoundAutomationLog = { error(obj: object, msg: string): void };

/** One round's part in a run: the days it covers, or why it is left out. */
export type RoundRunDays = { round: Round; dates: string[]; error: string | null };

/** What a run would do for one round and day: the visits whose times change, or why the day is left. */
export type DayPlan = { changed: Visit[]; errors: string[] };

/**
 * The days a run covers for each round: from tomorrow (in the round's time zone) up to days_in_advance ahead. A
 * round without a pick up address has no start for its times and is left out with an error.
 */
export function listRoundRunDays(account: Account, now: Date): RoundRunDays[] {
  return account.rounds.map((round) => {
    if (!round.address.trim()) {
      return { round, dates: [], error: `${round.name}: the round has no pick up address.` };
    }
    const today = getTodayIn(round.timezone, now.getTime());
    const days = account.route_automation.days_in_advance;
    return {
      round,
      dates: Array.from({ length: days }, (_, index) => addDays(today, index + 1)),
      error: null,
    };
  });
}

/** A day's failure as the run records it: 'Round 2026-11-19: message'. */
export function describeDayFailure(round: Round, date: string, error: unknown): string {
  return `${round.name} ${date}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The planning step shared by the run and its preview, so that both come to the same changes: the round's visits
 * fetched from the CRM, ordered (optimal or preferred) and retimed; the open visits whose times moved are the
 * changes. Nothing is published here.
 */
export function createDayPlanner(deps: {
  visits: Pick<RoundVisitsService, 'getRoundVisits'>;
  orderRound: OrderRound;
}) {
  return async function planDay(
    session: Session,
    account: Account,
    round: Round,
    date: string,
  ): Promise<DayPlan> {
    const { data, message } = await deps.visits.getRoundVisits(session, round.id, date);
    // The stored visits may be stale when the CRM failed: better to leave the day than to publish old times.
    if (message) return { changed: [], errors: [`${round.name} ${date}: ${message}`] };
    // A later day: nothing is under way, so the open visits are the ones not completed or cancelled.
    const isOpen = (visit: Visit) => !isFixedVisit(visit, null);
    if (data.filter(isOpen).length < 2) return { changed: [], errors: [] };
    const plan = toRoundPlan(account, round, account.route_automation.optimise_by);
    const ordered = await deps.orderRound(account.id, plan, data);
    const original = new Map(data.map((visit) => [visit.id, visit]));
    const changed = ordered.filter((visit) => {
      const before = original.get(visit.id);
      return isOpen(visit) && (before?.start !== visit.start || before.end !== visit.end);
    });
    return { changed, errors: [] };
  };
}
export type PlanDay = ReturnType<typeof createDayPlanner>;
