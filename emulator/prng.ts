// mulberry32: a tiny seeded PRNG. Fault rates must not use Math.random, so that a resilience test
// that failed once fails the same way when it is run again with the same seed.

/** A uint32 PRNG state for a seed (any integer; only its low 32 bits count). */
export function seedState(seed: number): number {
  return seed >>> 0;
}

/** The next number in [0, 1) and the state to keep for the draw after it. */
export function mulberry32(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: next };
}
