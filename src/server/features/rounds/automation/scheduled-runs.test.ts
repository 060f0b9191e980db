import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../../contracts/accounts';
import { createAdvisoryLocks } from '../../../db/advisory-lock';
import { accounts } from '../../../db/schema/accounts';
import { roundAutomationRuns } from '../../../db/schema/round-automation';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createRoundAutomationRepository, roundAutomationLockClass } from './repository';
import { createRoundAutomationService } from './service';

// The scheduled path against the real database, with the CRM and the optimiser left out (no visits).
let t: TestApp;
let enabledId = 0;
let clock = new Date('2026-11-17T15:00:00Z');
const slot = new Date('2026-11-17T15:00:00Z');
const visitDays: string[] = [];
/** While set, the CRM's visits of the third day wait for it: a run is held part way. */
let heldThirdDay: Promise<void> | null = null;

function makeService() {
  return createRoundAutomationService({
    repository: createRoundAutomationRepository(t.db),
    accounts: {
      getAccountById: (id: number) =>
        Promise.resolve({
          id,
          rounds: [
            {
              id: 1,
              name: 'Inner West',
              address: '1 Booth Street, Annandale NSW',
              pickup_time: '09:00',
              timezone: 'Australia/Sydney',
            },
          ],
          route_automation: { enabled: '1', days_in_advance: 3, optimise_by: 'optimal' },
        } as Account),
    },
    visits: {
      getRoundsDayVisits: async (_session, { roundIds, date }) => {
        visitDays.push(date);
        if (visitDays.length % 3 === 0) await heldThirdDay;
        return new Map(roundIds.map((roundId) => [roundId, { data: [], message: '' }]));
      },
      publishVisits: () => Promise.reject(new Error('nothing to publish')),
    },
    orderRound: () => Promise.reject(new Error('nothing to order')),
    now: () => clock,
    log: { error: () => undefined },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const enabled = await t.createAccount('Automated');
  await t.createAccount('Manual Only');
  enabledId = enabled.account.id;
  await t.db
    .update(accounts)
    .set({ roundAutomation: { enabled: '1', days_in_advance: 3, optimise_by: 'optimal' } })
    .where(eq(accounts.id, enabledId));
});
afterAll(async () => t.close());

describe('scheduled round automation runs', () => {
  it('runs the enabled accounts once per slot, from tomorrow in the round timezone', async () => {
    const service = makeService();
    const runs = await service.runScheduled(slot);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', status: 'succeeded', rounds: 1, days: 3 });
    expect(visitDays).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    const stored = await t.db
      .select()
      .from(roundAutomationRuns)
      .where(eq(roundAutomationRuns.accountId, enabledId));
    expect(stored).toHaveLength(1);
    // Another server firing for the same slot finds the run done.
    expect(await makeService().runScheduled(slot)).toEqual([]);
    clock = new Date('2026-11-18T15:00:00Z');
    expect(await service.runScheduled(new Date('2026-11-18T15:00:00Z'))).toHaveLength(1);
  });

  it('records its counts after each day, as a sign of life', async () => {
    clock = new Date('2026-11-19T01:00:00Z');
    let release = () => {};
    heldThirdDay = new Promise((resolve) => (release = resolve));
    visitDays.length = 0;
    const service = makeService();
    const running = service.runScheduled(new Date('2026-11-19T00:00:00Z'));
    await vi.waitFor(() => expect(visitDays).toHaveLength(3));
    const [going] = await t.db
      .select()
      .from(roundAutomationRuns)
      .where(eq(roundAutomationRuns.status, 'running'));
    expect(going).toMatchObject({ rounds: 1, days: 2, heartbeatAt: clock });
    release();
    heldThirdDay = null;
    expect(await running).toMatchObject([{ status: 'succeeded', days: 3 }]);
  });

  it('skips an account whose lock another server holds, and runs it as soon as that lock is freed', async () => {
    clock = new Date('2026-11-19T15:00:00Z');
    // Another server's run: its lock, held on a connection of its own.
    const otherServer = await createAdvisoryLocks(t.db).tryLock(roundAutomationLockClass, enabledId);
    expect(otherServer).not.toBeNull();
    expect(await makeService().runScheduled(clock)).toEqual([]);
    await otherServer?.release();
    expect(await makeService().runScheduled(clock)).toMatchObject([{ status: 'succeeded' }]);
  });

  it('takes over at once from a run left running by a server that died, marking it interrupted', async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    // Its server died a minute ago, in the middle of a day: the row says running, but nobody holds the lock.
    const [left] = await t.db
      .insert(roundAutomationRuns)
      .values({
        accountId: enabledId,
        trigger: 'manual',
        startedAt: new Date('2026-11-20T14:58:00Z'),
        heartbeatAt: new Date('2026-11-20T14:59:00Z'),
      })
      .returning();
    expect(await makeService().runScheduled(clock)).toMatchObject([{ status: 'succeeded' }]);
    const [interrupted] = await t.db
      .select()
      .from(roundAutomationRuns)
      .where(eq(roundAutomationRuns.id, left?.id ?? 0));
    expect(interrupted).toMatchObject({
      status: 'failed',
      finishedAt: clock,
      errors: ['The run was interrupted (the server stopped).'],
    });
  });

  it('allows one running run per account in the database itself', async () => {
    const running = { accountId: enabledId, trigger: 'manual', startedAt: clock };
    await t.db.insert(roundAutomationRuns).values(running);
    await expect(t.db.insert(roundAutomationRuns).values(running)).rejects.toThrow();
    await t.db
      .update(roundAutomationRuns)
      .set({ status: 'failed' })
      .where(eq(roundAutomationRuns.accountId, enabledId));
  });
});
