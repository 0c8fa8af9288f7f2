import { describe, expect, it } from 'vitest';
import { behaviourProbability, chooseAction, frozenExploration } from '../../src/policy/action-choice.ts';
import { createRng } from '../../src/lvs/random.ts';
import { CONTEXT_DRY_SHARE, stateContext } from '../../src/policy/features.ts';

/** How often each index is chosen in `n` draws. */
function counts(probabilities: number[], mode: Parameters<typeof chooseAction>[1], n = 4000, seed = 7): number[] {
  const rng = createRng(seed);
  const out = probabilities.map(() => 0);
  for (let i = 0; i < n; i++) out[chooseAction(probabilities, mode, rng)]!++;
  return out;
}

describe('chooseAction', () => {
  const p = [0.1, 0.5, 0.15, 0.25];

  it('learning online, draws in proportion to the policy', () => {
    const c = counts(p, { frozen: false, dryShare: 0 });
    for (let i = 0; i < p.length; i++) expect(c[i]! / 4000).toBeCloseTo(p[i]!, 1);
  });

  it('frozen on a form that pays, always takes the best-scored action', () => {
    expect(counts(p, { frozen: true, dryShare: 0 })).toEqual([0, 4000, 0, 0]);
  });

  it('frozen on a form gone dry, explores at the rate of the dry streak', () => {
    expect(frozenExploration(0)).toBe(0);
    expect(frozenExploration(0.1)).toBeCloseTo(0.2);
    expect(frozenExploration(0.5)).toBe(1);
    expect(frozenExploration(0.9)).toBe(1);
    // ε = 0.4: the other actions get 0.4 × their policy share; the best one keeps 0.6 + 0.4 × 0.5.
    const c = counts(p, { frozen: true, dryShare: 0.2 }, 10000);
    expect(c[1]! / 10000).toBeCloseTo(0.6 + 0.4 * 0.5, 1);
    expect(c[0]! / 10000).toBeCloseTo(0.4 * 0.1, 1);
    expect(c[3]! / 10000).toBeCloseTo(0.4 * 0.25, 1);
    expect(c[0]!).toBeGreaterThan(0);
    expect(c[2]!).toBeGreaterThan(0);
  });

  it('never draws "stop" to explore, but still takes it when it is the greedy choice', () => {
    // Half the patience dry: every choice is a draw, and stop (index 3) is left out of it.
    const dry = counts(p, { frozen: true, dryShare: 0.5, stopIndex: 3 });
    expect(dry[3]).toBe(0);
    expect(dry[1]! / 4000).toBeCloseTo(0.5 / 0.75, 1);
    const stopBest = [0.1, 0.2, 0.7];
    expect(counts(stopBest, { frozen: true, dryShare: 0, stopIndex: 2 })).toEqual([0, 0, 4000]);
    // Also where every other choice is a draw: a greedy stop is not explored away.
    expect(counts(stopBest, { frozen: true, dryShare: 0.8, stopIndex: 2 })).toEqual([0, 0, 4000]);
    // When stop is the only action there is nothing else to try: it is taken.
    expect(counts([1], { frozen: true, dryShare: 1, stopIndex: 0 }, 10)).toEqual([10]);
  });

  it('says the chance each action had (μ, for learning from greedy choices), matching how often it is chosen', () => {
    const cases: Parameters<typeof chooseAction>[1][] = [
      { frozen: false, dryShare: 0 },
      { frozen: true, dryShare: 0 },
      { frozen: true, dryShare: 0.2 },
      { frozen: true, dryShare: 0.5, stopIndex: 3 },
      { frozen: true, dryShare: 0.3, stopIndex: 1 },
    ];
    for (const mode of cases) {
      const mu = p.map((_, i) => behaviourProbability(p, mode, i));
      expect(mu.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      const c = counts(p, mode, 10000);
      mu.forEach((m, i) => expect(c[i]! / 10000, JSON.stringify(mode)).toBeCloseTo(m, 1));
    }
    // By hand: ε = 0.4; the best action keeps 0.6 + 0.4 × 0.5, the others 0.4 × their share.
    expect(behaviourProbability(p, { frozen: true, dryShare: 0.2 }, 1)).toBeCloseTo(0.8, 12);
    expect(behaviourProbability(p, { frozen: true, dryShare: 0.2 }, 0)).toBeCloseTo(0.04, 12);
    // A greedy stop is sure; drawn, the policy's own probabilities.
    expect(behaviourProbability(p, { frozen: true, dryShare: 0.3, stopIndex: 1 }, 1)).toBe(1);
    expect(behaviourProbability(p, { frozen: false, dryShare: 0.9 }, 2)).toBe(0.15);
  });

  it('is reproducible from the seed', () => {
    const draw = () => {
      const rng = createRng(3);
      return Array.from({ length: 50 }, () => chooseAction(p, { frozen: true, dryShare: 0.3 }, rng));
    };
    expect(draw()).toEqual(draw());
  });

  it('reads the dry share where the decision context carries it', () => {
    const context = stateContext({ issued: 40, siteRecords: 120, newShare: 0.1, recentNew: [0, 0, 0], zeroStreakShare: 0.36, budgetSpent: 0.2 });
    expect(context[CONTEXT_DRY_SHARE]).toBe(0.36);
  });
});
