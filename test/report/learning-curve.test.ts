import { describe, expect, it } from 'vitest';
import { movingAverage, summariseCurve } from '../../src/report/learning-curve.ts';

describe('learning curve', () => {
  it('moving average over a window, shorter at the start', () => {
    expect(movingAverage([1, 3, 5, 7], 2)).toEqual([1, 2, 4, 6]);
  });

  it('summarises first and last fifth', () => {
    const s = summariseCurve([0, 0, 1, 1, 1, 1, 1, 1, 4, 4], 2);
    expect(s.firstFifth).toBe(0);
    expect(s.lastFifth).toBe(4);
    expect(s.episodes).toBe(10);
  });
});
