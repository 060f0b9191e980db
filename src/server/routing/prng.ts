import { createSeededStream } from '../../domain/random';

/** A seeded pseudo-random source: the optimiser must give the same tour for the same seed, so never Math.random. */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [0, bound). */
  nextInt: (bound: number) => number;
};

/** The optimiser's random source over the product's one generator (src/domain/random.ts). */
export function createRandom(seed: number): Random {
  const next = createSeededStream(seed);
  return { next, nextInt: (bound) => Math.floor(next() * bound) };
}
