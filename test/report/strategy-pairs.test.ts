import { describe, expect, it } from 'vitest';
import { pairedComparison, pairedTable, signedRankP, signTestP, type PairableRun } from '../../src/report/strategy-pairs.ts';

const cov = (c25: number) => ({ '25': c25, '50': 1, '100': 1, '200': 1 });
const run = (strategy: string, domain: string, over: Partial<PairableRun> = {}): PairableRun => ({ strategy, domain, coverageAt: cov(0.5), harvestRate: 0.5, queriesTo90: 10, queriesTo99: 20, ...over });

describe('signTestP (two-sided, exact)', () => {
  it('hand-worked values', () => {
    expect(signTestP(0, 0)).toBe(1);
    // 5 of 5 one way: 2 · (1/32).
    expect(signTestP(5, 0)).toBeCloseTo(0.0625, 12);
    expect(signTestP(0, 5)).toBeCloseTo(0.0625, 12);
    // 6 of 6: 2/64, the fewest sites that can decide at 0.05.
    expect(signTestP(6, 0)).toBeCloseTo(0.03125, 12);
    // 11 against 1: 2 · (1 + 12) / 4096.
    expect(signTestP(11, 1)).toBeCloseTo(26 / 4096, 12);
    // An even split is no evidence at all (the doubled tail is capped at 1).
    expect(signTestP(3, 3)).toBe(1);
    expect(signTestP(2, 3)).toBe(1);
  });
});

describe('signedRankP (Wilcoxon, two-sided, exact)', () => {
  it('hand-worked values', () => {
    expect(signedRankP([])).toBe(1);
    // All five one way: the largest sum of 32 sign patterns, and its mirror.
    expect(signedRankP([1, 2, 3, 4, 5])).toBeCloseTo(2 / 32, 12);
    // Ranks 1, 3, 4, 5 positive (sum 13): sums 13, 14, 15 and their mirrors 0, 1, 2 are as far out, 6 of 32.
    expect(signedRankP([1, -2, 3, 4, 5])).toBeCloseTo(6 / 32, 12);
    // Only the sizes' order matters, not the sizes.
    expect(signedRankP([0.001, -0.02, 0.3, 4, 50])).toBeCloseTo(6 / 32, 12);
  });

  it('equal sizes share their mean rank, and the distribution is the exact one given those ranks', () => {
    // |d| 1, 1, 1, 2, 2, 3 → ranks 2, 2, 2, 4.5, 4.5, 6 (sum 21); positive 19 of them. As far from 10.5: sums ≥ 19
    // (drop one rank 2: 3 ways, none: 1) and their mirrors ≤ 2: 8 of 64.
    expect(signedRankP([1, 1, -1, 2, 2, 3])).toBeCloseTo(8 / 64, 12);
  });

  it('weighs size where the sign test cannot: ten small lags against ten large leads', () => {
    const d = [...Array.from({ length: 10 }, (_, i) => -(i + 1) / 1000), ...Array.from({ length: 10 }, (_, i) => (i + 1) / 10)];
    expect(signTestP(10, 10)).toBe(1);
    // Positive ranks 11..20 sum to 155 of 210: 66,818 of the 2^20 sign patterns sum to 155 or more, or 55 or less
    // (counted apart, by brute force over the 2^20 patterns).
    expect(signedRankP(d)).toBeCloseTo(66818 / 2 ** 20, 12);
  });
});

