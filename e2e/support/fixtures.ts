import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const demo = {
  admin: 'demo-admin@mealrounds.test',
  user: 'demo-user@mealrounds.test',
  password: 'demo-password',
} as const;

export const catcherUrl = 'http://127.0.0.1:2580';

/** Every page of every journey must log no console errors and no page errors. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
});
export { expect };

export async function logIn(page: Page, username: string, password: string = demo.password) {
  await page.goto('/login/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/clients$/);
}

/** No serious or critical accessibility violations on the page as it stands. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The newest /confirm link mailed to `to`, polled from the mail catcher. */
export async function waitForConfirmLink(to: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      const response = await fetch(`${catcherUrl}/mails?to=${encodeURIComponent(to)}`);
      link = ((await response.json()) as { link: string | null }).link;
      return link;
    })
    .not.toBeNull();
  return link ?? '';
}
