/**
 * A seeded pseudo-random generator (mulberry32): the same seed draws the same choices (which fault, when, which
 * decision), so a failing chaos run can be replayed with `--seed`. The processes' own timing is not seeded: a replay
 * repeats the plan, not every interleaving.
 */
export interface Prng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
  /** true with probability `p`. */
  chance(p: number): boolean;
}

export function prngOf(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}
