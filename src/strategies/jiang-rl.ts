import type { CandidateSource, QueryCandidate, QueryOutcome, QueryStrategy, StrategyContext, TermView } from './types.ts';

/**
 * Jiang, Wu, Feng, Liu & Zheng (2010), "Efficient deep web crawling using reinforcement
 * learning", as a query strategy: the crawler is an agent, issuing a query is an action, and
 * its reward is the new records it brings per request spent. The reward of a query not yet
 * issued is estimated from the issued ones through a kernel over the features of their
 * keywords:
 *
 *   linguistic   – words in the query, length of its main word, part of speech
 *   statistical  – DF / documents, log TF and RIDF of the word in the harvested records
 *   HTML         – where the word was seen: share of its occurrences in record titles,
 *                  attribute values, record text, the site's surface pages; and where the
 *                  value came from (LVS table, record terms, drop-down options, …)
 *
 *   r̂(q) = (w₀·r₀ + Σᵢ K(x_q, xᵢ)·rᵢ) / (w₀ + Σᵢ K(x_q, xᵢ)),   K(x, y) = exp(−‖x − y‖² / 2h²)
 *
 * with an optimistic prior r₀ (weight w₀) so unexplored kinds of keyword get tried. The
 * Q-value adds an exploration bonus where the kernel has little evidence,
 *
 *   Q(q) = r̂(q) · (1 − harvested share) + c · √(ln(n + 1) / (1 + Σᵢ K(x_q, xᵢ)))
 *
 * and the query with the highest Q is issued (greedy in Q). The harvested share (records
 * known over the site size the issued queries suggest) is the state: the same query is worth
 * less as the site is exhausted. The paper's multi-step look-ahead is not modelled beyond that.
 */
const PRIOR_REWARD = 3;
const PRIOR_WEIGHT = 0.5;
const BANDWIDTH = 0.6;
const EXPLORATION = 0.5;
const SOURCES: readonly CandidateSource[] = ['lvs', 'pool', 'title', 'surface', 'options', 'default'];

interface Observation {
  x: number[];
  reward: number;
}

export class JiangRlStrategy implements QueryStrategy {
  readonly name: string = 'jiang-rl';
  private readonly observations: Observation[] = [];
  /** Features of each chosen query, kept until its outcome arrives. */
  protected readonly pending = new Map<string, number[]>();
  private reportedTotals: number[] = [];

  static fromJSON(saved: unknown, s: JiangRlStrategy = new JiangRlStrategy()): JiangRlStrategy {
    const o = saved as { observations?: Observation[]; reportedTotals?: number[] } | undefined;
    if (Array.isArray(o?.observations)) s.observations.push(...o.observations);
    if (Array.isArray(o?.reportedTotals)) s.reportedTotals = o.reportedTotals;
    return s;
  }

  choose(candidates: readonly QueryCandidate[], ctx: StrategyContext): QueryCandidate | null {
    if (!candidates.length) return null;
    const remaining = Math.max(0.05, 1 - this.harvestedShare(ctx));
    let best: QueryCandidate | null = null;
    let bestQ = -Infinity;
    let bestX: number[] = [];
    for (const c of candidates) {
      const x = queryFeatures(c, ctx);
      const { estimate, evidence } = this.estimate(x);
      const q = estimate * remaining + EXPLORATION * Math.sqrt(Math.log(this.observations.length + 1) / (1 + evidence)) + 1e-6 * (c.prior ?? 0);
      if (q > bestQ) {
        best = c;
        bestQ = q;
        bestX = x;
      }
    }
    if (best) this.pending.set(best.key, bestX);
    return best;
  }

  /** Kernel-weighted reward of issued queries near x, shrunk to the optimistic prior. */
  estimate(x: readonly number[]): { estimate: number; evidence: number } {
    let weight = 0;
    let sum = 0;
    for (const o of this.observations) {
      const k = gaussian(x, o.x);
      weight += k;
      sum += k * o.reward;
    }
    return { estimate: (PRIOR_WEIGHT * PRIOR_REWARD + sum) / (PRIOR_WEIGHT + weight), evidence: weight };
  }

  observe(outcome: QueryOutcome): void {
    const x = this.pending.get(outcome.key);
    this.pending.delete(outcome.key);
    if (outcome.reportedTotal !== undefined && outcome.reportedTotal > 0) this.reportedTotals.push(outcome.reportedTotal);
    // A query chosen by another strategy instance (a resumed crawl) has no features here: skip it.
    if (!x) return;
    this.observations.push({ x, reward: queryReward(outcome) });
  }

  /** Share of the site already harvested, from the largest result total a query reported (0 when none said). */
  private harvestedShare(ctx: StrategyContext): number {
    const total = this.reportedTotals.length ? Math.max(...this.reportedTotals) : 0;
    if (!total || !ctx.harvested) return 0;
    return Math.min(0.95, ctx.harvested / Math.max(total, ctx.harvested / 0.95));
  }

  toJSON(): unknown {
    return { observations: this.observations, reportedTotals: this.reportedTotals };
  }
}

/** New records per request the query cost (the form submission plus each result page). */
export function queryReward(o: QueryOutcome): number {
  return o.newRecords / (1 + Math.max(0, o.pages));
}

/** The feature vector of a query's main keyword, each in about [0, 1]. */
export function queryFeatures(c: QueryCandidate, ctx: StrategyContext): number[] {
  const main = mainTerm(c);
  const stats: TermView | undefined = main ? ctx.corpus.termStats?.(main) : undefined;
  const docs = Math.max(1, ctx.corpus.documents);
  const pos = stats?.pos ?? '';
  const contexts = stats?.contexts ?? {};
  const seen = Object.values(contexts).reduce((a, b) => a + b, 0) || 1;
  return [
    // linguistic
    Math.min(1, c.terms.length / 4),
    Math.min(1, (main?.length ?? 0) / 15),
    pos === 'NOUN' || pos === 'PROPN' ? 1 : 0,
    pos === 'ADJ' ? 1 : 0,
    pos === 'VERB' ? 1 : 0,
    // statistical
    (stats?.df ?? 0) / docs,
    Math.min(1, Math.log1p(stats?.tf ?? 0) / 8),
    Math.min(1, Math.max(0, stats?.ridf ?? 0)),
    // HTML: where the word was seen, and where the value came from
    (contexts['title'] ?? 0) / seen,
    (contexts['attribute'] ?? 0) / seen,
    (contexts['text'] ?? 0) / seen,
    ...SOURCES.map((s) => (c.source === s ? 1 : 0)),
  ];
}

function mainTerm(c: QueryCandidate): string | undefined {
  return c.terms.length ? c.terms.reduce((a, b) => (b.length > a.length ? b : a)) : undefined;
}

function gaussian(a: readonly number[], b: readonly number[]): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += (a[i]! - (b[i] ?? 0)) ** 2;
  return Math.exp(-d / (2 * BANDWIDTH * BANDWIDTH));
}
