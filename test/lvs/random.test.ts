import { describe, expect, it } from 'vitest';
import { createRng, drawWeighted } from '../../src/lvs/random.ts';

describe('seeded randomness', () => {
  it('the same seed gives the same sequence, in [0, 1)', () => {
    const a = createRng(42);
    const b = createRng(42);
    const xs = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('drawWeighted draws in proportion to the weights, never a weight of 0 or less', () => {
    const rng = createRng(3);
    const counts = [0, 0, 0, 0];
    for (let k = 0; k < 4000; k++) counts[drawWeighted([1, 0, 3, -2], rng)]!++;
    expect(counts[1]).toBe(0);
    expect(counts[3]).toBe(0);
    expect(Math.abs(counts[2]! / 4000 - 0.75)).toBeLessThan(0.03);
  });

  it('drawWeighted is uniform when no weight is positive, and refuses an empty list', () => {
    const rng = createRng(5);
    const counts = [0, 0];
    for (let k = 0; k < 2000; k++) counts[drawWeighted([0, 0], rng)]!++;
    expect(Math.abs(counts[0]! - 1000)).toBeLessThan(100);
    expect(() => drawWeighted([], rng)).toThrow(/nothing to draw/);
  });
});
