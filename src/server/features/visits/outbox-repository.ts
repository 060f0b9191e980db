import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { claimDue } from '../../db/job-queue';
import { isOwnClient } from '../../db/own-client-sql';
import { clients, visits } from '../../db/schema/clients';
import { sourceWrites, type SourceWriteKind } from '../../db/schema/source-writes';
import type { Transaction } from '../../db/transaction';
import {
  decideQueuedWrite,
  isLeased,
  isOneOpenPerVisit,
  stateAfter,
  type OpenWrite,
  type VisitWriteState,
} from './outbox-queue';
import type {
  CancelPayload,
  PremiumsPayload,
  TimesPayload,
  VisitChange,
  VisitChangeListener,
  WriteRequest,
} from '../../shared/outbox-writes';
import { readVisitChanges } from './visit-changes';

export type SourceWriteRow = typeof sourceWrites.$inferSelect;

/** A claimed row: the token proves the claim when the sender reports back. */
export type ClaimedWrite = SourceWriteRow & { claimToken: string };

type Executor = Database | Transaction;

/** An open write as jsonb hands it back (its lease as text). */
type OpenJson = Omit<OpenWrite, 'leaseUntil'> & { leaseUntil: string | null };

/** Puts the local state a write replaced back on its visit (nothing to put back for premiums). */
async function restoreLocal(tx: Executor, row: SourceWriteRow) {
  await tx.execute(
    sql`select restore_visit_of_write(${row.visitId}, ${row.kind}, ${JSON.stringify(row.previous)}::jsonb)`,
  );
}

/** Applies a write's change to its visit locally (when it is made, and again when a failed write is retried). */
export async function applyLocal(tx: Executor, kind: SourceWriteKind, visitId: number, payload: unknown) {
  if (kind === 'visit_times') {
    const times = payload as TimesPayload;
    await tx
      .update(visits)
      .set({ startAt: new Date(times.start), endAt: new Date(times.end) })
      .where(eq(visits.id, visitId));
  } else if (kind === 'visit_complete') {
    await tx.update(visits).set({ status: 'completed' }).where(eq(visits.id, visitId));
  } else if (kind === 'visit_cancel') {
    const { isCancelled } = payload as CancelPayload;
    await tx
      .update(visits)
      .set({ status: isCancelled ? 'cancelled' : 'scheduled', isHoldCancelled: isCancelled })
      .where(eq(visits.id, visitId));
  }
}

/**
 * Applies the writes' changes to their visits locally (each visit once), as applyLocal does one by one: the new
 * times of all of them in one statement (a night's run retimes hundreds of visits), the other kinds one at a time.
 */
async function applyAllLocal(tx: Executor, requests: WriteRequest[]) {
  const times = requests.filter((request) => request.kind === 'visit_times');
  if (times.length > 0) {
    const at = (key: 'start' | 'end') =>
      times.map((request) => new Date((request.payload as TimesPayload)[key]).toISOString());
    await tx.execute(sql`
      update ${visits} set start_at = retimed.start_at, end_at = retimed.end_at
      from unnest(${sql.param(times.map((request) => request.visitId))}::int[],
        ${sql.param(at('start'))}::timestamptz[], ${sql.param(at('end'))}::timestamptz[])
        as retimed(id, start_at, end_at)
      where ${visits.id} = retimed.id`);
  }
  for (const request of requests) {
    if (request.kind !== 'visit_times') await applyLocal(tx, request.kind, request.visitId, request.payload);
  }
}

/**
 * The requests in runs of distinct visits, in order: a run is queued together, each of its writes decided on what
 * was open before it; a second write of a visit starts the next run, so it is decided on the first one's row.
 */
function splitByVisit(requests: WriteRequest[]): WriteRequest[][] {
  const runs: WriteRequest[][] = [];
  let visitIds = new Set<number>();
  for (const request of requests) {
    const current = runs.at(-1);
    if (current && !visitIds.has(request.visitId)) current.push(request);
    else {
      runs.push([request]);
      visitIds = new Set();
    }
    visitIds.add(request.visitId);
  }
  return runs;
}

