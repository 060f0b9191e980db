/**
 * Records the product media from a running MealRounds server with the demo account:
 *  - public/media/overview.png and docs/screenshot.png: the weekly Menu screen at 1366x800, logged in as the demo
 *    admin: demo meals only, no user's email address and no client's details;
 *  - public/media/howto.webm: a short how-to screencast (home, log in, top menu, Settings > Users, add a user,
 *    log out) recorded with Playwright's video recording.
 *
 * Usage (against a fresh demo database, so the screenshot shows only demo data):
 *   npx vite build
 *   rm -rf /tmp/mr-media && DATA_DIR=/tmp/mr-media PORT=3300 npx tsx src/server/main.ts &
 *   npx tsx e2e/support/record-media.ts screenshot   # MEDIA_BASE_URL defaults to http://localhost:3300
 *   npx vite build                                   # copies the new overview.png into dist/web
 *   (restart the server on the same DATA_DIR: it serves the files that exist when it starts)
 *   npx tsx e2e/support/record-media.ts video        # the home page shows the new overview.png
 *   npx vite build                                   # copies howto.webm too
 * With no argument both are made, which needs a server that already serves /media/overview.png.
 *
 * Playwright's video recording needs its own ffmpeg build; on a machine without it, install Debian's
 * (`apt-get install -y ffmpeg`) and link /usr/bin/ffmpeg to the path Playwright's error message names.
 */
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';

const baseUrl = process.env.MEDIA_BASE_URL ?? 'http://localhost:3300';
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const mediaDir = join(repoRoot, 'public/media');
const admin = { username: 'demo-admin@mealrounds.test', password: 'demo-password' };
/** Colleagues added before the screenshot, so the users table looks like a team's. */
const colleagues = [
  { username: 'kitchen.lead@harbourcitymeals.example', access_level: 'normal' },
  { username: 'rounds.coordinator@harbourcitymeals.example', access_level: 'admin' },
  { username: 'driver.sam@harbourcitymeals.example', access_level: 'normal' },
] as const;
const newUserInVideo = 'driver.alex@harbourcitymeals.example';
const maxVideoBytes = 3 * 1024 * 1024;

/** Fails the run on any console or page error, as the e2e journeys do. */
function failOnConsoleErrors(page: Page, errors: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} [${message.location().url}]`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

async function apiLogIn(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = (await response.json()) as { data?: { jwt: string }; meta: { message: string } };
  if (!body.data) throw new Error(`Log in as ${admin.username} failed: ${body.meta.message}`);
  return body.data.jwt;
}

/** Adds the colleagues (once; a second run finds them there already). */
async function addColleagues(jwt: string) {
  for (const user of colleagues) {
    const response = await fetch(`${baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify(user),
    });
    if (response.status !== 201 && response.status !== 409) {
      throw new Error(`Adding ${user.username} answered HTTP ${response.status}: ${await response.text()}`);
    }
  }
}

async function logInThroughForm(page: Page) {
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/clients$/);
}

async function recordScreenshot(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  failOnConsoleErrors(page, errors);
  await logInThroughForm(page);
  await page.goto(`${baseUrl}/menu`);
  await page.getByText(/^Week of /).waitFor();
  await page
    .getByRole('button', { name: /^Remove .+ from Monday$/ })
    .first()
    .waitFor();
  // Fonts and the table settle, then nothing has focus or hover.
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 799);
  await page.waitForTimeout(300);
  const overview = join(mediaDir, 'overview.png');
  await page.screenshot({ path: overview, type: 'png' });
  await mkdir(join(repoRoot, 'docs'), { recursive: true });
  await copyFile(overview, join(repoRoot, 'docs/screenshot.png'));
  await context.close();
  if (errors.length > 0) throw new Error(`Console errors while taking the screenshot:\n${errors.join('\n')}`);
  console.log('screenshot: public/media/overview.png, docs/screenshot.png');
}

/**
 * A visible pointer and a caption bar: the recorded video shows neither the real cursor nor what a step is.
 * Plain JavaScript in a string: functions compiled by tsx carry helpers that do not exist in the page.
 */
