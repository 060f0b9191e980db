/**
 * Worker-thread entry: solves one problem with one seed and posts progress and the plan back. The parent stops it
 * through a shared flag, which the search reads between iterations (a message could not arrive while it runs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { solveVrptwSync } from './solve';
import type { VrptwOptions, VrptwProblem, VrptwProgress, VrptwSolution } from './types';

export type WorkerInput = {
  problem: VrptwProblem;
  options: Pick<VrptwOptions, 'seed' | 'maxIterations' | 'timeBudgetMs'>;
  /** Int32 flag: 1 asks the search to stop and answer with its best plan. */
  stopFlag: SharedArrayBuffer;
};

export type WorkerMessage =
  | { type: 'progress'; progress: VrptwProgress }
  | { type: 'result'; solution: VrptwSolution }
  | { type: 'error'; message: string };

const input = workerData as WorkerInput;
const stopFlag = new Int32Array(input.stopFlag);
const post = (message: WorkerMessage) => parentPort?.postMessage(message);
try {
  const solution = solveVrptwSync(input.problem, {
    ...input.options,
    shouldStop: () => Atomics.load(stopFlag, 0) === 1,
    onProgress: (progress) => post({ type: 'progress', progress }),
  });
  post({ type: 'result', solution });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
