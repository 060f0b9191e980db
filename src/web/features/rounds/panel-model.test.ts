import { describe, expect, it } from 'vitest';
import type { Visit } from '../../../contracts/visits';
import { isOpenVisit } from '../../../domain/round-day-rules';
import {
  applyOptimised,
  buildOptimiseVisits,
  buildPrintVisits,
  buildPrintReturn,
  buildPublishBody,
  formatUpdatedAgo,
  markCompleted,
  markPublished,
  trackVisits,
  type PanelVisit,
} from './panel-model';

function buildVisit(id: number, start: string, end: string, status = 'scheduled'): Visit {
  return {
    id,
    date: '2026-11-24',
    start,
    end,
    duration: 20,
    address: `${id} Street`,
    status,
    timezone: 'Australia/Sydney',
    client: { id, name: `Client ${id}`, key: `k${id}` },
    service: { id: 's9' },
  };
}

const visits = trackVisits([buildVisit(1, '10:00', '10:20'), buildVisit(2, '10:30', '10:50')]);
const [first, second] = visits as [PanelVisit, PanelVisit];

describe('panel model', () => {
  it('publishes only the visits whose start or end changed', () => {
    const moved = [{ ...second, start: '10:05' }, first];
    expect(buildPublishBody(moved)).toEqual([
      {
        id: 2,
        date: '2026-11-24',
        start: '10:05',
        end: '10:50',
        timezone: 'Australia/Sydney',
        service_id: 's9',
      },
    ]);
    expect(buildPublishBody(markPublished(moved, new Set([2])))).toEqual([]);
    expect(buildPublishBody(markPublished(moved, new Set([1])))).toHaveLength(1);
  });

  it('takes the optimiser’s order and times and keeps the originals', () => {
    const optimised = [
      { ...second, start: '09:10', end: '09:30', travel_mins: 8, travel_kms: 3 },
      { ...first, start: '09:35', end: '09:55', travel_mins: 3, travel_kms: 1 },
    ];
    const applied = applyOptimised(visits, optimised);
    expect(applied.map((visit) => [visit.id, visit.start, visit.original_start])).toEqual([
      [2, '09:10', '10:30'],
      [1, '09:35', '10:00'],
    ]);
  });

  it('sends the optimiser the visits alone, with the travel known for each', () => {
    const sent = buildOptimiseVisits(visits, [{ kms: 2, mins: 4.2 }, null]);
    expect(sent[0]).toEqual({ ...buildVisit(1, '10:00', '10:20'), travel_mins: 5 });
    expect(sent[1]).toEqual(buildVisit(2, '10:30', '10:50'));
  });

  it('prints the shown order and times with each leg’s travel', () => {
    expect(buildPrintVisits(visits, [{ kms: 2, mins: 4 }])).toEqual([
      { id: 1, start: '10:00', end: '10:20', travel_mins: 4, travel_kms: 2 },
      { id: 2, start: '10:30', end: '10:50' },
    ]);
  });

  it('sends print the drive back to the base, the leg after the last visit, when known', () => {
    const legs = [{ kms: 2, mins: 4 }, null, { kms: 5.5, mins: 9.2 }];
    expect(buildPrintReturn(visits, legs)).toEqual({ return_travel: { mins: 10, kms: 5.5 } });
    expect(buildPrintReturn(visits, [null, null, null])).toEqual({});
  });

  it('marks the chosen visits completed, so they are no longer open', () => {
    expect(markCompleted(visits, new Set([1])).map(isOpenVisit)).toEqual([false, true]);
  });
});

describe('formatUpdatedAgo', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const minute = 60_000;

  it('says how long ago the CRM was last asked, in whole minutes, hours or days', () => {
    expect(formatUpdatedAgo(ago(0), now)).toBe('Updated just now');
    expect(formatUpdatedAgo(ago(59_999), now)).toBe('Updated just now');
    expect(formatUpdatedAgo(ago(minute), now)).toBe('Updated 1 minute ago');
    expect(formatUpdatedAgo(ago(59 * minute + 59_999), now)).toBe('Updated 59 minutes ago');
    expect(formatUpdatedAgo(ago(60 * minute), now)).toBe('Updated 1 hour ago');
    expect(formatUpdatedAgo(ago(23 * 60 * minute), now)).toBe('Updated 23 hours ago');
    expect(formatUpdatedAgo(ago(3 * 24 * 60 * minute), now)).toBe('Updated 3 days ago');
  });

  it('says when a day was never fetched, and treats a clock a little behind the server as just now', () => {
    expect(formatUpdatedAgo(null, now)).toBe('Not yet updated from the CRM');
    expect(formatUpdatedAgo(ago(-30_000), now)).toBe('Updated just now');
  });
});
