import { describe, expect, it } from 'vitest';
import { A3cFormMemory } from '../../src/strategies/a3c-memory.ts';
import { AdaptiveStrategy } from '../../src/strategies/adaptive.ts';
import { queryFeatures } from '../../src/strategies/jiang-rl.ts';
import type { CandidateSource, QueryCandidate, QueryOutcome } from '../../src/strategies/types.ts';

const ctx = { corpus: { documents: 0, documentFrequency: () => 0 }, harvested: 0, rng: () => 0.5 };
const candidate = (key: string, source: CandidateSource): QueryCandidate => ({ key, values: { q: key }, terms: [key], source, prior: 0.5 });

describe('a3c form memory', () => {
  it("gives the policy the adaptive yield model's estimate, fed by the outcomes of the policy's own queries", () => {
    const m = new A3cFormMemory();
    const reference = new AdaptiveStrategy({ rankedCaps: true });
    const issue = (key: string, source: CandidateSource, newRecords: number) => {
      const c = candidate(key, source);
      m.noteIssued({ candidate: c, jiang: queryFeatures(c, ctx), yields: m.yieldEstimate(c, ctx) });
      const outcome: QueryOutcome = { key, source, terms: [key], results: newRecords, newRecords, pages: 1 };
      m.observe(outcome);
      reference.observe(outcome);
    };
    const before = m.yieldEstimate(candidate('cricket', 'lvs'), ctx);
    // A title-only site: LVS sport names find nothing, a word seen in titles does.
    issue('boxing', 'lvs', 0);
    issue('rugby', 'lvs', 0);
    issue('tennis', 'lvs', 0);
    issue('unbeaten', 'title', 11);
    const lvs = m.yieldEstimate(candidate('cricket', 'lvs'), ctx);
    const title = m.yieldEstimate(candidate('derby', 'title'), ctx);
    expect(lvs.modelled).toBe(false);
    expect(lvs.efficiency).toBeLessThan(before.efficiency / 2);
    expect(title.efficiency).toBeGreaterThan(2 * lvs.efficiency);
    // Exactly what the yield model (calibrated apart for capped lists, `rankedCaps`) scores from the same outcomes.
    expect(lvs.efficiency).toBe(reference.efficiency(candidate('cricket', 'lvs'), ctx));
    expect(title.expectedNew).toBe(reference.estimate(candidate('derby', 'title'), ctx).expectedNew);
    // The best of several, as the coordinator tells a result page what going back would bring.
    expect(m.bestEfficiency([candidate('cricket', 'lvs'), candidate('derby', 'title')], ctx)).toBe(title.efficiency);
    expect(m.bestEfficiency([], ctx)).toBe(0);
    // Both halves of the memory survive a resume.
    const restored = A3cFormMemory.restore(JSON.parse(JSON.stringify(m)));
    expect(restored.yieldEstimate(candidate('derby', 'title'), ctx)).toEqual(title);
    expect(restored.estimate(queryFeatures(candidate('derby', 'title'), ctx))).toEqual(m.estimate(queryFeatures(candidate('derby', 'title'), ctx)));
  });
});
