import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/users';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'mealrounds-create-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function createAdmin(args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/cli/create-admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://meals.example.org' },
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
});
