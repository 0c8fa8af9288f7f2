/**
 * The strategy comparison (`surfacer bench strategies`): what one crawl's report says at
 * fixed query counts, and the averages over the test domains. Pure functions over reports.
 *
 * Conventions (the bench's JSON documents them too):
 * - coverage at k queries is the coverage curve's value at query k; when the crawl issued
 *   fewer than k queries (its strategy ran out of queries, its patience ended, or the page
 *   or time budget stopped it first) the last value carries forward; with no query at all it is 0;
 * - the mean coverage over the first 25 queries is the mean of coverage at k = 1, 2, …, 25 (the
 *   area under the coverage curve up to query 25, over 25), carried forward the same way: it
 *   compares strategies at equal queries along the whole start of the crawl, where the fixed
 *   points tie once every strategy has found (nearly) every record by query 25;
 * - queriesTo90/99 of one crawl is null when the crawl never got there; an average is the mean
 *   over the domains that got there, next to how many did (`…Reached`), never a null read as a number;
 * - harvest rate = hidden records harvested / pages fetched (all kinds), per crawl, then the
 *   mean over domains; by depth, the mean over the domains that fetched pages at that depth.
 */
import type { HarvestRateRow, Report } from './types.ts';

export const COVERAGE_POINTS = [25, 50, 100, 200] as const;
export type CoveragePointKey = '25' | '50' | '100' | '200';
/** The queries whose coverage `coverageMeanTo25` averages (1 to this). */
export const COVERAGE_MEAN_QUERIES = 25;

/** The per-crawl figures the comparison averages. */
export interface RunMetrics {
  strategy: string;
  domain: string;
  coverage: number;
  coverageAt: Record<CoveragePointKey, number>;
  /** Mean of coverage after query 1, 2, …, COVERAGE_MEAN_QUERIES. */
  coverageMeanTo25: number;
  queriesIssued: number;
  pagesFetched: number;
  hiddenRecordsHarvested: number;
  queriesTo90: number | null;
  queriesTo99: number | null;
  harvestRate: number | null;
  harvestRateByDepth: HarvestRateRow[];
  pagesPerSecond: number | null;
  wallSeconds: number | null;
}

/** Coverage after `k` queries, the last value carried forward past the end of the curve. */
export function coverageAtQuery(curve: readonly { query: number; coverage: number }[], k: number): number {
  let value = 0;
  for (const p of curve) {
    if (p.query > k) break;
    value = p.coverage;
  }
  return value;
}

/** Mean of coverage after query 1, 2, …, `n` (last value carried forward): the area under the curve up to `n`, over `n`. */
export function meanCoverageOverQueries(curve: readonly { query: number; coverage: number }[], n: number): number {
  let sum = 0;
  for (let k = 1; k <= n; k++) sum += coverageAtQuery(curve, k);
  return sum / n;
}

/** The comparison's figures of one crawl, from its report.json (which must have ground truth). */
export function runMetricsOf(report: Report, strategy: string, domain: string): RunMetrics {
  if (!report.groundTruth || !report.coverageByQuery) throw new Error(`report of ${strategy} on ${domain} has no ground-truth metrics`);
  const curve = report.coverageByQuery;
  const coverageAt = Object.fromEntries(COVERAGE_POINTS.map((k) => [String(k), coverageAtQuery(curve, k)])) as Record<CoveragePointKey, number>;
  const harvested = report.hiddenRecordsHarvested ?? 0;
  const pages = report.totals.pagesFetched;
  return {
    strategy,
    domain,
    coverage: report.coverage ?? 0,
    coverageAt,
    coverageMeanTo25: meanCoverageOverQueries(curve, COVERAGE_MEAN_QUERIES),
    queriesIssued: report.totals.queriesIssued,
    pagesFetched: pages,
    hiddenRecordsHarvested: harvested,
    queriesTo90: report.queriesTo90 ?? null,
    queriesTo99: report.queriesTo99 ?? null,
    harvestRate: pages ? harvested / pages : null,
    harvestRateByDepth: report.harvestRateByDepth,
    pagesPerSecond: report.timing.pagesPerSecond,
    wallSeconds: report.timing.wallSeconds,
  };
}

/** Mean of the numbers among `values` (nulls left out) and how many there were; mean null when none. */
export function meanOf(values: readonly (number | null | undefined)[]): { mean: number | null; n: number } {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return { mean: xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null, n: xs.length };
}

export interface HarvestByDepthMean {
  depth: number;
  /** Mean of the per-domain rates at this depth, over domains that fetched pages here. */
  harvestRate: number | null;
  /** Domains that fetched pages at this depth. */
  domains: number;
}