const overlayScript = `
(() => {
  const install = () => {
    if (document.getElementById('howto-pointer')) return;
    const pointer = document.createElement('div');
    pointer.id = 'howto-pointer';
    Object.assign(pointer.style, {
      position: 'fixed', left: '-40px', top: '-40px', width: '22px', height: '22px',
      marginLeft: '-11px', marginTop: '-11px', borderRadius: '50%',
      background: 'rgba(230, 73, 128, 0.45)', border: '2px solid rgba(230, 73, 128, 0.9)',
      pointerEvents: 'none', zIndex: '2147483647', transition: 'transform 120ms',
    });
    const caption = document.createElement('div');
    caption.id = 'howto-caption';
    Object.assign(caption.style, {
      position: 'fixed', left: '50%', bottom: '28px', transform: 'translateX(-50%)',
      padding: '10px 22px', borderRadius: '8px', background: 'rgba(20, 20, 20, 0.82)', color: '#fff',
      font: '600 22px system-ui, sans-serif', pointerEvents: 'none', zIndex: '2147483646',
    });
    caption.textContent = sessionStorage.getItem('howto-caption') || '';
    caption.style.display = caption.textContent ? 'block' : 'none';
    const saved = (sessionStorage.getItem('howto-pointer') || '').split(',');
    if (saved.length === 2) {
      pointer.style.left = saved[0] + 'px';
      pointer.style.top = saved[1] + 'px';
    }
    document.body.append(pointer, caption);
    document.addEventListener('mousemove', (event) => {
      pointer.style.left = event.clientX + 'px';
      pointer.style.top = event.clientY + 'px';
      sessionStorage.setItem('howto-pointer', event.clientX + ',' + event.clientY);
    });
    document.addEventListener('mousedown', () => { pointer.style.transform = 'scale(0.7)'; });
    document.addEventListener('mouseup', () => { pointer.style.transform = 'scale(1)'; });
  };
  if (document.body) install();
  else document.addEventListener('DOMContentLoaded', install);
})();
`;

async function showCaption(page: Page, text: string) {
  await page.evaluate((value) => {
    sessionStorage.setItem('howto-caption', value);
    const caption = document.getElementById('howto-caption');
    if (!caption) return;
    caption.textContent = value;
    caption.style.display = value ? 'block' : 'none';
  }, text);
}

