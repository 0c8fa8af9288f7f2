/**
 * mulberry32: a tiny, fast, seeded PRNG. Same seed, same sequence — runs and tests are
 * reproducible. Returns floats in [0, 1).
 */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An index drawn with probability proportional to `weights` (negative ones count as 0; uniform when none is positive). */
export function drawWeighted(weights: readonly number[], rng: () => number): number {
  if (weights.length === 0) throw new RangeError('nothing to draw from');
  const total = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (!(total > 0)) return Math.min(weights.length - 1, Math.floor(rng() * weights.length));
  let u = rng() * total;
  for (let i = 0; i < weights.length - 1; i++) {
    u -= Math.max(0, weights[i]!);
    if (u < 0) return i;
  }
  return weights.length - 1;
}

/** FNV-1a 32-bit hash of a string: a fixed, seedless draw from a name (a word's bucket, a URL's coin). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
