import { describe, expect, it } from 'vitest';
import { A3cFormMemory } from '../../src/strategies/a3c-memory.ts';
import { queryFeatures } from '../../src/strategies/jiang-rl.ts';
import type { CandidateSource, QueryCandidate } from '../../src/strategies/types.ts';

const ctx = { corpus: { documents: 0, documentFrequency: () => 0 }, harvested: 0, rng: () => 0.5 };
const candidate = (key: string, source: CandidateSource): QueryCandidate => ({ key, values: { q: key }, terms: [key], source });

describe('a3c form memory', () => {
  it('keeps how each source did on the form: issued queries, mean reward, share that found nothing', () => {
    const m = new A3cFormMemory();
    const issue = (key: string, source: CandidateSource, newRecords: number, pages: number) => {
      m.noteIssued(key, queryFeatures(candidate(key, source), ctx));
      m.observe({ key, terms: [key], results: newRecords, newRecords, pages });
    };
    // A title-only site: LVS sport names find nothing, a word seen in titles does.
    issue('boxing', 'lvs', 0, 1);
    issue('rugby', 'lvs', 0, 1);
    issue('tennis', 'lvs', 0, 1);
    issue('unbeaten', 'title', 11, 2);
    expect(m.sourceYield('lvs')).toEqual({ issued: 3, meanReward: 0, dryShare: 1 });
    // reward = new records per request: 11 / (1 + 2 pages)
    expect(m.sourceYield('title')).toEqual({ issued: 1, meanReward: 11 / 3, dryShare: 0 });
    expect(m.sourceYield('surface')).toEqual({ issued: 0, meanReward: 0, dryShare: 0 });
    // A query issued but not answered yet counts for nothing; the memory survives a resume.
    m.noteIssued('cricket', queryFeatures(candidate('cricket', 'lvs'), ctx));
    expect(m.sourceYield('lvs').issued).toBe(3);
    expect(A3cFormMemory.restore(JSON.parse(JSON.stringify(m))).sourceYield('title')).toEqual(m.sourceYield('title'));
  });
});
