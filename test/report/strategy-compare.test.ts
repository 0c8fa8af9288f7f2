import { describe, expect, it } from 'vitest';
import { coverageAtQuery, harvestByDepthMean, meanCoverageOverQueries, meanOf, runMetricsOf, summariseOracle, summariseStrategy, type RunMetrics } from '../../src/report/strategy-compare.ts';
import { strategyTable } from '../../src/report/strategy-table.ts';
import type { Report } from '../../src/report/types.ts';

const curve = (coverages: number[]) => coverages.map((coverage, i) => ({ query: i + 1, key: `q${i + 1}`, records: 0, coverage }));

function run(over: Partial<RunMetrics>): RunMetrics {
  return {
    strategy: 's', domain: 'd', coverage: 0, coverageAt: { '25': 0, '50': 0, '100': 0, '200': 0 }, coverageMeanTo25: 0, queriesIssued: 0, pagesFetched: 0,
    hiddenRecordsHarvested: 0, queriesTo90: null, queriesTo99: null, harvestRate: null, harvestRateByDepth: [], pagesPerSecond: null, wallSeconds: null,
    ...over,
  };
}

describe('coverageAtQuery', () => {
  it('reads the curve at query k', () => {
    expect(coverageAtQuery(curve([0.1, 0.2, 0.3]), 2)).toBe(0.2);
  });
  it('carries the last value forward past the end of the curve', () => {
    expect(coverageAtQuery(curve([0.1, 0.4]), 25)).toBe(0.4);
    expect(coverageAtQuery(curve([0.1, 0.4]), 200)).toBe(0.4);
  });
  it('is 0 with no query', () => {
    expect(coverageAtQuery([], 25)).toBe(0);
  });
});

describe('meanCoverageOverQueries', () => {
  it('averages coverage after query 1..n, the last value carried forward', () => {
    // after queries 1..5: 0.2, 0.6, 1, 1, 1
    expect(meanCoverageOverQueries(curve([0.2, 0.6, 1]), 5)).toBeCloseTo(3.8 / 5);
  });
  it('tells apart two crawls that both hold everything by query n', () => {
    const fast = meanCoverageOverQueries(curve([0.5, 1]), 25);
    const slow = meanCoverageOverQueries(curve([0.1, 0.3, 0.6, 1]), 25);
    expect(coverageAtQuery(curve([0.5, 1]), 25)).toBe(coverageAtQuery(curve([0.1, 0.3, 0.6, 1]), 25));
    expect(fast).toBeCloseTo((0.5 + 24) / 25);
    expect(slow).toBeCloseTo((0.1 + 0.3 + 0.6 + 22) / 25);
    expect(fast).toBeGreaterThan(slow);
  });
  it('is 0 with no query', () => {
    expect(meanCoverageOverQueries([], 25)).toBe(0);
  });
});

describe('meanOf', () => {
  it('leaves nulls out and counts what it averaged', () => {
    expect(meanOf([10, null, 20, undefined])).toEqual({ mean: 15, n: 2 });
  });
  it('all null: mean null, never 0', () => {
    expect(meanOf([null, null])).toEqual({ mean: null, n: 0 });
  });
});

describe('runMetricsOf', () => {
  const report = {
    version: 1, generatedAt: '', domain: 'news', strategy: 'adaptive', seeds: [],
    groundTruth: { domain: 'news', records: 10, surfacePages: 5, searchForms: 1 },
    totals: { pagesFetched: 40, surfacePages: 10, resultPages: 10, recordPages: 20, recordsHarvested: 9, queriesIssued: 3, queriesFailed: 0, formsFound: {}, formsSubmitted: {}, formsSkipped: {}, errors: 0 },
    timing: { wallSeconds: 20, pagesPerSecond: 2 },
    coverage: 0.9, hiddenRecordsHarvested: 9, coverageByQuery: curve([0.5, 0.8, 0.9]), queriesTo90: 3, queriesTo99: null,
    harvestRateByDepth: [{ depth: 0, pages: 1, records: 0, harvestRate: 0 }, { depth: 1, pages: 39, records: 9, harvestRate: 9 / 39 }],
    searchableFormsByDepth: [], deepFractionByDepth: [],
  } as Report;

  it('takes the curve at 25/50/100/200 (carried forward), queries to 90/99, overall harvest rate', () => {
    const m = runMetricsOf(report, 'adaptive', 'news');
    expect(m.coverageAt).toEqual({ '25': 0.9, '50': 0.9, '100': 0.9, '200': 0.9 });
    expect(m.coverageMeanTo25).toBeCloseTo((0.5 + 0.8 + 23 * 0.9) / 25);
    expect(m).toMatchObject({ queriesTo90: 3, queriesTo99: null, harvestRate: 9 / 40, pagesPerSecond: 2, queriesIssued: 3, pagesFetched: 40 });
  });

  it('refuses a report without ground truth', () => {
    expect(() => runMetricsOf({ ...report, groundTruth: null }, 'adaptive', 'news')).toThrow(/ground-truth/);
  });
});

