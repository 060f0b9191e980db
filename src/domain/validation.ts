/**
 * Form rules shared by the web forms and the server.
 * The login form's rules are only form rules; the server's own rules are stricter (a new
 * password, for one, needs at least 10 characters).
 */

export const loginUsernameMinLength = 3;
export const loginPasswordMinLength = 6;
/** Minimum length of a password being set (confirm page and server). */
export const passwordMinLength = 10;
export const usernameMaxLength = 254;
export const passwordMaxLength = 200;

const basicEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Login form: at least 3 characters and contains '@' and '.'. */
export function isValidLoginUsername(username: string): boolean {
  return username.length >= loginUsernameMinLength && username.includes('@') && username.includes('.');
}

export function isValidLoginPassword(password: string): boolean {
  return password.length >= loginPasswordMinLength;
}

/** The basic email pattern used for usernames (user form, confirm page, server). */
export function isValidEmail(value: string): boolean {
  return value.length <= usernameMaxLength && basicEmailPattern.test(value);
}

export function isValidNewPassword(password: string): boolean {
  return password.length >= passwordMinLength && password.length <= passwordMaxLength;
}

export type ConfirmForm = {
  username: string;
  confirmCode: string;
  password: string;
  passwordConfirm: string;
};
export type ConfirmFormValidity = Record<keyof ConfirmForm, boolean>;

/** Field-by-field validity of the set-password form; Save is enabled only when every field holds. */
export function validateConfirmForm(form: ConfirmForm): ConfirmFormValidity {
  return {
    username: isValidEmail(form.username),
    confirmCode: form.confirmCode.trim().length > 0,
    password: isValidNewPassword(form.password),
    passwordConfirm: form.passwordConfirm.length > 0 && form.passwordConfirm === form.password,
  };
}

export function isConfirmFormValid(form: ConfirmForm): boolean {
  return Object.values(validateConfirmForm(form)).every(Boolean);
}

/** A contact message is required; name and email are optional. */
export function isValidContactMessage(message: string): boolean {
  return message.trim().length > 0;
}
