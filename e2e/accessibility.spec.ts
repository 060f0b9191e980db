import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';

const publicPages: [path: string, ready: string][] = [
  ['/', 'Contact us'],
  ['/about/', 'About MealRounds'],
  ['/contact/', 'Contact us'],
  ['/login/', 'Log in'],
  ['/forgot/', 'Reset your password'],
  ['/confirm', 'Set your password'],
  ['/confirm?username=someone%40mealrounds.test&confirmCode=abc123', 'Set your password'],
  ['/logout/', 'Log Out'],
];

const blankTilePng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48ewhAAVpArB44nOfAAAAAElFTkSuQmCC';

const appPages: [path: string, ready: string][] = [
  ['/clients', 'Clients'],
  ['/rounds', 'Rounds'],
  ['/meals', 'Meals'],
  ['/menu', 'Weekly Menu'],
  ['/reports/', 'Reports'],
  // Every report screen, with its data, is scanned in reports.spec.ts.
  ['/settings/routes/', 'Route Automation Preferences'],
  ['/settings/rounds/', 'Preferred Round Delivery Order'],
  // Last: the next step opens the Add User modal on this page.
  ['/settings/users/', 'Users'],
];

test.describe('accessibility: no serious or critical axe violations', () => {
  for (const [path, heading] of publicPages) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('login page showing its validation help', async ({ page }) => {
    await page.goto('/login/');
    await page.getByLabel('Username').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByText('Password needs to be 6 or more letters.')).toBeVisible();
    await expectAccessible(page);
  });

  test('logged-in screens', async ({ page }) => {
    // One axe scan per screen: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    await logIn(page, demo.admin);
    for (const [path, heading] of appPages) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
        await expectAccessible(page);
      });
    }

    await test.step('/client/{id}/ with its map and week of meal cards', async () => {
      // A week of meal cards makes the largest page to scan: it brings its own minute.
      test.info().setTimeout(test.info().timeout + 60_000);
      // The map's tiles are answered locally (a 1x1 PNG): the scan never depends on the tile server.
      await page.route('https://tile.openstreetmap.org/**', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(blankTilePng, 'base64') }),
      );
      await page.goto('/clients');
      await page
        .getByRole('link', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'Client Menu Selection' })).toBeVisible();
      await expect(page.getByRole('group', { name: / on Monday$/ }).first()).toBeVisible();
      await expectAccessible(page);
      await page.goto('/settings/users/');
      await expect(page.getByRole('heading', { name: 'Users', exact: true }).first()).toBeVisible();
    });

    await test.step('/settings/users/ with the Add User modal open', async () => {
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add User' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Username').fill('not-an-email');
      await expect(dialog.getByText('Username needs to be a valid email address.')).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('already logged in on /login/', async () => {
      await page.goto('/login/');
      await expect(page.getByText('You are already logged in.')).toBeVisible();
      await expectAccessible(page);
    });
  });
});
