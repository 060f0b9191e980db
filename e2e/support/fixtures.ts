import AxeBuilder from '@axe-core/playwright';
import { startE2eServer, type E2eServer } from './e2e-server';
import type { MailCatcher, MailSummary } from './mail-catcher';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const demo = {
  admin: 'demo-admin@mealrounds.test',
  user: 'demo-user@mealrounds.test',
  password: 'demo-password',
} as const;

/** The demo account's description, shown in the top menu's account tag. */
export const demoAccountDescription = 'Harbour City Meals on Wheels';

/** The mail catcher of this worker's server, set while the worker runs. */
let workerCatcher: MailCatcher | null = null;

function currentCatcher(): MailCatcher {
  if (!workerCatcher) throw new Error('the e2e server of this worker has not started');
  return workerCatcher;
}

type ConsoleWatch = { errors: string[]; allowed: RegExp[] };

/** Records console errors and uncaught page errors of `page`, each with the URL it came from. */
export function watchConsole(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    errors.push(url ? `${message.text()} [${url}]` : message.text());
  });
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
}

/**
 * Every page of every journey must log no console errors and no page errors: the check runs after each test.
 * A test that provokes a failure on purpose (a wrong password answers 401, a stubbed 500) names the one console
 * line it expects with `allowConsoleError`; anything else still fails the test.
 */
/** A 1x1 PNG. */
const blankMapTile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48ewhAAVpArB44nOfAAAAAElFTkSuQmCC',
  'base64',
);

/** The test machine has no network: map tiles from the default tile server are served blank. */
export async function serveBlankMapTiles(page: Page): Promise<void> {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: blankMapTile }),
  );
}

export const test = base.extend<
  {
    consoleWatch: ConsoleWatch;
    offlineMapTiles: null;
    consoleErrors: string[];
    allowConsoleError: (pattern: RegExp) => void;
  },
  { e2eServer: E2eServer }
>({
  // Each worker starts its own server from the seeded template (its own data folder, ports and mail catcher).
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startE2eServer(workerInfo.parallelIndex, workerInfo.workerIndex);
      workerCatcher = server.catcher;
      await use(server);
      workerCatcher = null;
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.url);
  },
  consoleWatch: [
    async ({ page }, use) => {
      const watch: ConsoleWatch = { errors: [], allowed: [] };
      watchConsole(page, watch.errors);
      await use(watch);
      const unexpected = watch.errors.filter(
        (error) => !watch.allowed.some((pattern) => pattern.test(error)),
      );
      expect(unexpected, 'console errors and page errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  // The test machine has no network: map tiles from the default tile server are served blank, so a screen that
  // shows a map logs no failed loads. A spec may route them itself; its route is asked first.
  offlineMapTiles: [
    async ({ page }, use) => {
      await serveBlankMapTiles(page);
      await use(null);
    },
    { auto: true },
  ],
  consoleErrors: async ({ consoleWatch }, use) => {
    await use(consoleWatch.errors);
  },
  allowConsoleError: async ({ consoleWatch }, use) => {
    await use((pattern) => {
      consoleWatch.allowed.push(pattern);
    });
  },
});
export { expect };

export async function logIn(page: Page, username: string, password: string = demo.password) {
  await page.goto('/login/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/clients$/);
}

/**
 * No serious or critical accessibility violations on the page as it stands. Legacy mode runs axe inside the page
 * itself: the default opens a blank page of its own to merge each frame's results, a new renderer process per scan
 * that cost about as much as the scan (77 scans in the journeys). What it gives up is scanning into frames of
 * another origin, which our pages only show for a how-to video hosted elsewhere (not ours to fix).
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** How many mails reached `to`, and the newest /confirm link among them. */
export async function readMails(to: string): Promise<MailSummary> {
  return currentCatcher().readMails(to);
}

/** The newest /confirm link mailed to `to`, polled from the mail catcher. */
export async function waitForConfirmLink(to: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      link = (await readMails(to)).link;
      return link;
    })
    .not.toBeNull();
  return link ?? '';
}

/** Waits until `to` has received at least `count` mails; answers the newest /confirm link. */
export async function waitForMailCount(to: string, count: number): Promise<string> {
  await expect
    .poll(async () => (await readMails(to)).count, { message: `mails to ${to}` })
    .toBeGreaterThanOrEqual(count);
  return (await readMails(to)).link ?? '';
}

/** What the contact chat webhook has received so far. */
export async function readWebhookPosts(): Promise<{ text: string }[]> {
  return currentCatcher().readWebhookPosts();
}

/** An email address no other test (or earlier run against the same catcher) uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@mealrounds.test`;
}

/** Logs in through the API (no browser) and answers the token. */
export async function apiLogIn(
  request: APIRequestContext,
  username: string,
  password: string = demo.password,
) {
  const response = await request.post('/api/users/login', { data: { username, password } });
  expect(response.status(), 'API log in').toBe(200);
  const body = (await response.json()) as { data: { jwt: string } };
  return body.data.jwt;
}

/** Adds a user to the demo account as the demo admin, through the API; a registration mail goes to them. */
export async function createUserThroughApi(
  request: APIRequestContext,
  username: string,
  accessLevel: 'normal' | 'admin' = 'normal',
) {
  const jwt = await apiLogIn(request, demo.admin);
  const response = await request.post('/api/users', {
    data: { username, access_level: accessLevel },
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(response.status(), 'API add user').toBe(201);
}
