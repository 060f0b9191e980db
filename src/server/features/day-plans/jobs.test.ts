import { describe, expect, it } from 'vitest';
import type { DayPlan } from '../../../contracts/day-plans';
import { createDayPlanJobs, dayPlanJobKeptMs, dayPlanJobsPerAccount } from './jobs';

const plan: DayPlan = {
  date: '2026-11-19',
  routes: [],
  unassigned: [],
  totals: {
    before: { stops: 0, portions: 0, km: 0, minutes: 0, first: null, last: null, late: 0 },
    after: { stops: 0, portions: 0, km: 0, minutes: 0, first: null, last: null, late: 0 },
  },
};

function createClock() {
  let now = Date.parse('2026-11-18T01:00:00Z');
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('day plan jobs', () => {
  it('reports progress, finishes with the plan and is forgotten some minutes after', () => {
    const clock = createClock();
    const jobs = createDayPlanJobs(clock.now);
    const job = jobs.start(1);
    expect(job.snapshot).toMatchObject({ status: 'running', progress: 0, plan: null, message: null });
    jobs.setProgress(job.id, 0.5);
    jobs.setProgress(job.id, 0.3);
    expect(jobs.get(1, job.id)?.progress).toBe(0.5);
    jobs.complete(job.id, plan);
    expect(jobs.get(1, job.id)).toMatchObject({ status: 'done', progress: 1, plan });
    clock.advance(dayPlanJobKeptMs);
    expect(jobs.get(1, job.id)?.status).toBe('done');
    clock.advance(1);
    expect(jobs.get(1, job.id)).toBeUndefined();
  });

  it('keeps the newest jobs of an account only', () => {
    const jobs = createDayPlanJobs(createClock().now);
    const ids = Array.from({ length: dayPlanJobsPerAccount + 2 }, () => jobs.start(1).id);
    const other = jobs.start(2);
    expect(ids.map((id) => jobs.get(1, id) !== undefined)).toEqual([
      false,
      false,
      ...Array.from({ length: dayPlanJobsPerAccount }, () => true),
    ]);
    expect(jobs.get(2, other.id)?.status).toBe('running');
  });

  it("hides another account's job and lets one job run per account", () => {
    const jobs = createDayPlanJobs(createClock().now);
    const first = jobs.start(1);
    const other = jobs.start(2);
    expect(jobs.get(2, first.id)).toBeUndefined();
    expect(jobs.cancel(2, first.id)).toBeUndefined();
    const second = jobs.start(1);
    expect(first.signal.aborted).toBe(true);
    expect(jobs.get(1, first.id)?.status).toBe('cancelled');
    expect(second.signal.aborted).toBe(false);
    expect(other.signal.aborted).toBe(false);
  });

  it('cancels at once, keeps the best plan the search then answers, and leaves a finished job alone', () => {
    const jobs = createDayPlanJobs(createClock().now);
    const job = jobs.start(1);
    expect(jobs.cancel(1, job.id)).toMatchObject({ status: 'cancelled', plan: null });
    jobs.complete(job.id, plan);
    expect(jobs.get(1, job.id)).toMatchObject({ status: 'cancelled', plan });
    const failed = jobs.start(1);
    jobs.fail(failed.id, 'No travel.');
    expect(jobs.cancel(1, failed.id)).toMatchObject({ status: 'failed', message: 'No travel.' });
  });
});
