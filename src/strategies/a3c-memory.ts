import { JiangRlStrategy } from './jiang-rl.ts';

/**
 * The per-form memory of the learned (a3c) strategy. The agents' policy network chooses the
 * queries, not this object; it keeps what the coordinator needs to describe candidates to
 * that network: the issued queries' features and rewards, from which the kernel estimate of
 * an unissued query's reward (Jiang et al. 2010) becomes one of the candidate's features.
 * `choose` (greedy on that estimate) is only the fallback for an agent that asks without a policy.
 */
export class A3cFormMemory extends JiangRlStrategy {
  override readonly name: string = 'a3c';

  static restore(saved: unknown): A3cFormMemory {
    return JiangRlStrategy.fromJSON(saved, new A3cFormMemory()) as A3cFormMemory;
  }

  /** An agent chose this query: keep its features until its outcome arrives. */
  noteIssued(key: string, features: number[]): void {
    this.pending.set(key, features);
  }
}
