/**
 * The strategy comparison as Markdown: one row per strategy (coverage at 25/50/100/200
 * queries, mean coverage over queries 1–25, queries to 90% and 99% coverage with how many test domains got there, harvest
 * rate, pages/s), the oracle's row under them, and harvest rate by depth.
 */
import { COVERAGE_MEAN_QUERIES, COVERAGE_POINTS, type CoveragePointKey, type StrategySummary } from './strategy-compare.ts';

export interface StrategyTableInput {
  strategies: Record<string, StrategySummary>;
  oracle: { queriesTo90: number | null; queriesTo99: number | null; queriesTo90Reached?: number; queriesTo99Reached?: number; reachableShare?: number | null; domains?: number; perDomain?: Readonly<Record<string, { queriesTo99: number | null }>> };
  trainDomains: readonly string[];
  testDomains: readonly string[];
  /** Query budget of every crawl: coverage columns past it are carried forward (marked). */
  maxQueries?: number;
  maxPages?: number;
  /** Commits whose code ran the crawls (a resumed bench can mix them). */
  codeCommits?: readonly string[];
  /** Each crawl, for the per-domain table under the means. */
  runs?: readonly PerDomainRun[];
  /** false: the A3C models crawled frozen (greedy while the form pays, no learning); true or absent: learning online. */
  a3cOnlineLearning?: boolean;
  /** true: the A3C policies decided on each result page whether to read the next one. */
  a3cPageDecisions?: boolean;
  /** true: every crawl ran `--deterministic` (one episode at a time in schedule order). */
  deterministic?: boolean;
  /** How each A3C model was made; a model chosen among its checkpoints (`train --select-seeds`) says which it kept. */
  trainingRuns?: Readonly<Record<string, { selection?: CheckpointSelection }>>;
}

/** What the table reads of `train --select-seeds`' record. */
export interface CheckpointSelection {
  /** `train --select-by`: records per query (absent in models chosen before there was a choice) or harvest-rate, records per page. */
  by?: string;
  sites: readonly string[];
  checkpoints: readonly { afterCrawls: number; score: number }[];
  chosen: number;
}

/** What the per-domain table reads of one crawl. */
export interface PerDomainRun {
  strategy: string;
  domain: string;
  coverageAt?: Partial<Record<CoveragePointKey, number>>;
  queriesTo99?: number | null;
  error?: string;
}

const dash = '—';
const fixed = (x: number | null | undefined, digits: number): string => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : dash);

