import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** How a benchmark starts the real server: node flags (e.g. --cpu-prof) and a file for its log lines. */
export type ServerOptions = { nodeFlags?: string[]; serverLog?: string };

/**
 * Starts `src/server/main.ts` on `port` with the benchmarks' settings (warnings only in the log, no login rate
 * limit, X-Forwarded-For trusted) and `env` on top.
 */
export function startServer(
  port: number,
  env: Record<string, string>,
  options: ServerOptions = {},
): ChildProcess {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', 'tsx', 'src/server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
        // The write mix posts each driver link's outcomes from its own address (X-Forwarded-For), as phones would.
        TRUST_PROXY: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (options.serverLog) child.stdout?.pipe(createWriteStream(options.serverLog, { flags: 'a' }));
  return child;
}

/**
 * Waits for the welcome line, which the server prints once the demo seeding and its planner statistics are done:
 * answering /api/config comes earlier, and a mix started then would time the seeding.
 */
export async function waitForServer(child: ChildProcess) {
  const output = child.stdout;
  if (!output) throw new Error('the server output is not piped');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start')), 240_000);
    let tail = '';
    // Keeps reading to the end: a full pipe would stall the server's log writes.
    output.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-200);
      if (tail.includes('MealRounds is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('the server exited'));
    });
  });
}

/** SIGTERM, and SIGKILL when the server has not ended within `graceMs` (work it waits for, cut short). */
export async function stopServer(child: ChildProcess, graceMs = Infinity) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = Number.isFinite(graceMs) ? setTimeout(() => child.kill('SIGKILL'), graceMs) : undefined;
  await exited;
  clearTimeout(timer);
}
