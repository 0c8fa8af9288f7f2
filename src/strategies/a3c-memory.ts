import type { YieldEstimate } from '../policy/features.ts';
import { AdaptiveStrategy } from './adaptive.ts';
import { JiangRlStrategy } from './jiang-rl.ts';
import { yieldClass, type QueryCandidate, type QueryOutcome, type StrategyContext } from './types.ts';

/** The learned strategy's yield model: the `adaptive` one with its two corrections (adaptive.ts). */
const YIELD_MODEL = { rankedCaps: true, partitions: true } as const;

/**
 * The per-form memory of the learned (a3c) strategy. The agents' policy network chooses the
 * queries, not this object; it keeps what the coordinator needs to describe candidates to
 * that network: the issued queries' features and rewards, from which the kernel estimate of
 * an unissued query's reward (Jiang et al. 2010) becomes one of the candidate's features, and
 * the same outcomes fed to the `adaptive` yield model (Ntoulas et al. 2005), whose estimate of
 * a candidate's new records per unit cost becomes another (`yieldEstimate`).
 * `choose` (greedy on the kernel estimate) is only the fallback for an agent that asks without a policy.
 */
export class A3cFormMemory extends JiangRlStrategy {
  override readonly name: string = 'a3c';
  /** Calibrated apart for capped lists (`ModelPrediction`), and partition-aware, unlike the `adaptive` baseline's. */
  private yieldModel = new AdaptiveStrategy(YIELD_MODEL);

  static restore(saved: unknown): A3cFormMemory {
    const m = JiangRlStrategy.fromJSON(saved, new A3cFormMemory()) as A3cFormMemory;
    const yields = (saved as { yieldModel?: unknown } | undefined)?.yieldModel;
    if (yields) m.yieldModel = AdaptiveStrategy.fromJSON(yields, YIELD_MODEL);
    return m;
  }

  /** What the yield model expects of `c` if issued now. */
  yieldEstimate(c: QueryCandidate, ctx: StrategyContext): YieldEstimate {
    const e = this.yieldModel.estimate(c, ctx);
    return { efficiency: this.yieldModel.efficiency(c, ctx, e), expectedNew: e.expectedNew, modelled: e.modelled, ...(e.prediction ? { prediction: e.prediction } : {}), sourceHitRate: this.yieldModel.sourceHitRate(yieldClass(c)) };
  }

  /** The best expected new records per unit cost among `candidates` (0 when none): what the form's next query would bring. */
  bestEfficiency(candidates: readonly QueryCandidate[], ctx: StrategyContext): number {
    return candidates.reduce((best, c) => Math.max(best, this.yieldModel.efficiency(c, ctx)), 0);
  }

  /** An agent chose this query: keep its features and the yield model's prediction until its outcome arrives. */
  noteIssued(offer: { candidate: QueryCandidate; jiang: number[]; yields: YieldEstimate }): void {
    this.pending.set(offer.candidate.key, offer.jiang);
    if (offer.yields.prediction) this.yieldModel.notePrediction(offer.candidate.key, offer.yields.prediction);
  }

  override observe(outcome: QueryOutcome): void {
    super.observe(outcome);
    this.yieldModel.observe(outcome);
  }

  override toJSON(): unknown {
    return { ...(super.toJSON() as object), yieldModel: this.yieldModel.toJSON() };
  }
}
