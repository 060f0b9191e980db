import {
  rosterMaxDays,
  type Roster,
  type RosterPattern,
  type RosterPatternBody,
  type RosterPatternDeleteResult,
  type RosterQuery,
  type RosterSlot,
  type RosterSlotBody,
} from '../../../contracts/drivers';
import { getEndNow } from '../../../domain/holds';
import { findFirstOverlap } from '../../../domain/roster-patterns';
import { getPatternDriver, isOnTimeOff } from '../../../domain/roster-slots';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { getDayNumber } from '../../../domain/zoned-time';
import { conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import { readAccountToday, type RoundsSource } from '../../shared/account-dates';
import type { DriverRow, DriversRepository, PatternRow, PatternValues } from './repository';
import { readRosterWindow, toSlotPattern, type ResolvedRoundDay } from './roster-days';

export function toRosterPattern(row: PatternRow): RosterPattern {
  return {
    id: row.id,
    driver_id: row.driverId,
    round_id: row.roundId,
    weekdays: row.weekdays,
    every_weeks: row.everyWeeks,
    starts: formatDayMonthYear(row.starts),
    ends: row.ends === null ? null : formatDayMonthYear(row.ends),
    week_of_month: row.weekOfMonth,
  };
}

function toValues(body: RosterPatternBody): PatternValues {
  const starts = parseDayMonthYear(body.starts) ?? '';
  const ends = body.ends ? (parseDayMonthYear(body.ends) ?? '') : null;
  const everyWeeks = body.every_weeks ?? 1;
  const weekOfMonth = body.week_of_month ?? null;
  if (ends !== null && ends < starts) {
    throw invalidInput('The pattern cannot end before it starts.', [
      { field: 'ends', message: 'Use the start date or a later date.' },
    ]);
  }
  if (weekOfMonth !== null && everyWeeks !== 1) {
    throw invalidInput('A week of the month repeats every month: use every 1 week with it.', [
      { field: 'every_weeks', message: 'Use 1 with a week of the month.' },
    ]);
  }
  const weekdays = [...body.weekdays].sort((a, b) => a - b);
  return {
    driverId: body.driver_id,
    roundId: body.round_id,
    weekdays,
    everyWeeks,
    weekOfMonth,
    starts,
    ends,
  };
}

/** The YYYY-MM-DD form of a path's DD-MM-YYYY date (the contract has checked it). */
const toIsoDate = (value: string) => parseDayMonthYear(value) ?? '';

/**
 * The roster: recurring patterns, one-time and substitute days, and the slots they make (ADR 0039). Users, not
 * only admins, change it; every change is audited. One driver per round per day: a pattern meeting another
 * driver's pattern on the same round and day is refused (code 6), checked under the round's row lock.
 */
export function createRosterService(deps: {
  repository: DriversRepository;
  accounts: RoundsSource;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  async function findRound(accountId: number, roundId: number) {
    const { rounds } = await deps.accounts.getAccountById(accountId);
    const round = rounds.find((candidate) => candidate.id === roundId);
    if (!round) throw notFound('Round');
    return round;
  }

  async function findActiveDriver(accountId: number, driverId: number, field: string): Promise<DriverRow> {
    const driver = await repository.findDriver(accountId, driverId);
    if (!driver) throw notFound('Driver');
    if (!driver.isActive) {
      throw invalidInput(`${driver.name} is not active.`, [{ field, message: 'Choose an active driver.' }]);
    }
    return driver;
  }

  async function toSlot(accountId: number, day: ResolvedRoundDay): Promise<RosterSlot> {
    const driver = day.driverId === null ? null : await repository.findDriver(accountId, day.driverId);
    return {
      date: formatDayMonthYear(day.date),
      round_id: day.roundId,
      driver: driver ? { id: driver.id, name: driver.name } : null,
      kind: day.kind,
      is_released: day.isReleased,
    };
  }

  async function audit(session: Session, action: string, targetId: number, detail: Record<string, unknown>) {
    await deps.audit.record(session, { action: `roster.${action}`, targetType: 'round', targetId, detail });
  }

  return {
    async listPatterns(session: Session): Promise<RosterPattern[]> {
      return (await repository.listPatterns(session.accountId)).map(toRosterPattern);
    },

    async createPattern(session: Session, body: RosterPatternBody): Promise<RosterPattern> {
      const values = toValues(body);
      await findRound(session.accountId, values.roundId);
      await findActiveDriver(session.accountId, values.driverId, 'driver_id');
      const drivers = new Map((await repository.listDrivers(session.accountId)).map((row) => [row.id, row]));
      const row = await repository.transaction(async (tx) => {
        await repository.lockRound(tx, session.accountId, values.roundId);
        for (const other of await repository.listRoundPatterns(tx, session.accountId, values.roundId)) {
          if (other.driverId === values.driverId) continue;
          const day = findFirstOverlap(values, other);
          if (day !== null) {
            const name = drivers.get(other.driverId)?.name ?? 'Another driver';
            throw conflict(
              `${name} already drives this round on ${formatDayMonthYear(day)}: one driver per round per day.`,
            );
          }
        }
        return repository.insertPattern(tx, session.accountId, values, deps.now());
      });
      await audit(session, 'pattern.create', row.roundId, { pattern: row.id, ...toRosterPattern(row) });
      return toRosterPattern(row);
    },

    /** A pattern with past days ends yesterday (the past keeps its driver); one not begun is removed. */
    async deletePattern(session: Session, patternId: number): Promise<RosterPatternDeleteResult> {
      const pattern = await repository.findPattern(session.accountId, patternId);
      if (!pattern) throw notFound('Pattern');
      const today = await readAccountToday(deps.accounts, session.accountId, deps.now());
      const end = getEndNow({ fromDate: pattern.starts, toDate: pattern.ends }, today);
      if (end.kind === 'over')
        throw conflict('This pattern is already over: it stays as the record of its days.');
      const ended = await repository.transaction(async (tx) => {
        if (end.kind === 'remove') {
          await repository.deletePattern(tx, patternId);
          return null;
        }
        return repository.endPattern(tx, patternId, end.toDate, deps.now());
      });
      await audit(session, ended ? 'pattern.end' : 'pattern.remove', pattern.roundId, {
        pattern: patternId,
        ends: ended?.ends ?? null,
      });
      return { pattern: ended ? toRosterPattern(ended) : null };
    },

    async getRoster(session: Session, query: RosterQuery): Promise<Roster> {
      const from = toIsoDate(query.from);
      const to = toIsoDate(query.to);
      if (to < from) {
        throw invalidInput('The roster cannot end before it begins.', [
          { field: 'to', message: 'Use the from date or a later date.' },
        ]);
      }
      if (getDayNumber(to) - getDayNumber(from) + 1 > rosterMaxDays) {
        throw invalidInput(`Ask for at most ${String(rosterMaxDays)} days at once.`, [
          { field: 'to', message: `At most ${String(rosterMaxDays)} days after the from date.` },
        ]);
      }
      const window = await readRosterWindow(repository, session.accountId, from, to);
      const names = new Map(
        (await repository.listDrivers(session.accountId)).map((row) => [row.id, row.name]),
      );
      const slots = (await window.listRoundDays()).map((day) => ({
        date: formatDayMonthYear(day.date),
        round_id: day.roundId,
        driver: day.driverId === null ? null : { id: day.driverId, name: names.get(day.driverId) ?? '' },
        kind: day.kind,
        is_released: day.isReleased,
      }));
      return { slots };
    },

    /**
     * A one-time driver or a substitute for the round's day, or none (`driver_id` null: left unfilled). Putting
     * the pattern's own driver back makes the day follow its pattern again.
     */
    async putSlot(
      session: Session,
      roundId: number,
      dateText: string,
      body: RosterSlotBody,
    ): Promise<RosterSlot> {
      const date = toIsoDate(dateText);
      await findRound(session.accountId, roundId);
      const driverId = body.driver_id;
      if (driverId !== null) {
        const driver = await findActiveDriver(session.accountId, driverId, 'driver_id');
        const timeOff = await repository.listTimeOffInWindow(session.accountId, date, date);
        if (isOnTimeOff(timeOff, driverId, date)) {
          throw conflict(`${driver.name} is on time off on ${dateText}.`);
        }
      }
      await repository.transaction(async (tx) => {
        await repository.lockRound(tx, session.accountId, roundId);
        const patterns = (await repository.listRoundPatterns(tx, session.accountId, roundId)).map(
          toSlotPattern,
        );
        const patternDriver = getPatternDriver(patterns, date);
        if (driverId === patternDriver) await repository.deleteAssignment(tx, roundId, date);
        else
          await repository.putAssignment(
            tx,
            { accountId: session.accountId, roundId, date, driverId },
            deps.now(),
          );
      });
      const window = await readRosterWindow(repository, session.accountId, date, date);
      const slot = await toSlot(session.accountId, window.resolve(roundId, date));
      await audit(session, 'assign', roundId, { date, driver_id: driverId, kind: slot.kind });
      return slot;
    },

    /** The driver of a round on a day (YYYY-MM-DD), or null: the rounds screen, the sheets and the driver page. */
    async getDriverOfDay(
      accountId: number,
      roundId: number,
      date: string,
    ): Promise<{ id: number; name: string; phone: string } | null> {
      const window = await readRosterWindow(repository, accountId, date, date);
      const { driverId } = window.resolve(roundId, date);
      const driver = driverId === null ? null : await repository.findDriver(accountId, driverId);
      return driver ? { id: driver.id, name: driver.name, phone: driver.phone } : null;
    },
  };
}
export type RosterService = ReturnType<typeof createRosterService>;
