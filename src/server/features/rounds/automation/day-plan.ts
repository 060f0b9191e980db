import type { Account } from '../../../../contracts/accounts';
import type { Visit } from '../../../../contracts/visits';
import { getTodayIn } from '../../../../domain/today';
import { addDays } from '../../../../domain/zoned-time';
import { ApiError } from '../../../http/errors';
import type { Session } from '../../../http/session';
import { isFixedVisit } from '../../../../domain/round-day-rules';
import { toRoundPlan, type OrderRound } from '../route-order';
import type { RoundVisitsService } from '../../visits/round-visits-service';

type Round = Account['rounds'][number];

export type RoundAutomationLog = { error(obj: object, msg: string): void };

/** One round's part in a run: the days it covers, or why it is left out. */
export type RoundRunDays = { round: Round; dates: string[]; error: string | null };

/** What a run would do for one round on a day: the visits whose times change, or why the day is left. */
export type RoundDayPlan = { round: Round; changed: Visit[]; errors: string[] };

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

/** A day of a run: the rounds (of one time zone) that it covers on that date, whose visits are fetched together. */
export type RunDay = { date: string; timezone: string; rounds: Round[] };

/**
 * The run's days, date by date: the rounds' days grouped by date and time zone, so that a day's visits of all
 * the account's rounds come from one CRM call rather than one call per round.
 */
export function groupRunDays(roundDays: RoundRunDays[]): RunDay[] {
  const days = new Map<string, RunDay>();
  for (const { round, dates } of roundDays) {
    for (const date of dates) {
      const key = `${date} ${round.timezone}`;
      const day = days.get(key) ?? { date, timezone: round.timezone, rounds: [] };
      day.rounds.push(round);
      days.set(key, day);
    }
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** A day's failure as the run records it: 'Round 2026-11-19: message'. */
export function describeDayFailure(round: Round, date: string, error: unknown): string {
  return `${round.name} ${date}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The planning step shared by the run and its preview, so that both come to the same changes: the day's visits
 * of its rounds fetched from the CRM (once for them all), then each round's ordered (optimal or preferred) and
 * retimed; the open visits whose times moved are the changes. Nothing is published here. A round whose day fails
 * (the CRM, a plan past midnight) has its error and no changes; the other rounds go on.
 */
export function createDayPlanner(deps: {
  visits: Pick<RoundVisitsService, 'getRoundsDayVisits'>;
  orderRound: OrderRound;
  log: RoundAutomationLog;
}) {
  async function planRound(account: Account, round: Round, data: Visit[]): Promise<Visit[]> {
    // A later day: nothing is under way, so the open visits are the ones not completed or cancelled.
    const isOpen = (visit: Visit) => !isFixedVisit(visit, null);
    if (data.filter(isOpen).length < 2) return [];
    const plan = toRoundPlan(account, round, account.route_automation.optimise_by);
    const ordered = await deps.orderRound(account.id, plan, data);
    const original = new Map(data.map((visit) => [visit.id, visit]));
    return ordered.filter((visit) => {
      const before = original.get(visit.id);
      return isOpen(visit) && (before?.start !== visit.start || before.end !== visit.end);
    });
  }

  const toFailure = (round: Round, date: string, error: unknown): RoundDayPlan => {
    if (!(error instanceof ApiError)) deps.log.error({ err: error }, 'round automation: a day failed');
    return { round, changed: [], errors: [describeDayFailure(round, date, error)] };
  };

  return async function planDay(session: Session, account: Account, day: RunDay): Promise<RoundDayPlan[]> {
    const { date } = day;
    let answers: Awaited<ReturnType<RoundVisitsService['getRoundsDayVisits']>>;
    try {
      answers = await deps.visits.getRoundsDayVisits(session, {
        roundIds: day.rounds.map((round) => round.id),
        date,
        timezone: day.timezone,
      });
    } catch (error) {
      return day.rounds.map((round) => toFailure(round, date, error));
    }
    const plans: RoundDayPlan[] = [];
    for (const round of day.rounds) {
      const answer = answers.get(round.id) ?? { data: [], message: '' };
      // The stored visits may be stale when the CRM failed: better to leave the day than to publish old times.
      if (answer.message) {
        plans.push({ round, changed: [], errors: [`${round.name} ${date}: ${answer.message}`] });
        continue;
      }
      try {
        plans.push({ round, changed: await planRound(account, round, answer.data), errors: [] });
      } catch (error) {
        plans.push(toFailure(round, date, error));
      }
    }
    return plans;
  };
}
export type PlanDay = ReturnType<typeof createDayPlanner>;
