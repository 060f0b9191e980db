import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findFreePort,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../testing/server-process';
import { openDatabase } from '../client';
import { clients, visits } from '../schema/clients';
import { demoSeedProgress, demoSeedSteps, type DemoSeedStep } from '../schema/demo-seed';
import { clientMealChoices } from '../schema/meals';

const dataDir = mkdtempSync(join(tmpdir(), 'mealrounds-demo-resume-'));
const started: ServerProcess[] = [];

async function startDemoServer(): Promise<ServerProcess> {
  const server = startServerProcess(await findFreePort(), { DATA_DIR: dataDir, SEED_DEMO: 'yes' });
  started.push(server);
  return server;
}

async function readRecordedStep(): Promise<DemoSeedStep> {
  const database = await openDatabase({ databaseUrl: '', dataDir });
  try {
    const [row] = await database.db.select().from(demoSeedProgress);
    if (!row) throw new Error('the demo account was not seeded');
    return row.step;
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  await Promise.all(started.map((server) => stopServerProcess(server)));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo seeding', () => {
  it('a first start killed (kill -9) during its demo seeding is completed by the next start', async () => {
    const first = await startDemoServer();
    // Killed as the rounds step begins: the steps after it (rounds, meal choices, visits) take seconds more.
    await first.waitForOutput(/"step":"rounds"/);
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAfter = await readRecordedStep();

    const second = await startDemoServer();
    await second.waitForOutput(/MealRounds is running at/);
    // It runs exactly the steps the killed start had not recorded as done.
    const stepsRun = [...second.stdout().matchAll(/"step":"(\w+)"/g)].map((match) => match[1]);
    expect(stepsRun).toEqual(demoSeedSteps.slice(demoSeedSteps.indexOf(killedAfter) + 1));
    expect(await stopServerProcess(second)).toBe(0);

    const database = await openDatabase({ databaseUrl: '', dataDir });
    try {
      const total = async (query: Promise<{ total: number }[]>) => (await query)[0]?.total ?? 0;
      expect(await database.db.select().from(demoSeedProgress)).toEqual([
        expect.objectContaining({ step: demoSeedSteps.at(-1) }),
      ]);
      const db = database.db;
      expect(
        await total(db.select({ total: count() }).from(clients).where(isNotNull(clients.roundId))),
      ).toBeGreaterThan(0);
      expect(await total(db.select({ total: count() }).from(clientMealChoices))).toBeGreaterThan(0);
      expect(await total(db.select({ total: count() }).from(visits))).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 300_000);
});
