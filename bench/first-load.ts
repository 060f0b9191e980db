/**
 * The office app's first load: the JavaScript that `/`, `/login/` and `/clients` (logged in) load before the
 * page can be used (until the network is idle), gzipped, read off a running server (`npm start`, or BENCH_URL).
 * Each page opens in a new browser context, so nothing is cached; `/clients` opens with the session of a login
 * made beforehand in another context. Prints figures against the budgets that e2e/first-load.spec.ts enforces.
 *   npm start   (in another terminal)   then   npm run bench:first-load
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import {
  firstLoadBudgetsKb,
  logInForFirstLoad,
  measureFirstLoad,
  sumKb,
  type FirstLoadPath,
  type ScriptSizes,
} from '../e2e/support/first-load';

const base = process.env.BENCH_URL ?? 'http://localhost:3000';
const login = { username: 'demo-admin@mealrounds.test', password: 'demo-password' };

function report(label: string, path: FirstLoadPath, sizes: ScriptSizes) {
  const total = sumKb(sizes);
  const budget = firstLoadBudgetsKb[path];
  const verdict = total <= budget ? `budget ${String(budget)} kB` : `OVER BUDGET of ${String(budget)} kB`;
  console.log(`${label}: ${String(sizes.size)} scripts, ${total.toFixed(1)} kB gzipped (${verdict})`);
  for (const [script, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${script.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} kB`);
  }
}

console.log(
  `machine load (1, 5, 15 min): ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  report('/', '/', await measureFirstLoad(browser, `${base}/`));
  report('/login/', '/login/', await measureFirstLoad(browser, `${base}/login/`));
  const session = await logInForFirstLoad(browser, base, login);
  report('/clients (logged in)', '/clients', await measureFirstLoad(browser, `${base}/clients`, session));
} finally {
  await browser.close();
}
