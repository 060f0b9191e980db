import type { Account } from '../../../contracts/accounts';
import type { DayAssignment, DayPlanApply } from '../../../contracts/day-plans';
import { publishVisitsMax, type PublishVisitsBody } from '../../../contracts/visits';
import { toPublishEntry } from '../../../domain/publish-entry';
import { isOpenVisit } from '../../../domain/round-day-rules';
import { hasTimesChanged, isFutureDate } from '../../../domain/round-panel';
import { formatClockMinutes } from '../../../domain/round-schedule';
import { getAccountToday } from '../../../domain/today';
import { toZonedParts } from '../../../domain/zoned-time';
import { invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AccountsService } from '../accounts/service';
import type { AuditService } from '../audit/service';
import type { DaysOffService } from '../rounds/days-off-service';
import type { TravelService } from '../travel/service';
import type { VisitsService } from '../visits/service';
import { describeRoutePastMidnight } from './day-past-midnight';
import { simulateRoute, type DayRound } from '../../shared/day-route-model';
import { loadDayPlaces, toDayRound, type DayPlaces } from '../../shared/day-places';
import { placeDayPortions, type PlanVisitRow } from '../../shared/day-portions';
import type { AssignmentRow, DayPlansRepository } from './repository';

type TimeChange = { visit: PlanVisitRow; start: string; end: string };

function toAssignment(date: string, rows: AssignmentRow[]): DayAssignment {
  if (rows.length === 0) return null;
  const byRound = new Map<number, number[]>();
  for (const row of rows) byRound.set(row.roundId, [...(byRound.get(row.roundId) ?? []), row.visitId]);
  const appliedAt = new Date(Math.max(...rows.map((row) => row.appliedAt.getTime())));
  return {
    date,
    applied_at: appliedAt.toISOString(),
    routes: [...byRound].map(([roundId, visitIds]) => ({ round_id: roundId, visit_ids: visitIds })),
    moved: rows.filter((row) => row.roundId !== row.clientRoundId).length,
  };
}

/** Each round of the account and given once (another account's round answers like a missing one). */
function checkRounds(account: Account, body: DayPlanApply) {
  const seen = new Set<number>();
  return body.routes.map((route, index) => {
    const round = account.rounds.find((candidate) => candidate.id === route.round_id);
    if (!round) throw notFound('Round');
    if (seen.has(round.id)) {
      throw invalidInput('Each round may be given only once.', [
        { field: `routes.${String(index)}.round_id`, message: 'Duplicate round.' },
      ]);
    }
    seen.add(round.id);
    return round;
  });
}

/** Each visit of the account (else 404), on the day and given once (else code 2). */
function checkVisits(body: DayPlanApply, date: string, found: Map<number, PlanVisitRow>) {
  const seen = new Set<number>();
  body.routes.forEach((route, routeIndex) =>
    route.visit_ids.forEach((id, index) => {
      const field = `routes.${String(routeIndex)}.visit_ids.${String(index)}`;
      const visit = found.get(id);
      if (!visit) throw notFound('Visit');
      if (visit.date !== date) {
        throw invalidInput(`A visit is not on ${date}.`, [{ field, message: 'Not on this day.' }]);
      }
      if (seen.has(id)) {
        throw invalidInput('Each visit may be given only once.', [{ field, message: 'Duplicate visit.' }]);
      }
      seen.add(id);
    }),
  );
}

type TimedRoute = { round: DayRound; visits: PlanVisitRow[]; arrivals: number[] };

/**
 * A plan with a route that would run past midnight is refused before anything is written or published, each such
 * round named with describePastMidnight's words (ADR 0031): its times cannot be booked on the day.
 */
function checkFitsTheDay(places: DayPlaces, routes: readonly TimedRoute[]): void {
  const refusals = routes.flatMap(({ round, visits, arrivals }, index) => {
    const refusal = describeRoutePastMidnight(places, visits, arrivals);
    return refusal === null
      ? []
      : [{ field: `routes.${String(index)}.visit_ids`, round: round.name, refusal }];
  });
  if (refusals.length === 0) return;
  throw invalidInput(
    refusals.map(({ round, refusal }) => `${round}: ${refusal}`).join(' '),
    refusals.map(({ field, refusal }) => ({ field, message: refusal })),
  );
}

/**
 * The day's assignment: applying a plan writes each visit's round and stop number for the day and publishes the
 * new times to the CRM through the outbox, as the rounds screen's Publish does; undo removes it and publishes the
 * times the visits had before. Any user of the account may do both: it is the coordinator's daily work.
 */
