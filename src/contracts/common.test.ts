import { describe, expect, it } from 'vitest';
import {
  pathIdSchema,
  dayMonthYearSchema,
  idSchema,
  isoDateSchema,
  jsonValueSchema,
  multiLineTextSchema,
  textSchema,
} from './common';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('date schemas', () => {
  it.each(['2026-03-02', '2024-02-29', '2000-01-01', '2100-12-31'])('accept %s as YYYY-MM-DD', (value) => {
    expect(isoDateSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '2026-02-31',
    '2026-02-29',
    '2026-04-31',
    '0000-01-01',
    '9999-12-31',
    '1999-12-31',
    '02-03-2026',
    '',
  ])('refuse %j as YYYY-MM-DD with a clear message', (value) => {
    const result = isoDateSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(messageOf(result)).toBe('Use a real date from 2000 to 2100 as YYYY-MM-DD.');
  });

  it.each(['02-03-2026', '29-02-2024', '31-12-2100'])('accept %s as DD-MM-YYYY', (value) => {
    expect(dayMonthYearSchema.safeParse(value).success).toBe(true);
  });

  it.each(['31-02-2026', '29-02-2026', '31-06-2026', '01-01-0000', '31-12-9999', '2026-03-02'])(
    'refuse %j as DD-MM-YYYY',
    (value) => {
      const result = dayMonthYearSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(messageOf(result)).toBe('Use a real date from 2000 to 2100 as DD-MM-YYYY.');
    },
  );
});

describe('text schemas', () => {
  it.each(['Lamb pie', 'Crème brûlée 🍲', ''])('accept %j', (value) => {
    expect(textSchema.safeParse(value).success).toBe(true);
  });

  it.each(['a\u0000b', 'x\u001b', 'two\nlines', '\ud800'])('refuse %j on one line', (value) => {
    const result = textSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(messageOf(result)).toBe('Remove control characters (such as NUL) and broken characters.');
  });

  it('allows tab and line breaks only in multi-line text', () => {
    expect(multiLineTextSchema.safeParse('one\r\ntwo\tthree').success).toBe(true);
    expect(multiLineTextSchema.safeParse('one\u0000two').success).toBe(false);
    expect(multiLineTextSchema.safeParse('one\udfff').success).toBe(false);
  });

  it('keeps trimming and lengths chained after it', () => {
    const name = textSchema.trim().min(1).max(5);
    expect(name.parse('  ab  ')).toBe('ab');
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('abcdef').success).toBe(false);
  });
});

describe('numbers and free-form values', () => {
  it.each([1, 2147483647])('accept the id %d', (value) => {
    expect(idSchema.safeParse(value).success).toBe(true);
  });

  it.each([0, -1, 2147483648, 1.5, 1e308, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuse the id %d',
    (value) => {
      expect(idSchema.safeParse(value).success).toBe(false);
    },
  );

  it('accepts a JSON value of safe strings and refuses NUL, lone surrogates and deep nesting', () => {
    expect(jsonValueSchema.safeParse({ id: 'p1', name: 'Premium', rate: 2 }).success).toBe(true);
    expect(jsonValueSchema.safeParse({ id: 'p\u00001' }).success).toBe(false);
    expect(jsonValueSchema.safeParse(['\ud800']).success).toBe(false);
    let deep: unknown = 'bottom';
    for (let level = 0; level < 20; level += 1) deep = { nested: deep };
    expect(jsonValueSchema.safeParse(deep).success).toBe(false);
  });
});

describe('ids in a path or query', () => {
  it('takes digits only, so an address padded or written another way names no resource', () => {
    expect(pathIdSchema.parse('12')).toBe(12);
    expect(pathIdSchema.parse('2147483647')).toBe(2147483647);
    for (const refused of [
      '1\f',
      ' 1',
      '1 ',
      '0x1',
      '1e3',
      '1.0',
      '+1',
      '-1',
      '',
      '0',
      '2147483648',
      '12345678901',
    ])
      expect(pathIdSchema.safeParse(refused).success, JSON.stringify(refused)).toBe(false);
  });
});
