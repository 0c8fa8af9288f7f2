import { describe, expect, it } from 'vitest';
import { combineHarvestByDepth, combineResults, siteLabel, type CombinableResult } from '../../src/report/strategy-combine.ts';

const depthRows = (rate: number | null, domains: number) => [
  { depth: 0, harvestRate: 0, domains },
  { depth: 1, harvestRate: rate, domains: rate === null ? 0 : domains },
];

function result(seed: number, strategies: string[], c25: (strategy: string, domain: string) => number, q99: number | null = 20): CombinableResult {
  const domains = ['news', 'sports'];
  return {
    strategies: Object.fromEntries(strategies.map((s) => [s, { harvestRateByDepth: depthRows(0.5, 2) }])),
    oracle: { perDomain: Object.fromEntries(domains.map((d) => [d, { queriesTo90: seed, queriesTo99: 2 * seed, reachableShare: 1 }])) },
    trainDomains: ['arts'],
    testDomains: domains,
    testbed: { seed },
    runs: strategies.flatMap((s) => domains.map((d) => ({ strategy: s, domain: d, coverage: 1, coverageAt: { '25': c25(s, d), '50': 1, '100': 1, '200': 1 }, queriesIssued: 30, pagesFetched: 100, queriesTo90: 10, queriesTo99: q99, harvestRate: 0.5, pagesPerSecond: 2, commit: `c${seed}` }))),
    codeCommits: [`c${seed}`],
  };
}

describe('combineHarvestByDepth', () => {
  it('weights each result\'s mean by the domains behind it and skips depths a result never fetched', () => {
    const rows = combineHarvestByDepth([depthRows(0.5, 2), depthRows(0.2, 3), depthRows(null, 4)]);
    expect(rows[1]!.harvestRate).toBeCloseTo((0.5 * 2 + 0.2 * 3) / 5, 12);
    expect(rows[1]!.domains).toBe(5);
    expect(combineHarvestByDepth([depthRows(null, 1)])[1]).toEqual({ depth: 1, harvestRate: null, domains: 0 });
  });
});

describe('combineResults', () => {
  it('means over every crawl of every seed, the oracle over every site, the subject paired site by site', () => {
    const c = combineResults(
      [result(1, ['a3c-wge', 'adaptive'], (s) => (s === 'a3c-wge' ? 0.9 : 0.8)), result(2, ['a3c-wge', 'adaptive'], (s, d) => (s === 'a3c-wge' && d === 'news' ? 0.5 : 0.7), null)],
      'a3c-wge',
    );
    expect(c.seeds).toEqual([1, 2]);
    expect(c.sites).toEqual([siteLabel('news', 1), siteLabel('sports', 1), siteLabel('news', 2), siteLabel('sports', 2)]);
    expect(c.testDomains).toEqual(['news', 'sports']);
    expect(c.strategies['a3c-wge']!.domains).toBe(4);
    expect(c.strategies['a3c-wge']!.coverageAt['25']).toBeCloseTo((0.9 + 0.9 + 0.5 + 0.7) / 4, 12);
    // queries→99%: seed 2 never got there, so the mean is over seed 1's two sites.
    expect(c.strategies.adaptive!.queriesTo99).toBe(20);
    expect(c.strategies.adaptive!.queriesTo99Reached).toBe(2);
    expect(c.strategies.adaptive!.harvestRateByDepth[1]).toEqual({ depth: 1, harvestRate: 0.5, domains: 4 });
    expect(c.oracle.queriesTo90).toBeCloseTo(1.5, 12);
    expect(Object.keys(c.oracle.perDomain)).toEqual(c.sites);
    expect(c.codeCommits).toEqual(['c1', 'c2']);
    expect(c.paired!.against.adaptive!.coverageAt25).toMatchObject({ pairs: 4, ahead: 2, tied: 1, behind: 1 });
  });

  it('a strategy of one seed only is averaged over its own sites; a failed crawl is named, not averaged', () => {
    const first = result(1, ['a3c-wge', 'random'], () => 0.6);
    first.runs[3] = { strategy: 'random', domain: 'sports', error: 'crashed' };
    const c = combineResults([first, result(2, ['a3c-wge'], () => 0.8)], 'a3c-wge');
    expect(c.strategies.random!.domains).toBe(1);
    expect(c.strategies.random!.failedDomains).toEqual([siteLabel('sports', 1)]);
    expect(c.strategies['a3c-wge']!.domains).toBe(4);
    expect(c.paired!.against.random!.coverageAt25!.pairs).toBe(1);
  });

  it('no pairing without a subject that crawled, or with nothing to pair it with', () => {
    expect(combineResults([result(1, ['adaptive'], () => 1), result(2, ['adaptive'], () => 1)], 'a3c-wge').paired).toBeUndefined();
    expect(combineResults([result(1, ['a3c-wge'], () => 1), result(2, ['a3c-wge'], () => 1)], 'a3c-wge').paired).toBeUndefined();
  });
});
