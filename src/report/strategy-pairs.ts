/**
 * One strategy against each other one, site by site (`bench strategies`, `bench combine`).
 * Means over five test sites hide whether a lead is one site's luck: a strategy can trail on
 * the mean by one crawl's bad start and lead on every other site. Each testbed site that both
 * strategies crawled (same seed, same domain) is one pair; per metric the pairs are counted as
 * ahead, tied or behind, with the mean difference and a two-sided sign test over the pairs that
 * differ, so "beats every baseline" is a claim with a p-value, and "not decided" is said as such.
 * Beside it, for coverage and harvest rate, the Wilcoxon signed-rank test over the same pairs: the
 * sign test counts a lead of 0.1 and a lag of 0.002 alike, the signed-rank test weighs them by size.
 * The verdict stays the sign test's.
 */
import type { CoveragePointKey } from './strategy-compare.ts';

/** What the pairing reads of one crawl (a `bench strategies` run row). */
export interface PairableRun {
  strategy: string;
  domain: string;
  /** Testbed seed of the site; crawls of one bench share it, `bench combine` mixes several. */
  seed?: number;
  coverageAt?: Partial<Record<CoveragePointKey, number>>;
  coverageMeanTo25?: number | null;
  harvestRate?: number | null;
  queriesTo90?: number | null;
  queriesTo99?: number | null;
  error?: string;
}

interface PairedMetric {
  key: string;
  label: string;
  higherIsBetter: boolean;
  /** Differences at most this large are ties. */
  tie: number;
  /** A missing value means "never got there" (queries-to), worse than any value; otherwise the pair is left out of this metric. */
  missingIsNever: boolean;
  value: (r: PairableRun) => number | null | undefined;
}

/**
 * Coverage and harvest rate tie within 0.001: a third of a record on a 300-record site, or the
 * same pages fetched. Queries-to counts tie only when equal; a crawl that never got there is
 * behind one that did (its value is missing, not large), and two that never did tie.
 */
export const PAIRED_METRICS: readonly PairedMetric[] = [
  ...(['25', '50', '100', '200'] as const).map((k) => ({ key: `coverageAt${k}`, label: `cov@${k}`, higherIsBetter: true, tie: 1e-3, missingIsNever: false, value: (r: PairableRun) => r.coverageAt?.[k] })),
  { key: 'coverageMeanTo25', label: 'mean cov q1–25', higherIsBetter: true, tie: 1e-3, missingIsNever: false, value: (r) => r.coverageMeanTo25 },
  { key: 'harvestRate', label: 'harvest rate', higherIsBetter: true, tie: 1e-3, missingIsNever: false, value: (r) => r.harvestRate },
  { key: 'queriesTo90', label: 'queries→90%', higherIsBetter: false, tie: 0, missingIsNever: true, value: (r) => r.queriesTo90 },
  { key: 'queriesTo99', label: 'queries→99%', higherIsBetter: false, tie: 0, missingIsNever: true, value: (r) => r.queriesTo99 },
];

/** Significance level of the verdicts. */
export const SIGN_TEST_ALPHA = 0.05;

export interface PairedFigures {
  /** Sites both crawled without error (and, for coverage and harvest rate, both have the figure). */
  pairs: number;
  ahead: number;
  tied: number;
  behind: number;
  /** Mean of subject − other over the pairs where both have a value (for queries-to, negative is better). */
  meanDifference: number | null;
  /** Two-sided exact sign test over the pairs that differ (1 when none differ). */
  signTestP: number;
  /**
   * Two-sided exact Wilcoxon signed-rank test over the pairs that differ (`signedRankP`); null for
   * queries-to, where a crawl that never got there has no difference to rank.
   */
  signedRankP: number | null;
  /** `ahead`/`behind` when the sign test says so at SIGN_TEST_ALPHA; otherwise `not decided`. */
  verdict: 'ahead' | 'behind' | 'not decided';
}

