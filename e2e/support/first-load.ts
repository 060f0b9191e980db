import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * The office app's first-load budgets: the JavaScript a page loads until the network is idle, gzipped, in kB
 * (1024 bytes), with nothing cached. Checked by e2e/first-load.spec.ts on every test run and printed by
 * `npm run bench:first-load`. A new screen loads its code when opened (src/web/app/router.tsx), so it costs the
 * pages below nothing; code shared by every page (the layout, the session, the contracts it reads) counts here.
 */
export const firstLoadBudgetsKb = { '/': 180, '/login/': 180, '/clients': 200 } as const;

export type FirstLoadPath = keyof typeof firstLoadBudgetsKb;
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Each script the page loaded, by path, with its size gzipped (bytes). */
export type ScriptSizes = Map<string, number>;

function recordScripts(page: Page) {
  const sizes: ScriptSizes = new Map();
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith('.js')) return;
    reading.push(
      response
        .body()
        .then((body) => void sizes.set(pathname, gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  });
  return async () => {
    await Promise.all(reading);
    return sizes;
  };
}

/** Opens `url` in a new context (nothing cached) and records the scripts it loads until the network is idle. */
export async function measureFirstLoad(
  browser: Browser,
  url: string,
  storageState?: StorageState,
): Promise<ScriptSizes> {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const readSizes = recordScripts(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    return await readSizes();
  } finally {
    await context.close();
  }
}

/** Logs in through the login page in a context of its own and keeps the session for fresh contexts. */
export async function logInForFirstLoad(
  browser: Browser,
  baseUrl: string,
  login: { username: string; password: string },
): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login/`);
    await page.getByLabel('Username').fill(login.username);
    await page.getByLabel('Password', { exact: true }).fill(login.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export function sumKb(sizes: ScriptSizes): number {
  return [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024;
}
