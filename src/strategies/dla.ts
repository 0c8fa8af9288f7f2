import type { CandidateSource, QueryCandidate, QueryOutcome, QueryStrategy, StrategyContext } from './types.ts';
import { queryReward } from './jiang-rl.ts';

/**
 * Distributed learning automata (DLA) for query selection, after Kumar & Bhatia (J. Web Eng.
 * 2018), who find hidden-web pages with a DLA.
 *
 * A learning automaton keeps a probability vector over its actions, picks one at random by
 * it, and updates the vector from the environment's response. A DLA is a network of them in
 * which the action one automaton takes activates the next. Here the network has two levels:
 *
 *   root automaton      actions = the kinds of keyword present among the candidates
 *                       (`source`: lvs, title, pool, surface, options, default)
 *   child automaton     one per source; actions = that source's candidates
 *
 * Choosing a query samples the root, which activates the child of the chosen source, which
 * samples one of its candidates. Action sets follow the candidates: an action that is no
 * longer offered (an issued query, a source with nothing left) leaves its automaton, a new
 * one enters with the mean probability of the automaton's actions, and the vector is then
 * renormalised over the actions present, so it always sums to 1.
 *
 * Reinforcement is linear reward–inaction (L_R-I) with learning rate a, applied to both
 * automata on the path that chose the query. The environment's response is favourable when
 * the query's reward — new records per request spent (`queryReward`: the submission plus
 * its result pages) — is above zero and reaches the moving threshold, the running mean of the
 * rewards of the earlier queries on this form. Favourable: the chosen action
 * p ← p + a(1 − p), every other action p ← (1 − a)p. Unfavourable: nothing changes (inaction).
 *
 * Paper mapping and simplifications:
 * - The paper's automata sit on web pages and choose out-links towards hidden pages; here the
 *   same DLA machinery chooses the query to type into one search form (each form keeps its
 *   own DLA, like every strategy), which is what this interface compares.
 * - The paper's response is "the page reached is a page of interest"; here it is the reward
 *   against the running-mean threshold described above (a zero-record query never counts).
 * - Two levels only (source, then candidate), no path-level reward bookkeeping.
 * - A candidate is issued once, so a child's chosen action leaves its automaton right after
 *   it is rewarded, and the (1 − a) scaling of the others is undone by the renormalisation:
 *   in practice the children sample uniformly among their source's unissued candidates and
 *   the learning that persists is the root's (which kind of keyword pays on this site).
 * - L_R-I is absorbing: the root can converge on one source; when that source runs out of
 *   candidates it leaves the action set and the others share its probability again.
 * - Outcomes of queries this instance did not choose (after a resume) only move the
 *   threshold; in-flight choices are not saved (the coordinator re-offers those queries).
 */
export const DEFAULT_LEARNING_RATE = 0.1;

/** One learning automaton: an ordered action -> probability vector. */
export class LearningAutomaton {
  readonly probs = new Map<string, number>();

  /**
   * Makes the action set exactly `actions`: absent ones leave, new ones enter with the mean
   * probability of the actions already there (1 when there are none), then the vector is
   * renormalised over the actions present.
   */
  sync(actions: readonly string[]): void {
    const present = new Set(actions);
    for (const k of [...this.probs.keys()]) if (!present.has(k)) this.probs.delete(k);
    const mean = this.probs.size ? sum(this.probs.values()) / this.probs.size : 1;
    for (const a of actions) if (!this.probs.has(a)) this.probs.set(a, mean);
    this.normalise();
  }

  normalise(): void {
    const total = sum(this.probs.values());
    if (!(total > 0)) {
      for (const k of this.probs.keys()) this.probs.set(k, 1 / this.probs.size);
      return;
    }
    for (const [k, p] of this.probs) this.probs.set(k, p / total);
  }

  /** Roulette-wheel choice by the probability vector; undefined when there is no action. */
  sample(rng: () => number): string | undefined {
    let x = rng();
    let last: string | undefined;
    for (const [k, p] of this.probs) {
      last = k;
      if ((x -= p) < 0) return k;
    }
    return last;
  }

