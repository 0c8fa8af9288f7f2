import type { QueryCandidate, QueryOutcome, QueryStrategy, StrategyContext } from './types.ts';

/**
 * Ntoulas, Zerfos & Cho (2005), `adaptive`: pick the query with the highest expected number
 * of new records per unit of cost, estimated from the records harvested so far.
 *
 * For a term t with document frequency df(t) among the `docs` records harvested:
 *   site size      N  ≈ reported totals of issued queries scaled by their sample frequency
 *                       (a Lincoln–Petersen style estimate; falls back to 2 × harvested)
 *   matches        M  ≈ N · df(t) / docs            (P(t) taken from the harvested sample)
 *   returned       R  = min(M, cap)                 (cap = largest result list a query got)
 *   new records    E  = R · (1 − df(t) / M)         (what the site returns, minus what we have)
 *   cost           C  = 1 + R / pageSize + E        (the query, its result pages, the records)
 * and it issues argmax E / C. Terms never seen in a record (fresh LVS values) get a small
 * optimistic estimate from their LVS prior and the yield of recent queries, so the crawl can
 * still explore beyond its sample — as Ntoulas's seeding does.
 */
export class AdaptiveStrategy implements QueryStrategy {
  readonly name = 'adaptive';
  private readonly outcomes: QueryOutcome[] = [];
  private readonly issuedSamples: { reportedTotal: number; terms: string[] }[] = [];

  constructor(private readonly pageSize = 10) {}

  choose(candidates: readonly QueryCandidate[], ctx: StrategyContext): QueryCandidate | null {
    let best: QueryCandidate | null = null;
    let bestScore = -Infinity;
    for (const c of candidates) {
      const s = this.efficiency(c, ctx);
      if (s > bestScore) {
        best = c;
        bestScore = s;
      }
    }
    return best;
  }

  observe(outcome: QueryOutcome): void {
    this.outcomes.push(outcome);
    if (outcome.reportedTotal !== undefined && outcome.reportedTotal > 0) {
      this.issuedSamples.push({ reportedTotal: outcome.reportedTotal, terms: outcome.terms });
    }
  }

  /** Expected new records per unit cost of issuing `c` now. */
  efficiency(c: QueryCandidate, ctx: StrategyContext): number {
    const { expectedNew, returned } = this.estimate(c, ctx);
    const cost = 1 + returned / this.pageSize + expectedNew;
    return expectedNew / cost + 1e-6 * (c.prior ?? 0);
  }

  estimate(c: QueryCandidate, ctx: StrategyContext): { expectedNew: number; returned: number } {
    const docs = ctx.corpus.documents;
    const df = c.terms.length ? Math.min(...c.terms.map((t) => ctx.corpus.documentFrequency(t))) : 0;
    const cap = this.resultCap();
    if (docs === 0 || df === 0) {
      // Unseen in the sample: the average yield of recent queries, shrunk by the prior.
      const recent = this.outcomes.slice(-10);
      const meanNew = recent.length ? recent.reduce((s, o) => s + o.newRecords, 0) / recent.length : cap;
      const guess = Math.max(0.5, meanNew) * (0.25 + 0.75 * (c.prior ?? 0.5)) * 0.5;
      return { expectedNew: guess, returned: Math.min(cap, guess * 2) };
    }
    const n = Math.max(this.siteSize(ctx), docs);
    const matches = (n * df) / docs;
    const returned = Math.min(matches, cap);
    const expectedNew = Math.max(0, returned * (1 - df / matches));
    return { expectedNew, returned };
  }

  /** Estimated number of records behind the form. */
  siteSize(ctx: StrategyContext): number {
    const docs = ctx.corpus.documents;
    const estimates: number[] = [];
    for (const s of this.issuedSamples) {
      const df = s.terms.length ? Math.min(...s.terms.map((t) => ctx.corpus.documentFrequency(t))) : 0;
      if (df > 0) estimates.push((s.reportedTotal * docs) / df);
    }
    if (estimates.length === 0) return Math.max(2 * ctx.harvested, docs + 1);
    estimates.sort((a, b) => a - b);
    return estimates[Math.floor(estimates.length / 2)]!;
  }

  /** Largest result list seen: the site's per-query cap, or a generous default before any. */
  resultCap(): number {
    const lists = this.outcomes.map((o) => o.results);
    return lists.length ? Math.max(10, ...lists) : 100;
  }

  toJSON(): unknown {
    return { outcomes: this.outcomes, issuedSamples: this.issuedSamples };
  }

  static fromJSON(data: unknown, pageSize = 10): AdaptiveStrategy {
    const s = new AdaptiveStrategy(pageSize);
    const d = (data ?? {}) as { outcomes?: QueryOutcome[]; issuedSamples?: { reportedTotal: number; terms: string[] }[] };
    s.outcomes.push(...(d.outcomes ?? []));
    s.issuedSamples.push(...(d.issuedSamples ?? []));
    return s;
  }
}
