import { describe, expect, it } from 'vitest';
import { toPublishEntry } from './publish-entry';

describe('toPublishEntry', () => {
  const visit = { id: 4, date: '2026-11-24', timezone: 'Australia/Perth', status: 'scheduled' };

  it("sends the new times on the visit's day and zone, keeping the service unless one is given", () => {
    expect(toPublishEntry(visit, { start: '09:10', end: '09:25' })).toEqual({
      id: 4,
      date: '2026-11-24',
      start: '09:10',
      end: '09:25',
      timezone: 'Australia/Perth',
      service_id: '',
    });
    expect(toPublishEntry(visit, { start: '09:10', end: '09:25' }, '77').service_id).toBe('77');
  });
});
