/**
 * How an agent turns the policy's probabilities into one action.
 *
 * Learning (online): a draw from π — A3C explores through its own stochastic policy.
 *
 * Frozen: the best-scored action, except when the form has gone dry. A frozen policy learns
 * nothing during the crawl, so a greedy one repeats the same kind of query however often it
 * fails. Measured before this rule: on the sports test site, title-only search, the frozen
 * a3c-wge model took 25 invented record names in a row ("belpemoro", "finmi", …). Each one
 * listed only records already known, and the form's patience ended it at 0.83 coverage.
 * Sampled online, the same model reached 0.98. So after queries that brought nothing new, a frozen
 * agent draws from π with probability ε = min(1, 2 · dry share), where the dry share is the
 * form's dry streak over its patience. From half the patience on it draws every time: with the
 * default patience (25), from the 13th dry query, just after "stop" is first offered
 * (`STOP_AFTER_ZERO_STREAK`, 12; 8 once the site looks harvested). While the form pays it stays greedy.
 * This is the small ε that greedy evaluation keeps in DQN (Mnih et al. 2015), but spent
 * only where greedy has stopped paying.
 * A draw to explore is among the other actions only: leaving the form ("stop") is not a way
 * to try something new. A greedy choice of stop is taken at any dry share (until 2026-11 the
 * draw came first, so from the 13th dry query a frozen agent could not stop at all). Stop
 * leads once the yield model expects less of every query left than the crawl earns on
 * average (its prior, `queryAndStopPriors` in prior.ts).
 */

/**
 * How a learning (not frozen) crawl takes its decisions. `draw`: each one drawn from π, A3C as
 * published and how `train` acts. `greedy`: by the frozen rule below, learning from those
 * decisions off-policy (V-trace, `PolicyStep.behaviour`), so learning online costs the crawl
 * no exploration while the form pays. The link gate follows the same mode: greedily, the links a
 * frozen crawl follows (coordinator/link-gate.ts).
 */
export const ONLINE_ACTING = ['draw', 'greedy'] as const;
export type OnlineActing = (typeof ONLINE_ACTING)[number];

/**
 * How a learning crawl's link gate decides. `as-queries`: as `OnlineActing` says (greedy: the
 * links a frozen crawl follows). `draw`: each link by a draw, whatever the queries do; how a
 * greedy crawl decided links before stop 78, kept so its traces re-run as they ran.
 */
export const LINK_ACTING = ['as-queries', 'draw'] as const;
export type LinkActing = (typeof LINK_ACTING)[number];

export interface ActionChoiceMode {
  /** No learning: act greedily, exploring only on a dry streak. */
  frozen: boolean;
  /** The form's queries in a row without a new record, over its patience (0 on result pages). */
  dryShare: number;
  /** Index of the "stop" candidate, when one is offered. */
  stopIndex?: number;
}

/** Exploration rate of a frozen agent at a given dry share. */
export function frozenExploration(dryShare: number): number {
  return Math.max(0, Math.min(1, 2 * dryShare));
}

export function chooseAction(probabilities: readonly number[], mode: ActionChoiceMode, rng: () => number): number {
  if (!mode.frozen) return draw(probabilities, rng);
  const greedy = probabilities.indexOf(Math.max(...probabilities));
  // Leaving is never explored into, but once it is the best-scored action it is taken at any dry share.
  if (greedy === mode.stopIndex) return greedy;
  const epsilon = frozenExploration(mode.dryShare);
  if (epsilon === 0 || rng() >= epsilon) return greedy;
  const explore = probabilities.map((p, i) => (i === mode.stopIndex ? 0 : p));
  const total = explore.reduce((s, p) => s + p, 0);
  if (total <= 0) return greedy;
  let u = rng() * total;
  let last = greedy;
  for (let i = 0; i < explore.length; i++) {
    if (explore[i]! <= 0) continue;
    last = i;
    if ((u -= explore[i]!) <= 0) return i;
  }
  return last;
}

/**
 * μ(a): the chance `chooseAction` had of taking action `index` under this mode. A learning crawl
 * that acts by the frozen rule (`acting: greedy`) learns off-policy, and V-trace's importance
 * weights π(a)/μ(a) need it (policy/returns.ts, `vtrace`). Drawing (not frozen), μ is π itself.
 */
export function behaviourProbability(probabilities: readonly number[], mode: ActionChoiceMode, index: number): number {
  if (!mode.frozen) return probabilities[index] ?? 0;
  const greedy = probabilities.indexOf(Math.max(...probabilities));
  if (greedy === mode.stopIndex) return index === greedy ? 1 : 0;
  const epsilon = frozenExploration(mode.dryShare);
  const total = probabilities.reduce((s, p, i) => (i === mode.stopIndex ? s : s + p), 0);
  if (epsilon === 0 || total <= 0) return index === greedy ? 1 : 0;
  const explored = index === mode.stopIndex ? 0 : probabilities[index]! / total;
  return (index === greedy ? 1 - epsilon : 0) + epsilon * explored;
}

/** Index drawn from a probability vector (the online draw, unchanged since the first models). */
function draw(probabilities: readonly number[], rng: () => number): number {
  let u = rng();
  for (let i = 0; i < probabilities.length; i++) if ((u -= probabilities[i]!) <= 0) return i;
  return probabilities.length - 1;
}
