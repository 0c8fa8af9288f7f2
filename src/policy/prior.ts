/**
 * The actor's prior (`CandidateInput.prior`): what the yield model of Ntoulas et al. (2005)
 * expects of each action, in one unit — new records per fetch — and relative to the step's
 * best. The network adds `prior_scale · prior` to each score and learns the correction.
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
