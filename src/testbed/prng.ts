/**
 * Seeded randomness for the testbed. Everything a site contains is drawn from these
 * streams, never from Math.random, so (domain, scale, seed) fixes every byte it serves.
 */

/** FNV-1a over a string: a stable 32-bit hash to derive streams and per-URL decisions. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: T[]): T[];
}

/** mulberry32: tiny, fast and good enough for generating fixtures. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (p: number) => next() < p,
    shuffle: <T>(items: T[]): T[] => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
}

/** One independent stream per (seed, domain, purpose): changing one generator never shifts another. */
export function streamFor(seed: number, domain: string, purpose: string): Rng {
  return mulberry32(hash32(`${seed}|${domain}|${purpose}`));
}

/**
 * Samples ranks with probability ∝ 1 / rank^s (Zipf), so a few words are very common and
 * most are rare, as in real text.
 */
export function zipfSampler<T>(items: readonly T[], s = 1.05): (rng: Rng) => T {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    total += 1 / Math.pow(i + 1, s);
    cumulative[i] = total;
  }
  return (rng) => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

/** Discrete Pareto draw ≥ min (heavy tail), capped so one page cannot hold the whole site. */
export function paretoInt(rng: Rng, min: number, alpha: number, cap: number): number {
  const u = 1 - rng.next();
  return Math.min(cap, Math.floor(min / Math.pow(u, 1 / alpha)));
}
