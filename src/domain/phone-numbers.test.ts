import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, getPhoneRegion, parsePhoneNumber } from './phone-numbers';

describe('getPhoneRegion', () => {
  it.each([
    ['Australia/Sydney', 'AU'],
    ['Australia/Perth', 'AU'],
    ['Antarctica/Macquarie', 'AU'],
    ['Pacific/Auckland', 'NZ'],
    ['Europe/London', 'GB'],
    ['Mars/Olympus', 'AU'],
    ['', 'AU'],
  ])('%s reads numbers in %s', (zone, region) => {
    expect(getPhoneRegion(zone)).toBe(region);
  });
});

describe('parsePhoneNumber', () => {
  it.each([
    ['0412 345 678', 'AU', '+61412345678'],
    ['(02) 9876 5432', 'AU', '+61298765432'],
    ['+61 412-345-678', 'AU', '+61412345678'],
    ['+64 21 123 4567', 'AU', '+64211234567'],
    ['021 123 4567', 'NZ', '+64211234567'],
    ['  0412345678  ', 'AU', '+61412345678'],
  ] as const)('reads %s in %s as %s', (text, region, e164) => {
    expect(parsePhoneNumber(text, region)).toEqual({ isValid: true, e164 });
  });

  it.each(['12', '0412 345', 'call me', '+99 123', '04123456789012'])('refuses %s', (text) => {
    expect(parsePhoneNumber(text, 'AU')).toEqual({
      isValid: false,
      message: `"${text}" is not a valid phone number.`,
    });
  });

  it('asks for a number when there is none', () => {
    expect(parsePhoneNumber('   ', 'AU')).toEqual({ isValid: false, message: 'Enter a phone number.' });
  });
});

describe('formatPhoneNumber', () => {
  it('writes a number of the region nationally and another internationally', () => {
    expect(formatPhoneNumber('+61412345678', 'AU')).toBe('0412 345 678');
    expect(formatPhoneNumber('+64211234567', 'AU')).toBe('+64 21 123 4567');
  });

  it('leaves what is not a number as it is', () => {
    expect(formatPhoneNumber('unknown', 'AU')).toBe('unknown');
  });
});
