import { cp, rm } from 'node:fs/promises';
import {
  findFreePort,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../src/server/testing/server-process';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { e2ePorts } from './ports';

/**
 * One app server per Playwright worker: its own process, ports, mail catcher and data folder, so journeys in
 * different workers never see each other's rows or mails. The demo seed runs once per suite into a template
 * folder (global-setup.ts); each worker starts from a copy of it, which takes seconds instead of a fresh seed.
 */

/** Keyed by the base port, so two suites started with different E2E_APP_PORT values never share a folder. */
export const templateDataDir = `/tmp/mealrounds-e2e-${String(e2ePorts.appPort)}-template`;
const readyLine = /MealRounds is running at/;

function serverEnv(port: number, dataDir: string, catcher: MailCatcher | null): Record<string, string> {
  const webRoot = process.env.E2E_WEB_ROOT;
  return {
    HOST: '0.0.0.0',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${String(port)}`,
    LOG_LEVEL: 'warn',
    // Set E2E_WEB_ROOT (with `vite build --outDir` there) to run a second suite beside this one.
    WEB_ROOT: webRoot ?? 'dist/web',
    // Welfare steps run every second (not every 15 s), and the journeys reply to welfare messages themselves.
    WELFARE_STEPS_INTERVAL_MS: '1000',
    DEMO_SMS_AUTO_REPLY_MS: '0',
    PARENT_COMPANY_NAME: 'Harbour Software',
    PARENT_COMPANY_URL: 'https://harbour-software.example/mealrounds',
    ...(catcher ? { SMTP_URL: catcher.smtpUrl, CONTACT_WEBHOOK_URL: catcher.webhookUrl } : {}),
  };
}

/** Server warnings and errors reach the Playwright output, as they did from its webServer. */
function forwardStderr(server: ServerProcess, label: string): void {
  server.child.stderr?.on('data', (chunk: Buffer) =>
    process.stderr.write(`[${label}] ${chunk.toString('utf8')}`),
  );
}

async function waitUntilReady(server: ServerProcess): Promise<void> {
  await server.waitForOutput(readyLine);
}

/** Seeds the demo account into a fresh template folder and stops the server cleanly (PGlite closes its files). */
export async function seedTemplateDataDir(): Promise<void> {
  await rm(templateDataDir, { recursive: true, force: true });
  const port = await findFreePort();
  const server = startServerProcess(port, serverEnv(port, templateDataDir, null));
  forwardStderr(server, 'e2e seed');
  await waitUntilReady(server);
  const code = await stopServerProcess(server);
  if (code !== 0) throw new Error(`the seeding server stopped with ${String(code)}:\n${server.stderr()}`);
}

export type E2eServer = {
  url: string;
  catcher: MailCatcher;
  stop: () => Promise<void>;
};

/** Starts a server from a copy of the seeded template in `dataDir`; stopping it removes the folder. */
async function startFromTemplate(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  label: string,
): Promise<{ stop: () => Promise<void> }> {
  await rm(dataDir, { recursive: true, force: true });
  await cp(templateDataDir, dataDir, { recursive: true });
  const server = startServerProcess(port, env);
  forwardStderr(server, label);
  // A worker that ends without its teardown (Playwright stops a stuck worker) must not leave its server running.
  const killOnExit = () => server.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    await stopServerProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

/**
 * The server of the worker in slot `parallelIndex`. The suite's first worker keeps the base ports (E2E_APP_PORT
 * and the next two) so a single spec runs where it always did; every other worker takes free ports, including
 * the one that replaces a worker after a failed test (Playwright may start it before the old server has let go
 * of its port).
 */
/** A worker's data folder (create-admin run beside that worker's server reads it too). */
export function workerDataDir(workerIndex: number): string {
  return `/tmp/mealrounds-e2e-${String(e2ePorts.appPort)}-worker-${String(workerIndex)}`;
}

export async function startE2eServer(parallelIndex: number, workerIndex: number): Promise<E2eServer> {
  const first = workerIndex === 0;
  const catcher = await startMailCatcher(
    first ? { smtpPort: e2ePorts.smtpPort, httpPort: e2ePorts.catcherPort } : { smtpPort: 0, httpPort: 0 },
  );
  const port = first ? e2ePorts.appPort : await findFreePort();
  const dataDir = workerDataDir(workerIndex);
  try {
    const server = await startFromTemplate(
      port,
      dataDir,
      serverEnv(port, dataDir, catcher),
      `e2e server ${String(parallelIndex)}`,
    );
    const stop = async () => {
      await server.stop();
      await catcher.close();
    };
    return { url: `http://localhost:${String(port)}`, catcher, stop };
  } catch (error) {
    await catcher.close();
    throw error;
  }
}

export type ClockedE2eServer = { url: string; stop: () => Promise<void> };

/**
 * A server of its own whose clock starts at `clockStart` (an ISO instant with its offset) and runs on, for a
 * journey that depends on the time of day; the journey sets the same time in its browser. It sends no mail.
 */
export async function startClockedE2eServer(
  clockStart: string,
  workerIndex: number,
): Promise<ClockedE2eServer> {
  const port = await findFreePort();
  const dataDir = `/tmp/mealrounds-e2e-${String(e2ePorts.appPort)}-clocked-${String(workerIndex)}`;
  const env = { ...serverEnv(port, dataDir, null), NODE_ENV: 'test', CLOCK_START: clockStart };
  const server = await startFromTemplate(port, dataDir, env, `e2e clocked server ${String(workerIndex)}`);
  return { url: `http://localhost:${String(port)}`, stop: server.stop };
}
