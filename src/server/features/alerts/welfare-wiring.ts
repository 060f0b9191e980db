import { formatShownClock } from '../../../domain/shown-time';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AuditService } from '../audit/service';
import type { ContactsService } from '../contacts/service';
import type { MessagesService } from '../messages/service';
import { createAlertsRepository } from './repository';
import { createAlertsService } from './service';
import { createWelfareStepRunner } from './step-runner';
import type { WelfareContactsPort, WelfareMessage, WelfareMessagesPort } from './welfare-ports';
import { createWelfareReportService } from './welfare-report-service';
import { createWelfareRepository } from './welfare-repository';
import { createWelfareSettingsService, type AccountRounds } from './welfare-settings-service';

export const messagingNotSetUp = 'No messaging provider is configured (Settings > Messages).';

export type WelfarePorts = { contacts: WelfareContactsPort; messages: WelfareMessagesPort };

/**
 * The welfare checks' ports on the contacts and messages features: the client's emergency contacts in their
 * order, and SMS and voice calls through the messages outbox with the account's welfare template. With no
 * provider set up a message is not queued at all: the attempt is recorded as failed at once, saying why, so the
 * board shows that nobody was reached.
 */
export function createWelfarePorts(deps: {
  contacts: Pick<ContactsService, 'listClientContacts'>;
  messages: Pick<MessagesService, 'queueMessage' | 'composeMessage' | 'isProviderSetUp' | 'getTimeZone'>;
}): WelfarePorts {
  async function queue(tx: Transaction, channel: 'sms' | 'voice', message: WelfareMessage) {
    if (!(await deps.messages.isProviderSetUp(message.accountId, tx))) return { failed: messagingNotSetUp };
    const row = await deps.messages.queueMessage(tx, {
      accountId: message.accountId,
      channel,
      to: message.to,
      body: message.body,
      purpose: 'welfare',
      alertId: message.alertId,
      contactId: message.contactId ?? null,
    });
    return { messageId: row.id };
  }
  return {
    contacts: {
      async listEmergencyContacts(tx, accountId, clientId) {
        const contacts = await deps.contacts.listClientContacts(accountId, clientId, tx);
        return contacts
          .filter((contact) => contact.is_emergency)
          .map(({ id, name, phone, relationship }) => ({ id, name, phone, relationship }));
      },
    },
    messages: {
      async composeWelfareText(tx, values) {
        const timeZone = await deps.messages.getTimeZone(values.accountId);
        return deps.messages.composeMessage(tx, values.accountId, 'welfare', {
          client_name: values.clientName,
          contact_name: values.contactName,
          time: formatShownClock(values.at.toISOString(), timeZone),
        });
      },
      queueSms: (tx, message) => queue(tx, 'sms', message),
      queueCall: (tx, message) => queue(tx, 'voice', message),
    },
  };
}

/** Alerts with their welfare checks: the service, the settings, the step runner and the monthly report. */
export function createWelfareChecks(deps: {
  db: Database;
  ports: WelfarePorts;
  accounts: AccountRounds;
  mailer: Pick<Mailer, 'queue'>;
  audit: AuditService;
  publicUrl: string;
  now: () => Date;
}) {
  const repository = createAlertsRepository(deps.db);
  const welfare = createWelfareRepository(deps.db);
  const settings = createWelfareSettingsService({
    repository: welfare,
    accounts: deps.accounts,
    audit: deps.audit,
    now: deps.now,
  });
  const alerts = createAlertsService({
    repository,
    welfare,
    settings,
    contacts: deps.ports.contacts,
    mailer: deps.mailer,
    audit: deps.audit,
    publicUrl: deps.publicUrl,
    now: deps.now,
  });
  const runner = createWelfareStepRunner({
    repository: welfare,
    alerts: repository,
    settings,
    ...deps.ports,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    now: deps.now,
  });
  const report = createWelfareReportService({ repository: welfare, accounts: deps.accounts, now: deps.now });
  return { alerts, settings, runner, report };
}
