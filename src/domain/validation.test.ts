import { describe, expect, it } from 'vitest';
import {
  isConfirmFormValid,
  isValidContactMessage,
  isValidEmail,
  isValidLoginPassword,
  isValidLoginUsername,
  validateConfirmForm,
} from './validation';

describe('login form rules', () => {
  it.each([
    ['a@b.c', true],
    ['jo@example.org', true],
    ['a.b', false],
    ['a@b', false],
    ['@.', false],
    ['', false],
  ])('username %j valid: %s', (username, expected) => {
    expect(isValidLoginUsername(username)).toBe(expected);
  });

  it.each([
    ['12345', false],
    ['123456', true],
    ['', false],
  ])('password %j valid: %s', (password, expected) => {
    expect(isValidLoginPassword(password)).toBe(expected);
  });
});

describe('email pattern', () => {
  it.each([
    ['jo@example.org', true],
    ['jo.smith+meals@sub.example.com.au', true],
    ['jo@example', false],
    ['jo example@x.org', false],
    ['jo@@x.org', false],
    [`${'a'.repeat(250)}@x.org`, false],
  ])('%j valid: %s', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });
});

describe('confirm form', () => {
  const valid = {
    username: 'jo@example.org',
    confirmCode: 'abc',
    password: 'ten-chars!',
    passwordConfirm: 'ten-chars!',
  };

  it('is valid only when every field holds', () => {
    expect(isConfirmFormValid(valid)).toBe(true);
    expect(validateConfirmForm(valid)).toEqual({
      username: true,
      confirmCode: true,
      password: true,
      passwordConfirm: true,
    });
  });

  it.each([
    [{ username: 'nope' }, 'username'],
    [{ confirmCode: '   ' }, 'confirmCode'],
    [{ password: 'nine-char', passwordConfirm: 'nine-char' }, 'password'],
    [{ passwordConfirm: 'different!' }, 'passwordConfirm'],
  ] as const)('flags %j', (change, field) => {
    const result = validateConfirmForm({ ...valid, ...change });
    expect(result[field]).toBe(false);
    expect(isConfirmFormValid({ ...valid, ...change })).toBe(false);
  });
});

describe('contact message', () => {
  it('is required and not only blanks', () => {
    expect(isValidContactMessage('Hello')).toBe(true);
    expect(isValidContactMessage('  \n ')).toBe(false);
  });
});
