/**
 * `train --select-seeds`: early stopping on sites the training never saw. Training keeps its
 * last parameters unless told otherwise, and on this testbed more training has made the policy
 * crawl new sites worse while its training reward rose (bench-results/held-out-sites/). So the
 * start model and every `--select-every`-th checkpoint crawl the training domains' sites at other
 * seeds, frozen and deterministic, and the checkpoint that harvests most in its first queries is
 * the one kept — the start itself when no update helped.
 *
 * The measure is what a crawler sees on any site, no ground truth (`--select-by`):
 * - `records`: the records harvested after each of the first `queries` queries, summed (the area
 *   under the harvest curve), each site scaled by the most any checkpoint harvested there so that
 *   small sites weigh as much as large. What the query network changes.
 * - `harvest-rate`: the records harvested over the pages fetched by the end of the crawl, each site
 *   scaled by the best rate any checkpoint reached there. What the link policy changes: its
 *   checkpoints ask nearly the same queries, and on records they lay within 0.01 of each other,
 *   where the pages set a policy that follows every link 0.2 below the learnt ones
 *   (bench-results/link-selection/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TrainedSite } from '../policy/checkpoint.ts';
import type { Report } from '../report/types.ts';
import { lastLine, pool, runSurfacer } from './bench-child.ts';
import { UserError } from './errors.ts';

/** A model `train` could keep: the start, or the model a training crawl left. */
export interface Checkpoint {
  /** Training crawls behind it (0: the start). */
  afterCrawls: number;
  dir: string;
}

/** How `--select-by` scores a checkpoint's selection crawls (see the file's comment). */
export const SELECTION_MEASURES = ['records', 'harvest-rate'] as const;
export type SelectionMeasure = (typeof SELECTION_MEASURES)[number];

export interface SelectionPlan {
  by: SelectionMeasure;
  domains: readonly string[];
  seeds: readonly number[];
  /** Query budget of each selection crawl: the harvest curve is read up to it. */
  queries: number;
  scale: string;
  agents: number;
  pageDecisions?: boolean;
  parallel: number;
  /** Where the selection crawls' run directories go. */
  work: string;
}

/** What `train --select-seeds` did, kept in the chosen model's manifest (`selection`) and in `train --json`. */
export interface SelectionRecord {
  /** The measure the scores are in (absent in the manifests of models chosen before `--select-by`: records). */
  by?: SelectionMeasure;
  seeds: number[];
  queries: number;
  sites: string[];
  checkpoints: { afterCrawls: number; score: number; recordsAtBudget: Record<string, number>; pagesAtBudget?: Record<string, number>; harvestRate?: Record<string, number> }[];
  /** `afterCrawls` of the kept checkpoint. */
  chosen: number;
}

/** The start, every `every`-th crawl's model, and the last (in order, once each). */
export function checkpointsToTry(all: readonly Checkpoint[], every: number): Checkpoint[] {
  const last = all[all.length - 1]?.afterCrawls;
  return all.filter((c) => c.afterCrawls === 0 || c.afterCrawls % every === 0 || c.afterCrawls === last);
}

/** Refuses selection sites the training crawled: choosing on them would reward what was learnt there, not what carries over. */
export function checkSelectionSites(domains: readonly string[], seeds: readonly number[], trained: readonly TrainedSite[]): void {
  const clash = trained.filter((t) => domains.includes(t.domain) && seeds.includes(t.seed)).map((t) => `${t.domain} (seed ${t.seed})`);
  if (clash.length) throw new UserError(`--select-seeds: the model trains on ${[...new Set(clash)].join(', ')}; choose seeds of sites it does not train on`);
}

/** Records harvested after each of the first `queries` queries (a crawl that stopped earlier keeps its last count). */
export function harvestCurve(report: Pick<Report, 'coverageByQuery'>, queries: number): number[] {
  const rows = report.coverageByQuery ?? [];
  const out: number[] = [];
  let last = 0;
  for (let q = 1; q <= queries; q++) {
    const row = rows.find((r) => r.query === q);
    if (row) last = row.records;
    out.push(last);
  }
  return out;
}

/**
 * Each checkpoint's score: over the sites, the mean of its harvest curve divided by the largest
 * final harvest any checkpoint reached on that site (a site where none harvested counts 0).
 * `curves[c][s]` is checkpoint c's curve on site s.
 */
export function selectionScores(curves: readonly (readonly (readonly number[])[])[]): number[] {
  const areas = curves.map((c) => c.map((curve) => (curve.length ? curve.reduce((a, b) => a + b, 0) / curve.length : 0)));
  return scaledBySite(areas, curves.map((c) => c.map((curve) => curve.at(-1) ?? 0)));
}

