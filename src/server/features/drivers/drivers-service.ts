import type {
  Driver,
  DriverBody,
  DriverDeleteResult,
  TimeOff,
  TimeOffBody,
} from '../../../contracts/drivers';
import { getEndNow } from '../../../domain/holds';
import { getPhoneRegion, parsePhoneNumber } from '../../../domain/phone-numbers';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { Transaction } from '../../db/transaction';
import type { AuditService } from '../audit/service';
import { readAccountTimeZone, readAccountToday, type RoundsSource } from '../../shared/account-dates';
import type { DriverRow, DriversRepository, DriverValues, TimeOffRow } from './repository';

export function toDriver(row: DriverRow): Driver {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    round_ids: row.roundIds,
    is_active: row.isActive,
  };
}

export function toTimeOff(row: TimeOffRow): TimeOff {
  return {
    id: row.id,
    driver_id: row.driverId,
    from_date: formatDayMonthYear(row.fromDate),
    to_date: formatDayMonthYear(row.toDate),
    note: row.note,
  };
}

/**
 * Drivers (people who drive, with no login) and their time off. Users, not only admins, manage them; every change
 * is audited. A driver who leaves is deactivated: their patterns end yesterday (or go, if not begun) and their days
 * from today are left unfilled, so the board shows the gaps; a driver never on the roster may be removed for real.
 */
export function createDriversService(deps: {
  repository: DriversRepository;
  accounts: RoundsSource;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  async function toValues(
    accountId: number,
    body: DriverBody,
  ): Promise<DriverValues & { roundIds: number[] }> {
    const region = getPhoneRegion(await readAccountTimeZone(deps.accounts, accountId));
    const phone = parsePhoneNumber(body.phone, region);
    if (!phone.isValid) throw invalidInput(phone.message, [{ field: 'phone', message: phone.message }]);
    const roundIds = [...new Set(body.round_ids ?? [])];
    const known = await repository.listAccountRoundIds(accountId, roundIds);
    if (known.length !== roundIds.length) {
      throw invalidInput('A round is not one of the account’s.', [
        { field: 'round_ids', message: 'Choose rounds of this account.' },
      ]);
    }
    return {
      name: body.name,
      phone: phone.e164,
      email: body.email ?? '',
      notes: body.notes ?? '',
      isActive: body.is_active ?? true,
      roundIds: roundIds.sort((a, b) => a - b),
    };
  }

  async function findDriver(accountId: number, driverId: number) {
    const driver = await repository.findDriver(accountId, driverId);
    if (!driver) throw notFound('Driver');
    return driver;
  }

  /** Ends the driver's patterns before today and leaves their days from today unfilled. */
  async function clearFuture(tx: Transaction, accountId: number, driverId: number) {
    const today = await readAccountToday(deps.accounts, accountId, deps.now());
    for (const pattern of await repository.listDriverPatterns(tx, accountId, driverId)) {
      const end = getEndNow({ fromDate: pattern.starts, toDate: pattern.ends }, today);
      if (end.kind === 'remove') await repository.deletePattern(tx, pattern.id);
      if (end.kind === 'end') await repository.endPattern(tx, pattern.id, end.toDate, deps.now());
    }
    for (const day of await repository.listDriverAssignmentsFrom(tx, accountId, driverId, today)) {
      await repository.putAssignment(
        tx,
        { accountId, roundId: day.roundId, date: day.date, driverId: null },
        deps.now(),
      );
    }
  }

  async function record(session: Session, action: string, driverId: number, detail: Record<string, unknown>) {
    await deps.audit.record(session, {
      action: `driver.${action}`,
      targetType: 'driver',
      targetId: driverId,
      detail,
    });
  }

  return {
    async listDrivers(session: Session): Promise<Driver[]> {
      return (await repository.listDrivers(session.accountId)).map(toDriver);
    },

    async createDriver(session: Session, body: DriverBody): Promise<Driver> {
      const { roundIds, ...values } = await toValues(session.accountId, body);
      const id = await repository.transaction(async (tx) => {
        const row = await repository.insertDriver(tx, session.accountId, values, deps.now());
        await repository.setDriverRounds(tx, session.accountId, row.id, roundIds);
        return row.id;
      });
      await record(session, 'create', id, {
        name: values.name,
        round_ids: roundIds,
        is_active: values.isActive,
      });
      return toDriver(await findDriver(session.accountId, id));
    },

    async updateDriver(session: Session, driverId: number, body: DriverBody): Promise<Driver> {
      const before = await findDriver(session.accountId, driverId);
      const { roundIds, ...values } = await toValues(session.accountId, body);
      await repository.transaction(async (tx) => {
        await repository.updateDriver(tx, driverId, values, deps.now());
        await repository.setDriverRounds(tx, session.accountId, driverId, roundIds);
        if (before.isActive && !values.isActive) await clearFuture(tx, session.accountId, driverId);
      });
      const changed = (['name', 'phone', 'email', 'notes', 'isActive'] as const).filter(
        (key) => before[key] !== values[key],
      );
      await record(session, 'update', driverId, { fields: changed, round_ids: roundIds });
      return toDriver(await findDriver(session.accountId, driverId));
    },

    /** Deactivates a driver with roster history; removes one who was never on the roster. */
    async deleteDriver(session: Session, driverId: number): Promise<DriverDeleteResult> {
      await findDriver(session.accountId, driverId);
      const removed = await repository.transaction(async (tx) => {
        if (!(await repository.hasRosterHistory(tx, session.accountId, driverId))) {
          await repository.deleteDriver(tx, driverId);
          return true;
        }
        await repository.updateDriver(tx, driverId, { isActive: false }, deps.now());
        await clearFuture(tx, session.accountId, driverId);
        return false;
      });
      await record(session, removed ? 'remove' : 'deactivate', driverId, {});
      return removed
        ? { removed, driver: null }
        : { removed, driver: toDriver(await findDriver(session.accountId, driverId)) };
    },

    async listTimeOff(session: Session, driverId: number): Promise<TimeOff[]> {
      await findDriver(session.accountId, driverId);
      return (await repository.listTimeOff(session.accountId, driverId)).map(toTimeOff);
    },

    async createTimeOff(session: Session, driverId: number, body: TimeOffBody): Promise<TimeOff> {
      await findDriver(session.accountId, driverId);
      const fromDate = parseDayMonthYear(body.from_date) ?? '';
      const toDate = parseDayMonthYear(body.to_date) ?? '';
      if (toDate < fromDate) {
        throw invalidInput('The time off cannot end before it begins.', [
          { field: 'to_date', message: 'Use the from date or a later date.' },
        ]);
      }
      const row = await repository.transaction((tx) =>
        repository.insertTimeOff(
          tx,
          session.accountId,
          driverId,
          { fromDate, toDate, note: body.note ?? '' },
          deps.now(),
        ),
      );
      await record(session, 'time_off.create', driverId, {
        time_off: row.id,
        from_date: fromDate,
        to_date: toDate,
      });
      return toTimeOff(row);
    },

    async deleteTimeOff(session: Session, driverId: number, timeOffId: number): Promise<TimeOff> {
      const row = await repository.transaction((tx) =>
        repository.deleteTimeOff(tx, session.accountId, driverId, timeOffId),
      );
      if (!row) throw notFound('Time off');
      await record(session, 'time_off.delete', driverId, {
        time_off: row.id,
        from_date: row.fromDate,
        to_date: row.toDate,
      });
      return toTimeOff(row);
    },
  };
}
export type DriversService = ReturnType<typeof createDriversService>;
