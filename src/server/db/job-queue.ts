import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * The one job queue's claim, lease and drain (ADR 0048). Every queue keeps its rows in its own table (mail_outbox,
 * contact_messages, source_writes, messages), because those rows are also what its screens and rules read; each
 * describes itself to this module in a small adapter: which rows are due, in what order, and what a claim writes
 * (the lease's end, the attempt counted, a token). The claiming, the lease and the loop over batches live here
 * once; the backoff is `domain/retry-backoff.ts`; the timer is `jobs/periodic-job.ts`.
 */

/** A queue's table: rows keyed by a serial id. */
type QueueTable = PgTable & { id: PgColumn };

export type ClaimSpec<T extends QueueTable> = {
  /** The rows that may be claimed now (due, and not held by a live lease). */
  due: SQL | undefined;
  /** Which due rows go first when more are due than `limit`. */
  orderBy: [PgColumn | SQL, ...(PgColumn | SQL)[]];
  limit: number;
  /**
   * What the claim writes on each row it takes: at least the lease's end (a column the `due` condition reads, so
   * a claimed row is not due again until the lease runs out: a sender that died mid-attempt leaves it due, not
   * lost), usually the attempt counted.
   */
  set: PgUpdateSetSource<T>;
};

/**
 * Takes up to `limit` due rows and writes their lease, in one statement: FOR UPDATE SKIP LOCKED keeps two app
 * servers (or two senders of one server) off the same row, and a row another claim holds is passed over rather
 * than waited for. Answers the claimed rows as they are after the claim, by id.
 */
export async function claimDue<T extends QueueTable>(
  db: Database,
  table: T,
  spec: ClaimSpec<T>,
): Promise<T['$inferSelect'][]> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(spec.due)
    .orderBy(...spec.orderBy)
    .limit(spec.limit)
    .for('update', { skipLocked: true });
  // Drizzle cannot name a generic table's row type; `returning()` answers exactly the table's rows.
  const rows = (await db
    .update(table)
    .set(spec.set)
    .where(inArray(table.id, due))
    .returning()) as T['$inferSelect'][];
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * The database's clock `ms` from now, for queues whose due times are the database's (app servers with skewed
 * clocks then agree on what is due).
 */
export const dbTimeFromNow = (ms: number): SQL => sql`now() + make_interval(secs => ${ms / 1000})`;

export type DrainOptions = {
  /** At most this many batches in one run; the rest waits for the next run. */
  maxBatches?: number;
  /** A batch where no attempt succeeded means the carrier is down: leave the rest for the next run. */
  isStoppedByFailedBatch?: boolean;
};

export type BatchResult = { taken: number; succeeded: number };

/**
 * Runs the queue's batches one after another until a batch takes nothing (a row a batch settles may make another
 * due at once: the next write of a visit), and answers how many attempts succeeded in all.
 */
export async function drainDue(
  runBatch: () => Promise<BatchResult>,
  options: DrainOptions = {},
): Promise<BatchResult> {
  const total: BatchResult = { taken: 0, succeeded: 0 };
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const result = await runBatch();
    total.taken += result.taken;
    total.succeeded += result.succeeded;
    if (result.taken === 0 || (options.isStoppedByFailedBatch && result.succeeded === 0)) break;
  }
  return total;
}
