import { createCode, hashCode } from '../crypto/codes';
import type { Mail } from '../integrations/mail/mailer';

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

const confirmationLifetimeMs = 24 * 60 * 60 * 1000;

/** A new single-use code (stored as its hash, valid for 24 hours) and the mail that carries its link. */
export type Confirmation = {
  codeHash: string;
  purpose: ConfirmPurpose;
  expiresAt: Date;
  mail: Mail;
  link: string;
};

export function composeConfirmation(input: {
  publicUrl: string;
  username: string;
  purpose: ConfirmPurpose;
  now: Date;
}): Confirmation {
  const code = createCode();
  const { link, ...mail } = composeConfirmMail({ ...input, code });
  return {
    codeHash: hashCode(code),
    purpose: input.purpose,
    expiresAt: new Date(input.now.getTime() + confirmationLifetimeMs),
    mail,
    link,
  };
}
