import { eq, ne } from 'drizzle-orm';
import type { Database } from '../client';
import { demoSeedProgress, demoSeedSteps, type DemoSeedStep } from '../schema/demo-seed';

/** The steps after the account itself; each is safe to run again when a start was killed during it. */
export type DemoSeedWork = Record<Exclude<DemoSeedStep, 'account'>, () => Promise<unknown>>;

/** The last step: a demo seeded before later steps were added finishes them on its next start. */
const finalStep: DemoSeedStep = demoSeedSteps[demoSeedSteps.length - 1] ?? 'account';

/** The demo account whose seeding has steps left (a first start stopped part way), if any. */
export async function findUnfinishedDemoSeed(db: Database) {
  const [row] = await db
    .select({ accountId: demoSeedProgress.accountId, step: demoSeedProgress.step })
    .from(demoSeedProgress)
    .where(ne(demoSeedProgress.step, finalStep))
    .limit(1);
  return row ?? null;
}

/**
 * Runs the steps after `doneStep` in order, recording each one once it is complete, so a start killed at any
 * point resumes at the step it was in. `onStep` hears each step before it runs.
 */
export async function finishDemoSeed(
  db: Database,
  progress: { accountId: number; step: DemoSeedStep },
  work: DemoSeedWork,
  onStep: (step: DemoSeedStep) => void,
) {
  for (const step of demoSeedSteps.slice(demoSeedSteps.indexOf(progress.step) + 1)) {
    if (step === 'account') continue;
    onStep(step);
    await work[step]();
    await db
      .update(demoSeedProgress)
      .set({ step, updatedAt: new Date() })
      .where(eq(demoSeedProgress.accountId, progress.accountId));
  }
}
