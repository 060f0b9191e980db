import type { Mail } from '../../integrations/mail/mailer';

export type ConfirmPurpose = 'register' | 'reset';

export function buildConfirmLink(publicUrl: string, username: string, code: string): string {
  const query = new URLSearchParams({ username, confirmCode: code });
  return `${publicUrl.replace(/\/+$/, '')}/confirm?${query.toString()}`;
}

export function composeConfirmMail(input: {
  publicUrl: string;
  username: string;
  code: string;
  purpose: ConfirmPurpose;
}): Mail & { link: string } {
  const link = buildConfirmLink(input.publicUrl, input.username, input.code);
  const isRegistration = input.purpose === 'register';
  const subject = isRegistration
    ? 'Welcome to MealRounds: set your password'
    : 'MealRounds: reset your password';
  const opening = isRegistration
    ? 'An account has been created for you on MealRounds.'
    : 'We received a request to reset your MealRounds password.';
  const text = [
    'Hello,',
    '',
    opening,
    'Open this link to set your password (it works once and expires in 24 hours):',
    '',
    link,
    '',
    `Confirmation code: ${input.code}`,
    '',
    isRegistration ? '' : 'If you did not ask for this, you can ignore this email.',
    'MealRounds',
  ].join('\n');
  return { to: input.username, subject, text, link };
}
