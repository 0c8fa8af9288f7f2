/**
 * `train --select-seeds`: early stopping on sites the training never saw. Training keeps its
 * last parameters unless told otherwise, and on this testbed more training has made the policy
 * crawl new sites worse while its training reward rose (bench-results/held-out-sites/). So the
 * start model and every `--select-every`-th checkpoint crawl the training domains' sites at other
 * seeds, frozen and deterministic, and the checkpoint that harvests most in its first queries is
 * the one kept — the start itself when no update helped.
 *
 * The measure is what a crawler sees on any site, no ground truth: the records harvested after
 * each of the first `queries` queries, summed (the area under the harvest curve), each site
 * scaled by the most any checkpoint harvested there so that small sites weigh as much as large.
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

export interface SelectionPlan {
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
  seeds: number[];
  queries: number;
  sites: string[];
  checkpoints: { afterCrawls: number; score: number; recordsAtBudget: Record<string, number> }[];
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
  const sites = curves[0]?.length ?? 0;
  const best = Array.from({ length: sites }, (_, s) => Math.max(0, ...curves.map((c) => c[s]!.at(-1) ?? 0)));
  return curves.map((c) => {
    let total = 0;
    for (let s = 0; s < sites; s++) {
      const curve = c[s]!;
      if (best[s]! > 0 && curve.length) total += curve.reduce((a, b) => a + b, 0) / curve.length / best[s]!;
    }
    return sites ? total / sites : 0;
  });
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
    curves[ci]![si] = harvestCurve(JSON.parse(readFileSync(reportFile, 'utf8')) as Report, plan.queries);
    progress(`[${++done}/${tasks.length}] checkpoint after ${c.afterCrawls} crawls on ${site.domain} (seed ${site.seed}): ${curves[ci]![si]!.at(-1)} records in ${plan.queries} queries, ${r.seconds.toFixed(0)} s`);
  });
  const scores = selectionScores(curves);
  const chosen = bestCheckpoint(scores);
  const name = (s: { domain: string; seed: number }) => `${s.domain} (seed ${s.seed})`;
  return {
    seeds: [...plan.seeds],
    queries: plan.queries,
    sites: sites.map(name),
    checkpoints: checkpoints.map((c, ci) => ({ afterCrawls: c.afterCrawls, score: Math.round(scores[ci]! * 1e4) / 1e4, recordsAtBudget: Object.fromEntries(sites.map((s, si) => [name(s), curves[ci]![si]!.at(-1) ?? 0])) })),
    chosen: checkpoints[chosen]!.afterCrawls,
  };
}
