import { demo, expect, logIn, readMails, test, uniqueEmail, waitForMailCount } from './support/fixtures';
import type { Page } from '@playwright/test';

function userRow(page: Page, username: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
}

test('an admin adds a user, changes their access level, sends a reset and deletes them', async ({ page }) => {
  const username = uniqueEmail('kitchen');
  await logIn(page, demo.admin);

  // Settings > Users.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/users\/$/);
  const settingsMenu = page.getByRole('navigation', { name: 'Settings' });
  await expect(settingsMenu.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('columnheader', { name: 'Username' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Access Level' })).toBeVisible();

  // Access levels read User and Admin; the admin's own row has no Delete.
  const ownRow = userRow(page, demo.admin);
  await expect(ownRow.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Send Password Reset' })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const demoUserRow = userRow(page, demo.user);
  await expect(demoUserRow.getByRole('cell', { name: 'User', exact: true })).toBeVisible();
  await expect(demoUserRow.getByRole('button', { name: 'Delete' })).toBeVisible();

  // Add User.
  await page.getByRole('button', { name: 'Add User' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(addDialog).toBeVisible();
  const save = addDialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await addDialog.getByLabel('Username').fill('kitchen');
  await expect(addDialog.getByText('Username needs to be a valid email address.')).toBeVisible();
  await expect(save).toBeDisabled();
  await addDialog.getByLabel('Username').fill(username);
  await expect(addDialog.getByText('Username needs to be a valid email address.')).toHaveCount(0);
  const accessLevel = addDialog.getByLabel('Access Level');
  await expect(accessLevel.getByRole('option')).toHaveText(['User', 'Admin']);
  await expect(accessLevel).toHaveValue('normal');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(addDialog.getByText(/User added successfully/)).toBeVisible();
  await expect(addDialog).toBeHidden();
  const newRow = userRow(page, username);
  await expect(newRow.getByRole('cell', { name: 'User', exact: true })).toBeVisible();
  // The new user is mailed a link to set their password.
  await waitForMailCount(username, 1);

  // Edit: the username is read-only, only the access level changes.
  await newRow.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(editDialog.getByLabel('Username')).toHaveValue(username);
  await expect(editDialog.getByLabel('Username')).toHaveAttribute('readonly', '');
  await editDialog.getByLabel('Access Level').selectOption({ label: 'Admin' });
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog.getByText('User updated successfully')).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(newRow.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();

  // Send Password Reset.
  const mailsBefore = (await readMails(username)).count;
  await newRow.getByRole('button', { name: 'Send Password Reset' }).click();
  const resetDialog = page.getByRole('dialog', { name: 'Send Password Reset' });
  await resetDialog.getByRole('button', { name: 'Send' }).click();
  await expect(resetDialog.getByText(`Email instructions successfully sent to ${username}`)).toBeVisible();
  await waitForMailCount(username, mailsBefore + 1);
  await expect(resetDialog).toBeHidden();

  // Delete, after confirming.
  await newRow.getByRole('button', { name: 'Delete' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(
    deleteDialog.getByText(
      `Are you sure you want to delete the user ${username}? This action cannot be undone.`,
    ),
  ).toBeVisible();
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(deleteDialog.getByText('User deleted successfully')).toBeVisible();
  await expect(deleteDialog).toBeHidden();
  await expect(userRow(page, username)).toHaveCount(0);

  // Still gone after a reload (the server deleted it).
  await page.reload();
  await expect(userRow(page, demo.admin)).toBeVisible();
  await expect(userRow(page, username)).toHaveCount(0);
});

test('cancelling the delete confirmation keeps the user', async ({ page }) => {
  await logIn(page, demo.admin);
  await page.goto('/settings/users/');
  await userRow(page, demo.user).getByRole('button', { name: 'Delete' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(
    deleteDialog.getByText(
      `Are you sure you want to delete the user ${demo.user}? This action cannot be undone.`,
    ),
  ).toBeVisible();
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(userRow(page, demo.user)).toBeVisible();
});
