import type { Account } from '../../../../contracts/accounts';
import type { RosterReminder, RosterUnfilledCount } from '../../../../contracts/volunteer';
import { getAccountToday } from '../../../../domain/today';
import {
  getDueUnfilledAlert,
  getPickupMs,
  isDriverReminderDue,
  type SlotTime,
} from '../../../../domain/volunteer-rules';
import { formatDayMonthYear, parseDayMonthYear } from '../../../../domain/weeks';
import { addDays } from '../../../../domain/zoned-time';
import type { Database } from '../../../db/client';
import type { RosterReminderKind } from '../../../db/schema/volunteer';
import type { Session } from '../../../http/session';
import type { Mailer } from '../../../integrations/mail/mailer';
import type { AlertsService } from '../../alerts/service';
import type { DriverLinksService } from '../../driver/links-service';
import type { DriverRow, DriversRepository } from '../repository';
import { readRosterWindow, type ResolvedRoundDay } from '../roster-days';
import type { DriverTextPort } from './text-port';
import type { VolunteerRepository } from './repository';

type Round = Account['rounds'][number];

/** Days looked at from today: a pickup up to 48 hours ahead may fall on the third day. */
const lookAheadDays = 3;
const hourMs = 60 * 60 * 1000;

const slotTime = (round: Round, date: string): SlotTime => ({
  date,
  pickupTime: round.pickup_time,
  timeZone: round.timezone,
});

const keyOf = (kind: string, roundId: number, date: string, driverId: number | null) =>
  `${kind}/${String(roundId)}/${date}/${String(driverId)}`;

/**
 * The roster's reminders (ADR 0040): the day before, each rostered driver gets the day's run link (mail now,
 * a text when texting is set up); the office hears of each slot still unfilled 48 and 24 hours before pickup.
 * Each goes once: its key is inserted in the transaction that queues its mail, so a second server sends nothing.
 */
