import type { SourceCancelCode } from '../source-system';
import { createSourceError, type SourceHttp } from './adapter-http';
import { wireCancelCodeSchema, wireVisitSchema } from './wire-types';

const scheduler = '/ext/api/v2/scheduler';
const isAlayaCareId = (id: string) => /^\d{1,15}$/.test(id);

/** The AlayaCare calls of client holds: the tenant's cancel codes, and cancelling or restoring a visit. */
export function createCancelOperations(http: SourceHttp) {
  return {
    listCancelCodes: async (): Promise<SourceCancelCode[]> =>
      (
        await http.readAllPages(
          { operation: 'list cancel codes', method: 'GET', path: `${scheduler}/cancelcodes` },
          wireCancelCodeSchema,
        )
      ).map((code) => ({ id: String(code.id), code: code.code, description: code.description ?? '' })),

    /**
     * PUT visits/{id} with `cancelled` and `cancel_code_id` (AlayaCare wants a code on a cancelled visit and null
     * on one that is not). Done only when the answer is the visit with that cancelled flag.
     */
    async setVisitCancelled(
      visitSourceId: string,
      change: { isCancelled: boolean; cancelCodeId: string | null },
    ): Promise<void> {
      const operation = `${change.isCancelled ? 'cancel' : 'restore'} visit ${visitSourceId}`;
      if (!isAlayaCareId(visitSourceId))
        throw createSourceError(operation, 'it is not an AlayaCare visit id');
      const codeId = change.isCancelled ? change.cancelCodeId : null;
      if (change.isCancelled && (codeId === null || !isAlayaCareId(codeId)))
        throw createSourceError(operation, 'no AlayaCare cancel code is chosen');
      const answer = await http.send({
        operation,
        method: 'PUT',
        path: `${scheduler}/visits/${visitSourceId}`,
        body: { cancelled: change.isCancelled, cancel_code_id: codeId === null ? null : Number(codeId) },
      });
      const visit = http.parseBody(operation, wireVisitSchema, answer.body);
      const isApplied =
        String(visit.alayacare_visit_id) === visitSourceId &&
        (visit.cancelled === true) === change.isCancelled;
      if (!isApplied) throw createSourceError(operation, 'its answer did not show the change');
    },
  };
}
