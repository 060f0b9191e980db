/**
 * mulberry32, the one seeded pseudo-random generator of the product: the optimiser must give the same tour for the
 * same seed and the demo data the same records, so never Math.random. Tiny, fast, 32-bit state; not for secrets.
 * Answers a function that gives the next float in [0, 1) each call.
 */
export function createSeededStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
