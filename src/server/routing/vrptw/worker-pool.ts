import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerJob, WorkerMessage } from './worker';
import type { VrptwProgress, VrptwSolution } from './types';

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

type Pending = {
  job: WorkerJob;
  onProgress: (progress: VrptwProgress) => void;
  resolve: (solution: VrptwSolution) => void;
  reject: (error: Error) => void;
};

/**
 * A few long-lived solver threads: starting a thread (and compiling the solver in it) costs more than a solve of
 * a small day, so threads are kept between solves. Jobs beyond the thread count wait in order. Idle threads do not
 * keep the process alive.
 */
export class VrptwWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Pending[] = [];
  private started = 0;

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('A pool needs at least one thread.');
  }

  run(job: WorkerJob, onProgress: (progress: VrptwProgress) => void): Promise<VrptwSolution> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, onProgress, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every idle thread (tests, shutdown); busy ones end when their solve ends. */
  async close(): Promise<void> {
    const threads = this.idle.splice(0);
    this.started -= threads.length;
    await Promise.all(threads.map((thread) => thread.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let thread = this.idle.pop();
      if (!thread && this.started < this.size) {
        thread = new Worker(workerBootstrap, { eval: true });
        this.started += 1;
      }
      if (!thread) return;
      this.start(thread, this.waiting.shift() as Pending);
    }
  }

  private start(thread: Worker, pending: Pending): void {
    thread.ref();
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'progress') return pending.onProgress(message.progress);
      finish(true);
      if (message.type === 'result') pending.resolve(message.solution);
      else pending.reject(new Error(message.message));
    };
    const onError = (error: Error) => {
      finish(false);
      pending.reject(error);
    };
    const onExit = (code: number) => {
      finish(false);
      pending.reject(new Error(`The planning thread stopped (exit code ${code}) without an answer.`));
    };
    // Only our own listeners come off: the Worker keeps internal ones (removeAllListeners would deafen it).
    const finish = (isUsable: boolean) => {
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (isUsable) {
        thread.unref();
        this.idle.push(thread);
      } else {
        this.started -= 1;
        void thread.terminate();
      }
      this.dispatch();
    };
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    thread.postMessage(pending.job);
  }
}
