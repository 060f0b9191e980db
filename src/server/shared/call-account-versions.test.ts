import { describe, expect, it } from 'vitest';
import { noteAccountVersion, readCallAccountVersion, runApiCall } from './call-account-versions';

describe('the account versions an API call read', () => {
  it('are kept for the call that read them, by account', async () => {
    const read = await runApiCall(async () => {
      noteAccountVersion(7, 12);
      await Promise.resolve();
      return [readCallAccountVersion(7), readCallAccountVersion(8)];
    });
    expect(read).toEqual([12, undefined]);
  });

  it('are not seen by another call running at the same time', async () => {
    let releaseFirst: () => void = () => undefined;
    const firstWaits = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = runApiCall(async () => {
      noteAccountVersion(7, 1);
      await firstWaits;
      return readCallAccountVersion(7);
    });
    const second = await runApiCall(async () => {
      noteAccountVersion(7, 2);
      return readCallAccountVersion(7);
    });
    releaseFirst();
    expect([await first, second]).toEqual([1, 2]);
  });

  it('are not kept outside a call, so work outside one (the jobs) reads the database', () => {
    noteAccountVersion(7, 3);
    expect(readCallAccountVersion(7)).toBeUndefined();
  });
});
