/**
 * Several `bench strategies` results as one comparison (`surfacer bench combine`): one result
 * per testbed seed crawls five other sites, so three seeds give every strategy fifteen crawls.
 * Every crawl counts once in the means; the oracle is averaged over every site the same way;
 * harvest rate by depth, which a result keeps only as its means, is their mean weighted by the
 * domains behind each. Pure arithmetic: the CLI checks that the results compare (same
 * strategies, budgets and models mode, distinct seeds) before it calls this.
 */
import { pairedComparison, type PairableRun, type PairedComparison } from './strategy-pairs.ts';
import { summariseOracle, summariseStrategy, type HarvestByDepthMean, type OracleSummaryInput, type RunMetrics, type StrategySummary } from './strategy-compare.ts';

/** A run row of a `bench strategies` result. */
export type CombinableRun = PairableRun & Partial<Pick<RunMetrics, 'coverage' | 'queriesIssued' | 'pagesFetched' | 'pagesPerSecond'>> & { commit?: string | null };

/** What combining reads of one `bench strategies` result. */
export interface CombinableResult {
  strategies: Record<string, { harvestRateByDepth: HarvestByDepthMean[] }>;
  oracle: { perDomain?: Record<string, OracleSummaryInput> };
  trainDomains: string[];
  testDomains: string[];
  testbed: { seed: number };
  runs: CombinableRun[];
  codeCommits?: string[];
}

export interface CombinedResult {
  strategies: Record<string, StrategySummary>;
  oracle: ReturnType<typeof summariseOracle> & { perDomain: Record<string, OracleSummaryInput> };
  trainDomains: string[];
  /** The test domains of any result, in first-seen order. */
  testDomains: string[];
  seeds: number[];
  /** Every site crawled, "<domain> (seed <n>)": the unit the means and the pairs are over. */
  sites: string[];
  runs: (CombinableRun & { seed: number; site: string })[];
  codeCommits: string[];
  paired?: PairedComparison;
}

export const siteLabel = (domain: string, seed: number): string => `${domain} (seed ${seed})`;

/** Mean of the per-result means at each depth, weighted by the domains that fetched pages there. */
export function combineHarvestByDepth(parts: readonly (readonly HarvestByDepthMean[])[]): HarvestByDepthMean[] {
  const depths = Math.max(0, ...parts.map((p) => p.length));
  return Array.from({ length: depths }, (_, depth) => {
    let sum = 0;
    let domains = 0;
    for (const part of parts) {
      const row = part.find((r) => r.depth === depth);
      if (!row || row.harvestRate === null || row.domains === 0) continue;
      sum += row.harvestRate * row.domains;
      domains += row.domains;
    }
    return { depth, harvestRate: domains ? sum / domains : null, domains };
  });
}

/** The results as one comparison; `subject` (when it crawled) is paired against every other strategy. */
export function combineResults(results: readonly CombinableResult[], subject?: string): CombinedResult {
  const runs = results.flatMap((r) => r.runs.map((run) => ({ ...run, seed: r.testbed.seed, site: siteLabel(run.domain, r.testbed.seed) })));
  const names = [...new Set(results.flatMap((r) => Object.keys(r.strategies)))];
  const strategies: Record<string, StrategySummary> = {};
  for (const name of names) {
    const mine = runs.filter((r) => r.strategy === name);
    const finished = mine.filter((r) => !r.error);
    const summary = summariseStrategy(
      finished.map((r) => ({
        coverage: r.coverage ?? 0,
        coverageAt: { '25': r.coverageAt?.['25'] ?? 0, '50': r.coverageAt?.['50'] ?? 0, '100': r.coverageAt?.['100'] ?? 0, '200': r.coverageAt?.['200'] ?? 0 },
        coverageMeanTo25: r.coverageMeanTo25 ?? null,
        queriesIssued: r.queriesIssued ?? 0,
        pagesFetched: r.pagesFetched ?? 0,
        queriesTo90: r.queriesTo90 ?? null,
        queriesTo99: r.queriesTo99 ?? null,
        harvestRate: r.harvestRate ?? null,
        harvestRateByDepth: [],
        pagesPerSecond: r.pagesPerSecond ?? null,
      })),
      mine.filter((r) => r.error).map((r) => r.site),
    );
    summary.harvestRateByDepth = combineHarvestByDepth(results.flatMap((r) => (r.strategies[name] ? [r.strategies[name]!.harvestRateByDepth] : [])));
    strategies[name] = summary;
  }
  const perDomain: Record<string, OracleSummaryInput> = {};
  for (const r of results) for (const [domain, o] of Object.entries(r.oracle.perDomain ?? {})) perDomain[siteLabel(domain, r.testbed.seed)] = o;
  return {
    strategies,
    oracle: { ...summariseOracle(Object.values(perDomain)), perDomain },
    trainDomains: [...results[0]!.trainDomains],
    testDomains: [...new Set(results.flatMap((r) => r.testDomains))],
    seeds: results.map((r) => r.testbed.seed),
    sites: results.flatMap((r) => r.testDomains.map((d) => siteLabel(d, r.testbed.seed))),
    runs,
    codeCommits: [...new Set(results.flatMap((r) => r.codeCommits ?? []))],
    ...(subject && names.includes(subject) && names.length > 1 ? { paired: pairedComparison(runs, subject) } : {}),
  };
}
