import { demo, expect, logIn, test } from './support/fixtures';

test('a normal user sees only the Rounds and Meals settings', async ({ page }) => {
  await logIn(page, demo.user);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();

  const settingsMenu = page.getByRole('navigation', { name: 'Settings' });
  await expect(settingsMenu.getByRole('link', { name: 'Rounds' })).toBeVisible();
  await expect(settingsMenu.getByRole('link', { name: 'Meals' })).toBeVisible();
  await expect(settingsMenu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(settingsMenu.getByRole('link', { name: 'CMS Integration' })).toHaveCount(0);
  await expect(settingsMenu.getByRole('link', { name: 'Messages' })).toHaveCount(0);
  await expect(settingsMenu.getByRole('link', { name: 'Routes' })).toHaveCount(0);
  // The user lands on a tab they may see, not on Users.
  await expect(page).not.toHaveURL(/\/settings\/users\/$/);
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);

  // Typing an admin tab's address does not open it either.
  for (const tab of ['users', 'integrations', 'messages', 'routes']) {
    await page.goto(`/settings/${tab}/`);
    await expect(page).not.toHaveURL(new RegExp(`/settings/${tab}/$`));
    await expect(settingsMenu.getByRole('link', { name: 'Rounds' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  }
});

test('an admin sees every settings item', async ({ page }) => {
  await logIn(page, demo.admin);
  await page.goto('/settings/');
  const settingsMenu = page.getByRole('navigation', { name: 'Settings' });
  await expect(settingsMenu.getByRole('link')).toHaveText([
    'Users',
    'CMS Integration',
    'Messages',
    'Routes',
    'Rounds',
    'Meals',
    'Welfare checks',
  ]);
});
