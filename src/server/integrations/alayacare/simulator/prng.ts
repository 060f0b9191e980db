import { createSeededStream } from '../../../../domain/random';

/**
 * The demo data's random source, over the product's one generator (src/domain/random.ts). Each client and each
 * client-day draws from its own stream (seeded by a hash of the seed and its keys), so one record never depends on
 * how many others were generated before it: ids and details stay stable across restarts and whatever the seed size.
 */

export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  nextInt: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** True with this probability. */
  isChance: (probability: number) => boolean;
};

/** Mixes numbers into one 32-bit seed (a variant of MurmurHash3's finaliser). */
export function hashSeed(...keys: number[]): number {
  let hash = 0x9e3779b9;
  for (const key of keys) {
    hash = Math.imul(hash ^ (key | 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return hash >>> 0;
}

/** A stream seeded by the keys. */
export function createRandom(...keys: number[]): Random {
  const next = createSeededStream(hashSeed(...keys));
  const nextInt = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('Cannot pick from an empty list.');
    return item;
  };
  return { next, nextInt, pick, isChance: (probability) => next() < probability };
}