export interface PairedComparison {
  subject: string;
  /** Per other strategy, per metric key (`PAIRED_METRICS`). */
  against: Record<string, Record<string, PairedFigures>>;
  conventions: string;
}

/** C(n, k) / 2^n summed for k = 0..m, in floating point (n is a few dozen sites at most). */
function lowerTail(n: number, m: number): number {
  let term = Math.pow(0.5, n);
  let sum = term;
  for (let k = 1; k <= m; k++) {
    term = (term * (n - k + 1)) / k;
    sum += term;
  }
  return sum;
}

/** Two-sided exact sign test: the chance of a split at least this uneven if both sides were equally likely. */
export function signTestP(ahead: number, behind: number): number {
  const n = ahead + behind;
  if (n === 0) return 1;
  return Math.min(1, 2 * lowerTail(n, Math.min(ahead, behind)));
}

/**
 * Two-sided exact Wilcoxon signed-rank test of paired differences (none of them 0: ties are left
 * out beforehand, as the sign test leaves them out). |d| is ranked with midranks for equal sizes;
 * the null distribution of the positive ranks' sum is the exact one given those ranks (every sign
 * pattern equally likely), counted over doubled ranks so that midranks stay whole. The p-value is
 * the chance of a sum at least as far from its mean as the one observed. 1 when there are none.
 */
export function signedRankP(differences: readonly number[]): number {
  const d = differences.filter((x) => x !== 0 && Number.isFinite(x));
  const n = d.length;
  if (n === 0) return 1;
  const order = d.map((x, i) => [Math.abs(x), i] as const).sort((a, b) => a[0] - b[0]);
  const doubled = new Array<number>(n);
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && order[j + 1]![0] === order[i]![0]) j++;
    // Ranks i+1..j+1 share their mean; doubled: i + j + 2.
    for (let k = i; k <= j; k++) doubled[order[k]![1]] = i + j + 2;
    i = j + 1;
  }
  const total = doubled.reduce((a, b) => a + b, 0);
  let observed = 0;
  d.forEach((x, i) => {
    if (x > 0) observed += doubled[i]!;
  });
  // Probability of each doubled positive-rank sum, one difference at a time (halved each step: no overflow).
  let dist = new Float64Array(total + 1);
  dist[0] = 1;
  for (const r of doubled) {
    const next = new Float64Array(total + 1);
    for (let s = 0; s <= total; s++) {
      const p = dist[s]!;
      if (p === 0) continue;
      next[s] = next[s]! + p / 2;
      next[s + r] = next[s + r]! + p / 2;
    }
    dist = next;
  }
  const far = Math.abs(observed - total / 2);
  let p = 0;
  for (let s = 0; s <= total; s++) if (Math.abs(s - total / 2) >= far - 1e-9) p += dist[s]!;
  return Math.min(1, p);
}

const siteKey = (r: PairableRun): string => `${r.seed ?? ''}|${r.domain}`;

function compareOn(metric: PairedMetric, pairs: readonly [PairableRun, PairableRun][]): PairedFigures {
  let ahead = 0;
  let tied = 0;
  let behind = 0;
  let counted = 0;
  const diffs: number[] = [];
  const untied: number[] = [];
  for (const [mine, theirs] of pairs) {
    const a = metric.value(mine);
    const b = metric.value(theirs);
    const hasA = typeof a === 'number' && Number.isFinite(a);
    const hasB = typeof b === 'number' && Number.isFinite(b);
    if (!(hasA && hasB) && !metric.missingIsNever) continue;
    counted++;
    if (!hasA && !hasB) {
      tied++;
      continue;
    }
    if (hasA !== hasB) {
      // The crawl that got there is ahead of the one that never did.
      if (hasA) ahead++;
      else behind++;
      continue;
    }
    const d = a! - b!;
    diffs.push(d);
    if (Math.abs(d) <= metric.tie) tied++;
    else {
      untied.push(metric.higherIsBetter ? d : -d);
      if (d > 0 === metric.higherIsBetter) ahead++;
      else behind++;
    }
  }
  const p = signTestP(ahead, behind);
  return {
    pairs: counted,
    ahead,
    tied,
    behind,
    meanDifference: diffs.length ? diffs.reduce((s, d) => s + d, 0) / diffs.length : null,
    signTestP: p,
    signedRankP: metric.missingIsNever ? null : signedRankP(untied),
    verdict: p < SIGN_TEST_ALPHA ? (ahead > behind ? 'ahead' : 'behind') : 'not decided',
  };
}