/**
 * Each checkpoint's score by harvest rate: over the sites, its records per page fetched divided by
 * the best rate any checkpoint reached on that site (a site where none harvested counts 0).
 * `crawls[c][s]` is checkpoint c's crawl of site s.
 */
export function harvestRateScores(crawls: readonly (readonly { records: number; pages: number }[])[]): number[] {
  const rates = crawls.map((c) => c.map(rateOf));
  return scaledBySite(rates, rates);
}

/**
 * Over the sites, `values[c][s]` divided by the largest `scales[·][s]` of any checkpoint there (a
 * site where that is 0 counts 0), averaged: each site weighs the same, small or large.
 */
function scaledBySite(values: readonly (readonly number[])[], scales: readonly (readonly number[])[]): number[] {
  const sites = values[0]?.length ?? 0;
  const best = Array.from({ length: sites }, (_, s) => Math.max(0, ...scales.map((c) => c[s]!)));
  return values.map((c) => {
    let total = 0;
    for (let s = 0; s < sites; s++) if (best[s]! > 0) total += c[s]! / best[s]!;
    return sites ? total / sites : 0;
  });
}

/** Records per page fetched (0 for a crawl that fetched nothing). */
function rateOf(c: { records: number; pages: number }): number {
  return c.pages > 0 ? c.records / c.pages : 0;
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** The index of the best score; on a tie the earlier checkpoint, which has fewer updates behind it. */
export function bestCheckpoint(scores: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  return best;
}

/** Crawls every checkpoint on every selection site and says which to keep. */
export async function selectCheckpoint(checkpoints: readonly Checkpoint[], plan: SelectionPlan, progress: (line: string) => void): Promise<SelectionRecord> {
  const sites = plan.seeds.flatMap((seed) => plan.domains.map((domain) => ({ domain, seed })));
  const tasks = checkpoints.flatMap((c, ci) => sites.map((site, si) => ({ c, ci, site, si })));
  const curves = checkpoints.map(() => sites.map((): number[] => []));
  const totals = checkpoints.map(() => sites.map(() => ({ records: 0, pages: 0 })));
  let done = 0;
  await pool(tasks, plan.parallel, async ({ c, ci, site, si }) => {
    const out = join(plan.work, `select-${String(c.afterCrawls).padStart(3, '0')}-${site.domain}-${site.seed}`);
    const args = [
      'crawl', '--domain', site.domain, '--strategy', 'a3c', '--model', c.dir, '--frozen', '--deterministic',
      '--max-queries', String(plan.queries), '--max-pages', '2000', '--agents', String(plan.agents), '--time-limit', '0',
      '--scale', plan.scale, '--trouble', 'default', '--testbed-port', '0', '--seed', String(site.seed), '--allow-post', '--json', '--out', out,
      ...(plan.pageDecisions ? ['--page-decisions'] : []),
    ];
    const r = await runSurfacer(args);
    const reportFile = join(out, 'report.json');
    if (r.code !== 0 || !existsSync(reportFile)) throw new Error(`selection crawl of ${site.domain} (seed ${site.seed}) with the checkpoint after ${c.afterCrawls} crawls failed: ${lastLine(r.stderr) || `exit ${r.code}`}`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    curves[ci]![si] = harvestCurve(report, plan.queries);
    totals[ci]![si] = { records: report.totals.recordsHarvested, pages: report.totals.pagesFetched };
    progress(`[${++done}/${tasks.length}] checkpoint after ${c.afterCrawls} crawls on ${site.domain} (seed ${site.seed}): ${curves[ci]![si]!.at(-1)} records in ${plan.queries} queries, ${report.totals.pagesFetched} pages, ${r.seconds.toFixed(0)} s`);
  });
  const scores = plan.by === 'harvest-rate' ? harvestRateScores(totals) : selectionScores(curves);
  const chosen = bestCheckpoint(scores);
  const name = (s: { domain: string; seed: number }) => `${s.domain} (seed ${s.seed})`;
  const bySite = (value: (si: number) => number) => Object.fromEntries(sites.map((s, si) => [name(s), value(si)]));
  return {
    by: plan.by,
    seeds: [...plan.seeds],
    queries: plan.queries,
    sites: sites.map(name),
    checkpoints: checkpoints.map((c, ci) => ({
      afterCrawls: c.afterCrawls,
      score: round4(scores[ci]!),
      recordsAtBudget: bySite((si) => curves[ci]![si]!.at(-1) ?? 0),
      pagesAtBudget: bySite((si) => totals[ci]![si]!.pages),
      harvestRate: bySite((si) => round4(rateOf(totals[ci]![si]!))),
    })),
    chosen: checkpoints[chosen]!.afterCrawls,
  };
}
