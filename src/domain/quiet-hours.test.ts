import { describe, expect, it } from 'vitest';
import { getQuietHoursEnd } from './quiet-hours';

const sydney = 'Australia/Sydney';
const overnight = { from: '21:00', to: '08:00' };
const lunch = { from: '12:00', to: '13:30' };

describe('getQuietHoursEnd', () => {
  it.each([
    ['before quiet hours', '2026-11-27T20:59:00+11:00', overnight, null],
    ['at their start', '2026-11-27T21:00:00+11:00', overnight, '2026-11-28T08:00:00+11:00'],
    ['just before midnight', '2026-11-27T23:59:00+11:00', overnight, '2026-11-28T08:00:00+11:00'],
    ['after midnight', '2026-11-28T03:00:00+11:00', overnight, '2026-11-28T08:00:00+11:00'],
    ['a minute before their end', '2026-11-28T07:59:00+11:00', overnight, '2026-11-28T08:00:00+11:00'],
    ['at their end', '2026-11-28T08:00:00+11:00', overnight, null],
    ['in the day', '2026-11-28T12:00:00+11:00', overnight, null],
    ['inside a same-day window', '2026-11-28T12:10:00+11:00', lunch, '2026-11-28T13:30:00+11:00'],
    ['after a same-day window', '2026-11-28T13:30:00+11:00', lunch, null],
    ['before a same-day window', '2026-11-28T11:59:00+11:00', lunch, null],
    ['with none', '2026-11-28T03:00:00+11:00', null, null],
    [
      'across the end of daylight saving',
      '2026-04-04T22:00:00+11:00',
      overnight,
      '2026-04-05T08:00:00+10:00',
    ],
  ])('%s', (_label, at, quiet, expected) => {
    const end = getQuietHoursEnd(Date.parse(at), quiet, sydney);
    expect(end).toBe(expected === null ? null : Date.parse(expected));
  });

  it('reads the wall clock of the account, not UTC', () => {
    // 10:00 UTC is 21:00 in Sydney (summer) but 10:00 in London.
    const at = Date.parse('2026-11-27T10:00:00Z');
    expect(getQuietHoursEnd(at, overnight, sydney)).toBe(Date.parse('2026-11-28T08:00:00+11:00'));
    expect(getQuietHoursEnd(at, overnight, 'Europe/London')).toBeNull();
  });
});