/** `subject` against every other strategy among `runs`, paired by site (seed and domain); failed crawls pair with nothing. */
export function pairedComparison(runs: readonly PairableRun[], subject: string): PairedComparison {
  const finished = runs.filter((r) => !r.error);
  const mine = new Map(finished.filter((r) => r.strategy === subject).map((r) => [siteKey(r), r]));
  const others = [...new Set(finished.map((r) => r.strategy))].filter((s) => s !== subject);
  const against: PairedComparison['against'] = {};
  for (const other of others) {
    const pairs: [PairableRun, PairableRun][] = [];
    for (const r of finished) {
      if (r.strategy !== other) continue;
      const m = mine.get(siteKey(r));
      if (m) pairs.push([m, r]);
    }
    against[other] = Object.fromEntries(PAIRED_METRICS.map((metric) => [metric.key, compareOn(metric, pairs)]));
  }
  return {
    subject,
    against,
    conventions:
      'one pair per testbed site (seed and domain) that both strategies crawled without error; differences are subject − other; ties: coverage and harvest rate within 0.001, queries-to equal or both never reached (reaching beats never reaching); signTestP: two-sided exact sign test over the pairs that differ; signedRankP: two-sided exact Wilcoxon signed-rank test over the same pairs (coverage and harvest rate; null for queries-to); verdict ahead/behind at p < 0.05, else not decided (five sites can never decide: the smallest two-sided p of five pairs is 0.0625)',
  };
}

const signed = (x: number | null, digits: number): string => (x === null ? '—' : `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`);

/** The comparison as Markdown: one row per other strategy and metric. */
export function pairedTable(c: PairedComparison): string {
  const header = `| ${c.subject} against | metric | sites | ahead / tied / behind | mean difference | sign test p | signed-rank p | verdict |`;
  const rows = [header, '| --- | --- | ---: | --- | ---: | ---: | ---: | --- |'];
  for (const [other, byMetric] of Object.entries(c.against)) {
    for (const metric of PAIRED_METRICS) {
      const f = byMetric[metric.key];
      if (!f) continue;
      const digits = metric.key.startsWith('queries') ? 1 : 3;
      rows.push(`| ${other} | ${metric.label} | ${f.pairs} | ${f.ahead} / ${f.tied} / ${f.behind} | ${signed(f.meanDifference, digits)} | ${f.signTestP.toFixed(3)} | ${f.signedRankP === null ? '—' : f.signedRankP.toFixed(3)} | ${f.verdict} |`);
    }
  }
  return [
    `${c.subject} against each other strategy, site by site. A site is one testbed seed and domain that both crawled.`,
    '',
    ...rows,
    '',
    'Ties: coverage and harvest rate within 0.001; queries-to equal, or neither reached it (reaching it beats not reaching it). Mean difference: ' +
      `${c.subject} − other (for queries-to, negative is fewer queries). Sign test: two-sided, exact, over the sites that differ; the verdict is ahead or behind at p < ${SIGN_TEST_ALPHA}, otherwise not decided. Signed-rank: the Wilcoxon test over the same sites, weighing each difference by its size (coverage and harvest rate only). Five sites (one seed) can never decide; combine seeds with \`surfacer bench combine\`.`,
  ].join('\n');
}
