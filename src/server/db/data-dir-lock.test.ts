import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findFreePort,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../testing/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'mealrounds-lock-'));
const started: ServerProcess[] = [];
const env = { DATA_DIR: dataDir, SEED_DEMO: 'no' };

async function startServer(): Promise<ServerProcess> {
  const server = startServerProcess(await findFreePort(), env);
  started.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(started.map((server) => stopServerProcess(server)));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one process per embedded data folder', () => {
  it('refuses a second server on the same DATA_DIR with one line, while the first keeps serving', async () => {
    const first = await startServer();
    await first.waitForOutput(/MealRounds is running at/);

    const second = await startServer();
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim().split('\n')).toEqual([
      `The data folder ${dataDir} is in use by a MealRounds server (pid ${first.child.pid}, port ${first.port}): only one process may open it. Stop that process first, or use another DATA_DIR (or DATABASE_URL for a shared PostgreSQL).`,
    ]);

    const answer = await fetch(`http://127.0.0.1:${first.port}/api/config`);
    expect(answer.status).toBe(200);
    expect(first.child.exitCode).toBeNull();

    // A clean stop releases the folder.
    expect(await stopServerProcess(first)).toBe(0);
    expect(existsSync(join(dataDir, 'lock'))).toBe(false);
  }, 120_000);

  it('a lock left by a server killed with kill -9 does not block the next start', async () => {
    const killed = await startServer();
    await killed.waitForOutput(/MealRounds is running at/);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(join(dataDir, 'lock'))).toBe(true);

    const next = await startServer();
    await next.waitForOutput(/MealRounds is running at/);
    expect((await fetch(`http://127.0.0.1:${next.port}/api/config`)).status).toBe(200);
    expect(await stopServerProcess(next)).toBe(0);
  }, 120_000);
});
