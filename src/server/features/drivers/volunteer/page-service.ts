import type { Account } from '../../../../contracts/accounts';
import { ErrorCode } from '../../../../contracts/envelope';
import type { TimeOff, TimeOffBody } from '../../../../contracts/drivers';
import type { VolunteerRuns, VolunteerSlot, VolunteerSlotBody } from '../../../../contracts/volunteer';
import { isOnTimeOff, resolveSlot, type TimeOffSpan } from '../../../../domain/roster-slots';
import { getAccountToday } from '../../../../domain/today';
import {
  canPickUpAt,
  canReleaseAt,
  describeReleaseTooLate,
  volunteerPageDays,
  type SlotTime,
} from '../../../../domain/volunteer-rules';
import { formatDayMonthYear, parseDayMonthYear } from '../../../../domain/weeks';
import { addDays } from '../../../../domain/zoned-time';
import { hashLinkToken, isLinkTokenShaped } from '../../../crypto/link-tokens';
import { ApiError, conflict, invalidInput, notFound } from '../../../http/errors';
import type { Transaction } from '../../../db/transaction';
import type { AuditService } from '../../audit/service';
import { toTimeOff } from '../drivers-service';
import type { DriverRow, DriversRepository } from '../repository';
import { readRosterWindow, toSlotPattern, type ResolvedRoundDay } from '../roster-days';
import type { VolunteerRepository } from './repository';

type Round = Account['rounds'][number];

/** One answer for every token that opens nothing (forged, revoked, of a driver made inactive). */
export const volunteerLinkNotFound = () =>
  new ApiError(ErrorCode.notFound, 'This link does not work any more. Ask the office for a new link.');

const slotTime = (round: Round, date: string): SlotTime => ({
  date,
  pickupTime: round.pickup_time,
  timeZone: round.timezone,
});

/**
 * The driver's own page (ADR 0040): their next four weeks, giving a day back before the account's cutoff, taking
 * an open day of a round they know, and time off. The token is the only credential; every change is audited as
 * the driver, through the personal link.
 */
