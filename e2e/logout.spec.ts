import type { Page, Request } from '@playwright/test';
import { demo, expect, logIn, test } from './support/fixtures';

async function readStoredJwt(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('mealrounds.session') ?? '{}') as { jwt?: string }).jwt ?? '',
  );
}

/** Logs in and waits for the account refresh that the app makes once per load, as soon as it is logged in. */
async function logInAndSettle(page: Page) {
  const accountRefresh = page.waitForResponse((response) => response.url().includes('/api/accounts/'));
  await logIn(page, demo.admin);
  await accountRefresh;
}

async function expectLoggedOutEverywhere(page: Page) {
  await expect(page.getByRole('heading', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByText('You are logged out.')).toBeVisible();

  // The top menu is the logged-out one again.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Account' })).toHaveCount(0);
}

test('logging out ends the session and app routes ask for a login again', async ({ page, request }) => {
  // A person reads the page before logging out: the app's start-up calls have finished by then.
  await logInAndSettle(page);
  const jwt = await readStoredJwt(page);
  expect(jwt).not.toBe('');
  // A token renewed from the same log in (as a screen left open renews it): logout must end it too.
  const renewal = await request.post('/api/users/refresh', {
    headers: { authorization: `Bearer ${jwt}` },
    data: {},
  });
  const renewedJwt = ((await renewal.json()) as { data: { jwt: string } }).data.jwt;

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/logout\/$/);
  await expectLoggedOutEverywhere(page);

  // The login session was ended on the server, not only forgotten by the browser: renewed tokens too.
  for (const token of [jwt, renewedJwt]) {
    await expect
      .poll(async () =>
        (await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } })).status(),
      )
      .toBe(401);
  }

  // An app route now goes to the login page.
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/login\/(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  // The session is gone from storage too: a reload does not bring it back.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await readStoredJwt(page)).toBe('');
});

/*
 * Regression: opening /logout/ by its address (a bookmark, a reload, a typed URL) loads the app afresh. The
 * once-per-load account refresh must not run there: it would race the revocation of its own token into a 401
 * console error. The network below is made slow so that, were the refresh sent, it would lose the race every time.
 */
test('opening /logout/ by its address logs out without console errors', async ({ page }) => {
  await logInAndSettle(page);

  // A slow network: an account refresh sent with the logout reaches the server just after the logout call did, and
  // its answer reaches the browser before the logout's answer does. The logout waits only for refreshes already
  // sent, so the app as it should be (no refresh on /logout/) is not held up by one that never comes.
  let releaseAccountRefresh: () => void = () => {};
  const accountRefreshMayGo = new Promise<void>((resolve) => {
    releaseAccountRefresh = resolve;
  });
  const accountRefreshesDone: Promise<void>[] = [];
  await page.route('**/api/accounts/*', async (route) => {
    const sent = route.request();
    accountRefreshesDone.push(
      new Promise<void>((resolve) => {
        const settle = (request: Request) => {
          if (request === sent) resolve();
        };
        page.on('requestfinished', settle);
        page.on('requestfailed', settle);
      }),
    );
    await accountRefreshMayGo;
    await route.continue().catch(() => undefined);
  });
  await page.route('**/api/users/logout', async (route) => {
    const response = await route.fetch(); // the server has revoked the token now
    releaseAccountRefresh();
    await Promise.all(accountRefreshesDone);
    await route.fulfill({ response });
  });

  await page.goto('/logout/');
  await expectLoggedOutEverywhere(page);
  // Every refresh sent has had its answer before the console is checked.
  await Promise.all(accountRefreshesDone);
});

test('the logout page read while logged out just says so', async ({ page }) => {
  await page.goto('/logout/');
  await expectLoggedOutEverywhere(page);
});
