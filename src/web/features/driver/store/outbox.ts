import type { DriverOutcomeKind } from '../../../../contracts/driver';
import type { DriverDb, QueuedOutcome } from './driver-db';

export type NewOutcome = {
  visit_id: number;
  outcome: DriverOutcomeKind;
  note: string;
  photo?: string;
};

/**
 * Queues an outcome the driver just recorded. Its id is made here, once: a resend carries the same id, so the
 * server records it once. Earlier outcomes for the same visit stay queued and are sent first (the server keeps
 * the history; the latest one counts).
 */
export async function enqueueOutcome(
  db: DriverDb,
  token: string,
  input: NewOutcome,
  recordedAt: Date,
  makeId: () => string = () => crypto.randomUUID(),
): Promise<QueuedOutcome> {
  const queued: QueuedOutcome = {
    id: makeId(),
    token,
    visit_id: input.visit_id,
    outcome: input.outcome,
    note: input.note.trim(),
    recorded_at: recordedAt.toISOString(),
    ...(input.photo ? { photo: input.photo } : {}),
    refused_message: null,
  };
  await db.put('outbox', queued);
  return queued;
}

/** Everything queued for the link (waiting and refused), oldest first. */
export async function listQueued(db: DriverDb, token: string): Promise<QueuedOutcome[]> {
  const queued = await db.getAllFromIndex('outbox', 'by-token', token);
  return queued.sort((a, b) => a.recorded_at.localeCompare(b.recorded_at) || a.id.localeCompare(b.id));
}

/** The outcomes still to send, oldest first. */
export async function listWaiting(db: DriverDb, token: string): Promise<QueuedOutcome[]> {
  return (await listQueued(db, token)).filter((outcome) => outcome.refused_message === null);
}

export async function removeQueued(db: DriverDb, ids: string[]): Promise<void> {
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** Keeps a refused outcome on the phone with the server's reason, so the driver sees it, but stops sending it. */
export async function markRefused(db: DriverDb, id: string, message: string): Promise<void> {
  const tx = db.transaction('outbox', 'readwrite');
  const queued = await tx.store.get(id);
  if (queued)
    await tx.store.put({ ...queued, refused_message: message || 'The server refused this outcome.' });
  await tx.done;
}