describe('summariseStrategy', () => {
  const runs = [
    run({ domain: 'a', coverageAt: { '25': 0.2, '50': 0.4, '100': 0.6, '200': 0.6 }, queriesTo90: null, queriesTo99: null, harvestRate: 0.1, pagesPerSecond: 2, coverage: 0.6,
      harvestRateByDepth: [{ depth: 0, pages: 1, records: 0, harvestRate: 0 }, { depth: 1, pages: 10, records: 5, harvestRate: 0.5 }] }),
    run({ domain: 'b', coverageAt: { '25': 0.6, '50': 0.9, '100': 1, '200': 1 }, queriesTo90: 40, queriesTo99: 90, harvestRate: 0.3, pagesPerSecond: null, coverage: 1,
      harvestRateByDepth: [{ depth: 0, pages: 1, records: 0, harvestRate: 0 }, { depth: 1, pages: 0, records: 0, harvestRate: null }, { depth: 2, pages: 4, records: 1, harvestRate: 0.25 }] }),
    run({ domain: 'c', queriesTo90: 20, queriesTo99: null, harvestRate: 0.2, pagesPerSecond: 4 }),
  ];

  it('averages over the domains, queries-to over the domains that got there (with the count)', () => {
    const s = summariseStrategy(runs, ['d']);
    expect(s.coverageAt['25']).toBeCloseTo((0.2 + 0.6 + 0) / 3);
    expect(s.coverageAt['200']).toBeCloseTo((0.6 + 1 + 0) / 3);
    expect(s.coverageAtCarried).toEqual({ '25': 3, '50': 3, '100': 3, '200': 3 }); // every run here issued 0 queries
    expect(s.queriesTo90).toBe(30);
    expect(s.queriesTo90Reached).toBe(2);
    expect(s.queriesTo99).toBe(90);
    expect(s.queriesTo99Reached).toBe(1);
    expect(s.harvestRate).toBeCloseTo(0.2);
    expect(s.pagesPerSecond).toBe(3);
    expect(s.domains).toBe(3);
    expect(s.failedDomains).toEqual(['d']);
  });

  it('no domain reached 99%: null and 0 reached', () => {
    const s = summariseStrategy([runs[0]!]);
    expect(s.queriesTo99).toBeNull();
    expect(s.queriesTo99Reached).toBe(0);
  });

  it('harvest rate by depth: mean over the domains that fetched pages at that depth', () => {
    expect(harvestByDepthMean(runs)).toEqual([
      { depth: 0, harvestRate: 0, domains: 2 },
      { depth: 1, harvestRate: 0.5, domains: 1 },
      { depth: 2, harvestRate: 0.25, domains: 1 },
    ]);
  });

  it('mean coverage over queries 1–25: the mean over the crawls that have it (results older than the figure lack it)', () => {
    const older = { ...run({ domain: 'e' }), coverageMeanTo25: undefined };
    expect(summariseStrategy([run({ coverageMeanTo25: 0.4 }), run({ coverageMeanTo25: 0.8 }), older]).coverageMeanTo25).toBeCloseTo(0.6);
  });

  it('no finished crawl: every average null', () => {
    const s = summariseStrategy([], ['a', 'b']);
    expect(s.coverageAt['50']).toBeNull();
    expect(s.coverageMeanTo25).toBeNull();
    expect(s.harvestRate).toBeNull();
    expect(s.harvestRateByDepth).toEqual([]);
    expect(s.domains).toBe(0);
  });

  it('oracle: same null rule', () => {
    expect(summariseOracle([{ queriesTo90: 4, queriesTo99: 8, reachableShare: 1 }, { queriesTo90: 6, queriesTo99: null, reachableShare: 0.5 }])).toEqual({
      queriesTo90: 5, queriesTo99: 8, queriesTo90Reached: 2, queriesTo99Reached: 1, reachableShare: 0.75, domains: 2,
    });
  });
});

