import { createHash } from 'node:crypto';

/** A stable 24-hex-digit `_id` for a record, derived from a key that never changes between runs. */
export function stableId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 24);
}

/** A file identifier: the first 24 hex digits of the SHA-256 of its bytes (so its URL is immutable). */
export function contentId(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

/** A small seeded PRNG (mulberry32): the same seed always gives the same demo school. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRandom(seed: string): Random {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
  };
}
