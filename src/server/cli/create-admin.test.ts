import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { accounts } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import {
  findFreePort,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../testing/server-process';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'mealrounds-create-admin-'));
const besideDataDir = mkdtempSync(join(tmpdir(), 'mealrounds-create-admin-beside-'));
let server: ServerProcess | null = null;
afterAll(async () => {
  if (server) await stopServerProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(besideDataDir, { recursive: true, force: true });
});

function createAdmin(args: string[], directory = dataDir) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/cli/create-admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: directory, DATABASE_URL: '', PUBLIC_URL: 'https://meals.example.org' },
  });
}

describe('npm run create-admin', () => {
  it('creates the account and an admin, and prints the confirm link with its code', async () => {
    const { stdout } = await createAdmin([
      '--account',
      'Riverside Meals',
      '--username',
      'Boss@Riverside.example',
    ]);
    expect(stdout).toMatch(
      /https:\/\/meals\.example\.org\/confirm\?username=boss%40riverside\.example&confirmCode=[\w-]{20,}/,
    );
    const database = await openDatabase({ databaseUrl: '', dataDir });
    const rows = await database.db.select().from(users);
    await database.close();
    expect(rows).toEqual([
      expect.objectContaining({
        username: 'boss@riverside.example',
        accessLevel: 'admin',
        passwordHash: null,
      }),
    ]);
  }, 60_000);

  it('--source none creates an account without a CRM; another source is refused', async () => {
    await createAdmin(['--account', 'Paper Meals', '--username', 'chef@paper.example', '--source', 'none']);
    await expect(
      createAdmin(['--account', 'Odd', '--username', 'odd@paper.example', '--source', 'lookout']),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('--source must be alayacare or none.') });
    const database = await openDatabase({ databaseUrl: '', dataDir });
    const rows = await database.db
      .select({ name: accounts.name, sourceSystem: accounts.sourceSystem })
      .from(accounts)
      .where(eq(accounts.name, 'Paper Meals'));
    await database.close();
    expect(rows).toEqual([{ name: 'Paper Meals', sourceSystem: 'none' }]);
  }, 60_000);

  it('refuses a bad email and a taken username with one clear line', async () => {
    await expect(createAdmin(['--account', 'X', '--username', 'not-an-email'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--username must be an email address.'),
    });
    await expect(
      createAdmin(['--account', 'Again', '--username', 'boss@riverside.example']),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('The username boss@riverside.example is already taken.'),
    });
  }, 60_000);

  it('beside a running server asks that server, whose confirmation link then works', async () => {
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = startServerProcess(port, { DATA_DIR: besideDataDir, SEED_DEMO: 'no', PUBLIC_URL: baseUrl });
    await server.waitForOutput(/MealRounds is running at/);

    const { stdout } = await createAdmin(
      ['--account', 'Beside', '--username', 'chef@beside.example'],
      besideDataDir,
    );
    expect(stdout).toContain('Account and admin created by the running server.');
    const link = new URL(/http\S+\/confirm\?\S+/.exec(stdout)?.[0] ?? '');
    expect(link.origin).toBe(baseUrl);

    const confirmed = await fetch(`${baseUrl}/api/users/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: link.searchParams.get('username'),
        confirmCode: link.searchParams.get('confirmCode'),
        password: 'a-long-enough-password',
        passwordConfirm: 'a-long-enough-password',
      }),
    });
    expect(((await confirmed.json()) as { meta: { error_code: number } }).meta.error_code).toBe(0);
    const login = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'chef@beside.example', password: 'a-long-enough-password' }),
    });
    expect(((await login.json()) as { meta: { error_code: number } }).meta.error_code).toBe(0);

    // The server's refusals reach the command as one line.
    await expect(
      createAdmin(['--account', 'Again', '--username', 'chef@beside.example'], besideDataDir),
    ).rejects.toMatchObject({ stderr: 'The username chef@beside.example is already taken.\n' });
  }, 120_000);

  it('the server refuses an unsigned or wrongly signed request', async () => {
    if (!server) throw new Error('the server of the previous test is not running');
    const url = `http://127.0.0.1:${server.port}/internal/create-admin`;
    const body = JSON.stringify({ account: 'Intruder', username: 'intruder@evil.example' });
    for (const signature of [undefined, `${Date.now()}.${'0'.repeat(64)}`]) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-mealrounds-signature': signature } : {}),
        },
        body,
      });
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { meta: { error_code: number } }).meta.error_code).toBe(4);
    }
  });
});