describe('pairedComparison', () => {
  it('pairs by seed and domain, counts ahead / tied / behind with the 0.001 tie, and the mean difference', () => {
    const runs = [
      run('a3c-wge', 'news', { seed: 1, coverageAt: cov(0.9), harvestRate: 0.6 }),
      run('adaptive', 'news', { seed: 1, coverageAt: cov(0.8), harvestRate: 0.6005 }),
      run('a3c-wge', 'news', { seed: 2, coverageAt: cov(0.7) }),
      run('adaptive', 'news', { seed: 2, coverageAt: cov(0.75) }),
      // Same domain, a seed only one strategy crawled: no pair.
      run('adaptive', 'news', { seed: 3, coverageAt: cov(0.0) }),
    ];
    const c = pairedComparison(runs, 'a3c-wge');
    expect(Object.keys(c.against)).toEqual(['adaptive']);
    const at25 = c.against.adaptive!.coverageAt25!;
    expect(at25).toMatchObject({ pairs: 2, ahead: 1, tied: 0, behind: 1, verdict: 'not decided' });
    expect(at25.meanDifference).toBeCloseTo((0.1 - 0.05) / 2, 12);
    expect(c.against.adaptive!.harvestRate).toMatchObject({ pairs: 2, ahead: 0, tied: 2, behind: 0, signTestP: 1, signedRankP: 1 });
  });

  it('the signed-rank test ranks the untied pairs, oriented so that positive is ahead; queries-to has none', () => {
    const runs = [0.1, 0.2, -0.0005, 0.3].flatMap((d, i) => [run('a3c-wge', `d${i}`, { coverageMeanTo25: 0.5 + d, queriesTo90: 5 }), run('gf', `d${i}`, { coverageMeanTo25: 0.5, queriesTo90: 5 + i })]);
    const f = pairedComparison(runs, 'a3c-wge').against.gf!;
    // The tie (−0.0005) is left out; three leads: 2 / 8.
    expect(f.coverageMeanTo25).toMatchObject({ ahead: 3, tied: 1, behind: 0 });
    expect(f.coverageMeanTo25!.signedRankP).toBeCloseTo(2 / 8, 12);
    expect(f.queriesTo90!.signedRankP).toBeNull();
  });

  it('queries-to: fewer is ahead, reaching beats never reaching, neither reaching is a tie', () => {
    const runs = [
      run('a3c-wge', 'a', { queriesTo90: 8 }), run('gf', 'a', { queriesTo90: 12 }),
      run('a3c-wge', 'b', { queriesTo90: 30 }), run('gf', 'b', { queriesTo90: null }),
      run('a3c-wge', 'c', { queriesTo90: null }), run('gf', 'c', { queriesTo90: 5 }),
      run('a3c-wge', 'd', { queriesTo90: null }), run('gf', 'd', { queriesTo90: null }),
    ];
    const f = pairedComparison(runs, 'a3c-wge').against.gf!.queriesTo90!;
    expect(f).toMatchObject({ pairs: 4, ahead: 2, tied: 1, behind: 1 });
    // Only the pair where both got there has a difference.
    expect(f.meanDifference).toBe(-4);
  });

  it('a failed crawl pairs with nothing; a missing coverage figure leaves the pair out of that metric only', () => {
    const runs = [
      run('a3c-wge', 'a', { coverageAt: cov(0.9) }), run('gf', 'a', { error: 'crashed' }),
      run('a3c-wge', 'b', { coverageAt: cov(0.9), harvestRate: null }), run('gf', 'b', { coverageAt: cov(0.1) }),
    ];
    const c = pairedComparison(runs, 'a3c-wge').against.gf!;
    expect(c.coverageAt25).toMatchObject({ pairs: 1, ahead: 1 });
    expect(c.harvestRate).toMatchObject({ pairs: 0, ahead: 0, tied: 0, behind: 0, meanDifference: null, verdict: 'not decided' });
  });

  it('the verdict needs p < 0.05: six sites ahead decide, five cannot', () => {
    const sites = (n: number) => Array.from({ length: n }, (_, i) => [run('a3c-wge', `d${i}`, { coverageAt: cov(0.9) }), run('gf', `d${i}`, { coverageAt: cov(0.5) })]).flat();
    expect(pairedComparison(sites(5), 'a3c-wge').against.gf!.coverageAt25!.verdict).toBe('not decided');
    expect(pairedComparison(sites(6), 'a3c-wge').against.gf!.coverageAt25!.verdict).toBe('ahead');
    const behind = sites(6).map((r) => (r.strategy === 'gf' ? { ...r, coverageAt: cov(1) } : r));
    expect(pairedComparison(behind, 'a3c-wge').against.gf!.coverageAt25!.verdict).toBe('behind');
  });

  it('mean coverage over queries 1–25 is paired like coverage; a run without it (older results) leaves the pair out', () => {
    const runs = [
      run('a3c-wge', 'a', { coverageMeanTo25: 0.9 }), run('gf', 'a', { coverageMeanTo25: 0.8 }),
      run('a3c-wge', 'b', { coverageMeanTo25: 0.95 }), run('gf', 'b', { coverageMeanTo25: 0.9505 }),
      run('a3c-wge', 'c', { coverageMeanTo25: 0.9 }), run('gf', 'c'),
    ];
    expect(pairedComparison(runs, 'a3c-wge').against.gf!.coverageMeanTo25).toMatchObject({ pairs: 2, ahead: 1, tied: 1, behind: 0 });
  });

  it('renders one row per other strategy and metric', () => {
    const md = pairedTable(pairedComparison([run('a3c-wge', 'a', { coverageAt: cov(0.9) }), run('gf', 'a'), run('adaptive', 'a')], 'a3c-wge'));
    expect(md).toContain('| a3c-wge against | metric | sites | ahead / tied / behind | mean difference | sign test p | signed-rank p | verdict |');
    expect(md).toContain('| gf | cov@25 | 1 | 1 / 0 / 0 | +0.400 | 1.000 | 1.000 | not decided |');
    expect(md).toContain('| adaptive | queries→99% | 1 | 0 / 1 / 0 | +0.0 | 1.000 | — | not decided |');
    expect(md.split('\n').filter((l) => /^\| (gf|adaptive) \|/.test(l))).toHaveLength(16);
  });
});
