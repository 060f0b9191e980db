import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

/** A port free a moment ago: bound once, then released. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first stdout line matching `pattern` (rejects if the process ends first). */
  waitForOutput: (pattern: RegExp) => Promise<string>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
};

/** `npx tsx src/server/main.ts` as its own process, on `port`, with the environment given. */
export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_ROOT: '/nonexistent-web-root',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      for (const waiter of waiters.splice(0)) {
        waiter.reject(
          new Error(`the server exited (${code}) before printing ${waiter.pattern}:\n${out}\n${err}`),
        );
      }
      resolve(code);
    });
  });
  function check() {
    for (const waiter of [...waiters]) {
      const line = out.split('\n').find((candidate) => waiter.pattern.test(candidate));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  }
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    check();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  return {
    child,
    port,
    stdout: () => out,
    stderr: () => err,
    waitForOutput: (pattern) =>
      new Promise((resolve, reject) => {
        if (child.exitCode !== null) {
          reject(new Error(`the server has exited (${child.exitCode}):\n${out}\n${err}`));
          return;
        }
        waiters.push({ pattern, resolve, reject });
        check();
      }),
    exited,
  };
}

/** SIGTERM (a clean stop) and its exit code. */
export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}
