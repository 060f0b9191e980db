import { describe, expect, it } from 'vitest';
import { describeRetimeDelay } from './retime-reason';

const names = ['Ada Brown', 'Ben Cole'];
const nameAt = (index: number) => names[index] ?? '?';

describe('describeRetimeDelay', () => {
  it('names the visit before, when it ends, the travel and the contingency', () => {
    const delay = {
      wantedStart: '10:30',
      from: { kind: 'stop', index: 1, leavesAt: '10:25' },
      travelMins: 15,
    } as const;
    expect(describeRetimeDelay(delay, '10:42', 2, nameAt)).toBe(
      "Stored time 10:30 cannot be driven: the driver arrives 10:42 at the earliest, after Ben Cole's visit ending 10:25 (15 min travel, 2 min contingency).",
    );
  });

  it('names the base and its pickup time for the first stop', () => {
    const delay = {
      wantedStart: '09:35',
      from: { kind: 'base', leavesAt: '09:30' },
      travelMins: 20,
    } as const;
    expect(describeRetimeDelay(delay, '09:52', 2, nameAt)).toBe(
      'Stored time 09:35 cannot be driven: the driver arrives 09:52 at the earliest, leaving the base at 09:30 (20 min travel, 2 min contingency).',
    );
  });

  it('says when the driver can only set off now (today)', () => {
    const delay = { wantedStart: '10:00', from: { kind: 'now', leavesAt: '10:20' }, travelMins: 5 } as const;
    expect(describeRetimeDelay(delay, '10:27', 2, nameAt)).toBe(
      'Stored time 10:00 cannot be driven: the driver arrives 10:27 at the earliest, setting off now, at 10:20 (5 min travel, 2 min contingency).',
    );
  });

  it('says a visit without a time takes the earliest', () => {
    const delay = {
      wantedStart: null,
      from: { kind: 'stop', index: 0, leavesAt: '11:00' },
      travelMins: 10,
    } as const;
    expect(describeRetimeDelay(delay, '11:12', 2, nameAt)).toBe(
      "It had no time: it takes the earliest the driver can arrive, 11:12, after Ada Brown's visit ending 11:00 (10 min travel, 2 min contingency).",
    );
  });
});
