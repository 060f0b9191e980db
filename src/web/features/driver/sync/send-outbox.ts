import type { DriverOutcomeInput } from '../../../../contracts/driver';
import type { PostDriverOutcomes } from '../../../api/driver';
import { outcomesPerRequest, photosPerRequest } from '../driver-limits';
import type { DriverDb, QueuedOutcome } from '../store/driver-db';
import { listWaiting, markRefused, removeQueued } from '../store/outbox';
import { applyAcceptedOutcomes } from '../store/run-cache';

/** How a send ended: all sent (or refused), try again later, or the link no longer works. */
export type SendOutcome = 'sent' | 'retry' | 'gone';

/** The next request's outcomes, oldest first: at most the contract's count, and at most its photos. */
export function takeBatch(waiting: QueuedOutcome[]): QueuedOutcome[] {
  const batch: QueuedOutcome[] = [];
  let photos = 0;
  for (const outcome of waiting) {
    if (batch.length === outcomesPerRequest) break;
    if (outcome.photo) {
      if (photos === photosPerRequest) break;
      photos += 1;
    }
    batch.push(outcome);
  }
  return batch;
}

function toInput(queued: QueuedOutcome): DriverOutcomeInput {
  return {
    id: queued.id,
    visit_id: queued.visit_id,
    outcome: queued.outcome,
    note: queued.note,
    recorded_at: queued.recorded_at,
    ...(queued.photo ? { photo: queued.photo } : {}),
  };
}

type BatchResult = { outcome: 'continue' } | { outcome: 'stop'; result: SendOutcome };

async function sendBatch(
  db: DriverDb,
  token: string,
  batch: QueuedOutcome[],
  post: PostDriverOutcomes,
): Promise<BatchResult> {
  const answer = await post(token, batch.map(toInput));
  if (!answer.ok) {
    const { failure } = answer;
    if (failure.kind === 'gone') return { outcome: 'stop', result: 'gone' };
    if (failure.kind !== 'refused') return { outcome: 'stop', result: 'retry' };
    // The whole request was refused: one by one, so a single bad outcome cannot hold back the others.
    if (batch.length > 1) {
      for (const single of batch) {
        const singleResult = await sendBatch(db, token, [single], post);
        if (singleResult.outcome === 'stop') return singleResult;
      }
      return { outcome: 'continue' };
    }
    await markRefused(db, batch[0]?.id ?? '', failure.message);
    return { outcome: 'continue' };
  }
  const results = new Map(answer.data.map((result) => [result.id, result]));
  const accepted = batch.filter((queued) => results.get(queued.id)?.accepted === true);
  await applyAcceptedOutcomes(db, token, accepted);
  await removeQueued(
    db,
    accepted.map((queued) => queued.id),
  );
  for (const queued of batch) {
    const result = results.get(queued.id);
    if (result && !result.accepted) await markRefused(db, queued.id, result.message);
  }
  // An outcome the answer did not mention stays waiting; asking again now would loop, so wait for the next try.
  return accepted.length + batch.filter((queued) => results.get(queued.id)?.accepted === false).length ===
    batch.length
    ? { outcome: 'continue' }
    : { outcome: 'stop', result: 'retry' };
}

/**
 * Sends every waiting outcome of the link, in requests the contract accepts. An accepted outcome leaves the queue
 * and is written into the cached run; a refused one stays on the phone with the server's reason; a failure to reach
 * the server leaves the rest waiting for the next try.
 */
export async function sendOutbox(
  db: DriverDb,
  token: string,
  post: PostDriverOutcomes,
): Promise<SendOutcome> {
  for (;;) {
    const batch = takeBatch(await listWaiting(db, token));
    if (batch.length === 0) return 'sent';
    const result = await sendBatch(db, token, batch, post);
    if (result.outcome === 'stop') return result.result;
  }
}
