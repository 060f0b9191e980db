import { describe, expect, it } from 'vitest';
import {
  canPickUpAt,
  canReleaseAt,
  describeReleaseTooLate,
  getDueUnfilledAlert,
  getReleaseCutoffMs,
  isDriverReminderDue,
  type SlotTime,
} from './volunteer-rules';

// Monday 23-11-2026, pickup 09:30 in Sydney (UTC+11 in summer): 22:30 UTC on Sunday 22-11.
const slot: SlotTime = { date: '2026-11-23', pickupTime: '09:30', timeZone: 'Australia/Sydney' };
const at = (iso: string) => Date.parse(iso);

describe('canReleaseAt', () => {
  it.each([
    ['2026-11-21T22:29:59Z', 24, true],
    ['2026-11-21T22:30:00Z', 24, false],
    ['2026-11-22T10:00:00Z', 24, false],
    ['2026-11-22T10:00:00Z', 12, true],
    ['2026-11-22T22:29:00Z', 0, true],
    ['2026-11-22T22:30:00Z', 0, false],
    ['2026-11-19T22:29:00Z', 72, true],
  ])('at %s with a cutoff of %i hours: %s', (now, hours, expected) => {
    expect(canReleaseAt(slot, hours, at(now))).toBe(expected);
  });

  it('counts the cutoff in the round’s zone, across a daylight-saving change', () => {
    // Sydney moves to UTC+11 on Sunday 04-10-2026 at 02:00; Monday 05-10's 09:30 is 22:30 UTC on 04-10.
    const monday = { date: '2026-10-05', pickupTime: '09:30', timeZone: 'Australia/Sydney' };
    expect(new Date(getReleaseCutoffMs(monday, 24)).toISOString()).toBe('2026-10-03T22:30:00.000Z');
  });
});

describe('describeReleaseTooLate', () => {
  it.each([
    [24, '24 hours'],
    [1, '1 hour'],
  ])('names the cutoff of %i and says to phone the office', (hours, words) => {
    const message = describeReleaseTooLate(hours);
    expect(message).toContain(`until ${words} before pickup`);
    expect(message).toContain('Please phone the office.');
  });
});

describe('canPickUpAt', () => {
  it.each([
    ['2026-11-22T22:29:59Z', true],
    ['2026-11-22T22:30:00Z', false],
  ])('at %s: %s', (now, expected) => {
    expect(canPickUpAt(slot, at(now))).toBe(expected);
  });
});

describe('isDriverReminderDue', () => {
  it.each([
    // 09:00 of Sunday 22-11 in Sydney is 22:00 UTC on Saturday 21-11.
    ['2026-11-21T21:59:59Z', false],
    ['2026-11-21T22:00:00Z', true],
    ['2026-11-22T22:29:59Z', true],
    ['2026-11-22T22:30:00Z', false],
  ])('at %s: %s', (now, expected) => {
    expect(isDriverReminderDue(slot, at(now))).toBe(expected);
  });
});

describe('getDueUnfilledAlert', () => {
  it.each([
    ['2026-11-20T22:29:59Z', null],
    ['2026-11-20T22:30:00Z', 'unfilled_48h'],
    ['2026-11-21T22:29:59Z', 'unfilled_48h'],
    ['2026-11-21T22:30:00Z', 'unfilled_24h'],
    ['2026-11-22T22:29:59Z', 'unfilled_24h'],
    ['2026-11-22T22:30:00Z', null],
  ])('at %s: %s', (now, expected) => {
    expect(getDueUnfilledAlert(slot, at(now))).toBe(expected);
  });
});