/** "42.5 (3/5)": the mean over the domains that got there, and how many of how many did. */
export function reachedCell(mean: number | null, reached: number, of: number): string {
  return mean === null ? `${dash} (0/${of})` : `${mean.toFixed(1)} (${reached}/${of})`;
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|');

export function strategyTable(input: StrategyTableInput): string {
  const header = ['strategy', ...COVERAGE_POINTS.map((k) => `cov@${k}`), `mean cov q1–${COVERAGE_MEAN_QUERIES}`, 'queries→90%', 'queries→99%', 'harvest rate', 'pages/s'];
  let carried = false;
  const coverageCell = (s: StrategySummary, k: number): string => {
    const key = String(k) as CoveragePointKey;
    const value = fixed(s.coverageAt[key], 3);
    if (!(s.coverageAtCarried?.[key] ?? 0) || value === dash) return value;
    carried = true;
    return `${value}†`;
  };
  const rows: string[][] = [];
  for (const [name, s] of Object.entries(input.strategies)) {
    const of = s.domains;
    rows.push([
      name,
      ...COVERAGE_POINTS.map((k) => coverageCell(s, k)),
      fixed(s.coverageMeanTo25, 3),
      reachedCell(s.queriesTo90, s.queriesTo90Reached, of),
      reachedCell(s.queriesTo99, s.queriesTo99Reached, of),
      fixed(s.harvestRate, 3),
      fixed(s.pagesPerSecond, 2),
    ]);
  }
  const o = input.oracle;
  const oracleOf = o.domains ?? input.testDomains.length;
  rows.push([
    'oracle (greedy cover)',
    ...COVERAGE_POINTS.map(() => dash),
    dash,
    reachedCell(o.queriesTo90, o.queriesTo90Reached ?? (o.queriesTo90 === null ? 0 : oracleOf), oracleOf),
    reachedCell(o.queriesTo99, o.queriesTo99Reached ?? (o.queriesTo99 === null ? 0 : oracleOf), oracleOf),
    dash,
    dash,
  ]);
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const out = [
    `Train: ${input.trainDomains.join(', ')}. Test: ${input.testDomains.join(', ')}.` + (input.maxQueries !== undefined ? ` Budget per crawl: ${input.maxQueries} queries` + (input.maxPages !== undefined ? `, ${input.maxPages} pages.` : '.') : ''),
    '',
    line(header),
    line(header.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...rows.map(line),
    '',
    `Means over the test domains. mean cov q1–${COVERAGE_MEAN_QUERIES}: each crawl's coverage after query 1, 2, …, ${COVERAGE_MEAN_QUERIES}, averaged (coverage at equal queries over the start of the crawl). queries→X%: mean over the domains that reached X% coverage (how many of them in brackets).`,
    'Oracle: greedy set cover over the ground truth, X% of the records some single query reaches' + (typeof o.reachableShare === 'number' ? ` (${(o.reachableShare * 100).toFixed(1)}% of all records)` : '') + '.',
  ];
  if (input.a3cOnlineLearning === false && Object.keys(input.strategies).some((n) => n.startsWith('a3c'))) out.push('a3c, a3c-wge: the models crawled frozen (crawl --frozen: the best-scored query while the form pays, a draw from the policy after dry queries, no learning during the crawl).');
  if (input.a3cPageDecisions && Object.keys(input.strategies).some((n) => n.startsWith('a3c'))) out.push('a3c, a3c-wge: the policies decided on each result page whether to read the next one or go back for another query (--page-decisions); the other strategies read on while a page lists records the query has not shown.');
  for (const [name, run] of Object.entries(input.trainingRuns ?? {})) if (run.selection) out.push(selectionLine(name, run.selection));
  if (input.deterministic) out.push('Every crawl ran --deterministic: one episode at a time in schedule order, so each query is chosen after the answers of all before it, and the same code crawls a site the same way every time.');
  if ((input.codeCommits?.length ?? 0) > 1) out.push(`Crawls ran on ${input.codeCommits!.length} code versions (${input.codeCommits!.join(', ')}): a resumed bench reused crawls of older code; pages/s compares only within one.`);
  if (carried) out.push('†: some crawl issued fewer queries than that (its strategy ran out, or the page, query or time budget stopped it): its coverage at its last query is carried forward.');

  const depths = Math.max(0, ...Object.values(input.strategies).map((s) => s.harvestRateByDepth.length));
  if (depths > 0) {
    const dHeader = ['harvest rate by depth', ...Array.from({ length: depths }, (_, d) => String(d))];
    out.push('', line(dHeader), line(dHeader.map((_, i) => (i === 0 ? '---' : '---:'))));
    for (const [name, s] of Object.entries(input.strategies)) {
      out.push(line([name, ...Array.from({ length: depths }, (_, d) => fixed(s.harvestRateByDepth[d]?.harvestRate, 3))]));
    }
  }
  if (input.runs?.length) out.push('', ...perDomainTable(input.runs, input.testDomains, o.perDomain).map(line));
  return `${out.join('\n')}\n`;
}

/** "a3c-wge: the model is the checkpoint after 0 training crawls, the best of …": a selected model's origin in one line. */
function selectionLine(name: string, sel: CheckpointSelection): string {
  const tried = sel.checkpoints.map((c) => `${c.afterCrawls === 0 ? 'the start' : `after ${c.afterCrawls}`} ${c.score.toFixed(4)}`).join(', ');
  return `${name}: the model is the checkpoint ${sel.chosen === 0 ? 'before any training crawl (the start)' : `after ${sel.chosen} training crawls`}, which harvested most${sel.by === 'harvest-rate' ? ' per page' : ''} on ${sel.sites.join(', ')} (train --select-seeds${sel.by ? ` --select-by ${sel.by}` : ''}; scores: ${tried}).`;
}

/**
 * The means hide how different the test sites are (a full-text site is covered in a few
 * queries, a title-only one needs hundreds), so each crawl gets a cell too:
 * "coverage after 25 / after 200 queries / queries to 99%".
 */
function perDomainTable(runs: readonly PerDomainRun[], domains: readonly string[], oracle?: Readonly<Record<string, { queriesTo99: number | null }>>): string[][] {
  const header = ['per domain: cov@25 / cov@200 / queries→99%', ...domains];
  const strategies = [...new Set(runs.map((r) => r.strategy))];
  const cell = (r: PerDomainRun | undefined): string => {
    if (!r) return dash;
    if (r.error) return 'failed';
    return `${fixed(r.coverageAt?.['25'], 2)} / ${fixed(r.coverageAt?.['200'], 2)} / ${r.queriesTo99 ?? dash}`;
  };
  return [
    header,
    header.map((_, i) => (i === 0 ? '---' : '---:')),
    ...strategies.map((s) => [s, ...domains.map((d) => cell(runs.find((r) => r.strategy === s && r.domain === d)))]),
    ...(oracle ? [['oracle (greedy cover)', ...domains.map((d) => `— / — / ${oracle[d]?.queriesTo99 ?? dash}`)]] : []),
  ];
}
