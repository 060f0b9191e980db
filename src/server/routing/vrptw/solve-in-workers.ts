import { VrptwWorkerPool } from './worker-pool';
import type { VrptwOptions, VrptwProblem, VrptwProgress, VrptwSolution } from './types';

export type WorkerOptions = Omit<VrptwOptions, 'seed'> & {
  /** One worker thread per seed, run at the same time; default [1, 2] (the server's two cores). */
  seeds?: number[];
  /** Default: a shared pool of two threads, kept between solves. */
  pool?: VrptwWorkerPool;
};

let sharedPool: VrptwWorkerPool | undefined;

/** The process's solver threads: two, one per core of the target server. */
export function getSharedVrptwPool(): VrptwWorkerPool {
  sharedPool ??= new VrptwWorkerPool(2);
  return sharedPool;
}

/**
 * Solves off the calling thread: one worker per seed, and the best plan wins (fewest unassigned, then lowest
 * cost, then the earlier seed), so the answer is still the same for the same seeds. Aborting stops every worker
 * promptly; the best plan found so far is returned with stoppedBy 'aborted'.
 */
export async function solveVrptwInWorkers(
  problem: VrptwProblem,
  options: WorkerOptions = {},
): Promise<VrptwSolution> {
  const seeds = options.seeds ?? [1, 2];
  if (seeds.length === 0) throw new RangeError('At least one seed is needed.');
  const stopFlag = new SharedArrayBuffer(4);
  const stop = () => Atomics.store(new Int32Array(stopFlag), 0, 1);
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  const progress: VrptwProgress[] = seeds.map(() => ({ fraction: 0, bestCost: Infinity, unassigned: 0 }));
  const report = () => {
    const best = progress.reduce((a, b) =>
      b.unassigned < a.unassigned || (b.unassigned === a.unassigned && b.bestCost < a.bestCost) ? b : a,
    );
    const fraction = Math.min(...progress.map((item) => item.fraction));
    options.onProgress?.({ fraction, bestCost: best.bestCost, unassigned: best.unassigned });
  };
  try {
    const solutions = await Promise.all(
      seeds.map((seed, index) =>
        (options.pool ?? getSharedVrptwPool())
          .run(
            {
              problem,
              options: {
                seed,
                maxIterations: options.maxIterations,
                timeBudgetMs: options.timeBudgetMs,
                startedAt: options.startedAt,
              },
              stopFlag,
            },
            (update) => {
              progress[index] = update;
              report();
            },
          )
          .catch((error: unknown) => {
            // One thread failed: the others' answers are no longer needed.
            stop();
            throw error;
          }),
      ),
    );
    return solutions.reduce((best, solution) =>
      solution.unassigned.length < best.unassigned.length ||
      (solution.unassigned.length === best.unassigned.length && solution.cost < best.cost)
        ? solution
        : best,
    );
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
}
