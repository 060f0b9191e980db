import {
  resolveSlot,
  type ResolvedSlot,
  type SlotPattern,
  type TimeOffSpan,
} from '../../../domain/roster-slots';
import type { AssignmentRow, DriversRepository, PatternRow } from './repository';

/** A round's day with its driver, as worked out from the roster (ADR 0039). Dates YYYY-MM-DD. */
export type ResolvedRoundDay = ResolvedSlot & { roundId: number; date: string };

export type RosterWindow = {
  /** The slot of a round on a day, whether or not the round has visits that day. */
  resolve(roundId: number, date: string): ResolvedRoundDay;
  /** The days each round has visits in the window, each with its slot, by date then round. */
  listRoundDays(): Promise<ResolvedRoundDay[]>;
};

export function toSlotPattern(row: PatternRow): SlotPattern {
  return {
    id: row.id,
    driverId: row.driverId,
    weekdays: row.weekdays,
    everyWeeks: row.everyWeeks,
    weekOfMonth: row.weekOfMonth,
    starts: row.starts,
    ends: row.ends,
  };
}

/**
 * Reads what the slots of `from` to `to` (YYYY-MM-DD) need in three queries (patterns, assignments, time off) and
 * works each slot out in memory: patterns are expanded when read, never stored day by day.
 */
export async function readRosterWindow(
  repository: DriversRepository,
  accountId: number,
  from: string,
  to: string,
): Promise<RosterWindow> {
  const [patterns, assignments, timeOff] = await Promise.all([
    repository.listPatterns(accountId),
    repository.listAssignments(accountId, from, to),
    repository.listTimeOffInWindow(accountId, from, to),
  ]);
  const patternsByRound = new Map<number, SlotPattern[]>();
  for (const row of patterns) {
    patternsByRound.set(row.roundId, [...(patternsByRound.get(row.roundId) ?? []), toSlotPattern(row)]);
  }
  const assignmentsByDay = new Map<string, AssignmentRow>(
    assignments.map((row) => [`${String(row.roundId)}/${row.date}`, row]),
  );
  const spans: TimeOffSpan[] = timeOff;

  function resolve(roundId: number, date: string): ResolvedRoundDay {
    const assignment = assignmentsByDay.get(`${String(roundId)}/${date}`) ?? null;
    return { roundId, date, ...resolveSlot(patternsByRound.get(roundId) ?? [], assignment, spans, date) };
  }

  return {
    resolve,
    async listRoundDays() {
      const days = await repository.listRoundDays(accountId, from, to);
      return days
        .map((day) => resolve(day.roundId, day.date))
        .sort((a, b) => a.date.localeCompare(b.date) || a.roundId - b.roundId);
    },
  };
}