export interface StrategySummary {
  coverageAt: Record<CoveragePointKey, number | null>;
  /** Per k: domains whose crawl issued fewer than k queries (their value at k is carried forward). */
  coverageAtCarried: Record<CoveragePointKey, number>;
  /** Mean over the domains of each crawl's mean coverage after queries 1–25 (null when no crawl has the figure). */
  coverageMeanTo25: number | null;
  /** Mean over the domains that reached 90% (null when none did). */
  queriesTo90: number | null;
  queriesTo99: number | null;
  /** How many of the `domains` reached 90% / 99% coverage. */
  queriesTo90Reached: number;
  queriesTo99Reached: number;
  harvestRate: number | null;
  harvestRateByDepth: HarvestByDepthMean[];
  pagesPerSecond: number | null;
  /** Means of the final figures. */
  coverage: number | null;
  queriesIssued: number | null;
  pagesFetched: number | null;
  /** Domains with a finished crawl (the averages are over these). */
  domains: number;
  /** Test domains whose crawl failed (left out of every average). */
  failedDomains: string[];
}

/** The figures of a crawl that the averages read (a `bench strategies` run row has them all but by depth). */
export type SummarisedRun = Pick<RunMetrics, 'coverage' | 'coverageAt' | 'queriesIssued' | 'pagesFetched' | 'queriesTo90' | 'queriesTo99' | 'harvestRate' | 'harvestRateByDepth' | 'pagesPerSecond'> & {
  /** Missing in the results of benches older than the figure (`bench combine` reads those too). */
  coverageMeanTo25?: number | null;
};

export function harvestByDepthMean(runs: readonly SummarisedRun[]): HarvestByDepthMean[] {
  const maxDepth = runs.reduce((m, r) => Math.max(m, ...r.harvestRateByDepth.map((row) => row.depth)), -1);
  return Array.from({ length: maxDepth + 1 }, (_, depth) => {
    const rates = runs.map((r) => r.harvestRateByDepth.find((row) => row.depth === depth && row.pages > 0)?.harvestRate ?? null);
    const m = meanOf(rates);
    return { depth, harvestRate: m.mean, domains: m.n };
  });
}

/** Averages of one strategy's crawls over the test domains. */
export function summariseStrategy(runs: readonly SummarisedRun[], failedDomains: readonly string[] = []): StrategySummary {
  const q90 = meanOf(runs.map((r) => r.queriesTo90));
  const q99 = meanOf(runs.map((r) => r.queriesTo99));
  return {
    coverageAt: Object.fromEntries(COVERAGE_POINTS.map((k) => [String(k), meanOf(runs.map((r) => r.coverageAt[String(k) as CoveragePointKey])).mean])) as Record<CoveragePointKey, number | null>,
    coverageAtCarried: Object.fromEntries(COVERAGE_POINTS.map((k) => [String(k), runs.filter((r) => r.queriesIssued < k).length])) as Record<CoveragePointKey, number>,
    coverageMeanTo25: meanOf(runs.map((r) => r.coverageMeanTo25)).mean,
    queriesTo90: q90.mean,
    queriesTo99: q99.mean,
    queriesTo90Reached: q90.n,
    queriesTo99Reached: q99.n,
    harvestRate: meanOf(runs.map((r) => r.harvestRate)).mean,
    harvestRateByDepth: harvestByDepthMean(runs),
    pagesPerSecond: meanOf(runs.map((r) => r.pagesPerSecond)).mean,
    coverage: meanOf(runs.map((r) => r.coverage)).mean,
    queriesIssued: meanOf(runs.map((r) => r.queriesIssued)).mean,
    pagesFetched: meanOf(runs.map((r) => r.pagesFetched)).mean,
    domains: runs.length,
    failedDomains: [...failedDomains],
  };
}

export interface OracleSummaryInput {
  queriesTo90: number | null;
  queriesTo99: number | null;
  reachableShare: number | null;
}

/** The oracle's averages over the test domains (same null rule as the strategies). */
export function summariseOracle(perDomain: readonly OracleSummaryInput[]) {
  const q90 = meanOf(perDomain.map((o) => o.queriesTo90));
  const q99 = meanOf(perDomain.map((o) => o.queriesTo99));
  return {
    queriesTo90: q90.mean,
    queriesTo99: q99.mean,
    queriesTo90Reached: q90.n,
    queriesTo99Reached: q99.n,
    reachableShare: meanOf(perDomain.map((o) => o.reachableShare)).mean,
    domains: perDomain.length,
  };
}
