/**
 * `train --select-seeds`: which checkpoints are tried, which sites may be chosen on, and how the
 * harvest curves of the selection crawls pick one. (The crawls themselves: test/e2e/a3c.e2e.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { bestCheckpoint, checkSelectionSites, checkpointsToTry, harvestCurve, harvestRateScores, selectionScores } from '../../src/cli/train-selection.ts';

describe('train --select-seeds', () => {
  it('tries the start, every n-th crawl and the last', () => {
    const all = Array.from({ length: 12 }, (_, i) => ({ afterCrawls: i, dir: `c${i}` }));
    expect(checkpointsToTry(all, 5).map((c) => c.afterCrawls)).toEqual([0, 5, 10, 11]);
    expect(checkpointsToTry(all, 1)).toHaveLength(12);
    expect(checkpointsToTry(all.slice(0, 1), 5).map((c) => c.afterCrawls)).toEqual([0]);
  });

  it('refuses a seed at which the training crawls a selection domain', () => {
    const trained = [{ domain: 'arts', seed: 1, scale: 'small' }, { domain: 'games', seed: 2, scale: 'small' }];
    expect(() => checkSelectionSites(['arts', 'games'], [11, 12], trained)).not.toThrow();
    expect(() => checkSelectionSites(['arts', 'games'], [11, 2], trained)).toThrow(/--select-seeds: the model trains on games \(seed 2\)/);
    // Another domain at that seed is another site.
    expect(() => checkSelectionSites(['arts'], [2], trained)).not.toThrow();
  });

  it('reads the records after each query, flat after a crawl that stopped early', () => {
    const report = { coverageByQuery: [1, 2, 3].map((q) => ({ query: q, key: `k${q}`, records: q * 10, coverage: q / 10 })) };
    expect(harvestCurve(report, 5)).toEqual([10, 20, 30, 30, 30]);
    expect(harvestCurve(report, 2)).toEqual([10, 20]);
    expect(harvestCurve({}, 2)).toEqual([0, 0]);
  });

  it('scores the area under each harvest curve, each site scaled by the best final harvest there', () => {
    // Two sites, the second ten times larger: each weighs the same.
    const start = [[0, 10], [0, 100]];
    const faster = [[10, 10], [0, 100]];
    const fewer = [[0, 5], [0, 100]];
    const scores = selectionScores([start, faster, fewer]);
    expect(scores[0]).toBeCloseTo((0.5 + 0.5) / 2);
    expect(scores[1]).toBeCloseTo((1 + 0.5) / 2);
    expect(scores[2]).toBeCloseTo((0.25 + 0.5) / 2);
    expect(bestCheckpoint(scores)).toBe(1);
    // A site where nothing was harvested counts 0 for every checkpoint.
    expect(selectionScores([[[0, 0]], [[0, 0]]])).toEqual([0, 0]);
  });

  it('scores by harvest rate: records per page, each site scaled by the best rate there', () => {
    // Link policies ask the same queries (the same records); the one reading fewer surface pages harvests more per page.
    const start = [{ records: 300, pages: 600 }, { records: 30, pages: 100 }];
    const learnt = [{ records: 300, pages: 400 }, { records: 30, pages: 100 }];
    const skipsTheForm = [{ records: 0, pages: 50 }, { records: 30, pages: 60 }];
    const scores = harvestRateScores([start, learnt, skipsTheForm]);
    expect(scores[0]).toBeCloseTo((0.5 / 0.75 + 0.3 / 0.5) / 2);
    expect(scores[1]).toBeCloseTo((1 + 0.3 / 0.5) / 2);
    expect(scores[2]).toBeCloseTo((0 + 1) / 2);
    expect(bestCheckpoint(scores)).toBe(1);
    // No page or no record anywhere: 0 for every checkpoint.
    expect(harvestRateScores([[{ records: 0, pages: 0 }], [{ records: 0, pages: 10 }]])).toEqual([0, 0]);
  });

  it('keeps the earlier checkpoint on a tie: fewer updates for the same harvest', () => {
    expect(bestCheckpoint([0.5, 0.7, 0.7])).toBe(1);
    expect(bestCheckpoint([0.7, 0.7])).toBe(0);
  });
});
