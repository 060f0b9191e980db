import { randomUUID } from 'node:crypto';
import type { DriverOutcomeInput, DriverOutcomeResult } from '../../../contracts/driver';
import { formatSourceVisitNote, isAlertingOutcome } from '../../../domain/driver-outcomes';
import type { Transaction } from '../../db/transaction';
import type { AlertsService } from '../alerts/service';
import type { OutboxService } from '../visits/outbox-service';
import type { WriteRequest } from '../../shared/outbox-writes';
import { findWorkingLink } from './links-service';
import { decodePhoto, type DecodedPhoto } from './photo';
import type { DriverLinkRow, DriverRepository, RecordedOutcome } from './repository';

type RunVisit = Awaited<ReturnType<DriverRepository['findVisits']>>[number];

/** How long the driver's send waits for the CRM writes it queued; the outbox worker sends what is left. */
const sourceWaitMs = 2_000;

const accepted = (id: string, message: string): DriverOutcomeResult => ({ id, accepted: true, message });
const refused = (id: string, message: string): DriverOutcomeResult => ({ id, accepted: false, message });

/**
 * The CRM writes of a newly recorded outcome: `delivered`, when it is the visit's current outcome, completes the
 * visit (as Complete does) unless it is completed already; not_home, refused and concern leave a note on the visit
 * and leave it open for the office to decide.
 */
function toWriteRequests(
  input: DriverOutcomeInput,
  visit: RunVisit,
  recorded: RecordedOutcome,
  timezone: string,
): WriteRequest[] {
  const payload = { visitSourceId: visit.sourceId };
  if (input.outcome === 'delivered') {
    if (!recorded.isCurrent || visit.status === 'completed') return [];
    return [{ kind: 'visit_complete', visitId: visit.id, payload, previous: { status: visit.status } }];
  }
  if (!isAlertingOutcome(input.outcome)) return [];
  const text = formatSourceVisitNote(input.outcome, input.note, recorded.row.recordedAt, timezone);
  return [{ kind: 'visit_note', visitId: visit.id, payload: { ...payload, text }, previous: {} }];
}

/**
 * What drivers send from the phone. Each outcome is judged on its own (one refused never holds back the others):
 * recorded once by its phone id (a retry answers accepted and records nothing), kept as history, and the visit's
 * current outcome is its latest by the time recorded on the phone.
 */
export function createDriverOutcomesService(deps: {
  repository: DriverRepository;
  outbox: Pick<OutboxService, 'enqueueIn' | 'sendNow'>;
  alerts: Pick<AlertsService, 'recordAlertingOutcome'>;
  now: () => Date;
  /** How long the answer waits for the CRM (default 2 s). */
  sourceWaitMs?: number;
}) {
  const { repository } = deps;

  async function recordOne(
    link: DriverLinkRow,
    input: DriverOutcomeInput,
    visit: RunVisit | undefined,
    writeIds: number[],
    recorded: Set<string>,
  ): Promise<DriverOutcomeResult> {
    if (recorded.has(input.id)) return accepted(input.id, 'Already recorded.');
    if (
      !visit ||
      visit.date !== link.date ||
      visit.roundId !== link.roundId ||
      visit.status === 'cancelled'
    ) {
      return refused(input.id, 'This visit is not on this run.');
    }
    let photo: DecodedPhoto | null = null;
    if (input.photo !== undefined) {
      const decoded = decodePhoto(input.photo);
      if ('refusal' in decoded) return refused(input.id, decoded.refusal);
      photo = decoded;
    }
    const result = await repository.recordOutcome(
      {
        accountId: link.accountId,
        linkId: link.id,
        clientUuid: input.id,
        visitId: visit.id,
        outcome: input.outcome,
        note: input.note,
        recordedAt: new Date(input.recorded_at),
        receivedAt: deps.now(),
        photo: photo ? { id: randomUUID(), ...photo } : null,
      },
      (tx, recorded) => applyEffects(tx, link, input, visit, recorded),
    );
    // Kept from here on: the same id twice in one send is recorded once, as a retry would be.
    recorded.add(input.id);
    if (!result) return accepted(input.id, 'Already recorded.');
    writeIds.push(...result.effects);
    return accepted(input.id, 'Recorded.');
  }

  /** The CRM writes and the alert, in the outcome's transaction: all of them or none. */
  async function applyEffects(
    tx: Transaction,
    link: DriverLinkRow,
    input: DriverOutcomeInput,
    visit: RunVisit,
    recorded: RecordedOutcome,
  ): Promise<number[]> {
    const requests = toWriteRequests(input, visit, recorded, visit.timezone);
    const ids = await deps.outbox.enqueueIn(tx, link.accountId, null, requests);
    if (isAlertingOutcome(input.outcome)) {
      await deps.alerts.recordAlertingOutcome(tx, {
        accountId: link.accountId,
        visitId: visit.id,
        outcomeId: recorded.row.id,
        outcome: input.outcome,
        note: input.note,
        recordedAt: recorded.row.recordedAt,
        clientName: visit.clientName,
        date: visit.date,
      });
    }
    return ids;
  }

  return {
    async recordOutcomes(token: string, inputs: DriverOutcomeInput[]): Promise<DriverOutcomeResult[]> {
      const link = await findWorkingLink(repository, token, deps.now());
      // Both read at once: each round trip waits its turn on a busy server.
      const [visitRows, recorded] = await Promise.all([
        repository.findVisits(
          link.accountId,
          inputs.map((input) => input.visit_id),
        ),
        repository.listRecorded(
          link.accountId,
          inputs.map((input) => input.id),
        ),
      ]);
      const visits = new Map(visitRows.map((visit) => [visit.id, visit]));
      const results: DriverOutcomeResult[] = [];
      const writeIds: number[] = [];
      // One after another: two outcomes of one visit in a send decide its current outcome in order.
      for (const input of inputs) {
        results.push(await recordOne(link, input, visits.get(input.visit_id), writeIds, recorded));
      }
      await deps.outbox.sendNow(writeIds, deps.sourceWaitMs ?? sourceWaitMs);
      return results;
    },
  };
}
export type DriverOutcomesService = ReturnType<typeof createDriverOutcomesService>;
