import type { Database } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AuditService } from '../audit/service';
import { createAlertsRepository } from './repository';
import { createAlertsService } from './service';
import { createWelfareStepRunner } from './step-runner';
import type { WelfareContactsPort, WelfareMessagesPort } from './welfare-ports';
import { createWelfareReportService } from './welfare-report';
import { createWelfareRepository } from './welfare-repository';
import { createWelfareSettingsService, type AccountRounds } from './welfare-settings-service';

export const messagingNotSetUp = 'Messaging is not set up.';

export type WelfarePorts = { contacts: WelfareContactsPort; messages: WelfareMessagesPort };

/**
 * The ports of welfare checks while the contacts and messages features are not part of the app: a check knows no
 * contacts, and every automated SMS or call (to a contact or a manager) is recorded as a failed attempt saying
 * why; the managers' mail still goes through the mailer. Replace them with those features' services.
 */
export function createWelfarePortsWithoutMessaging(): WelfarePorts {
  return {
    contacts: { listEmergencyContacts: () => Promise.resolve([]) },
    messages: {
      queueSms: () => Promise.resolve({ failed: messagingNotSetUp }),
      queueCall: () => Promise.resolve({ failed: messagingNotSetUp }),
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
