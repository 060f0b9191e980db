import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page, TestInfo } from '@playwright/test';
import { expect, logIn, uniqueEmail } from './fixtures';
import { workerDataDir } from './e2e-server';

const run = promisify(execFile);

/**
 * A new account without a CRM and its admin, made as an operator does (`create-admin --source none` beside the
 * running server, which holds the worker's data folder), then confirmed and logged in on `page`. Each journey gets
 * an account of its own, so the demo account stays as seeded for the others.
 */
export async function createNoSourceAdmin(
  page: Page,
  testInfo: TestInfo,
  accountName: string,
): Promise<{ username: string; password: string }> {
  const username = uniqueEmail('no-crm');
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/cli/create-admin.ts',
      '--account',
      accountName,
      '--username',
      username,
      '--source',
      'none',
    ],
    { env: { ...process.env, DATA_DIR: workerDataDir(testInfo.workerIndex), DATABASE_URL: '' } },
  );
  const link = new URL(/http\S+\/confirm\?\S+/.exec(stdout)?.[0] ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  const password = 'a-paper-password-2026';
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Go to Log In' }).click();
  await logIn(page, username, password);
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  return { username, password };
}
