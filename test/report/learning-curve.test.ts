import { describe, expect, it } from 'vitest';
import { episodesToReach, movingAverage, summariseCurve } from '../../src/report/learning-curve.ts';

describe('learning curve', () => {
  it('moving average over a window, shorter at the start', () => {
    expect(movingAverage([1, 3, 5, 7], 2)).toEqual([1, 2, 4, 6]);
  });

  it('episodes to reach a reward count only full windows', () => {
    // averages (window 2): 0, 1, 2 (ep 3), 3.5 (ep 4)
    expect(episodesToReach([0, 2, 2, 5], 2, 2)).toBe(3);
    expect(episodesToReach([4, 0, 0], 3, 2)).toBeNull();
    expect(episodesToReach([], 1, 3)).toBeNull();
  });

  it('summarises first and last fifth', () => {
    const s = summariseCurve([0, 0, 1, 1, 1, 1, 1, 1, 4, 4], 2);
    expect(s.firstFifth).toBe(0);
    expect(s.lastFifth).toBe(4);
    expect(s.episodes).toBe(10);
  });
});
