import { describe, expect, it } from 'vitest';
import { findTextLimitError } from './text-limit';

describe('findTextLimitError', () => {
  it.each([
    ['', 5, null],
    ['abcde', 5, null],
    ['abcdef', 5, 'Use at most 5 characters (this has 6).'],
    ['é'.repeat(201), 200, 'Use at most 200 characters (this has 201).'],
  ])('checks %j against %i', (value, limit, expected) => {
    expect(findTextLimitError(value, limit)).toBe(expected);
  });
});
