/**
 * The reward of one query decision, computed where the outcome is known (the agent, from the
 * coordinator's answer to its query-result):
 *
 *   r = min(3, new/10) + 0.02·(result pages that listed something new)
 *       − 0.05                       every query costs a step
 *       − 0.2  when the site answered with an error or no result list
 *       − 0.1·(duplicates/results)   a list of records already known is wasted reading
 *
 * New hidden records are what the crawl is for, scaled so a typical good query earns about 1;
 * result pages count a little (they are deep pages harvested); duplicates, empty results,
 * errors and the step itself cost. Stopping a form earns 0 and ends its episode. Surface pages
 * earn nothing here: link following is not a decision of this policy.
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
  return gain - STEP_COST - failure - 0.1 * duplicates;
}