export function createDayAssignmentService(deps: {
  repository: DayPlansRepository;
  accounts: Pick<AccountsService, 'getAccountById'>;
  travel: Pick<TravelService, 'getMatrix'>;
  visits: Pick<VisitsService, 'publishVisits'>;
  audit: AuditService;
  daysOff: Pick<DaysOffService, 'listDaysOff' | 'setDayOff'>;
  now: () => Date;
}) {
  const { repository } = deps;

  /**
   * Undo puts every visit back on its usual round, so a round marked off whose visits the plan carried on other
   * rounds goes back out, as it was before it was marked off for the plan (ADR 0031). Answers what it says.
   */
  async function putRelievedRoundsBackOut(
    session: Session,
    account: Account,
    date: string,
    removed: readonly AssignmentRow[],
  ): Promise<string> {
    const relieved = new Set(
      removed.flatMap((row) =>
        row.clientRoundId !== null && row.clientRoundId !== row.roundId ? [row.clientRoundId] : [],
      ),
    );
    const off = await deps.daysOff.listDaysOff(session, date, date);
    const names: string[] = [];
    for (const day of off.filter((entry) => relieved.has(entry.round_id))) {
      await deps.daysOff.setDayOff(session, day.round_id, date, false);
      names.push(account.rounds.find((round) => round.id === day.round_id)?.name ?? 'A round');
    }
    return names.map((name) => `${name} is out again for the day.`).join(' ');
  }

  /** Planning is for days after the account's today (the rounds screen's rule). */
  function checkFutureDate(account: Account, date: string): void {
    if (!isFutureDate(date, getAccountToday(account.rounds, deps.now().getTime()))) {
      throw invalidInput('Only days after today can be planned.', [
        { field: 'date', message: 'Choose a later day.' },
      ]);
    }
  }

  /** Publishes the changed times of the open visits; answers the outcome's message ('' when all went). */
  async function publish(session: Session, changes: TimeChange[]): Promise<string> {
    const body: PublishVisitsBody = changes
      .filter(({ visit, start, end }) => {
        const original = {
          original_start: toZonedParts(visit.startAt, visit.timezone).time,
          original_end: toZonedParts(visit.endAt, visit.timezone).time,
        };
        // A visit without length cannot be published (it must end after it starts): it keeps its time. Times held
        // at the end of the day never come here: applyPlan refuses a plan that runs past midnight.
        return isOpenVisit(visit) && end > start && hasTimesChanged({ start, end, ...original });
      })
      .map(({ visit, start, end }) => toPublishEntry(visit, { start, end }));
    const messages: string[] = [];
    for (let offset = 0; offset < body.length; offset += publishVisitsMax) {
      const outcome = await deps.visits.publishVisits(session, body.slice(offset, offset + publishVisitsMax));
      if (outcome.message) messages.push(outcome.message);
    }
    return messages.join(' ');
  }

  return {
    async getAssignment(session: Session, date: string): Promise<DayAssignment> {
      return toAssignment(date, await repository.listAssignment(session.accountId, date));
    },

    async applyPlan(
      session: Session,
      date: string,
      body: DayPlanApply,
    ): Promise<{ data: DayAssignment; message: string }> {
      const account = await deps.accounts.getAccountById(session.accountId);
      const rounds = checkRounds(account, body);
      const ids = body.routes.flatMap((route) => route.visit_ids);
      const found = new Map(
        placeDayPortions(await repository.findVisits(session.accountId, ids)).map((visit) => [
          visit.id,
          visit,
        ]),
      );
      checkVisits(body, date, found);
      checkFutureDate(account, date);
      const routes = rounds.map((round, index) => ({
        round: toDayRound(round),
        // Every id was found (checked above).
        visits: (body.routes[index]?.visit_ids ?? []).flatMap((id) => found.get(id) ?? []),
      }));
      const places = await loadDayPlaces(
        deps.travel,
        account,
        routes.map((route) => route.round),
        [...found.values()],
      );
      const timed: TimedRoute[] = routes.map(({ round, visits }) => ({
        round,
        visits,
        arrivals: simulateRoute(places.travel, places.baseNodeOf(round), round, visits.map(places.stopOf))
          .arrivals,
      }));
      checkFitsTheDay(places, timed);
      const previous = new Map(
        (await repository.listAssignment(session.accountId, date)).map((row) => [row.visitId, row]),
      );
      const changes: TimeChange[] = [];
      const rows = timed.flatMap(({ round, visits, arrivals }) =>
        visits.map((visit, position) => {
          const arrival = arrivals[position] ?? 0;
          const duration = places.stopOf(visit).durationMins;
          changes.push({
            visit,
            start: formatClockMinutes(arrival),
            end: formatClockMinutes(arrival + duration),
          });
          const before = previous.get(visit.id);
          return {
            visitId: visit.id,
            roundId: round.id,
            position: position + 1,
            // The times before the first plan of the day, so that undo goes back to them.
            previousStartAt: before?.previousStartAt ?? visit.startAt,
            previousEndAt: before?.previousEndAt ?? visit.endAt,
            appliedAt: deps.now(),
          };
        }),
      );
      await repository.replaceAssignment(session.accountId, date, rows);
      const message = await publish(session, changes);
      const data = toAssignment(date, await repository.listAssignment(session.accountId, date));
      await deps.audit.record(session, {
        action: 'day_plan.apply',
        targetType: 'day',
        targetId: date,
        detail: { visits: rows.length, moved: data?.moved ?? 0 },
      });
      return { data, message };
    },

    async undoPlan(session: Session, date: string): Promise<{ data: DayAssignment; message: string }> {
      const account = await deps.accounts.getAccountById(session.accountId);
      checkFutureDate(account, date);
      const assigned = await repository.listAssignment(session.accountId, date);
      const removed = await repository.deleteAssignment(session.accountId, date);
      const visits = new Map(
        placeDayPortions(
          await repository.findVisits(
            session.accountId,
            removed.map((row) => row.visitId),
          ),
        ).map((visit) => [visit.id, visit]),
      );
      const changes = removed.flatMap((row): TimeChange[] => {
        const visit = visits.get(row.visitId);
        if (!visit) return [];
        const start = toZonedParts(row.previousStartAt, visit.timezone).time;
        const end = toZonedParts(row.previousEndAt, visit.timezone).time;
        return [{ visit, start, end }];
      });
      const published = await publish(session, changes);
      const backOut = await putRelievedRoundsBackOut(session, account, date, assigned);
      const message = [published || 'Every visit is back on its usual round.', backOut].join(' ').trim();
      await deps.audit.record(session, {
        action: 'day_plan.undo',
        targetType: 'day',
        targetId: date,
        detail: { visits: removed.length },
      });
      return { data: null, message };
    },
  };
}
export type DayAssignmentService = ReturnType<typeof createDayAssignmentService>;
