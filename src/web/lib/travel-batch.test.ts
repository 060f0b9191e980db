import { describe, expect, it, vi } from 'vitest';
import type { LegTravel } from '../../contracts/travel';
import { createLegBatcher, maxLegsPerCall } from './travel-batch';

type Leg = { from: string; to: string };

/** A server that answers every leg 1 km per character of its destination, and fails the legs to 'Atlantis'. */
function answer(legs: Leg[]): LegTravel[] {
  return legs.map((leg) =>
    leg.to === 'Atlantis'
      ? { ...leg, error: 'Unable to calculate travel. offline: no coordinates found.' }
      : { ...leg, kms: leg.to.length, mins: 2 },
  );
}

describe('createLegBatcher', () => {
  it('sends the legs asked for together in one call, once each, and settles each leg with its answer', async () => {
    const send = vi.fn((legs: Leg[]) => Promise.resolve(answer(legs)));
    const loadLeg = createLegBatcher(send);
    const results = await Promise.allSettled([
      loadLeg('Base', 'Ashfield'),
      loadLeg('Ashfield', 'Atlantis'),
      loadLeg('Base', 'Ashfield'),
      loadLeg('Atlantis', 'Base'),
    ]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith([
      { from: 'Base', to: 'Ashfield' },
      { from: 'Ashfield', to: 'Atlantis' },
      { from: 'Atlantis', to: 'Base' },
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: { kms: 8, mins: 2 } },
      { status: 'rejected', reason: new Error('Unable to calculate travel. offline: no coordinates found.') },
      { status: 'fulfilled', value: { kms: 8, mins: 2 } },
      { status: 'fulfilled', value: { kms: 4, mins: 2 } },
    ]);

    // Asked later: a call of its own.
    await loadLeg('Base', 'Bondi');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('splits more legs than one call takes, and fails every leg of a call that failed', async () => {
    const send = vi.fn((legs: Leg[]) =>
      legs.length < maxLegsPerCall
        ? Promise.reject(new Error('The server is busy.'))
        : Promise.resolve(answer(legs)),
    );
    const loadLeg = createLegBatcher(send);
    const results = await Promise.allSettled(
      Array.from({ length: maxLegsPerCall + 2 }, (_, index) => loadLeg('Base', `Stop ${String(index)}`)),
    );
    expect(send.mock.calls.map(([legs]) => legs.length)).toEqual([maxLegsPerCall, 2]);
    expect(results.slice(0, maxLegsPerCall).every((result) => result.status === 'fulfilled')).toBe(true);
    expect(results.slice(maxLegsPerCall)).toEqual([
      { status: 'rejected', reason: new Error('The server is busy.') },
      { status: 'rejected', reason: new Error('The server is busy.') },
    ]);
  });
});
