/**
 * The actor's prior (`CandidateInput.prior`): what the yield model of Ntoulas et al. (2005)
 * expects of each action, in one unit — new records per fetch — and relative to the step's
 * best; for queries, the fetches of the query and its records only (`newRecordsYield`; their
 * result pages are the page decisions' to weigh), blended with document frequency while much of
 * the site is unseen (`frequencyWeight`). The network adds `prior_scale · prior` to each score
 * and learns the correction.
 */
import type { ResultPageSeen } from './features.ts';

/** Each efficiency over the largest (all 0 when none is positive). */
export function relativeEfficiency(efficiencies: readonly number[]): number[] {
  const top = Math.max(0, ...efficiencies);
  return efficiencies.map((e) => (top > 0 ? Math.max(0, e) / top : 0));
}

/**
 * Priors of a form's queries and, when it is offered, of leaving the form ("stop"), in the same
 * unit. Leaving is worth what the crawl earns on average per fetch (`leaveRate`: records over
 * pages fetched so far): the marginal value theorem (Charnov 1976) leaves a patch once the best
 * it still offers pays less than the habitat's average. So once the yield model expects less
 * of every query left than the crawl has been earning, "stop" carries the full prior and the
 * queries a share of it; while some query is expected to beat the average, it keeps the prior.
 * Without a rate (stop not offered) the queries' priors are relative to their best, as before.
 */
export function queryAndStopPriors(queryEfficiencies: readonly number[], leaveRate?: number): { queries: number[]; stop?: number } {
  if (leaveRate === undefined) return { queries: relativeEfficiency(queryEfficiencies) };
  const all = relativeEfficiency([...queryEfficiencies, leaveRate]);
  return { queries: all.slice(0, -1), stop: all[all.length - 1]! };
}

/**
 * What the yield part of the queries' prior ranks by (`PolicyConfig.queryPrior`, `crawl --query-prior`):
 * - `new-records`: a query's expected new records (`newRecordsYield`), the result pages it lists left out;
 * - `per-fetch`: the yield model's efficiency, new records per fetch with every result page counted
 *   (Ntoulas et al.'s cost), what every run before stop 76 ranked by.
 */
export const QUERY_PRIOR_UNITS = ['new-records', 'per-fetch'] as const;
export type QueryPriorUnit = (typeof QUERY_PRIOR_UNITS)[number];

/**
 * A query's yield in the `new-records` unit: its expected new records E (times its class's hit
 * rate, as in the efficiency) over a fetch for the query and one for each of them, E / (1 + E):
 * the yield model's efficiency without the result pages, so it ranks by E alone. The pages of a
 * long list of known records are not the query's to pay for: whether to read on is decided page
 * by page against the form's best query (`pageActionPriors`), and that comparison keeps the
 * per-fetch efficiency. Ranked per fetch with the pages counted, the tail queries on home and
 * society were the table's category names, whose short lists cost little and found 0 to 4
 * records each, while generic-frequency's frequent words listed long ones and found the last
 * records in fewer queries (home seed 2: 12 queries to 99 %, generic-frequency 6;
 * bench-results/new-records-prior/).
 */
export function newRecordsYield(e: { expectedNew: number; sourceHitRate?: number }): number {
  const expected = Math.max(0, e.expectedNew) * (e.sourceHitRate ?? 1);
  return expected / (1 + expected);
}

/**
 * How much of the queries' prior document frequency carries: the share of the site estimated
 * unseen, from Chao1's unseen records over those listed (`unseenShare`, u): u / (1 + u). While
 * most of the site is unseen, the records harvested so far are a sample of it, and a word held
 * by many of them is held by many unseen ones: generic-frequency's order. The yield model's
 * efficiency cannot rank those words — each new record costs a fetch of its own, so a query
 * expected to bring 100 and one expected to bring 30 both near 1 new record per fetch — and
 * on home and society its first ten queries were near-ties (bench-results/choice-diagnosis/).
 * As the site's unseen share falls, which holders are still unseen matters more than how
 * many holders a word has, and the prior becomes the yield model's. Before any listing
 * (u unknown or 0) there is no sample, and the prior is the yield model's alone.
 */
export function frequencyWeight(unseenShare: number | undefined): number {
  const u = Math.max(0, unseenShare ?? 0);
  return u / (1 + u);
}

/**
 * The queries' priors: `weight` of each query's document frequency relative to the step's
 * highest and the rest of its efficiency relative to the best (`relativeEfficiency` both).
 */
export function frequencyBlendedPriors(efficiencies: readonly number[], frequencies: readonly number[], weight: number): number[] {
  if (efficiencies.length !== frequencies.length) throw new Error(`frequencyBlendedPriors: ${efficiencies.length} efficiencies but ${frequencies.length} frequencies`);
  const byYield = relativeEfficiency(efficiencies);
  if (weight <= 0) return byYield;
  const byFrequency = relativeEfficiency(frequencies);
  return byYield.map((e, i) => (1 - weight) * e + weight * byFrequency[i]!);
}

/**
 * Expected new records per fetch of reading the next result page: the records it should list
 * (as many as this one, fewer when the site's total says fewer are left) times the query's
 * share of new ones so far (half a pseudo-record each way, so one page of known records does
 * not make it 0), over the page itself plus one fetch per new record — `adaptive`'s cost
 * (`1 + R / pageSize + E`) for a single page, so it compares with a query's efficiency.
 */
export function nextPageEfficiency(seen: ResultPageSeen): number {
  const left = seen.reportedTotal !== undefined ? Math.max(0, seen.reportedTotal - seen.queryListed) : seen.listed;
  const expectedNew = Math.min(seen.listed, left) * ((seen.queryNew + 0.5) / (seen.queryListed + 1));
  return expectedNew / (1 + expectedNew);
}

/**
 * Priors of the result-page actions (`PAGE_ACTIONS` order: next page, back): read on while
 * the next page is expected to pay as well per fetch as the better way out of the list — the
 * form's best unissued query (`bestQueryEfficiency`) or, once the site looks harvested and the
 * form dry, leaving for the crawl's average (`leaveRate`) — else go back: the marginal value
 * theorem of foraging (Charnov 1976): leave a patch when its marginal rate falls below what the
 * next one gives. Without a known alternative (no query left, or an old coordinator) only
 * reading on has a prior.
 */
export function pageActionPriors(seen: ResultPageSeen): [number, number] {
  const [next, back] = relativeEfficiency([nextPageEfficiency(seen), Math.max(seen.bestQueryEfficiency ?? 0, seen.leaveRate ?? 0)]);
  return [next!, back!];
}

/** The rule's side of the same test (no policy deciding pages): read on unless leaving is worth more per fetch than the next page. */
export function nextPageWorthReading(seen: ResultPageSeen): boolean {
  return seen.leaveRate === undefined || nextPageEfficiency(seen) >= seen.leaveRate;
}
