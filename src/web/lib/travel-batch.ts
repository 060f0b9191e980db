import type { LegTravel, Travel } from '../../contracts/travel';

/** The most legs one maps/distances call takes. */
export const maxLegsPerCall = 200;

type Waiting = { resolve: (travel: Travel) => void; reject: (error: Error) => void };

/**
 * Gathers the legs asked for within one turn of the event loop (every travel row of the panels just shown) and
 * sends them in as few calls as the server allows; each leg's promise settles with its own answer. A failed call
 * fails every leg it carried, with its message.
 */
export function createLegBatcher(send: (legs: { from: string; to: string }[]) => Promise<LegTravel[]>) {
  let pending = new Map<string, { from: string; to: string; waiting: Waiting[] }>();
  let isScheduled = false;

  async function sendChunk(chunk: { from: string; to: string; waiting: Waiting[] }[]) {
    try {
      const answers = await send(chunk.map(({ from, to }) => ({ from, to })));
      chunk.forEach((leg, index) => {
        const answer = answers[index];
        const outcome =
          answer && 'kms' in answer
            ? { kms: answer.kms, mins: answer.mins }
            : new Error(answer?.error ?? 'Unable to calculate travel.');
        for (const waiting of leg.waiting)
          if (outcome instanceof Error) waiting.reject(outcome);
          else waiting.resolve(outcome);
      });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error('Unable to calculate travel.');
      for (const leg of chunk) for (const waiting of leg.waiting) waiting.reject(failure);
    }
  }

  function flush() {
    const legs = [...pending.values()];
    pending = new Map();
    isScheduled = false;
    for (let index = 0; index < legs.length; index += maxLegsPerCall)
      void sendChunk(legs.slice(index, index + maxLegsPerCall));
  }

  return function loadLeg(from: string, to: string): Promise<Travel> {
    return new Promise<Travel>((resolve, reject) => {
      const key = JSON.stringify([from, to]);
      const leg = pending.get(key) ?? { from, to, waiting: [] };
      leg.waiting.push({ resolve, reject });
      pending.set(key, leg);
      if (!isScheduled) {
        isScheduled = true;
        setTimeout(flush, 0);
      }
    });
  };
}
