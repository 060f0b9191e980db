import { describe, expect, it } from 'vitest';
import { getDefaultOutcomesRange, readOutcomesRange } from './outcomes-range';

describe('Delivery Outcomes range', () => {
  it('opens on the four weeks ending today', () => {
    expect(getDefaultOutcomesRange('2026-11-24')).toEqual({ from: '28-10-2026', to: '24-11-2026' });
    expect(getDefaultOutcomesRange('2026-03-01')).toEqual({ from: '02-02-2026', to: '01-03-2026' });
  });

  it.each([
    ['01-11-2026', '30-11-2026', { from: '01-11-2026', to: '30-11-2026' }],
    [' 01-11-2026 ', '01-11-2026', { from: '01-11-2026', to: '01-11-2026' }],
    ['01-01-2026', '01-01-2027', { from: '01-01-2026', to: '01-01-2027' }],
  ])('reads %s to %s as a range', (from, to, range) => {
    expect(readOutcomesRange(from, to)).toEqual(range);
  });

  it.each([
    ['2026-11-01', '30-11-2026', { from: 'Please enter a date as DD-MM-YYYY.' }],
    ['01-11-2026', '31-11-2026', { to: 'Please enter a date as DD-MM-YYYY.' }],
    ['', '', { from: 'Please enter a date as DD-MM-YYYY.', to: 'Please enter a date as DD-MM-YYYY.' }],
    ['30-11-2026', '01-11-2026', { to: 'The end date must not be before the start date.' }],
    ['01-01-2026', '02-01-2027', { to: 'Choose at most 366 days.' }],
  ])('refuses %s to %s, saying which field is wrong', (from, to, errors) => {
    expect(readOutcomesRange(from, to)).toEqual({ errors });
  });
});
