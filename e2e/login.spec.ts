import { demo, demoAccountDescription, expect, test } from './support/fixtures';

test.describe('log in', () => {
  test('validates the form, refuses a wrong password, then logs in and shows the app menu', async ({
    page,
    allowConsoleError,
  }) => {
    // The wrong password is answered 401, which Chromium logs as a failed resource load.
    allowConsoleError(/status of 401 .*\/api\/users\/login/);

    await page.goto('/login/');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    const username = page.getByLabel('Username');
    const password = page.getByLabel('Password', { exact: true });
    const logInButton = page.getByRole('button', { name: 'Log in' });
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot/');

    // Nothing typed: no help texts, and Log in is disabled.
    await expect(logInButton).toBeDisabled();
    await expect(page.getByText('Username needs to be a valid email.')).toHaveCount(0);
    await expect(page.getByText('Password needs to be 6 or more letters.')).toHaveCount(0);

    await username.fill('demo-admin');
    await expect(page.getByText('Username needs to be a valid email.')).toBeVisible();
    await password.fill('short');
    await expect(page.getByText('Password needs to be 6 or more letters.')).toBeVisible();
    await expect(logInButton).toBeDisabled();

    // A valid email but still a short password: still disabled.
    await username.fill(demo.admin);
    await expect(page.getByText('Username needs to be a valid email.')).toHaveCount(0);
    await expect(logInButton).toBeDisabled();

    // Both valid, but the password is wrong.
    await password.fill('wrong-password');
    await expect(page.getByText('Password needs to be 6 or more letters.')).toHaveCount(0);
    await expect(logInButton).toBeEnabled();
    await logInButton.click();
    const loginError = page.getByText(
      /^There was an error logging you in: .+\. Please try again or contact us for assistance\.$/,
    );
    await expect(loginError).toBeVisible();
    await expect(page).toHaveURL(/\/login\/$/);

    // The right password goes to /clients.
    await password.fill(demo.password);
    await expect(logInButton).toBeEnabled();
    await logInButton.click();
    await expect(page).toHaveURL(/\/clients$/);

    const mainMenu = page.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['Clients', '/clients'],
      ['Rounds', '/rounds'],
      ['Meals', '/meals'],
      ['Menu', '/menu'],
      ['Reports', '/reports/'],
    ] as const) {
      await expect(mainMenu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    const accountMenu = page.getByRole('navigation', { name: 'Account' });
    await expect(accountMenu.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/');
    await expect(accountMenu.getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout/');
    await expect(accountMenu.getByText(demoAccountDescription, { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toHaveCount(0);

    // Logged in, the login page refuses to run.
    await page.goto('/login/');
    await expect(page.getByText('You are already logged in.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  });

  test('the show-password button is reached with Tab, with a clearly visible focus ring', async ({
    page,
  }) => {
    await page.goto('/login/');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(demo.password);
    await password.press('Tab');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await expect(toggle).toBeFocused();
    const outline = await toggle.evaluate((element) => {
      const style = getComputedStyle(element);
      return { width: style.outlineWidth, style: style.outlineStyle };
    });
    expect(outline).toEqual({ width: '3px', style: 'solid' });
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'password');
    // Tab goes on to the next control: Forgot Password or Log in, never stuck on the toggle.
    await page.keyboard.press('Tab');
    await expect(toggle).not.toBeFocused();
  });

  test('sends a logged-out visitor to log in and back to the page they asked for', async ({ page }) => {
    await page.goto('/settings/users/');
    await expect(page).toHaveURL(/\/login\/(\?.*)?$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

    await page.getByLabel('Username').fill(demo.admin);
    await page.getByLabel('Password', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/settings\/users\/$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  });
});
