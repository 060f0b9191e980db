import { describe, expect, it } from 'vitest';
import { measureGreatCircleKm, roadFactor } from '../../maps/offline-provider';
import {
  demoMaxStopsPerRun,
  demoRoundStartMinutes,
  scheduleDemoRoundDay,
  type DemoStop,
} from './demo-day-schedule';

const stops: DemoStop[] = [
  { key: 1, latitude: -33.8817, longitude: 151.17, durationMinutes: 10 },
  { key: 2, latitude: -33.8969, longitude: 151.1636, durationMinutes: 5 },
  { key: 3, latitude: -33.8833, longitude: 151.1565, durationMinutes: 15 },
  { key: 4, latitude: -33.8945, longitude: 151.154, durationMinutes: 10 },
];

describe('scheduleDemoRoundDay', () => {
  it('starts the first stop at the round start and books every start on a five-minute step', () => {
    const starts = scheduleDemoRoundDay(stops);
    expect(starts.get(1)).toBe(demoRoundStartMinutes);
    expect([...starts.values()].every((minute) => minute % 5 === 0)).toBe(true);
    expect([...starts.keys()].sort()).toEqual([1, 2, 3, 4]);
  });

  it('leaves room for the visit and the drive between any two stops that follow one another', () => {
    const starts = scheduleDemoRoundDay(stops);
    const ordered = [...stops].sort((a, b) => (starts.get(a.key) ?? 0) - (starts.get(b.key) ?? 0));
    for (let index = 1; index < ordered.length; index += 1) {
      const [before, after] = [ordered[index - 1]!, ordered[index]!];
      const driveMinutes = ((measureGreatCircleKm(before, after) * roadFactor) / 30) * 60;
      expect(starts.get(after.key)!).toBeGreaterThanOrEqual(
        starts.get(before.key)! + before.durationMinutes + driveMinutes,
      );
    }
  });

  it('goes to the nearest stop next', () => {
    const starts = scheduleDemoRoundDay(stops);
    const order = [...starts.entries()].sort((a, b) => a[1] - b[1]).map(([key]) => key);
    // From Annandale the nearest is Leichhardt (3), then Petersham (4), then Stanmore (2).
    expect(order).toEqual([1, 3, 4, 2]);
  });

  it('schedules nothing for a day without stops', () => {
    expect(scheduleDemoRoundDay([]).size).toBe(0);
  });
});

describe('a round day with more stops than one run', () => {
  const many: DemoStop[] = Array.from({ length: 75 }, (_, index) => ({
    key: index,
    latitude: -33.88 + (index % 9) * 0.002,
    longitude: 151.15 + Math.floor(index / 9) * 0.002,
    durationMinutes: 5,
  }));

  it('books them as runs of at most demoMaxStopsPerRun, each from the round start', () => {
    const starts = [...scheduleDemoRoundDay(many).values()];
    expect(starts).toHaveLength(75);
    const runStarts = starts.filter((minute) => minute === demoRoundStartMinutes);
    expect(runStarts).toHaveLength(Math.ceil(75 / demoMaxStopsPerRun));
  });
});
