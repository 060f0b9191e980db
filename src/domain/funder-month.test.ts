import { describe, expect, it } from 'vitest';
import {
  formatCentsAsDollars,
  formatFee,
  getFeeTotalCents,
  getFunderMonthOf,
  getPreviousFunderMonth,
  isFunderMonthOver,
  listFunderMonths,
  parseBirthDate,
  parseFunderMonth,
} from './funder-month';

describe('parseFunderMonth', () => {
  it.each([
    { label: '11-2026', expected: { label: '11-2026', first: '2026-11-01', last: '2026-11-30' } },
    { label: '02-2028', expected: { label: '02-2028', first: '2028-02-01', last: '2028-02-29' } },
    { label: '02-2100', expected: { label: '02-2100', first: '2100-02-01', last: '2100-02-28' } },
    { label: '12-2026', expected: { label: '12-2026', first: '2026-12-01', last: '2026-12-31' } },
    { label: '13-2026', expected: null },
    { label: '00-2026', expected: null },
    { label: '1-2026', expected: null },
    { label: '2026-11', expected: null },
    { label: '11-1999', expected: null },
  ])('$label', ({ label, expected }) => {
    expect(parseFunderMonth(label)).toEqual(expected);
  });
});

describe('month helpers', () => {
  it.each([
    { today: '2026-12-01', previous: '11-2026', of: '12-2026' },
    { today: '2027-01-14', previous: '12-2026', of: '01-2027' },
  ])('$today', ({ today, previous, of }) => {
    expect(getPreviousFunderMonth(today)).toBe(previous);
    expect(getFunderMonthOf(today)).toBe(of);
  });

  it.each([
    { today: '2026-11-30', expected: false },
    { today: '2026-12-01', expected: true },
    { today: '2026-11-15', expected: false },
  ])('November 2026 is over on $today: $expected', ({ today, expected }) => {
    const month = parseFunderMonth('11-2026');
    expect(month && isFunderMonthOver(month, today)).toBe(expected);
  });
});

describe('listFunderMonths', () => {
  it('lists months back across a year end, latest first', () => {
    expect(listFunderMonths('2027-02-10', 4)).toEqual(['02-2027', '01-2027', '12-2026', '11-2026']);
    expect(listFunderMonths('2027-02-10', 1)).toEqual(['02-2027']);
  });
});

describe('fees', () => {
  it.each([
    { delivered: 0, fee: 850, total: 0, dollars: '0.00' },
    { delivered: 3, fee: 850, total: 2550, dollars: '25.50' },
    { delivered: 7, fee: 1005, total: 7035, dollars: '70.35' },
    { delivered: 2, fee: 0, total: 0, dollars: '0.00' },
  ])('$delivered meals at $fee cents', ({ delivered, fee, total, dollars }) => {
    expect(getFeeTotalCents(delivered, fee)).toBe(total);
    expect(formatCentsAsDollars(total)).toBe(dollars);
    expect(formatFee(total)).toBe(`$${dollars}`);
  });
});

describe('parseBirthDate', () => {
  it.each([
    { value: '01-03-1940', expected: '1940-03-01' },
    { value: '29-02-1936', expected: '1936-02-29' },
    { value: '29-02-1937', expected: null },
    { value: '31-04-1950', expected: null },
    { value: '01-01-1899', expected: null },
    { value: '02-12-2026', expected: null },
    { value: '01-12-2026', expected: '2026-12-01' },
    { value: '1940-03-01', expected: null },
    { value: '00-03-1940', expected: null },
  ])('$value', ({ value, expected }) => {
    expect(parseBirthDate(value, '2026-12-01')).toBe(expected);
  });
});
