import type { MessagesService } from '../../messages/service';
import type { DriverTextPort } from './text-port';

/**
 * The roster's texts go through the messages outbox as reminders (so quiet hours and STOP apply), a run reminder
 * in the account's reminder template. With no provider set up (Settings > Messages) nothing is queued and the
 * reminder or link goes by mail only.
 */
export function createDriverTextPort(
  messages: Pick<MessagesService, 'queueMessage' | 'composeMessage' | 'isProviderSetUp'>,
): DriverTextPort {
  return {
    async queueSms(tx, text) {
      if (!(await messages.isProviderSetUp(text.accountId, tx))) return null;
      const body = text.reminder
        ? await messages.composeMessage(tx, text.accountId, 'reminder', {
            driver_name: text.reminder.driverName,
            round: text.reminder.roundName,
            date: text.reminder.date,
            link: text.reminder.link,
          })
        : text.body;
      const row = await messages.queueMessage(tx, {
        accountId: text.accountId,
        channel: 'sms',
        to: text.to,
        body,
        purpose: 'reminder',
        driverId: text.driverId,
      });
      return { messageId: row.id };
    },
  };
}