export function createVolunteerPageService(deps: {
  repository: VolunteerRepository;
  drivers: DriversRepository;
  accounts: { getAccountById(id: number): Promise<Account> };
  audit: AuditService;
  now: () => Date;
}) {
  const { repository, drivers } = deps;

  async function open(token: string) {
    const link = isLinkTokenShaped(token) ? await repository.findWorkingLink(hashLinkToken(token)) : null;
    const driver = link ? await drivers.findDriver(link.accountId, link.driverId) : null;
    if (!link || !driver) throw volunteerLinkNotFound();
    const account = await deps.accounts.getAccountById(link.accountId);
    const today = getAccountToday(account.rounds, deps.now().getTime());
    return { driver, account, today };
  }

  function findRound(account: Account, roundId: number): Round {
    const round = account.rounds.find((candidate) => candidate.id === roundId);
    if (!round) throw notFound('Round');
    return round;
  }

  function toSlot(account: Account, day: ResolvedRoundDay, isMine: boolean): VolunteerSlot | null {
    const round = account.rounds.find((candidate) => candidate.id === day.roundId);
    if (!round) return null;
    const nowMs = deps.now().getTime();
    return {
      date: formatDayMonthYear(day.date),
      round: { id: round.id, name: round.name },
      pickup_time: round.pickup_time,
      can_release: isMine && canReleaseAt(slotTime(round, day.date), account.release_cutoff_hours, nowMs),
      is_released: day.isReleased,
    };
  }

  /**
   * The slot as it stands under the round's lock, so two phones taking the same day take turns. `timeOff` is read
   * before the transaction (every query inside it goes through `tx`).
   */
  async function readLockedSlot(
    tx: Transaction,
    day: { accountId: number; roundId: number; date: string },
    timeOff: readonly TimeOffSpan[],
  ) {
    await drivers.lockRound(tx, day.accountId, day.roundId);
    const patterns = (await drivers.listRoundPatterns(tx, day.accountId, day.roundId)).map(toSlotPattern);
    const assignment = await drivers.findAssignment(tx, day.roundId, day.date);
    return { patterns, slot: resolveSlot(patterns, assignment, timeOff, day.date) };
  }

  async function audit(driver: DriverRow, action: string, roundId: number, detail: Record<string, unknown>) {
    await deps.audit.recordWithoutUser(driver.accountId, {
      action,
      targetType: 'round',
      targetId: roundId,
      detail,
      actor: { driver_id: driver.id, driver_name: driver.name, via: 'personal_link' },
    });
  }

  /** Does the round have visits that day (a slot to drive at all)? */
  async function hasRun(accountId: number, roundId: number, date: string) {
    return (await drivers.listRoundDays(accountId, date, date, roundId)).length > 0;
  }

  return {
    async getRuns(token: string): Promise<VolunteerRuns> {
      const { driver, account, today } = await open(token);
      const to = addDays(today, volunteerPageDays - 1);
      const window = await readRosterWindow(drivers, driver.accountId, today, to);
      const days = await window.listRoundDays();
      const timeOff = await drivers.listTimeOff(driver.accountId, driver.id);
      const nowMs = deps.now().getTime();
      const busyDays = new Set(days.filter((day) => day.driverId === driver.id).map((day) => day.date));
      const isOpenToMe = (day: ResolvedRoundDay) => {
        const round = account.rounds.find((candidate) => candidate.id === day.roundId);
        return (
          round !== undefined &&
          day.driverId === null &&
          driver.roundIds.includes(day.roundId) &&
          !busyDays.has(day.date) &&
          !isOnTimeOff(timeOff, driver.id, day.date) &&
          canPickUpAt(slotTime(round, day.date), nowMs)
        );
      };
      const pick = (isMine: boolean) => (day: ResolvedRoundDay) => {
        const slot = toSlot(account, day, isMine);
        return slot ? [slot] : [];
      };
      return {
        driver: { name: driver.name },
        from: formatDayMonthYear(today),
        to: formatDayMonthYear(to),
        release_cutoff_hours: account.release_cutoff_hours,
        slots: days.filter((day) => day.driverId === driver.id).flatMap(pick(true)),
        open_slots: days.filter(isOpenToMe).flatMap(pick(false)),
        time_off: timeOff.filter((span) => span.toDate >= today).map(toTimeOff),
      };
    },

    /** Gives the day back: refused after the cutoff (phone the office), or when it is not theirs. */
    async release(token: string, body: VolunteerSlotBody): Promise<VolunteerSlot> {
      const { driver, account } = await open(token);
      const round = findRound(account, body.round_id);
      const date = parseDayMonthYear(body.date) ?? '';
      if (!canReleaseAt(slotTime(round, date), account.release_cutoff_hours, deps.now().getTime())) {
        throw conflict(describeReleaseTooLate(account.release_cutoff_hours));
      }
      const timeOff = await drivers.listTimeOffInWindow(driver.accountId, date, date);
      await repository.transaction(async (tx) => {
        const { slot } = await readLockedSlot(
          tx,
          { accountId: driver.accountId, roundId: round.id, date },
          timeOff,
        );
        if (slot.driverId !== driver.id) throw conflict(`You do not drive ${round.name} on ${body.date}.`);
        await repository.releaseDay(
          tx,
          { accountId: driver.accountId, roundId: round.id, date, driverId: driver.id },
          deps.now(),
        );
      });
      await audit(driver, 'roster.release', round.id, { date });
      return {
        date: body.date,
        round: { id: round.id, name: round.name },
        pickup_time: round.pickup_time,
        can_release: false,
        is_released: true,
      };
    },

    /** Takes an open day (unfilled or given back) of a round they know, on a day they are free. */
    async pickUp(token: string, body: VolunteerSlotBody): Promise<VolunteerSlot> {
      const { driver, account } = await open(token);
      const round = findRound(account, body.round_id);
      const date = parseDayMonthYear(body.date) ?? '';
      if (!driver.roundIds.includes(round.id)) {
        throw conflict(`You do not know ${round.name} yet: please phone the office to drive it.`);
      }
      if (
        !canPickUpAt(slotTime(round, date), deps.now().getTime()) ||
        !(await hasRun(driver.accountId, round.id, date))
      ) {
        throw conflict(`${round.name} has no run to take on ${body.date}.`);
      }
      const timeOff = await drivers.listTimeOffInWindow(driver.accountId, date, date);
      if (isOnTimeOff(timeOff, driver.id, date)) throw conflict(`You are on time off on ${body.date}.`);
      const window = await readRosterWindow(drivers, driver.accountId, date, date);
      const otherRun = (await window.listRoundDays()).find(
        (day) => day.driverId === driver.id && day.roundId !== round.id,
      );
      if (otherRun) throw conflict(`You already drive another round on ${body.date}.`);
      await repository.transaction(async (tx) => {
        const { patterns, slot } = await readLockedSlot(
          tx,
          { accountId: driver.accountId, roundId: round.id, date },
          timeOff,
        );
        if (slot.driverId !== null) throw conflict(`Someone already drives ${round.name} on ${body.date}.`);
        const patternDriver = resolveSlot(patterns, null, [], date).driverId;
        if (patternDriver === driver.id) await drivers.deleteAssignment(tx, round.id, date);
        else
          await drivers.putAssignment(
            tx,
            { accountId: driver.accountId, roundId: round.id, date, driverId: driver.id },
            deps.now(),
          );
      });
      await audit(driver, 'roster.pick_up', round.id, { date });
      return {
        date: body.date,
        round: { id: round.id, name: round.name },
        pickup_time: round.pickup_time,
        can_release: canReleaseAt(slotTime(round, date), account.release_cutoff_hours, deps.now().getTime()),
        is_released: false,
      };
    },

    async addTimeOff(token: string, body: TimeOffBody): Promise<TimeOff> {
      const { driver, today } = await open(token);
      const fromDate = parseDayMonthYear(body.from_date) ?? '';
      const toDate = parseDayMonthYear(body.to_date) ?? '';
      if (fromDate < today) {
        throw invalidInput('Time off starts today or later.', [
          { field: 'from_date', message: 'Use today or a later date.' },
        ]);
      }
      if (toDate < fromDate) {
        throw invalidInput('The time off cannot end before it begins.', [
          { field: 'to_date', message: 'Use the from date or a later date.' },
        ]);
      }
      const row = await repository.transaction((tx) =>
        drivers.insertTimeOff(
          tx,
          driver.accountId,
          driver.id,
          { fromDate, toDate, note: body.note ?? '' },
          deps.now(),
        ),
      );
      await deps.audit.recordWithoutUser(driver.accountId, {
        action: 'driver.time_off.create',
        targetType: 'driver',
        targetId: driver.id,
        detail: { time_off: row.id, from_date: fromDate, to_date: toDate },
        actor: { driver_id: driver.id, driver_name: driver.name, via: 'personal_link' },
      });
      return toTimeOff(row);
    },
  };
}
export type VolunteerPageService = ReturnType<typeof createVolunteerPageService>;
