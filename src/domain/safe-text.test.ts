import { describe, expect, it } from 'vitest';
import { isSafeJsonValue, isSafeText } from './safe-text';

describe('isSafeText', () => {
  it.each([
    ['Lamb & rosemary pie', 'single', true],
    ['Café, crème brûlée, 寿司, 🍲', 'single', true],
    ['', 'single', true],
    ['a\u0000b', 'single', false],
    ['\u0000', 'multi', false],
    ['a\u0001', 'single', false],
    ['a\u001f', 'multi', false],
    ['a\u007f', 'single', false],
    ['line one\nline two', 'single', false],
    ['line one\nline two', 'multi', true],
    ['line one\r\nline two', 'multi', true],
    ['col\tcol', 'single', false],
    ['col\tcol', 'multi', true],
    ['\u000b vertical tab', 'multi', false],
    ['\u000c form feed', 'multi', false],
    ['lone high \ud83d', 'single', false],
    ['lone low \udc32 here', 'multi', false],
    ['\udc32\ud83d reversed pair', 'single', false],
    ['pair \ud83c\udf72 ok', 'single', true],
  ] as const)('%j (%s-line) is %s', (value, lines, expected) => {
    expect(isSafeText(value, lines)).toBe(expected);
  });
});

describe('isSafeJsonValue', () => {
  it.each([
    [{ id: 'p1', name: 'Meal premium', code: 'MP', rate: 12.5 }, true],
    [{ id: 7, tags: ['a', 'b'], active: true, note: null }, true],
    [{ id: 'p\u00001' }, false],
    [{ ['key\u0000']: 'x' }, false],
    [['\ud800'], false],
    [{ rate: Number.POSITIVE_INFINITY }, false],
    [{ rate: Number.NaN }, false],
  ])('%j is %s', (value, expected) => {
    expect(isSafeJsonValue(value)).toBe(expected);
  });

  it('refuses values nested deeper than the limit', () => {
    let value: unknown = 'bottom';
    for (let level = 0; level < 9; level += 1) value = { nested: value };
    expect(isSafeJsonValue(value)).toBe(false);
    expect(isSafeJsonValue(value, 10)).toBe(true);
  });
});
