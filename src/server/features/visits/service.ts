import type { PublishVisitsBody, VisitOutcome } from '../../../contracts/visits';
import { toZonedIso } from '../../../domain/zoned-time';
import { ApiError, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import type { SourceService } from '../source/service';
import type { VisitsRepository } from './repository';

function summarise(outcomes: VisitOutcome[], verb: string): string {
  const failed = outcomes.filter((outcome) => !outcome.is_done);
  if (failed.length === 0) return '';
  return `${failed.length} of ${outcomes.length} visits were not ${verb}: ${failed.map((outcome) => outcome.message).join(' ')}`;
}

export function createVisitsService(deps: {
  repository: VisitsRepository;
  source: Pick<SourceService, 'openSource'>;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  return {
    /** Sends changed times to the CRM one visit at a time (never retried); each visit reports its own outcome. */
    async publishVisits(
      session: Session,
      body: PublishVisitsBody,
    ): Promise<{ data: VisitOutcome[]; message: string }> {
      const rows = await repository.findVisits(
        session.accountId,
        body.map((visit) => visit.id),
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      if (byId.size !== new Set(body.map((visit) => visit.id)).size) throw notFound('Visit');
      const { source } = await deps.source.openSource(session.accountId);
      const outcomes: VisitOutcome[] = [];
      for (const change of body) {
        const row = byId.get(change.id);
        if (!row) continue;
        const start = toZonedIso(change.date, change.start, change.timezone);
        const end = toZonedIso(change.date, change.end, change.timezone);
        try {
          await source.updateVisitTimes(row.sourceId, { start, end });
          await repository.updateTimes(session.accountId, row.id, {
            startAt: new Date(start),
            endAt: new Date(end),
          });
          outcomes.push({ id: row.id, is_done: true, message: '' });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          outcomes.push({ id: row.id, is_done: false, message: `${row.client.name}: ${error.message}` });
        }
      }
      await deps.audit.record(session, {
        action: 'visits.publish',
        targetType: 'visit',
        targetId: outcomes.map((outcome) => outcome.id).join(','),
        detail: {
          published: outcomes.filter((outcome) => outcome.is_done).length,
          failed: outcomes.filter((o) => !o.is_done).length,
        },
      });
      return { data: outcomes, message: summarise(outcomes, 'published') };
    },

    /** Locks the visits in the CRM; refusals (207 partial success) come back as warnings. */
    async completeVisits(
      session: Session,
      ids: number[],
    ): Promise<{ data: VisitOutcome[]; message: string }> {
      const rows = await repository.findVisits(session.accountId, ids);
      if (rows.length !== new Set(ids).size) throw notFound('Visit');
      const { source } = await deps.source.openSource(session.accountId);
      const results = await source.lockVisits(rows.map((row) => row.sourceId));
      const resultBySource = new Map(results.map((result) => [result.visitSourceId, result]));
      const outcomes = rows.map((row): VisitOutcome => {
        const result = resultBySource.get(row.sourceId);
        const isDone = result?.isLocked ?? false;
        return {
          id: row.id,
          is_done: isDone,
          message: isDone ? '' : `${row.client.name}: ${result?.message || 'the CRM did not confirm it.'}`,
        };
      });
      await repository.markCompleted(
        session.accountId,
        outcomes.filter((outcome) => outcome.is_done).map((outcome) => outcome.id),
      );
      await deps.audit.record(session, {
        action: 'visits.complete',
        targetType: 'visit',
        targetId: ids.join(','),
        detail: { completed: outcomes.filter((outcome) => outcome.is_done).length },
      });
      return { data: outcomes, message: summarise(outcomes, 'completed') };
    },
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