async function pointAt(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`Nothing to point at: ${target.toString()}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 18 });
  await page.waitForTimeout(250);
}

async function clickSlowly(page: Page, target: Locator) {
  await pointAt(page, target);
  await target.click();
}

async function typeSlowly(page: Page, target: Locator, text: string) {
  await clickSlowly(page, target);
  await target.pressSequentially(text, { delay: 45 });
}

async function recordHowto(browser: Browser) {
  const videoDir = await mkdtemp(join(tmpdir(), 'mealrounds-howto-'));
  const size = { width: 1280, height: 720 };
  const context = await browser.newContext({ viewport: size, recordVideo: { dir: videoDir, size } });
  await context.addInitScript({ content: overlayScript });
  const page = await context.newPage();
  const errors: string[] = [];
  failOnConsoleErrors(page, errors);
  const started = Date.now();

  // 1. Home page.
  await page.goto(`${baseUrl}/`);
  await page.getByRole('img', { name: /Overview of MealRounds/ }).waitFor();
  await page.mouse.move(640, 360);
  await showCaption(page, 'MealRounds: the back office for meals on wheels');
  await page.waitForTimeout(2500);

  // 2. Log in.
  await showCaption(page, 'Log in with your email address and password');
  await clickSlowly(page, page.getByRole('banner').getByRole('link', { name: 'Log In' }));
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await typeSlowly(page, page.getByLabel('Username'), admin.username);
  await typeSlowly(page, page.getByLabel('Password', { exact: true }), admin.password);
  const logInButton = page.getByRole('button', { name: 'Log in' });
  await page.waitForFunction(
    () =>
      !document.querySelector<HTMLButtonElement>('form[aria-label="Log in"] button[type="submit"]')?.disabled,
  );
  await clickSlowly(page, logInButton);
  await page.waitForURL(/\/clients$/);
  await page.getByRole('heading', { name: 'Clients' }).waitFor();

  // 3. The top menu.
  await showCaption(page, 'The top menu: Clients, Rounds, Meals, Menu and Reports');
  const mainMenu = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Clients', 'Rounds', 'Meals', 'Menu', 'Reports']) {
    await pointAt(page, mainMenu.getByRole('link', { name: label, exact: true }));
    await page.waitForTimeout(350);
  }
  await showCaption(page, 'Settings, Log Out and your organisation on the right');
  await pointAt(
    page,
    page.getByRole('navigation', { name: 'Account' }).getByText('Harbour City Meals on Wheels'),
  );
  await page.waitForTimeout(1000);

  // 4. Settings > Users.
  await showCaption(page, 'Settings > Users: who can use MealRounds');
  await clickSlowly(
    page,
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }),
  );
  await page.waitForURL(/\/settings\/users\/$/);
  await page.getByRole('cell', { name: admin.username }).waitFor();
  await page.waitForTimeout(1800);

  // 5. Add a user.
  await showCaption(page, 'Add a user: they are emailed a link to set their password');
  await clickSlowly(page, page.getByRole('button', { name: 'Add User' }));
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.waitFor();
  await page.waitForTimeout(400);
  await typeSlowly(page, dialog.getByLabel('Username'), newUserInVideo);
  await pointAt(page, dialog.getByLabel('Access Level'));
  await page.waitForTimeout(600);
  await clickSlowly(page, dialog.getByRole('button', { name: 'Save' }));
  await dialog.getByText(/User added successfully/).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await pointAt(page, page.getByRole('cell', { name: newUserInVideo }));
  await page.waitForTimeout(2000);

  // 6. Log out.
  await showCaption(page, 'Log out when you are done');
  await clickSlowly(
    page,
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log Out' }),
  );
  await page.getByText('You are logged out.').waitFor();
  await showCaption(page, 'You are logged out');
  await page.waitForTimeout(2500);

  const video = page.video();
  await context.close();
  if (!video) throw new Error('No video was recorded.');
  const recorded = await video.path();
  const seconds = (Date.now() - started) / 1000;
  const target = join(mediaDir, 'howto.webm');
  await rename(recorded, target).catch(async () => {
    await copyFile(recorded, target);
  });
  await rm(videoDir, { recursive: true, force: true });
  if (errors.length > 0) throw new Error(`Console errors while recording:\n${errors.join('\n')}`);
  const { size: bytes } = await stat(target);
  console.log(
    `screencast: public/media/howto.webm, about ${seconds.toFixed(0)} s, ${(bytes / 1024).toFixed(0)} KiB`,
  );
  if (bytes > maxVideoBytes) throw new Error(`The screencast is ${bytes} bytes, more than ${maxVideoBytes}.`);
}

/** The home page shows overview.png; recording it broken would put a 404 in the video. */
async function assertOverviewServed() {
  const response = await fetch(`${baseUrl}/media/overview.png`);
  const type = response.headers.get('content-type') ?? '';
  await response.body?.cancel();
  if (!response.ok || !type.startsWith('image/png')) {
    throw new Error(
      `${baseUrl}/media/overview.png is not served (HTTP ${response.status}, ${type}): take the screenshot, ` +
        'run `npx vite build`, restart the server, then record the video.',
    );
  }
}

async function main() {
  const mode = process.argv[2] ?? 'all';
  if (!['all', 'screenshot', 'video'].includes(mode))
    throw new Error(`Unknown mode ${mode}: all, screenshot or video.`);
  await mkdir(mediaDir, { recursive: true });
  await addColleagues(await apiLogIn());
  if (mode === 'video') await assertOverviewServed();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    if (mode !== 'video') await recordScreenshot(browser);
    if (mode === 'all') await assertOverviewServed();
    if (mode !== 'screenshot') await recordHowto(browser);
  } finally {
    await browser.close();
  }
  console.log(`media files: ${(await readdir(mediaDir)).join(', ')}`);
}

await main();
