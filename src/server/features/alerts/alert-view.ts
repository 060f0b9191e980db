import type { Alert, AlertContact } from '../../../contracts/alerts';
import { driverPhotoUrl, type DriverOutcomeKind } from '../../../contracts/driver';
import {
  describeSteps,
  isCheckOverdue,
  resolutionOutcomes,
  type ResolutionOutcome,
} from '../../../domain/welfare-steps';
import type { alertAttempts } from '../../db/schema/welfare';
import type { AlertRow } from './repository';

export type AttemptRow = typeof alertAttempts.$inferSelect;

function toResolutionOutcome(value: string | null): ResolutionOutcome | null {
  return resolutionOutcomes.find((outcome) => outcome === value) ?? null;
}

/** An alert as the API answers it: today's fields, its steps on the clock at `nowMs`, its attempts and contacts. */
export function toAlert(
  row: AlertRow,
  attempts: AttemptRow[],
  contacts: AlertContact[],
  nowMs: number,
): Alert {
  const { alert } = row;
  const clockStartMs = alert.clockStartedAt?.getTime() ?? null;
  const views =
    alert.steps && clockStartMs !== null
      ? describeSteps({
          steps: alert.steps,
          clockStartMs,
          reached: alert.step,
          attempts: attempts.map((attempt) => ({
            atMs: attempt.at.getTime(),
            isPerson: attempt.madeBy === 'person',
          })),
          nowMs,
        })
      : [];
  return {
    id: alert.id,
    status: alert.status,
    visit_id: alert.visitId,
    date: row.visitDate,
    round: row.roundId !== null && row.roundName !== null ? { id: row.roundId, name: row.roundName } : null,
    client: row.client,
    outcome: row.outcome.outcome as DriverOutcomeKind,
    note: row.outcome.note,
    recorded_at: row.outcome.recordedAt.toISOString(),
    photo_url: row.outcome.photoId ? driverPhotoUrl(row.outcome.photoId) : null,
    created_at: alert.createdAt.toISOString(),
    resolved_at: alert.resolvedAt?.toISOString() ?? null,
    resolved_by: alert.resolvedByName,
    resolution_note: alert.resolutionNote,
    resolution_outcome: toResolutionOutcome(alert.resolutionOutcome),
    clock_started_at: alert.clockStartedAt?.toISOString() ?? null,
    step: alert.step,
    next_step_at: alert.nextStepAt?.toISOString() ?? null,
    is_overdue: isCheckOverdue(views, alert.status === 'open', nowMs),
    steps: views.map((view) => ({
      after_minutes: view.after_minutes,
      action: view.action,
      due_at: new Date(view.dueMs).toISOString(),
      state: view.state,
    })),
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      at: attempt.at.toISOString(),
      by: attempt.by,
      channel: attempt.channel,
      to: attempt.to,
      result: attempt.result,
      note: attempt.note,
    })),
    contacts,
  };
}
