/**
 * Worker-thread entry: solves the problems the parent sends, one at a time, posting progress and the plan back.
 * The parent stops a solve through a shared flag, which the search reads between iterations (a message could not
 * arrive while the search runs).
 */
import { parentPort } from 'node:worker_threads';
import { solveVrptwSync } from './solve';
import type { VrptwOptions, VrptwProblem, VrptwProgress, VrptwSolution } from './types';

export type WorkerJob = {
  problem: VrptwProblem;
  options: Pick<VrptwOptions, 'seed' | 'maxIterations' | 'timeBudgetMs' | 'startedAt'>;
  /** Int32 flag: 1 asks the search to stop and answer with its best plan. */
  stopFlag: SharedArrayBuffer;
};

export type WorkerMessage =
  | { type: 'progress'; progress: VrptwProgress }
  | { type: 'result'; solution: VrptwSolution }
  | { type: 'error'; message: string };

const post = (message: WorkerMessage) => parentPort?.postMessage(message);

parentPort?.on('message', (job: WorkerJob) => {
  const stopFlag = new Int32Array(job.stopFlag);
  try {
    const solution = solveVrptwSync(job.problem, {
      ...job.options,
      shouldStop: () => Atomics.load(stopFlag, 0) === 1,
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    post({ type: 'result', solution });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
