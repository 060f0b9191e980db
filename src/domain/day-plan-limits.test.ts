import { describe, expect, it } from 'vitest';
import {
  capacityMessage,
  clockTimeMessage,
  findDeliveryWindowErrors,
  findLatestReturnError,
  isClockTimeAfter,
  latestReturnMessage,
  parseCapacity,
  windowBothMessage,
  windowOrderMessage,
} from './day-plan-limits';

describe('parseCapacity', () => {
  it.each([
    ['', { value: null }],
    ['  ', { value: null }],
    ['1', { value: 1 }],
    [' 40 ', { value: 40 }],
    ['10000', { value: 10_000 }],
    ['0', { error: capacityMessage }],
    ['10001', { error: capacityMessage }],
    ['-3', { error: capacityMessage }],
    ['2.5', { error: capacityMessage }],
    ['12a', { error: capacityMessage }],
    ['1234567', { error: capacityMessage }],
  ])('%j -> %j', (text, expected) => {
    expect(parseCapacity(text)).toEqual(expected);
  });
});

describe('isClockTimeAfter', () => {
  it.each([
    ['09:01', '09:00', true],
    ['09:00', '09:00', false],
    ['08:59', '09:00', false],
    ['23:59', '00:00', true],
    ['24:00', '09:00', false],
    ['9:30', '09:00', false],
  ])('%s after %s: %s', (later, earlier, expected) => {
    expect(isClockTimeAfter(later, earlier)).toBe(expected);
  });
});

describe('findLatestReturnError', () => {
  it.each([
    ['', '09:00', null],
    ['13:00', '09:00', null],
    ['09:00', '09:00', latestReturnMessage],
    ['08:00', '09:00', latestReturnMessage],
    ['1pm', '09:00', clockTimeMessage],
    ['25:00', '09:00', clockTimeMessage],
    // An invalid pick up time is its own field's error; the return is judged alone.
    ['13:00', 'soon', null],
  ])('%j with pick up %j -> %j', (latestReturn, pickup, expected) => {
    expect(findLatestReturnError(latestReturn, pickup)).toBe(expected);
  });
});

describe('findDeliveryWindowErrors', () => {
  it.each([
    ['', '', null, null],
    ['10:00', '12:00', null, null],
    ['00:00', '23:59', null, null],
    ['12:00', '10:00', null, windowOrderMessage],
    ['10:00', '10:00', null, windowOrderMessage],
    ['10:00', '', null, windowBothMessage],
    ['', '12:00', windowBothMessage, null],
    ['10', '12:00', clockTimeMessage, null],
    ['10:00', '12:60', null, clockTimeMessage],
  ])('%j to %j -> %j, %j', (earliest, latest, earliestError, latestError) => {
    expect(findDeliveryWindowErrors(earliest, latest)).toEqual({
      earliest: earliestError,
      latest: latestError,
    });
  });
});
