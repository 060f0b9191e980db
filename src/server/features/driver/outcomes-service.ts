import { randomUUID } from 'node:crypto';
import type { DriverOutcomeInput, DriverOutcomeResult } from '../../../contracts/driver';
import { formatSourceVisitNote, isAlertingOutcome } from '../../../domain/driver-outcomes';
import type { Transaction } from '../../db/transaction';
import type { AlertsService } from '../alerts/service';
import type { OutboxService, StatusWriteRequest, VisitWriteState } from '../visits/outbox-service';
import { findWorkingLink } from './links-service';
import { decodePhoto, type DecodedPhoto } from './photo';
import type { DriverLinkRow, DriverRepository, OutcomeWrite, RecordedOutcome } from './repository';

type RunVisit = Awaited<ReturnType<DriverRepository['findVisits']>>[number];

/**
 * How many times an outcome's CRM write is decided when the visit's writes keep changing before it is recorded: a
 * bound that busy offices and drivers never reach, so a fault cannot loop for ever.
 */
const maxDecisions = 10;

const accepted = (id: string, message: string): DriverOutcomeResult => ({ id, accepted: true, message });
const refused = (id: string, message: string): DriverOutcomeResult => ({ id, accepted: false, message });

/**
 * The CRM write of an outcome, on its visit's write state: `delivered`, when it is the visit's current outcome,
 * completes the visit (as Complete does) unless it is completed already; not_home, refused and concern leave a
 * note on the visit and leave it open for the office to decide.
 */
function toWriteRequest(
  input: DriverOutcomeInput,
  visit: RunVisit,
  status: string,
): { request: StatusWriteRequest; isOnlyIfCurrent: boolean } | null {
  const payload = { visitSourceId: visit.sourceId };
  if (input.outcome === 'delivered') {
    if (status === 'completed') return null;
    return {
      request: { kind: 'visit_complete', visitId: visit.id, payload, previous: { status } },
      isOnlyIfCurrent: true,
    };
  }
  if (!isAlertingOutcome(input.outcome)) return null;
  const text = formatSourceVisitNote(input.outcome, input.note, new Date(input.recorded_at), visit.timezone);
  return {
    request: { kind: 'visit_note', visitId: visit.id, payload: { ...payload, text }, previous: {} },
    isOnlyIfCurrent: false,
  };
}

/**
 * What drivers send from the phone. Each outcome is judged on its own (one refused never holds back the others):
 * recorded once by its phone id (a retry answers accepted and records nothing), kept as history, and the visit's
 * current outcome is its latest by the time recorded on the phone.
 */
export function createDriverOutcomesService(deps: {
  repository: DriverRepository;
  outbox: Pick<OutboxService, 'readWriteStates' | 'planStatusWrite' | 'sendAfterAnswer'>;
  alerts: Pick<AlertsService, 'recordAlertingOutcome'>;
  now: () => Date;
}) {
  const { repository } = deps;

  /** The CRM write decided on the visit's write state, as record_driver_outcome takes it. */
  function decideWrite(input: DriverOutcomeInput, visit: RunVisit, state: VisitWriteState): OutcomeWrite {
    const write = toWriteRequest(input, visit, state.status);
    return {
      expectedState: state.state,
      plan: write ? deps.outbox.planStatusWrite(write.request, state) : null,
      isOnlyIfCurrent: write?.isOnlyIfCurrent ?? false,
    };
  }

  async function recordOne(
    link: DriverLinkRow,
    input: DriverOutcomeInput,
    visit: RunVisit | undefined,
    states: Map<number, VisitWriteState>,
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
    const outcome = {
      accountId: link.accountId,
      linkId: link.id,
      clientUuid: input.id,
      visitId: visit.id,
      outcome: input.outcome,
      note: input.note,
      recordedAt: new Date(input.recorded_at),
      receivedAt: deps.now(),
      photo: photo ? { id: randomUUID(), ...photo } : null,
    };
    const effects = isAlertingOutcome(input.outcome)
      ? (tx: Transaction, recordedOutcome: RecordedOutcome) =>
          raiseAlert(tx, link, input, visit, recordedOutcome)
      : null;
    for (let attempt = 1; attempt <= maxDecisions; attempt += 1) {
      const state = states.get(visit.id);
      if (!state) return refused(input.id, 'This visit is not on this run.');
      const result = await repository.recordOutcome(outcome, decideWrite(input, visit, state), effects);
      if (result.result === 'stale') {
        // Another write of the visit came first (another outcome of it in this send, the office, the outbox):
        // decided again on what it left.
        for (const [id, fresh] of await deps.outbox.readWriteStates([visit.id])) states.set(id, fresh);
        continue;
      }
      // Kept from here on: the same id twice in one send is recorded once, as a retry would be.
      recorded.add(input.id);
      if (result.result === 'duplicate') return accepted(input.id, 'Already recorded.');
      if (result.recorded.writeId !== null) writeIds.push(result.recorded.writeId);
      return accepted(input.id, 'Recorded.');
    }
    throw new Error(
      `The visit ${String(visit.id)} changed under ${String(maxDecisions)} decisions in a row.`,
    );
  }

  /** The alert, in the outcome's transaction: both or neither. */
  async function raiseAlert(
    tx: Transaction,
    link: DriverLinkRow,
    input: DriverOutcomeInput,
    visit: RunVisit,
    recorded: RecordedOutcome,
  ): Promise<void> {
    await deps.alerts.recordAlertingOutcome(tx, {
      accountId: link.accountId,
      visitId: visit.id,
      outcomeId: recorded.outcomeId,
      outcome: input.outcome,
      note: input.note,
      recordedAt: recorded.recordedAt,
      clientName: visit.clientName,
      date: visit.date,
    });
  }

  return {
    async recordOutcomes(token: string, inputs: DriverOutcomeInput[]): Promise<DriverOutcomeResult[]> {
      const link = await findWorkingLink(repository, token, deps.now());
      // Read at once: each round trip waits its turn on a busy server.
      const visitIds = inputs.map((input) => input.visit_id);
      const [visitRows, recorded, states] = await Promise.all([
        repository.findVisits(link.accountId, visitIds),
        repository.listRecorded(
          link.accountId,
          inputs.map((input) => input.id),
        ),
        deps.outbox.readWriteStates(visitIds),
      ]);
      const visits = new Map(visitRows.map((visit) => [visit.id, visit]));
      const results: DriverOutcomeResult[] = [];
      const writeIds: number[] = [];
      // One after another: two outcomes of one visit in a send decide its current outcome in order.
      for (const input of inputs) {
        results.push(await recordOne(link, input, visits.get(input.visit_id), states, writeIds, recorded));
      }
      // The phone's answer says what MealRounds recorded, not what the CRM did: the CRM writes, committed in the
      // outbox with the outcomes, go right after it. Waiting for the CRM made the answer the slowest of the driver's
      // day, and on the embedded database every other request waited behind it (docs/operations.md).
      deps.outbox.sendAfterAnswer(writeIds);
      return results;
    },
  };
}
export type DriverOutcomesService = ReturnType<typeof createDriverOutcomesService>;
