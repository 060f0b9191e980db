import { describe, expect, it } from 'vitest';
import { australianTimezones, defaultTimezone, isAustralianTimezone } from './timezones';

describe('australian timezones', () => {
  it('lists the 23 Australia/* choices in their fixed order, each a zone the runtime knows', () => {
    expect(australianTimezones).toHaveLength(23);
    expect(australianTimezones[0]).toBe('Australia/ACT');
    expect(australianTimezones[22]).toBe('Australia/Yancowinna');
    expect(new Set(australianTimezones).size).toBe(23);
    for (const zone of australianTimezones) {
      expect(() => new Intl.DateTimeFormat('en-AU', { timeZone: zone })).not.toThrow();
    }
  });

  it('defaults to Sydney and recognises only the listed zones', () => {
    expect(defaultTimezone).toBe('Australia/Sydney');
    expect(isAustralianTimezone('Australia/Perth')).toBe(true);
    expect(isAustralianTimezone('Australia/Auckland')).toBe(false);
    expect(isAustralianTimezone('Pacific/Auckland')).toBe(false);
  });
});
