/**
 * Why the policy took an action, small enough for a trace row: the probability it gave the
 * action, the action's prior (the yield model's expectation, relative to the step's best), its
 * rank among the offered actions, and the likeliest others. A reader of `trace.jsonl` can then
 * tell a choice the yield model made from one the learned correction made, and see what a
 * broad query lost to.
 */
export interface ChoiceExplanation {
  /** Probability the policy gave the chosen action (a frozen crawl takes the likeliest while the form pays). */
  probability: number;
  /** The chosen action's prior (0 to 1; 0 for actions without one). */
  prior: number;
  /** 1 for the likeliest action. */
  rank: number;
  /** Actions offered at this step. */
  offered: number;
  /** The likeliest other actions, most probable first. */
  others: { key: string; probability: number; prior: number }[];
}

/** Others listed in an explanation. */
export const EXPLAINED_OTHERS = 3;

const round = (x: number) => Math.round(x * 1e4) / 1e4;

export function explainChoice(keys: readonly string[], priors: readonly (number | undefined)[], probabilities: readonly number[], chosen: number, others = EXPLAINED_OTHERS): ChoiceExplanation {
  if (keys.length !== probabilities.length || priors.length !== keys.length) throw new RangeError(`${keys.length} keys, ${priors.length} priors and ${probabilities.length} probabilities`);
  if (!(chosen >= 0 && chosen < keys.length)) throw new RangeError(`chosen action ${chosen} is not one of the ${keys.length} offered`);
  // Ties keep the offered order, so the explanation does not depend on sort stability.
  const order = keys.map((_, i) => i).sort((a, b) => probabilities[b]! - probabilities[a]! || a - b);
  return {
    probability: round(probabilities[chosen]!),
    prior: round(priors[chosen] ?? 0),
    rank: order.indexOf(chosen) + 1,
    offered: keys.length,
    others: order
      .filter((i) => i !== chosen)
      .slice(0, others)
      .map((i) => ({ key: keys[i]!, probability: round(probabilities[i]!), prior: round(priors[i] ?? 0) })),
  };
}
