import type { QueryCandidate, QueryStrategy, StrategyContext } from './types.ts';

/** Ntoulas et al.'s `random` baseline: any unissued candidate, uniformly. */
export class RandomStrategy implements QueryStrategy {
  readonly name = 'random';

  choose(candidates: readonly QueryCandidate[], ctx: StrategyContext): QueryCandidate | null {
    if (candidates.length === 0) return null;
    return candidates[Math.floor(ctx.rng() * candidates.length)] ?? null;
  }

  observe(): void {
    // Random selection learns nothing by definition.
  }

  toJSON(): unknown {
    return {};
  }
}
