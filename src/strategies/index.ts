import { AdaptiveStrategy } from './adaptive.ts';
import { BfsStrategy } from './bfs.ts';
import { DlaStrategy } from './dla.ts';
import { GenericFrequencyStrategy } from './generic-frequency.ts';
import { JiangRlStrategy } from './jiang-rl.ts';
import { RandomStrategy } from './random.ts';
import { A3cFormMemory } from './a3c-memory.ts';
import type { QueryStrategy } from './types.ts';

export type { CorpusView, DocumentSample, QueryCandidate, QueryOutcome, QueryStrategy, StrategyContext, TermView, YieldClass } from './types.ts';
export { yieldClass } from './types.ts';
export { AdaptiveStrategy, BfsStrategy, DlaStrategy, GenericFrequencyStrategy, JiangRlStrategy, RandomStrategy };
export { frequencyScore } from './generic-frequency.ts';

export const STRATEGY_NAMES = ['random', 'generic-frequency', 'adaptive', 'jiang-rl', 'bfs', 'dla', 'a3c'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];

export function isStrategyName(name: string): name is StrategyName {
  return (STRATEGY_NAMES as readonly string[]).includes(name);
}

/** A fresh strategy for one search form (each form keeps its own query history). */
export function createStrategy(name: StrategyName, saved?: unknown): QueryStrategy {
  switch (name) {
    case 'random':
      return new RandomStrategy();
    case 'generic-frequency':
      return new GenericFrequencyStrategy();
    case 'adaptive':
      return saved ? AdaptiveStrategy.fromJSON(saved) : new AdaptiveStrategy();
    case 'jiang-rl':
      return saved ? JiangRlStrategy.fromJSON(saved) : new JiangRlStrategy();
    case 'dla':
      return saved ? DlaStrategy.fromJSON(saved) : new DlaStrategy();
    case 'a3c':
      return saved ? A3cFormMemory.restore(saved) : new A3cFormMemory();
    case 'bfs': {
      const s = new BfsStrategy();
      if ((saved as { used?: boolean } | undefined)?.used) s.choose([{ key: '', values: {}, terms: [], source: 'default' }]);
      return s;
    }
  }
}
