import { describe, expect, it } from 'vitest';
import { greedyCover, harmonic, oracleBound, picksToCover, recordsFor, type CoverCandidate } from '../../src/report/oracle-cover.ts';
import { siteOracle, siteOracleCandidates } from '../../src/report/oracle-site.ts';

const c = (key: string, covers: number[]): CoverCandidate => ({ key, covers });

/** The plain greedy loop (recompute every gain each round), ties to the candidate listed first. */
function plainGreedy(candidates: readonly CoverCandidate[]): string[] {
  const covered = new Set<number>();
  const picks: string[] = [];
  for (;;) {
    let best = -1;
    let bestGain = 0;
    candidates.forEach((cand, i) => {
      const gain = new Set(cand.covers.filter((x) => !covered.has(x))).size;
      if (gain > bestGain) {
        best = i;
        bestGain = gain;
      }
    });
    if (best < 0) return picks;
    for (const x of candidates[best]!.covers) covered.add(x);
    picks.push(candidates[best]!.key);
  }
}

/** Smallest number of candidates covering at least `target` elements (exhaustive; tiny cases only). */
function bruteForceOptimum(candidates: readonly CoverCandidate[], target: number): number {
  const n = candidates.length;
  let best = Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    const size = mask.toString(2).replace(/0/g, '').length;
    if (size >= best) continue;
    const covered = new Set<number>();
    for (let i = 0; i < n; i++) if (mask & (1 << i)) for (const x of candidates[i]!.covers) covered.add(x);
    if (covered.size >= target) best = size;
  }
  return best;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('greedyCover', () => {
  it('picks the largest gain each round and stops when nothing new is covered', () => {
    const picks = greedyCover([c('a', [1, 2, 3]), c('b', [3, 4]), c('c', [1, 2, 3, 4, 5]), c('d', [6]), c('e', [5, 6])]);
    expect(picks).toEqual([
      { key: 'c', gain: 5, covered: 5 },
      { key: 'd', gain: 1, covered: 6 },
    ]);
  });

  it('breaks ties by candidate order and ignores duplicate ids and empty candidates', () => {
    expect(greedyCover([c('empty', []), c('x', [1, 1, 2]), c('y', [3, 4])]).map((p) => p.key)).toEqual(['x', 'y']);
    expect(greedyCover([c('y', [3, 4]), c('x', [1, 2])]).map((p) => p.key)).toEqual(['y', 'x']);
  });

  it('honours maxPicks', () => {
    expect(greedyCover([c('a', [1]), c('b', [2]), c('c', [3])], 2)).toHaveLength(2);
  });

  it('lazy evaluation picks exactly what the plain greedy loop picks', () => {
    const r = rng(7);
    for (let t = 0; t < 50; t++) {
      const cands = Array.from({ length: 3 + Math.floor(r() * 20) }, (_, i) =>
        c(`q${i}`, Array.from({ length: Math.floor(r() * 12) }, () => Math.floor(r() * 30))),
      );
      expect(greedyCover(cands).map((p) => p.key)).toEqual(plainGreedy(cands));
    }
  });

  it('on the textbook trap it needs 3 where the hand-checked optimum needs 2, within the H(Δ) bound', () => {
    // Greedy takes the big set {1,2,3,4} first; {1,2,5} + {3,4,6} cover everything with two.
    const cands = [c('big', [1, 2, 3, 4]), c('left', [1, 2, 5]), c('right', [3, 4, 6])];
    const picks = greedyCover(cands);
    expect(picks.map((p) => p.key)).toEqual(['big', 'left', 'right']);
    expect(bruteForceOptimum(cands, 6)).toBe(2);
    expect(picks.length).toBeLessThanOrEqual(harmonic(4) * 2);
    const bound = oracleBound(cands, 6);
    expect(bound.queriesTo99).toBe(3);
    expect(bound.optimumAtLeast99).toBe(2); // ceil(3 / H(4)) = ceil(1.44)
  });

  it('is never worse than the optimum by more than the greedy bound H(min(k, Δ)) on small random cases', () => {
    const r = rng(11);
    for (let t = 0; t < 40; t++) {
      const cands = Array.from({ length: 4 + Math.floor(r() * 7) }, (_, i) =>
        c(`q${i}`, Array.from({ length: 1 + Math.floor(r() * 6) }, () => Math.floor(r() * 14))),
      );
      const picks = greedyCover(cands);
      const reachable = picks[picks.length - 1]!.covered;
      const delta = Math.max(...cands.map((x) => new Set(x.covers).size));
      for (const fraction of [0.5, 0.9, 1]) {
        const k = recordsFor(fraction, reachable);
        const greedy = picksToCover(picks, k)!;
        const opt = bruteForceOptimum(cands, k);
        expect(greedy).toBeGreaterThanOrEqual(opt);
        expect(greedy).toBeLessThanOrEqual(harmonic(Math.min(k, delta)) * opt + 1e-9);
        expect(Math.ceil(greedy / harmonic(Math.min(k, delta)) - 1e-9)).toBeLessThanOrEqual(opt);
      }
    }
  });
});

describe('oracleBound', () => {
  it('counts picks to 90% / 99% of the reachable records and reports the share reachable', () => {
    // 20 records, 10 reachable: one query brings 8, then two singles.
    const cands = [c('big', [0, 1, 2, 3, 4, 5, 6, 7]), c('s8', [8]), c('s9', [9]), c('dup', [0, 1])];
    const b = oracleBound(cands, 20);
    expect(b).toMatchObject({ records: 20, reachable: 10, reachableShare: 0.5, candidates: 4, queriesTo90: 2, queriesTo99: 3 });
    expect(b.firstPicks.map((p) => p.key)).toEqual(['big', 's8', 's9']);
  });

  it('27 of 30 counts as 90% despite floating point', () => {
    expect(recordsFor(0.9, 30)).toBe(27);
    expect(recordsFor(0.99, 300)).toBe(297);
  });

  it('nothing reachable: null counts, not zero', () => {
    expect(oracleBound([], 5)).toMatchObject({ reachable: 0, reachableShare: 0, queriesTo90: null, queriesTo99: null });
  });
});

describe('siteOracle (testbed ground truth)', () => {
  it('select-only site: one candidate per category option, a year alone returns nothing', () => {
    const { candidates, records } = siteOracleCandidates({ domain: 'games', scale: 'small', seed: 1 });
    expect(records).toBe(300);
    expect(candidates.length).toBeGreaterThan(3);
    expect(candidates.every((x) => x.key.startsWith('search|genre='))).toBe(true);
    const b = siteOracle({ domain: 'games', scale: 'small', seed: 1 });
    expect(b.reachable).toBe(300);
    expect(b.queriesTo99).toBeLessThanOrEqual(candidates.length);
    expect(b.queriesTo90!).toBeLessThanOrEqual(b.queriesTo99!);
  });

  it('keyword site: LVS values join the record words as candidates', () => {
    const without = siteOracleCandidates({ domain: 'news', scale: 'small', seed: 1 }).candidates.length;
    const withExtra = siteOracleCandidates({ domain: 'news', scale: 'small', seed: 1, extraKeywords: ['zzzz-not-a-word', 'storm'] }).candidates.length;
    expect(withExtra).toBe(without); // one matches nothing, the other is a record word already
    const b = siteOracle({ domain: 'news', scale: 'small', seed: 1 });
    expect(b.queriesTo90).toBeGreaterThan(1); // the cap of 100 forces several queries
    expect(b.optimumAtLeast90!).toBeLessThanOrEqual(b.queriesTo90!);
  });
});
