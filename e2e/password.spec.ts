import {
  createUserThroughApi,
  expect,
  logIn,
  test,
  uniqueEmail,
  waitForConfirmLink,
  waitForMailCount,
} from './support/fixtures';

const forgotSuccessText =
  'Thanks. If an account exists with that email address, an email has been sent to it with instructions to reset your password.';
const confirmSuccessText =
  'Your registration was successful. You can now log in with the username and password you entered.';

test('a new user asks for a password reset and sets a password from the mailed link', async ({
  page,
  request,
}) => {
  const username = uniqueEmail('reset');
  await createUserThroughApi(request, username);
  // The registration mail arrives first.
  await waitForConfirmLink(username);

  // Forgot password.
  await page.goto('/forgot/');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const resetButton = page.getByRole('button', { name: 'Reset Password' });
  await expect(resetButton).toBeDisabled();
  await page.getByLabel('Username (email)').fill(username);
  await expect(resetButton).toBeEnabled();
  await resetButton.click();
  await expect(page.getByText(forgotSuccessText)).toBeVisible();

  // The reset mail is the second one; its link opens the confirm page.
  const link = await waitForMailCount(username, 2);
  const url = new URL(link);
  expect(url.pathname).toBe('/confirm');
  expect(url.searchParams.get('username')).toBe(username);
  const confirmCode = url.searchParams.get('confirmCode') ?? '';
  expect(confirmCode).not.toBe('');

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(page.getByLabel('Username (email)')).toHaveValue(username);
  await expect(page.getByLabel('Confirmation code')).toHaveValue(confirmCode);
  await expect(page.getByText('Must be greater than 10 characters.')).toBeVisible();

  const save = page.getByRole('button', { name: 'Save' });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const passwordConfirm = page.getByRole('textbox', { name: 'Confirm password', exact: true });
  await expect(save).toBeDisabled();

  // Too short, then not matching: Save stays disabled and the field is highlighted.
  await password.fill('short-pw');
  await passwordConfirm.fill('short-pw');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  const newPassword = 'a-new-password-2024';
  await password.fill(newPassword);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await passwordConfirm.fill(`${newPassword}x`);
  await expect(save).toBeDisabled();

  await passwordConfirm.fill(newPassword);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(confirmSuccessText)).toBeVisible();

  // The new password logs in.
  await page.getByRole('link', { name: 'Go to Log In' }).click();
  await logIn(page, username, newPassword);
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log Out' }),
  ).toBeVisible();
});

test('the forgot page gives the same answer for an unknown address', async ({ page }) => {
  await page.goto('/forgot/');
  await page.getByLabel('Username (email)').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(forgotSuccessText)).toBeVisible();
});
