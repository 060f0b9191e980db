import { describe, expect, it } from 'vitest';
import {
  describeCancelledNotice,
  describeMovedNotice,
  formatNoticeDate,
  isDateNearForNotice,
  isMovedEnoughForNotice,
} from './delivery-notices';

const at = (time: string) => Date.parse(`2026-12-01T${time}:00Z`);

describe('isMovedEnoughForNotice', () => {
  it.each([
    ['11:00', '11:45', true],
    ['11:00', '10:15', true],
    ['11:00', '11:31', true],
    ['11:00', '11:30', false],
    ['11:00', '10:30', false],
    ['11:00', '11:20', false],
    ['11:00', '11:00', false],
  ])('%s -> %s: %s', (from, to, expected) => {
    expect(isMovedEnoughForNotice(at(from), at(to))).toBe(expected);
  });
});

describe('isDateNearForNotice', () => {
  it.each([
    ['2026-12-01', '2026-12-01', true],
    ['2026-12-02', '2026-12-01', true],
    ['2026-12-03', '2026-12-01', false],
    ['2026-11-30', '2026-12-01', false],
    ['2027-01-01', '2026-12-31', true],
  ])('%s with today %s: %s', (date, today, expected) => {
    expect(isDateNearForNotice(date, today)).toBe(expected);
  });
});

describe('notice texts', () => {
  it.each([
    ['2026-12-01', 'Tuesday 1 December'],
    ['2026-11-29', 'Sunday 29 November'],
    ['2027-01-04', 'Monday 4 January'],
  ])('formats %s as %s', (date, expected) => {
    expect(formatNoticeDate(date)).toBe(expected);
  });

  it('words a cancellation', () => {
    expect(describeCancelledNotice('2026-12-01')).toBe(
      'Your meal delivery on Tuesday 1 December is cancelled.',
    );
  });

  it('words a move', () => {
    expect(describeMovedNotice('2026-12-01', '11:45')).toBe(
      'Your meal delivery on Tuesday 1 December is now about 11:45.',
    );
  });
});
