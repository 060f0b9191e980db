import type { Alert, AlertContact, RecordAttemptBody, ResolveAlertBody } from '../../../contracts/alerts';
import type { DriverOutcomeKind } from '../../../contracts/driver';
import { driverOutcomeLabels } from '../../../domain/driver-outcomes';
import { canChangeCheck } from '../../../domain/welfare-steps';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { conflict, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AuditService } from '../audit/service';
import { toAlert } from './alert-view';
import type { AlertChange, AlertRow, AlertsRepository, AlertStatus } from './repository';
import type { WelfareContactsPort } from './welfare-ports';
import type { WelfareRepository } from './welfare-repository';
import type { WelfareSettingsService } from './welfare-settings-service';

/** The alerting outcome as the driver feature records it, with what the mail to the admins says. */
export type AlertingOutcome = {
  accountId: number;
  visitId: number;
  outcomeId: number;
  outcome: DriverOutcomeKind;
  note: string;
  recordedAt: Date;
  clientName: string;
  date: string;
};

/**
 * Alerts and welfare checks: every not_home, refused or concern outcome opens its visit's one alert (or reopens it
 * once resolved) until a person resolves it with an outcome and a note. An outcome among the account's check
 * outcomes starts the check's clock (its steps: see step-runner.ts). When an alert opens or reopens, the account's
 * admins get a mail. People record their attempts to reach someone; a resolved check takes none.
 */
export function createAlertsService(deps: {
  repository: AlertsRepository;
  welfare: WelfareRepository;
  settings: Pick<WelfareSettingsService, 'readSettings'>;
  contacts: WelfareContactsPort;
  mailer: Pick<Mailer, 'queue'>;
  audit: AuditService;
  publicUrl: string;
  now: () => Date;
}) {
  const { repository } = deps;

  /** Queued in the outcome's transaction; the mail sender delivers it (an outcome never waits for SMTP). */
  async function queueMails(tx: Transaction, input: AlertingOutcome, change: AlertChange) {
    const what = driverOutcomeLabels[input.outcome];
    const note = input.note.trim() ? `\n\nThe driver's note: ${input.note.trim()}` : '';
    const heading = change === 'reopened' ? 'An alert was opened again' : 'A new alert';
    for (const to of await repository.listAdminEmails(tx, input.accountId)) {
      await deps.mailer.queue(tx as unknown as Database, {
        to,
        subject: `MealRounds alert: ${input.clientName}, ${what}`,
        text: `${heading}: the driver recorded "${what}" for ${input.clientName} on ${input.date}.${note}\n\nSee and resolve it at ${deps.publicUrl}/alerts`,
      });
    }
  }

  /** The emergency contacts of each client once, as the board shows them. */
  async function listContacts(
    tx: Transaction,
    accountId: number,
    rows: AlertRow[],
  ): Promise<Map<number, AlertContact[]>> {
    const byClient = new Map<number, AlertContact[]>();
    for (const row of rows) {
      if (byClient.has(row.client.id)) continue;
      const contacts = await deps.contacts.listEmergencyContacts(tx, accountId, row.client.id);
      byClient.set(
        row.client.id,
        contacts.map((contact) => ({
          name: contact.name,
          relationship: contact.relationship,
          phone: contact.phone,
          is_emergency: true,
        })),
      );
    }
    return byClient;
  }

  async function toAlerts(accountId: number, rows: AlertRow[]): Promise<Alert[]> {
    const attempts = await deps.welfare.listAttempts(
      accountId,
      rows.map((row) => row.alert.id),
    );
    const contacts = await deps.welfare.inTransaction((tx) => listContacts(tx, accountId, rows));
    const nowMs = deps.now().getTime();
    return rows.map((row) =>
      toAlert(
        row,
        attempts.filter((attempt) => attempt.alertId === row.alert.id),
        contacts.get(row.client.id) ?? [],
        nowMs,
      ),
    );
  }

  async function getAlert(session: Session, id: number): Promise<Alert> {
    const row = await repository.find(session.accountId, id);
    if (!row) throw notFound('Alert');
    const [alert] = await toAlerts(session.accountId, [row]);
    if (!alert) throw notFound('Alert');
    return alert;
  }

  /** Locks the account's alert in `tx`: 404 when it is not the account's, code 6 when it is already resolved. */
  async function lockOpenCheck(tx: Transaction, session: Session, id: number): Promise<void> {
    const status = await repository.lockStatus(tx, session.accountId, id);
    if (status === null) throw notFound('Alert');
    if (!canChangeCheck(status)) throw conflict('This check is already resolved.');
  }

  return {
    /**
     * Queues a mail to each of the account's admins in the caller's transaction (the roster's unfilled-slot
     * alerts); answers the addresses it went to.
     */
    async queueOfficeMail(
      tx: Transaction,
      accountId: number,
      mail: { subject: string; text: string },
    ): Promise<string[]> {
      const recipients = await repository.listAdminEmails(tx, accountId);
      for (const to of recipients) await deps.mailer.queue(tx as unknown as Database, { to, ...mail });
      return recipients;
    },

    /** Opens, reopens or updates the visit's alert in the outcome's transaction; admins hear of an opening. */
    async recordAlertingOutcome(tx: Transaction, input: AlertingOutcome): Promise<AlertChange> {
      const settings = await deps.settings.readSettings(input.accountId, tx);
      const isCheck = settings.check_outcomes.some((kind) => kind === input.outcome);
      const change = await repository.upsertForOutcome(
        tx,
        input,
        isCheck ? settings.steps : null,
        deps.now(),
      );
      if (change !== 'updated') await queueMails(tx, input, change);
      return change;
    },

    async listAlerts(session: Session, status: AlertStatus | undefined): Promise<Alert[]> {
      return toAlerts(session.accountId, await repository.list(session.accountId, status));
    },

    getAlert,

    countOpen(session: Session): Promise<number> {
      return repository.countOpen(session.accountId);
    },

    async recordAttempt(session: Session, id: number, body: RecordAttemptBody): Promise<Alert> {
      const attemptId = await deps.welfare.inTransaction(async (tx) => {
        await lockOpenCheck(tx, session, id);
        return deps.welfare.insertAttempt(tx, {
          accountId: session.accountId,
          alertId: id,
          at: deps.now(),
          by: session.username,
          madeBy: 'person',
          channel: body.channel,
          to: body.to,
          result: body.result,
          note: body.note ?? '',
        });
      });
      await deps.audit.record(session, {
        action: 'alerts.attempt',
        targetType: 'alert',
        targetId: id,
        detail: { attempt_id: attemptId, channel: body.channel, result: body.result },
      });
      return getAlert(session, id);
    },

    /** Only a person resolves a check, naming what was found; its steps stop there. */
    async resolveAlert(session: Session, id: number, body: ResolveAlertBody): Promise<Alert> {
      await deps.welfare.inTransaction(async (tx) => {
        await lockOpenCheck(tx, session, id);
        await repository.resolve(tx, id, {
          userId: session.userId,
          username: session.username,
          note: body.note,
          outcome: body.outcome,
          now: deps.now(),
        });
      });
      const alert = await getAlert(session, id);
      await deps.audit.record(session, {
        action: 'alerts.resolve',
        targetType: 'alert',
        targetId: id,
        detail: { visit_id: alert.visit_id, outcome: body.outcome },
      });
      return alert;
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
