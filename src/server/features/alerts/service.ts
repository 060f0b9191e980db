import type { Alert, ResolveAlertBody } from '../../../contracts/alerts';
import { driverPhotoUrl, type DriverOutcomeKind } from '../../../contracts/driver';
import { driverOutcomeLabels } from '../../../domain/driver-outcomes';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AuditService } from '../audit/service';
import type { AlertChange, AlertRow, AlertsRepository, AlertStatus } from './repository';

function toAlert(row: AlertRow): Alert {
  return {
    id: row.alert.id,
    status: row.alert.status,
    visit_id: row.alert.visitId,
    date: row.visitDate,
    round: row.roundId !== null && row.roundName !== null ? { id: row.roundId, name: row.roundName } : null,
    client: row.client,
    outcome: row.outcome.outcome as DriverOutcomeKind,
    note: row.outcome.note,
    recorded_at: row.outcome.recordedAt.toISOString(),
    photo_url: row.outcome.photoId ? driverPhotoUrl(row.outcome.photoId) : null,
    created_at: row.alert.createdAt.toISOString(),
    resolved_at: row.alert.resolvedAt?.toISOString() ?? null,
    resolved_by: row.alert.resolvedByName,
    resolution_note: row.alert.resolutionNote,
  };
}

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
 * Alerts: every not_home, refused or concern outcome opens its visit's one alert (or reopens it once resolved)
 * until someone resolves it with a note. When an alert opens or reopens, the account's admins get a mail.
 */
export function createAlertsService(deps: {
  repository: AlertsRepository;
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
      const change = await repository.upsertForOutcome(tx, input, deps.now());
      if (change !== 'updated') await queueMails(tx, input, change);
      return change;
    },

    async listAlerts(session: Session, status: AlertStatus | undefined): Promise<Alert[]> {
      return (await repository.list(session.accountId, status)).map(toAlert);
    },

    countOpen(session: Session): Promise<number> {
      return repository.countOpen(session.accountId);
    },

    async resolveAlert(session: Session, id: number, body: ResolveAlertBody): Promise<Alert> {
      const isResolved = await repository.resolve(session.accountId, id, {
        userId: session.userId,
        username: session.username,
        note: body.note,
        now: deps.now(),
      });
      const row = isResolved ? await repository.find(session.accountId, id) : null;
      if (!row) throw notFound('Alert');
      await deps.audit.record(session, {
        action: 'alerts.resolve',
        targetType: 'alert',
        targetId: id,
        detail: { visit_id: row.alert.visitId },
      });
      return toAlert(row);
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