  /** L_R-I on a favourable response: p_chosen ← p + a(1 − p), the others ← (1 − a)p. */
  reward(action: string, a: number): void {
    if (!this.probs.has(action)) return;
    for (const [k, p] of this.probs) this.probs.set(k, k === action ? p + a * (1 - p) : (1 - a) * p);
  }

  get(action: string): number | undefined {
    return this.probs.get(action);
  }

  toJSON(): [string, number][] {
    return [...this.probs];
  }

  static fromJSON(entries: unknown): LearningAutomaton {
    const la = new LearningAutomaton();
    if (Array.isArray(entries)) for (const e of entries) if (Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') la.probs.set(e[0], e[1]);
    return la;
  }
}

interface SavedDla {
  learningRate?: number;
  root?: [string, number][];
  children?: Record<string, [string, number][]>;
  rewardSum?: number;
  rewardCount?: number;
}

export class DlaStrategy implements QueryStrategy {
  readonly name = 'dla';
  readonly root = new LearningAutomaton();
  readonly children = new Map<CandidateSource, LearningAutomaton>();
  /** Path (source, candidate) of each chosen query, kept until its outcome arrives. */
  private readonly pending = new Map<string, CandidateSource>();
  private rewardSum = 0;
  private rewardCount = 0;

  constructor(readonly learningRate = DEFAULT_LEARNING_RATE) {}

  static fromJSON(saved: unknown): DlaStrategy {
    const o = (saved ?? {}) as SavedDla;
    const s = new DlaStrategy(typeof o.learningRate === 'number' ? o.learningRate : DEFAULT_LEARNING_RATE);
    for (const [k, p] of LearningAutomaton.fromJSON(o.root).probs) s.root.probs.set(k, p);
    for (const [source, entries] of Object.entries(o.children ?? {})) s.children.set(source as CandidateSource, LearningAutomaton.fromJSON(entries));
    s.rewardSum = typeof o.rewardSum === 'number' ? o.rewardSum : 0;
    s.rewardCount = typeof o.rewardCount === 'number' ? o.rewardCount : 0;
    return s;
  }

  /** The moving threshold: mean reward of the queries observed so far (0 before any). */
  get threshold(): number {
    return this.rewardCount ? this.rewardSum / this.rewardCount : 0;
  }

  choose(candidates: readonly QueryCandidate[], ctx: StrategyContext): QueryCandidate | null {
    if (!candidates.length) return null;
    const bySource = new Map<CandidateSource, QueryCandidate[]>();
    for (const c of candidates) {
      let list = bySource.get(c.source);
      if (!list) bySource.set(c.source, (list = []));
      list.push(c);
    }
    this.root.sync([...bySource.keys()]);
    const source = this.root.sample(ctx.rng) as CandidateSource;
    const offered = bySource.get(source)!;
    const child = this.childOf(source);
    child.sync(offered.map((c) => c.key));
    const key = child.sample(ctx.rng);
    const choice = offered.find((c) => c.key === key) ?? offered[0]!;
    this.pending.set(choice.key, source);
    return choice;
  }

  observe(outcome: QueryOutcome): void {
    const reward = queryReward(outcome);
    const favourable = reward > 0 && reward >= this.threshold;
    this.rewardSum += reward;
    this.rewardCount++;
    const source = this.pending.get(outcome.key);
    this.pending.delete(outcome.key);
    if (source === undefined || !favourable) return;
    this.root.reward(source, this.learningRate);
    this.children.get(source)?.reward(outcome.key, this.learningRate);
  }

  private childOf(source: CandidateSource): LearningAutomaton {
    let child = this.children.get(source);
    if (!child) this.children.set(source, (child = new LearningAutomaton()));
    return child;
  }

  toJSON(): unknown {
    return {
      learningRate: this.learningRate,
      root: this.root.toJSON(),
      children: Object.fromEntries([...this.children].map(([s, la]) => [s, la.toJSON()])),
      rewardSum: this.rewardSum,
      rewardCount: this.rewardCount,
    } satisfies SavedDla;
  }
}

function sum(xs: Iterable<number>): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}
