import type { SourceYield } from '../policy/features.ts';
import { JiangRlStrategy, SOURCES } from './jiang-rl.ts';
import type { CandidateSource } from './types.ts';

/** Where the source one-hot sits in a query's feature vector (`queryFeatures`: after 11 linguistic, statistical and HTML features). */
const SOURCE_OFFSET = 11;

/**
 * The per-form memory of the learned (a3c) strategy. The agents' policy network chooses the
 * queries, not this object; it keeps what the coordinator needs to describe candidates to
 * that network: the issued queries' features and rewards, from which the kernel estimate of
 * an unissued query's reward (Jiang et al. 2010) becomes one of the candidate's features, and
 * so does how each source's issued queries did on this form (`sourceYield`).
 * `choose` (greedy on that estimate) is only the fallback for an agent that asks without a policy.
 */
export class A3cFormMemory extends JiangRlStrategy {
  override readonly name: string = 'a3c';

  static restore(saved: unknown): A3cFormMemory {
    return JiangRlStrategy.fromJSON(saved, new A3cFormMemory()) as A3cFormMemory;
  }

  /** The issued queries of `source` on this form whose outcome came back, and what they earned. */
  sourceYield(source: CandidateSource): SourceYield {
    const at = SOURCE_OFFSET + SOURCES.indexOf(source);
    const mine = this.observations.filter((o) => o.x[at] === 1);
    if (!mine.length) return { issued: 0, meanReward: 0, dryShare: 0 };
    return { issued: mine.length, meanReward: mine.reduce((s, o) => s + o.reward, 0) / mine.length, dryShare: mine.filter((o) => o.reward <= 0).length / mine.length };
  }

  /** An agent chose this query: keep its features until its outcome arrives. */
  noteIssued(key: string, features: number[]): void {
    this.pending.set(key, features);
  }
}
