/** A seeded pseudo-random source: the optimiser must give the same tour for the same seed, so never Math.random. */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [0, bound). */
  nextInt: (bound: number) => number;
};

/** mulberry32: tiny, fast and good enough for choosing moves; not for anything secret. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, nextInt: (bound) => Math.floor(next() * bound) };
}