describe('strategyTable', () => {
  const a = summariseStrategy([
    run({ domain: 'a', coverageAt: { '25': 0.5, '50': 0.75, '100': 0.75, '200': 0.75 }, queriesTo90: null, harvestRate: 0.25, pagesPerSecond: 2.5, harvestRateByDepth: [{ depth: 0, pages: 2, records: 1, harvestRate: 0.5 }] }),
    run({ domain: 'b', coverageAt: { '25': 0.9, '50': 1, '100': 1, '200': 1 }, coverageMeanTo25: 0.6, queriesTo90: 20, queriesTo99: 41, harvestRate: 0.5, pagesPerSecond: 3.5, queriesIssued: 60 }),
  ]);
  const md = strategyTable({
    strategies: { adaptive: a, 'a|b': a },
    oracle: { queriesTo90: 3.5, queriesTo99: null, queriesTo90Reached: 2, queriesTo99Reached: 0, reachableShare: 1, domains: 2 },
    trainDomains: ['arts'],
    testDomains: ['news', 'home'],
    maxQueries: 50,
    maxPages: 300,
  });
  const lines = md.split('\n');

  it('has a header, an alignment row, one row per strategy and the oracle row', () => {
    expect(lines).toContain('| strategy | cov@25 | cov@50 | cov@100 | cov@200 | mean cov q1–25 | queries→90% | queries→99% | harvest rate | pages/s |');
    expect(lines).toContain('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    // Run a issued 0 queries (carried at every k), run b 60 (carried at 100 and 200); mean cov q1–25 (0 + 0.6) / 2.
    expect(lines).toContain('| adaptive | 0.700† | 0.875† | 0.875† | 0.875† | 0.300 | 20.0 (1/2) | 41.0 (1/2) | 0.375 | 3.00 |');
    expect(lines).toContain('| oracle (greedy cover) | — | — | — | — | — | 3.5 (2/2) | — (0/2) | — | — |');
  });

  it('escapes pipes in names, explains carried-forward cells, names the split and budgets', () => {
    expect(md).toContain('| a\\|b |');
    expect(md).toContain('†: some crawl issued fewer queries than that');
    expect(lines[0]).toBe('Train: arts. Test: news, home. Budget per crawl: 50 queries, 300 pages.');
  });

  it('no † when every crawl issued enough queries', () => {
    const full = summariseStrategy([run({ queriesIssued: 200, coverageAt: { '25': 0.5, '50': 0.6, '100': 0.7, '200': 0.8 } })]);
    const text = strategyTable({ strategies: { x: full }, oracle: { queriesTo90: null, queriesTo99: null }, trainDomains: [], testDomains: ['news'] });
    expect(text).toContain('| x | 0.500 | 0.600 | 0.700 | 0.800 |');
    expect(text).not.toContain('†');
  });

  it('says under the table when the A3C models crawled frozen, and only then', () => {
    const x = summariseStrategy([run({ queriesIssued: 200 })]);
    const base = { oracle: { queriesTo90: null, queriesTo99: null }, trainDomains: [], testDomains: ['news'] };
    const frozen = /a3c, a3c-wge: the models crawled frozen/;
    expect(strategyTable({ ...base, strategies: { a3c: x }, a3cOnlineLearning: false })).toMatch(frozen);
    expect(strategyTable({ ...base, strategies: { a3c: x }, a3cOnlineLearning: true })).not.toMatch(frozen);
    expect(strategyTable({ ...base, strategies: { adaptive: x }, a3cOnlineLearning: false })).not.toMatch(frozen);
  });

  it('says under the table when the A3C policies decided on result pages, and only then', () => {
    const x = summariseStrategy([run({ queriesIssued: 200 })]);
    const base = { oracle: { queriesTo90: null, queriesTo99: null }, trainDomains: [], testDomains: ['news'] };
    const pages = /decided on each result page/;
    expect(strategyTable({ ...base, strategies: { 'a3c-wge': x }, a3cPageDecisions: true })).toMatch(pages);
    expect(strategyTable({ ...base, strategies: { 'a3c-wge': x }, a3cPageDecisions: false })).not.toMatch(pages);
    expect(strategyTable({ ...base, strategies: { 'a3c-wge': x } })).not.toMatch(pages);
  });

  it('says under the table when every crawl ran --deterministic, and only then', () => {
    const x = summariseStrategy([run({ queriesIssued: 200 })]);
    const base = { oracle: { queriesTo90: null, queriesTo99: null }, trainDomains: [], testDomains: ['news'], strategies: { adaptive: x } };
    const deterministic = /Every crawl ran --deterministic/;
    expect(strategyTable({ ...base, deterministic: true })).toMatch(deterministic);
    expect(strategyTable({ ...base, deterministic: false })).not.toMatch(deterministic);
    expect(strategyTable(base)).not.toMatch(deterministic);
  });

  it('names the checkpoint a model chosen by train --select-seeds kept, and says nothing of a model trained to the end', () => {
    const x = summariseStrategy([run({ queriesIssued: 200 })]);
    const base = { oracle: { queriesTo90: null, queriesTo99: null }, trainDomains: ['arts'], testDomains: ['news'], strategies: { a3c: x, 'a3c-wge': x } };
    const selection = { sites: ['arts (seed 11)'], checkpoints: [{ afterCrawls: 0, score: 0.91 }, { afterCrawls: 5, score: 0.93333 }, { afterCrawls: 7, score: 0.9 }], chosen: 5 };
    const text = strategyTable({ ...base, trainingRuns: { a3c: {}, 'a3c-wge': { selection } } });
    expect(text).toContain('a3c-wge: the model is the checkpoint after 5 training crawls, which harvested most on arts (seed 11) (train --select-seeds; scores: the start 0.9100, after 5 0.9333, after 7 0.9000).');
    expect(text).not.toMatch(/^a3c: /m);
    // Chosen by records per page (train --select-by harvest-rate, the default with --learn links): the line says so.
    expect(strategyTable({ ...base, trainingRuns: { a3c: { selection: { ...selection, by: 'harvest-rate' } } } })).toContain('a3c: the model is the checkpoint after 5 training crawls, which harvested most per page on arts (seed 11) (train --select-seeds --select-by harvest-rate; scores: the start 0.9100');
    expect(strategyTable({ ...base, trainingRuns: { a3c: { selection: { ...selection, chosen: 0 } } } })).toContain('a3c: the model is the checkpoint before any training crawl (the start), which');
    expect(strategyTable(base)).not.toMatch(/select-seeds/);
  });

  it('adds one cell per crawl under the means, with the oracle per domain', () => {
    const base = { strategies: {}, oracle: { queriesTo90: null, queriesTo99: null, perDomain: { news: { queriesTo99: 9 }, sports: { queriesTo99: 35 } } }, trainDomains: [], testDomains: ['news', 'sports'] };
    const text = strategyTable({
      ...base,
      runs: [
        { strategy: 'random', domain: 'news', coverageAt: { '25': 0.78, '200': 1 }, queriesTo99: 99 },
        { strategy: 'random', domain: 'sports', error: 'crawl exited with 1' },
        { strategy: 'a3c', domain: 'news', coverageAt: { '25': 0.5, '200': 0.9 }, queriesTo99: null },
      ],
    }).split('\n');
    expect(text).toContain('| per domain: cov@25 / cov@200 / queries→99% | news | sports |');
    expect(text).toContain('| random | 0.78 / 1.00 / 99 | failed |');
    expect(text).toContain('| a3c | 0.50 / 0.90 / — | — |');
    expect(text).toContain('| oracle (greedy cover) | — / — / 9 | — / — / 35 |');
  });

  it('says so when a resumed bench reused crawls of another code version', () => {
    const full = summariseStrategy([run({ queriesIssued: 200 })]);
    const base = { strategies: { x: full }, oracle: { queriesTo90: null, queriesTo99: null }, trainDomains: [], testDomains: ['news'] };
    expect(strategyTable({ ...base, codeCommits: ['abc'] })).not.toContain('code versions');
    expect(strategyTable({ ...base, codeCommits: ['abc', 'def'] })).toContain('Crawls ran on 2 code versions (abc, def)');
  });

  it('adds harvest rate by depth', () => {
    expect(lines).toContain('| harvest rate by depth | 0 |');
    expect(lines).toContain('| adaptive | 0.500 |');
  });
});
