import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerInput, WorkerMessage } from './worker';
import type { VrptwOptions, VrptwProblem, VrptwProgress, VrptwSolution } from './types';

export type WorkerOptions = Omit<VrptwOptions, 'seed'> & {
  /** One worker thread per seed, run at the same time; default [1, 2] (the server's two cores). */
  seeds?: number[];
};

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
        runWorker(
          {
            problem,
            options: { seed, maxIterations: options.maxIterations, timeBudgetMs: options.timeBudgetMs },
            stopFlag,
          },
          (update) => {
            progress[index] = update;
            report();
          },
        ),
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

/**
 * The worker is TypeScript and the server runs under tsx: the thread first registers tsx's loader (resolved from
 * here, so it works under tsx, vitest and plain node alike), then imports the worker module.
 */
const tsxApi = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
const workerBootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => {
  register();
  return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)});
});`;

function runWorker(
  input: WorkerInput,
  onProgress: (progress: VrptwProgress) => void,
): Promise<VrptwSolution> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerBootstrap, { eval: true, workerData: input });
    let isSettled = false;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress(message.progress);
      else {
        isSettled = true;
        if (message.type === 'result') resolve(message.solution);
        else reject(new Error(message.message));
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      isSettled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!isSettled) reject(new Error(`The planning worker stopped (exit code ${code}) without an answer.`));
    });
  });
}
