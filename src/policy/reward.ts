/**
 * The reward of one decision, computed where the outcome is known (the agent). A query's
 * outcome is the result pages read for it; with `--page-decisions` only its first, and each
 * "next page" the policy chose is a decision of its own with that page's outcome, so reading on
 * is learnt page by page:
 *
 *   r = min(3, new/10) + 0.02·(result pages, when the answer held something new)
 *       − 0.05·(result pages read)   every page fetched costs a step
 *       − 0.2  when the site answered with an error or no result list
 *       − 0.1·(duplicates/results)   a list of records already known is wasted reading
 *
 * "new" counts records new to the crawl (the coordinator's answer to `listing`, or to
 * query-result when the agent did not ask page by page). New hidden records are what the
 * crawl is for, scaled so a typical good query earns about 1; result pages count a little
 * (they are deep pages harvested); duplicates, empty results, errors and every page fetched
 * cost. A query whose pages are read by the rule (no `--page-decisions`) is charged for all of
 * them: harvest rate is records per page fetched, so a broad query that pages through known
 * records must cost more than a narrow one that says the same in one page.
 * Going back to the form earns 0 (the next query earns its own); stopping a form earns 0 and
 * ends its episode. Surface pages earn nothing here: which links to follow is the link
 * policy's decision, with its own reward (link-policy.ts).
 */
export interface QueryStepOutcome {
  newRecords: number;
  results: number;
  resultPages: number;
  failed: boolean;
}

export const STEP_COST = 0.05;

export function queryStepReward(o: QueryStepOutcome): number {
  const gain = Math.min(3, o.newRecords / 10) + (o.newRecords > 0 ? 0.02 * o.resultPages : 0);
  const duplicates = o.results > 0 ? (o.results - Math.min(o.results, o.newRecords)) / o.results : 0;
  const failure = o.failed || o.results === 0 ? 0.2 : 0;
  return gain - STEP_COST * Math.max(1, o.resultPages) - failure - 0.1 * duplicates;
}