/**
 * The CRM write outbox. A write is 'pending' until the CRM confirms it ('done'), refuses it or runs out of
 * attempts ('failed': its local change is undone), or the user drops it ('dropped': undone too). A newer write of
 * the same kind for the same visit replaces a pending one that no sender holds ('superseded'), keeping the older
 * one's `previous`, which is the last state the CRM confirmed.
 *
 * The writes of one visit, whatever their kinds, reach the CRM in the order they were queued (by id): a write is
 * handed to a sender only once every earlier write of its visit is final (done, failed, dropped or superseded).
 * An earlier write that failed for good does not hold the later ones back: its local change is undone, and the
 * visit is as the CRM has it; sent again by the user, it is the visit's earliest open write once more.
 */
export function createOutboxRepository(
  db: Database,
  /** Hears of the visits' new starts and cancellations in their transaction (the delivery notices). */
  onVisitChanges: VisitChangeListener | null = null,
) {
  /** Each visit's open writes of every kind, newest first (one statement for them all). */
  async function findOpen(tx: Executor, visitIds: number[]): Promise<Map<number, SourceWriteRow[]>> {
    const open = new Map<number, SourceWriteRow[]>();
    if (visitIds.length === 0) return open;
    const rows = await tx
      .select()
      .from(sourceWrites)
      .where(
        and(inArray(sourceWrites.visitId, visitIds), inArray(sourceWrites.status, ['pending', 'failed'])),
      )
      .orderBy(desc(sourceWrites.id));
    for (const row of rows) open.set(row.visitId, [...(open.get(row.visitId) ?? []), row]);
    return open;
  }

  /**
   * Holds the visits' rows until the transaction ends (in id order, so two transactions cannot deadlock on them):
   * writes of one visit queued at the same time on two servers are numbered in the order they are committed, and
   * a sender never sees a later write of a visit before an earlier one.
   */
  async function lockVisits(tx: Transaction, visitIds: number[]) {
    if (visitIds.length === 0) return;
    await tx
      .select({ id: visits.id })
      .from(visits)
      .where(inArray(visits.id, [...new Set(visitIds)]))
      .orderBy(visits.id)
      .for('update');
  }

  /**
   * Queues writes of distinct visits, a few statements for them all however many they are: answers their ids and
   * the changes their people may hear of.
   */
  async function enqueueRun(
    tx: Transaction,
    accountId: number,
    userId: number | null,
    requests: WriteRequest[],
    now: Date,
  ): Promise<{ ids: number[]; changes: VisitChange[] }> {
    const open = await findOpen(
      tx,
      requests.filter((request) => isOneOpenPerVisit(request.kind)).map((request) => request.visitId),
    );
    const decided = requests.map((request) => ({
      request,
      decision: decideQueuedWrite(request, open.get(request.visitId) ?? [], now),
    }));
    const inserts = decided.flatMap(({ request, decision }) =>
      decision.action === 'insert' ? [{ request, ...decision }] : [],
    );
    const supersede = inserts.flatMap((insert) => insert.supersede);
    if (supersede.length > 0) {
      await tx
        .update(sourceWrites)
        .set({ status: 'superseded', updatedAt: now })
        .where(inArray(sourceWrites.id, supersede));
    }
    const inserted = new Map<number, number>();
    let changes: VisitChange[] = [];
    if (inserts.length > 0) {
      changes = onVisitChanges
        ? await readVisitChanges(
            tx,
            inserts.map(({ request }) => request),
          )
        : [];
      await applyAllLocal(
        tx,
        inserts.map(({ request }) => request),
      );
      const rows = await tx
        .insert(sourceWrites)
        .values(
          inserts.map(({ request, previous }) => ({
            accountId,
            visitId: request.visitId,
            kind: request.kind,
            payload: request.payload,
            previous,
            createdBy: userId,
            nextAttemptAt: now,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: sourceWrites.id, visitId: sourceWrites.visitId });
      for (const row of rows) inserted.set(row.visitId, row.id);
    }
    const ids = decided.flatMap(({ request, decision }) => {
      const id = decision.action === 'reuse' ? decision.id : inserted.get(request.visitId);
      return id === undefined ? [] : [id];
    });
    return { ids, changes };
  }

  async function enqueueIn(
    tx: Transaction,
    accountId: number,
    userId: number | null,
    requests: WriteRequest[],
    now: Date,
  ): Promise<number[]> {
    await lockVisits(
      tx,
      requests.map((request) => request.visitId),
    );
    const ids: number[] = [];
    const changes: VisitChange[] = [];
    for (const run of splitByVisit(requests)) {
      const queued = await enqueueRun(tx, accountId, userId, run, now);
      ids.push(...queued.ids);
      changes.push(...queued.changes);
    }
    if (onVisitChanges && changes.length > 0) await onVisitChanges(tx, accountId, changes);
    return ids;
  }

  /**
   * A user's action on one of the account's open writes, in a transaction that holds the row: `change` makes its
   * local effect and answers the row's new values. Null when there is no such open write, 'busy' while a sender
   * holds it, or with `isBusyWithVisit` while a sender holds any write of its visit (the visit's pending writes are
   * then held too, so no sender takes one before the action is committed).
   */
  function changeOpen(
    accountId: number,
    id: number,
    now: Date,
    isBusyWithVisit: boolean,
    change: (tx: Transaction, row: SourceWriteRow) => Promise<Partial<typeof sourceWrites.$inferInsert>>,
  ): Promise<SourceWriteRow | null | 'busy'> {
    return db.transaction(async (tx) => {
      const ofVisit = and(
        eq(sourceWrites.status, 'pending'),
        eq(sourceWrites.visitId, sql`(select w.visit_id from source_writes w where w.id = ${id})`),
      );
      // One statement locks them in id order: two actions on writes of one visit cannot deadlock.
      const rows = await tx
        .select()
        .from(sourceWrites)
        .where(
          and(
            eq(sourceWrites.accountId, accountId),
            isBusyWithVisit ? or(eq(sourceWrites.id, id), ofVisit) : eq(sourceWrites.id, id),
          ),
        )
        .orderBy(sourceWrites.id)
        .for('update');
      const row = rows.find((write) => write.id === id);
      if (!row || (row.status !== 'pending' && row.status !== 'failed')) return null;
      if (rows.some((write) => isLeased(write, now))) return 'busy';
      const values = await change(tx, row);
      const [changed] = await tx.update(sourceWrites).set(values).where(eq(sourceWrites.id, id)).returning();
      return changed ?? null;
    });
  }

  return {
    /** As `enqueue`, in the caller's transaction (a change of another table that must commit with its writes). */
    enqueueIn,

    /**
     * The write state of each of these visits (that exist), read in one statement: what a write queued in one call
     * with its outcome (record_driver_outcome) is decided on, and the fingerprint the database checks it against.
     */
    async readWriteStates(visitIds: number[]): Promise<Map<number, VisitWriteState>> {
      if (visitIds.length === 0) return new Map();
      // "visits"."id" spelled out in the subquery: the builder writes a lone "id" there, which is the write's own.
      const rows = await db
        .select({
          visitId: visits.id,
          status: visits.status,
          state: sql<string>`visit_write_state(${visits.id})`,
          open: sql<OpenJson[]>`coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'kind', o.kind,
            'status', o.status, 'previous', o.previous, 'leaseUntil', o.lease_until) order by o.id desc)
            from source_writes o where o.visit_id = "visits"."id" and o.status in ('pending', 'failed')), '[]'::jsonb)`,
        })
        .from(visits)
        .where(inArray(visits.id, [...new Set(visitIds)]));
      return new Map(
        rows.map((row) => [
          row.visitId,
          {
            state: row.state,
            status: row.status,
            open: row.open.map((write) => ({
              ...write,
              leaseUntil: write.leaseUntil === null ? null : new Date(write.leaseUntil),
            })),
          },
        ]),
      );
    },

    /**
     * Makes the changes locally and records their writes, in one transaction. Answers the id of the write that
     * carries each request (a completion already waiting is reused rather than queued twice).
     */
    enqueue(
      accountId: number,
      userId: number | null,
      requests: WriteRequest[],
      now: Date,
    ): Promise<number[]> {
      return db.transaction((tx) => enqueueIn(tx, accountId, userId, requests, now));
    },

    /**
     * The CRM writes' adapter to the job queue: takes up to `limit` due writes for this sender (all accounts, or
     * only `ids`). The lease is `lease_until`, with a token that proves the claim when the sender reports back. A
     * row of a visit with an earlier write still pending (of any kind; held by a sender, in flight, or waiting on a
     * backoff) waits its turn. A row whose lease ran out (its sender died mid-send) may have reached the CRM: it is
     * marked for reading back before any new send.
     */
    async claimDue(now: Date, leaseMs: number, limit: number, ids?: number[]): Promise<ClaimedWrite[]> {
      const token = randomUUID();
      const rows = await claimDue(db, sourceWrites, {
        due: and(
          eq(sourceWrites.status, 'pending'),
          lte(sourceWrites.nextAttemptAt, now),
          or(isNull(sourceWrites.leaseUntil), lt(sourceWrites.leaseUntil, now)),
          ids ? inArray(sourceWrites.id, ids) : undefined,
          sql`not exists (select 1 from source_writes o
            where o.visit_id = ${sourceWrites.visitId} and o.status = 'pending' and o.id < ${sourceWrites.id})`,
        ),
        orderBy: [asc(sourceWrites.id)],
        limit,
        set: {
          leaseUntil: new Date(now.getTime() + leaseMs),
          claimToken: token,
          attempts: sql`${sourceWrites.attempts} + 1`,
          isOutcomeUnknown: sql`${sourceWrites.isOutcomeUnknown} or ${sourceWrites.leaseUntil} is not null`,
          updatedAt: now,
        },
      });
      return rows.map((row) => ({ ...row, claimToken: token }));
    },

    /**
     * The CRM confirmed the write; the visit's later writes of its kind keep this state to put back, and other
     * writes of the account that wait on a backoff are due at once.
     */
    /**
     * Confirmed by the CRM, in one statement (a busy server's answers wait for each round trip; ADR 0047): the
     * write done while it is still this claim's; then the CRM holds this write's state, so a later pending write of
     * the kind that fails puts that back, not the older; a premiums write records what the CRM now has; and the
     * CRM answering again wakes the account's writes waiting out a back-off. Each row is written by one part
     * alone: PostgreSQL does not let one statement change a row twice.
     */
    async markDone(write: ClaimedWrite, now: Date): Promise<void> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const confirmed = stateAfter(write.kind, write.payload) ?? null;
      const premiums = write.kind === 'visit_premiums' ? (write.payload as PremiumsPayload).premiums : null;
      // A later pending write of this visit and kind: it takes the confirmed state as its `previous`, if any.
      const isLaterOfKind =
        confirmed === null
          ? sql`false`
          : sql`${sourceWrites.visitId} = ${write.visitId} and ${sourceWrites.kind} = ${write.kind}
            and ${sourceWrites.id} > ${write.id}`;
      await db.execute(sql`
        with done as (
          update ${sourceWrites} set status = 'done', done_at = ${at}, updated_at = ${at}, lease_until = null,
            last_error = ''
          where ${sourceWrites.id} = ${write.id} and ${sourceWrites.claimToken} = ${write.claimToken}
          returning ${sourceWrites.id}
        ), later as (
          update ${sourceWrites}
          set previous = case when ${isLaterOfKind} then ${JSON.stringify(confirmed)}::jsonb else previous end,
            next_attempt_at = least(next_attempt_at, ${at})
          where exists (select 1 from done) and ${sourceWrites.accountId} = ${write.accountId}
            and ${sourceWrites.status} = 'pending' and ${sourceWrites.id} <> ${write.id}
            and (${isLaterOfKind} or ${sourceWrites.nextAttemptAt} > ${at})
        )
        update ${visits} set premiums_synced = ${JSON.stringify(premiums)}::jsonb
        where exists (select 1 from done) and ${premiums === null ? sql`false` : sql`true`}
          and ${visits.id} = ${write.visitId}`);
    },

    /** Not confirmed yet: try again at `nextAttemptAt` (reading the visit back first when the outcome is unknown). */
    async markRetry(
      write: ClaimedWrite,
      update: { error: string; isOutcomeUnknown: boolean; nextAttemptAt: Date },
      now: Date,
    ): Promise<void> {
      await db
        .update(sourceWrites)
        .set({
          leaseUntil: null,
          lastError: update.error,
          isOutcomeUnknown: update.isOutcomeUnknown,
          nextAttemptAt: update.nextAttemptAt,
          updatedAt: now,
        })
        .where(and(eq(sourceWrites.id, write.id), eq(sourceWrites.claimToken, write.claimToken)));
    },

    /**
     * Refused by the CRM or out of attempts, in one statement: the write failed while it is still this claim's, and
     * its local change undone unless a newer write of the kind replaced it (restore_visit_of_write, migration 0043).
     */
    async markFailed(write: ClaimedWrite, error: string, now: Date): Promise<void> {
      await db.execute(sql`
        with failed as (
          update ${sourceWrites} set status = 'failed', lease_until = null, last_error = ${error},
            updated_at = ${now.toISOString()}::timestamptz
          where ${sourceWrites.id} = ${write.id} and ${sourceWrites.claimToken} = ${write.claimToken}
          returning ${sourceWrites.id}, ${sourceWrites.visitId}, ${sourceWrites.kind}, ${sourceWrites.previous}
        )
        select restore_visit_of_write(failed.visit_id, failed.kind, failed.previous) from failed
        where not exists (
          select 1 from ${sourceWrites} newer
          where newer.visit_id = failed.visit_id and newer.kind = failed.kind and newer.id > failed.id
            and newer.status <> 'dropped'
        )`);
    },

    /** The account's writes by id (the answers of publish and complete report on them). */
    findByIds(accountId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(sourceWrites)
        .where(and(eq(sourceWrites.accountId, accountId), inArray(sourceWrites.id, ids)));
    },

    /** The account's writes the CRM has not confirmed (pending, failed), oldest first, with their visit's day. */
    listOpen(accountId: number, limit: number) {
      return db
        .select({ write: sourceWrites, date: visits.date, clientName: clients.name })
        .from(sourceWrites)
        .innerJoin(visits, eq(visits.id, sourceWrites.visitId))
        .innerJoin(clients, isOwnClient(visits))
        .where(
          and(eq(sourceWrites.accountId, accountId), inArray(sourceWrites.status, ['pending', 'failed'])),
        )
        .orderBy(sourceWrites.id)
        .limit(limit);
    },

    /**
     * The user sends a failed or waiting write again now, with a fresh count of attempts; a failed write's local
     * change is made again. A failed write keeps its place in its visit's line: while a later write of the visit
     * is being sent it is 'busy' (it would overtake that write), otherwise the later ones wait for it again.
     * Answers null when the account has no such open write.
     */
    retry(accountId: number, id: number, now: Date): Promise<SourceWriteRow | null | 'busy'> {
      return changeOpen(accountId, id, now, true, async (tx, row) => {
        if (row.status === 'failed') await applyLocal(tx, row.kind, row.visitId, row.payload);
        return { status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now };
      });
    },

    /** The user gives a write up: it is never sent, and a waiting write's local change is undone. */
    drop(accountId: number, id: number, now: Date): Promise<SourceWriteRow | null | 'busy'> {
      return changeOpen(accountId, id, now, false, async (tx, row) => {
        if (row.status === 'pending') await restoreLocal(tx, row);
        return { status: 'dropped', updatedAt: now, leaseUntil: null };
      });
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
