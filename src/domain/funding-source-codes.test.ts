import { describe, expect, it } from 'vitest';
import { toDexGenderCode, toDexLanguageCode } from './funding-source-codes';

describe('toDexGenderCode', () => {
  it.each([
    { gender: 'male', code: 'MALE' },
    { gender: 'female', code: 'FEMALE' },
    { gender: 'other', code: 'INTERSEX' },
    { gender: null, code: null },
  ] as const)('$gender', ({ gender, code }) => {
    expect(toDexGenderCode(gender)).toBe(code);
  });
});

describe('toDexLanguageCode', () => {
  it.each([
    { language: 'en', code: '1201' },
    { language: 'yue', code: '7101' },
    { language: 'zh', code: '7104' },
    { language: 'fa_AF', code: null },
    { language: 'EN', code: '1201' },
    { language: 'xx', code: null },
    { language: null, code: null },
  ])('$language', ({ language, code }) => {
    expect(toDexLanguageCode(language)).toBe(code);
  });
});
