import { describe, expect, it } from 'vitest';
import { describeNumberRange, findNumberRangeError, parseWholeNumberInRange } from './number-range';

const range = { min: 0, max: 52 };

describe('parseWholeNumberInRange', () => {
  it.each([
    [0, 0],
    [52, 52],
    ['12', 12],
    ['', null],
    [-5, null],
    ['-5', null],
    [60, null],
    [1.5, null],
    ['abc', null],
  ])('reads %j as %j', (value, expected) => {
    expect(parseWholeNumberInRange(value, range)).toBe(expected);
  });

  it('describes the range', () => {
    expect(describeNumberRange(range, 'weeks')).toBe('Enter a whole number of weeks from 0 to 52.');
  });

  it('refuses with the range message, or passes', () => {
    expect(findNumberRangeError('60', range, 'weeks')).toBe('Enter a whole number of weeks from 0 to 52.');
    expect(findNumberRangeError('', range, 'weeks')).toBe('Enter a whole number of weeks from 0 to 52.');
    expect(findNumberRangeError(12, range, 'weeks')).toBeNull();
  });
});
