import {
  findDueStepIndexes,
  getNextStepAtMs,
  isSafeReply,
  type WelfareAction,
} from '../../../domain/welfare-steps';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AlertsRepository } from './repository';
import type { QueuedWelfareMessage, WelfareContactsPort, WelfareMessagesPort } from './welfare-ports';
import type { DueCheck, NewAttempt, WelfareRepository } from './welfare-repository';
import type { WelfareSettingsService } from './welfare-settings-service';

/** Who the runner's attempts say did them. */
export const automaticBy = 'Automatic';

/** A run takes at most this many checks, so one run never holds the job for long; the next run takes the rest. */
const maxChecksPerRun = 100;

export type ContactReply = { accountId: number; from: string; body: string; receivedAt: Date };

/**
 * The step runner: takes every open check whose next step is due by `now`, one at a time, each in its own
 * transaction that holds the check's row (SKIP LOCKED), runs the automated steps that fell due, records their
 * attempts and moves the check's `step` on before it commits. Two servers never run one step twice: the second
 * skips the locked row and then finds it moved on. A step for people (call the client) is only passed: it stays
 * due on the board until a person records an attempt. No step ever resolves a check.
 */
export function createWelfareStepRunner(deps: {
  repository: WelfareRepository;
  alerts: Pick<AlertsRepository, 'listAdminEmails'>;
  settings: Pick<WelfareSettingsService, 'readSettings'>;
  contacts: WelfareContactsPort;
  messages: WelfareMessagesPort;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
  now: () => Date;
}) {
  const { repository } = deps;

  function attemptOf(check: DueCheck, fields: Pick<NewAttempt, 'channel' | 'to' | 'note'>): NewAttempt {
    return {
      accountId: check.accountId,
      alertId: check.id,
      at: deps.now(),
      by: automaticBy,
      madeBy: 'automatic',
      result: 'left_message',
      ...fields,
    };
  }

  /** A queued message is a message left; one refused at once is a failed attempt saying why. */
  async function recordQueued(tx: Transaction, attempt: NewAttempt, queued: QueuedWelfareMessage) {
    if ('failed' in queued) {
      await repository.insertAttempt(tx, { ...attempt, result: 'failed', note: queued.failed });
      return;
    }
    await repository.insertAttempt(tx, { ...attempt, messageId: queued.messageId });
  }

  async function reachContacts(tx: Transaction, check: DueCheck, channel: 'sms' | 'voice') {
    const contacts = await deps.contacts.listEmergencyContacts(tx, check.accountId, check.clientId);
    const reachable = contacts.filter((contact) => contact.phone !== '');
    if (reachable.length === 0) {
      const note = 'No emergency contact with a phone number.';
      await repository.insertAttempt(tx, {
        ...attemptOf(check, { channel, to: '', note }),
        result: 'failed',
      });
      return;
    }
    for (const contact of reachable) {
      const message = {
        accountId: check.accountId,
        to: contact.phone,
        body: await deps.messages.composeWelfareText(tx, {
          accountId: check.accountId,
          clientName: check.clientName,
          contactName: contact.name,
          at: check.clockStartedAt,
        }),
        alertId: check.id,
        contactId: contact.id,
      };
      const queued =
        channel === 'sms'
          ? await deps.messages.queueSms(tx, message)
          : await deps.messages.queueCall(tx, message);
      const note = `${contact.name}${contact.relationship ? ` (${contact.relationship})` : ''}`;
      await recordQueued(tx, attemptOf(check, { channel, to: contact.phone, note }), queued);
    }
  }

  /** Mail and SMS to each manager on duty; with none set, the account's admins get the mail as before. */
  async function notifyManagers(tx: Transaction, check: DueCheck) {
    const { managers } = await deps.settings.readSettings(check.accountId, tx);
    const subject = `MealRounds welfare check: ${check.clientName} not reached yet`;
    const text = `${check.clientName} has not been reached since the driver's visit on ${check.date}, and the welfare check is still open.\n\nSee it at ${deps.publicUrl}/alerts`;
    const emails = managers.length
      ? managers.map((manager) => manager.email).filter((email) => email !== '')
      : await deps.alerts.listAdminEmails(tx, check.accountId);
    for (const to of emails) {
      await deps.mailer.queue(tx as unknown as Database, { to, subject, text });
      await repository.insertAttempt(tx, attemptOf(check, { channel: 'other', to, note: 'Mail queued.' }));
    }
    for (const manager of managers.filter((entry) => entry.phone !== '')) {
      const message = { accountId: check.accountId, to: manager.phone, body: text, alertId: check.id };
      const queued = await deps.messages.queueSms(tx, message);
      await recordQueued(
        tx,
        attemptOf(check, { channel: 'sms', to: manager.phone, note: manager.name }),
        queued,
      );
    }
  }

  async function runAction(tx: Transaction, check: DueCheck, action: WelfareAction) {
    switch (action) {
      case 'call_client':
        return; // a step for people: the board shows it due
      case 'message_contacts':
        return reachContacts(tx, check, 'sms');
      case 'call_contacts':
        return reachContacts(tx, check, 'voice');
      case 'notify_managers':
        return notifyManagers(tx, check);
    }
  }

  /** Claims one due check and runs its due steps; false when none was due. */
  function runOneCheck(): Promise<boolean> {
    return repository.inTransaction(async (tx) => {
      const now = deps.now();
      const check = await repository.claimDueCheck(tx, now);
      if (!check) return false;
      const startMs = check.clockStartedAt.getTime();
      const due = findDueStepIndexes(check.steps, startMs, check.step, now.getTime());
      for (const index of due) {
        const step = check.steps[index];
        if (step) await runAction(tx, check, step.action);
      }
      const reached = due.at(-1) ?? check.step;
      const nextMs = getNextStepAtMs(check.steps, startMs, reached);
      // A next step still due with nothing taken cannot happen with steps in order; never claim it again regardless.
      const nextStepAt =
        nextMs === null || (due.length === 0 && nextMs <= now.getTime()) ? null : new Date(nextMs);
      await repository.moveToStep(tx, check.id, reached, nextStepAt);
      return true;
    });
  }

  return {
    /** Runs every step that is due now; answers how many checks moved on. */
    async runDueSteps(): Promise<number> {
      if (!(await repository.hasDueCheck(deps.now()))) return 0;
      let count = 0;
      while (count < maxChecksPerRun && (await runOneCheck())) count += 1;
      return count;
    },

    /**
     * For every inbound SMS (the messages feature calls it in its transaction): a reply from a number the runner
     * texted for an open check is recorded on that check, by the contact's name: "OK" or "SAFE" as answered, any
     * other text as a message left. Null when the number was not texted for an open check.
     */
    async recordContactReply(tx: Transaction, reply: ContactReply): Promise<{ alertId: number } | null> {
      const check = await repository.findOpenCheckTexted(tx, reply.accountId, reply.from);
      if (!check) return null;
      const contacts = await deps.contacts.listEmergencyContacts(tx, reply.accountId, check.clientId);
      const contact = contacts.find((entry) => entry.phone === reply.from);
      await repository.insertAttempt(tx, {
        accountId: reply.accountId,
        alertId: check.alertId,
        at: reply.receivedAt,
        by: contact?.name ?? reply.from,
        madeBy: 'reply',
        channel: 'sms',
        to: reply.from,
        result: isSafeReply(reply.body) ? 'answered' : 'left_message',
        note: reply.body.trim().slice(0, 1000),
      });
      return { alertId: check.alertId };
    },
  };
}
export type WelfareStepRunner = ReturnType<typeof createWelfareStepRunner>;
