import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayPlan } from '../../../contracts/day-plans';
import type { DatabaseHandle } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { dayPlanJobs } from '../../db/schema/day-plans';
import { createTestDatabase } from '../../testing/test-database';
import { createDayPlanJobsRepository } from './job-repository';
import { createManualHeartbeat } from './job-test-doubles';
import {
  createDayPlanJobs,
  dayPlanJobKeptMs,
  dayPlanJobsPerAccount,
  dayPlanJobStaleMs,
  interruptedPlanMessage,
} from './jobs';

const plan: DayPlan = {
  date: '2026-11-19',
  routes: [],
  unassigned: [],
  totals: {
    before: { stops: 0, portions: 0, km: 0, minutes: 0, first: null, last: null, late: 0 },
    after: { stops: 0, portions: 0, km: 0, minutes: 0, first: null, last: null, late: 0 },
  },
};

let database: DatabaseHandle;
let now = Date.parse('2026-11-18T01:00:00Z');
const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function createAccount(name: string): Promise<number> {
  const [account] = await database.db.insert(accounts).values({ name }).returning();
  if (!account) throw new Error('account not created');
  return account.id;
}

/** One app server's jobs on the shared database, beating when the test says. */
function createServer() {
  const beats = createManualHeartbeat();
  const jobs = createDayPlanJobs({
    repository: createDayPlanJobsRepository(database.db),
    now: clock.now,
    heartbeat: beats.heartbeat,
    log: { warn: () => {} },
  });
  return { jobs, tick: beats.tick };
}

describe('day plan jobs', () => {
  it('writes its progress at each beat, finishes with the plan and is forgotten some minutes after', async () => {
    const account = await createAccount('Progress');
    const { jobs, tick } = createServer();
    const job = await jobs.start(account);
    expect(job.snapshot).toMatchObject({ status: 'running', progress: 0, plan: null, message: null });
    jobs.setProgress(job.id, 0.5);
    expect((await jobs.get(account, job.id))?.progress).toBe(0);
    await tick();
    jobs.setProgress(job.id, 0.3);
    await tick();
    expect((await jobs.get(account, job.id))?.progress).toBe(0.5);
    await jobs.complete(job.id, plan);
    expect(await jobs.get(account, job.id)).toMatchObject({ status: 'done', progress: 1, plan });
    clock.advance(dayPlanJobKeptMs);
    expect((await jobs.get(account, job.id))?.status).toBe('done');
    clock.advance(1);
    expect(await jobs.get(account, job.id)).toBeUndefined();
  });

  it('keeps the newest jobs of an account only, and forgets old ones of any account at a start', async () => {
    const account = await createAccount('Newest');
    const other = await createAccount('Other');
    const { jobs } = createServer();
    const theirs = await jobs.start(other);
    await jobs.complete(theirs.id, plan);
    const ids: string[] = [];
    // Started within one millisecond: the order they were started in still decides.
    for (let index = 0; index < dayPlanJobsPerAccount + 2; index += 1)
      ids.push((await jobs.start(account)).id);
    const kept = await Promise.all(ids.map(async (id) => (await jobs.get(account, id)) !== undefined));
    expect(kept).toEqual([false, false, ...Array.from({ length: dayPlanJobsPerAccount }, () => true)]);
    expect((await jobs.get(other, theirs.id))?.status).toBe('done');
    clock.advance(dayPlanJobKeptMs + 1);
    await jobs.start(account);
    const rows = await database.db.select().from(dayPlanJobs).where(eq(dayPlanJobs.id, theirs.id));
    expect(rows).toEqual([]);
  });

  it("hides another account's job, and a start on any server cancels the account's running job", async () => {
    const account = await createAccount('One running');
    const other = await createAccount('Another');
    const a = createServer();
    const b = createServer();
    const first = await a.jobs.start(account);
    const theirs = await a.jobs.start(other);
    expect(await b.jobs.get(other, first.id)).toBeUndefined();
    expect(await b.jobs.cancel(other, first.id)).toBeUndefined();
    const second = await b.jobs.start(account);
    expect((await a.jobs.get(account, first.id))?.status).toBe('cancelled');
    // A sees it at its next beat; a start on A itself stops it at once.
    expect(first.signal.aborted).toBe(false);
    await a.tick();
    expect(first.signal.aborted).toBe(true);
    const third = await b.jobs.start(account);
    expect(second.signal.aborted).toBe(true);
    expect(third.signal.aborted).toBe(false);
    expect(theirs.signal.aborted).toBe(false);
    // The database refuses a second running job of the account, whatever a server does.
    await expect(
      database.db.insert(dayPlanJobs).values({
        id: '00000000-0000-4000-8000-000000000001',
        accountId: account,
        startedAt: clock.now(),
        heartbeatAt: clock.now(),
      }),
    ).rejects.toThrow();
  });

  it('cancels at once on any server, keeps the best plan the search then answers, and leaves a finished job alone', async () => {
    const account = await createAccount('Cancel');
    const a = createServer();
    const b = createServer();
    const job = await a.jobs.start(account);
    expect(await b.jobs.cancel(account, job.id)).toMatchObject({ status: 'cancelled', plan: null });
    await a.tick();
    expect(job.signal.aborted).toBe(true);
    await a.jobs.complete(job.id, plan);
    expect(await b.jobs.get(account, job.id)).toMatchObject({ status: 'cancelled', plan });
    const failed = await a.jobs.start(account);
    await a.jobs.fail(failed.id, 'No travel.');
    expect(await b.jobs.cancel(account, failed.id)).toMatchObject({
      status: 'failed',
      message: 'No travel.',
    });
  });

  it('fails a job without a beat for too long, which then neither blocks the account nor ends as done', async () => {
    const account = await createAccount('Stale');
    const a = createServer();
    const b = createServer();
    const job = await a.jobs.start(account);
    clock.advance(dayPlanJobStaleMs);
    expect((await b.jobs.get(account, job.id))?.status).toBe('running');
    clock.advance(1);
    const failed = { status: 'failed', plan: null, message: interruptedPlanMessage };
    expect(await b.jobs.get(account, job.id)).toMatchObject(failed);
    await a.tick();
    expect(job.signal.aborted).toBe(true);
    await a.jobs.complete(job.id, plan);
    expect(await a.jobs.get(account, job.id)).toMatchObject(failed);
    // A job left running by a server that died (nobody read it) is cancelled by the next start.
    const orphan = await a.jobs.start(account);
    clock.advance(dayPlanJobStaleMs + 1);
    const next = await b.jobs.start(account);
    expect((await b.jobs.get(account, orphan.id))?.status).toBe('cancelled');
    expect((await b.jobs.get(account, next.id))?.status).toBe('running');
  });

  it('fails the jobs of a server that closes as interrupted', async () => {
    const account = await createAccount('Closing');
    const { jobs } = createServer();
    const job = await jobs.start(account);
    jobs.stopAll();
    expect(job.signal.aborted).toBe(true);
    await jobs.complete(job.id, plan);
    expect(await jobs.get(account, job.id)).toMatchObject({
      status: 'failed',
      plan: null,
      message: interruptedPlanMessage,
    });
  });
});
