/**
 * The office app's first load: the JavaScript that `/`, `/login/` and `/clients` (logged in) load before the
 * page can be used (until the network is idle), gzipped, read off a running server (`npm start`, or BENCH_URL).
 * Each page opens in a new browser context, so nothing is cached; `/clients` opens with the session of a login
 * made beforehand in another context. Prints figures; a benchmark, not a test.
 *   npm start   (in another terminal)   then   npm run bench:first-load
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

const base = process.env.BENCH_URL ?? 'http://localhost:3000';
const login = { email: 'demo-admin@mealrounds.test', password: 'demo-password' };
const budgetKb = 200;

/** Records every script the page loads, with its size gzipped, until `stop` is called. */
function recordScripts(page: Page) {
  const sizes = new Map<string, number>();
  let isRecording = true;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!isRecording || !url.pathname.endsWith('.js')) return;
    void response
      .body()
      .then((body) => sizes.set(url.pathname, gzipSync(body, { level: 9 }).length))
      .catch(() => undefined);
  });
  return {
    stop: () => {
      isRecording = false;
      return sizes;
    },
  };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Logs in through the login page and keeps the session (cookies and local storage) for a fresh context. */
async function logIn(browser: Browser): Promise<StorageState> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login/`);
  await page.getByLabel('Username').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Opens `path` in a new context (nothing cached) and records the scripts it loads until the network is idle. */
async function measure(browser: Browser, path: string, storageState?: StorageState) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const recorder = recordScripts(page);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const sizes = recorder.stop();
  await context.close();
  return sizes;
}

function report(label: string, sizes: Map<string, number>, budget: number | null) {
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const verdict =
    budget === null ? '' : total / 1024 <= budget ? ` (budget ${String(budget)} kB)` : ' OVER BUDGET';
  console.log(`${label}: ${String(sizes.size)} scripts, ${(total / 1024).toFixed(1)} kB gzipped${verdict}`);
  for (const [path, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${path.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} kB`);
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  report('/', await measure(browser, '/'), budgetKb);
  report('/login/', await measure(browser, '/login/'), budgetKb);
  report('/clients (logged in)', await measure(browser, '/clients', await logIn(browser)), null);
} finally {
  await browser.close();
}