export function createRosterRemindersService(deps: {
  repository: VolunteerRepository;
  drivers: DriversRepository;
  accounts: { getAccountById(id: number): Promise<Account> };
  driverLinks: Pick<DriverLinksService, 'createReminderLink'>;
  alerts: Pick<AlertsService, 'queueOfficeMail'>;
  mailer: Pick<Mailer, 'queue' | 'deliver'>;
  texts: DriverTextPort;
  publicUrl: string;
  now: () => Date;
}) {
  const { repository } = deps;

  async function remindDriver(account: Account, round: Round, day: ResolvedRoundDay, driver: DriverRow) {
    const link = await deps.driverLinks.createReminderLink(round, account.id, day.date);
    const date = formatDayMonthYear(day.date);
    const body = `Hello ${driver.name}, a reminder: you drive ${round.name} on ${date}, pickup at ${round.pickup_time}. Your run: ${deps.publicUrl}${link.url}`;
    const mailId = await repository.transaction(async (tx) => {
      const channels: string[] = [];
      const recipients: string[] = [];
      let queuedMail: number | null = null;
      const isNew = await repository.insertReminderOnce(tx, {
        accountId: account.id,
        kind: 'driver_reminder',
        roundId: round.id,
        date: day.date,
        driverId: driver.id,
        recipients,
        channels,
        sentAt: deps.now(),
      });
      if (!isNew) return null;
      if (driver.email) {
        queuedMail = await deps.mailer.queue(tx as unknown as Database, {
          to: driver.email,
          subject: `Reminder: ${round.name} on ${date}`,
          text: body,
        });
        channels.push('mail');
        recipients.push(driver.email);
      }
      const text = await deps.texts.queueSms(tx, {
        accountId: account.id,
        to: driver.phone,
        body,
        driverId: driver.id,
        reminder: {
          driverName: driver.name,
          roundName: round.name,
          date,
          link: `${deps.publicUrl}${link.url}`,
        },
      });
      if (text) {
        channels.push('sms');
        recipients.push(driver.phone);
      }
      await repository.setReminderDelivery(
        tx,
        { kind: 'driver_reminder', roundId: round.id, date: day.date, driverId: driver.id },
        recipients,
        channels,
      );
      return queuedMail;
    });
    if (mailId !== null) await deps.mailer.deliver(mailId);
  }

  async function alertOffice(
    account: Account,
    round: Round,
    day: ResolvedRoundDay,
    kind: RosterReminderKind,
  ) {
    const date = formatDayMonthYear(day.date);
    const hours = kind === 'unfilled_24h' ? 24 : 48;
    await repository.transaction(async (tx) => {
      const isNew = await repository.insertReminderOnce(tx, {
        accountId: account.id,
        kind,
        roundId: round.id,
        date: day.date,
        driverId: null,
        recipients: [],
        channels: [],
        sentAt: deps.now(),
      });
      if (!isNew) return;
      const recipients = await deps.alerts.queueOfficeMail(tx, account.id, {
        subject: `No driver yet: ${round.name} on ${date}`,
        text: `${round.name} on ${date} (pickup ${round.pickup_time}) has no driver, less than ${String(hours)} hours before pickup.\n\nFind a substitute at ${deps.publicUrl}/drivers`,
      });
      await repository.setReminderDelivery(
        tx,
        { kind, roundId: round.id, date: day.date, driverId: null },
        recipients,
        recipients.length > 0 ? ['mail'] : [],
      );
    });
  }

  async function runAccount(accountId: number) {
    const account = await deps.accounts.getAccountById(accountId);
    const nowMs = deps.now().getTime();
    const today = getAccountToday(account.rounds, nowMs);
    const to = addDays(today, lookAheadDays);
    const window = await readRosterWindow(deps.drivers, accountId, today, to);
    const sent = new Set(
      (await repository.listSentKeys(accountId, today, to)).map((row) =>
        keyOf(row.kind, row.roundId, row.date, row.driverId),
      ),
    );
    for (const day of await window.listRoundDays()) {
      const round = account.rounds.find((candidate) => candidate.id === day.roundId);
      if (!round) continue;
      const time = slotTime(round, day.date);
      if (day.driverId !== null) {
        if (
          !isDriverReminderDue(time, nowMs) ||
          sent.has(keyOf('driver_reminder', round.id, day.date, day.driverId))
        )
          continue;
        const driver = await deps.drivers.findDriver(accountId, day.driverId);
        if (driver) await remindDriver(account, round, day, driver);
        continue;
      }
      const kind = getDueUnfilledAlert(time, nowMs);
      if (kind && !sent.has(keyOf(kind, round.id, day.date, null)))
        await alertOffice(account, round, day, kind);
    }
  }

  return {
    /** Sends every reminder and alert that is due and not yet sent, account by account (the job calls this). */
    async runDue(): Promise<void> {
      for (const accountId of await repository.listRosterAccountIds()) await runAccount(accountId);
    },

    async listReminders(session: Session, dateText: string): Promise<RosterReminder[]> {
      const date = parseDayMonthYear(dateText) ?? '';
      const rows = await repository.listReminders(session.accountId, date);
      return rows.map(({ reminder, roundName, driverName }) => ({
        kind: reminder.kind,
        date: formatDayMonthYear(reminder.date),
        round: { id: reminder.roundId, name: roundName },
        driver:
          reminder.driverId !== null && driverName !== null
            ? { id: reminder.driverId, name: driverName }
            : null,
        recipients: reminder.recipients,
        channels: reminder.channels.filter((channel) => channel === 'mail' || channel === 'sms'),
        sent_at: reminder.sentAt.toISOString(),
      }));
    },

    /** The Drivers menu's badge: slots with no driver whose pickup is within the next 48 hours. */
    async countUnfilledSoon(session: Session): Promise<RosterUnfilledCount> {
      const account = await deps.accounts.getAccountById(session.accountId);
      const nowMs = deps.now().getTime();
      const today = getAccountToday(account.rounds, nowMs);
      const window = await readRosterWindow(
        deps.drivers,
        session.accountId,
        today,
        addDays(today, lookAheadDays),
      );
      const unfilled = (await window.listRoundDays()).filter((day) => {
        const round = account.rounds.find((candidate) => candidate.id === day.roundId);
        if (!round || day.driverId !== null) return false;
        const pickupMs = getPickupMs(slotTime(round, day.date));
        return nowMs < pickupMs && pickupMs - nowMs <= 48 * hourMs;
      });
      return { unfilled: unfilled.length };
    },
  };
}
export type RosterRemindersService = ReturnType<typeof createRosterRemindersService>;
