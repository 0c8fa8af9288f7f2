import { describe, expect, it } from 'vitest';
import { explainChoice } from '../../src/policy/choice-explanation.ts';

describe('explainChoice', () => {
  const keys = ['a', 'b', 'c', 'd', '<stop>'];
  const priors = [1, 0.5, 0.9, 0.2, undefined];

  it('gives the chosen action its probability, prior and rank, and the likeliest others', () => {
    const why = explainChoice(keys, priors, [0.1, 0.4, 0.3, 0.15, 0.05], 2);
    expect(why).toEqual({
      probability: 0.3,
      prior: 0.9,
      rank: 2,
      offered: 5,
      others: [
        { key: 'b', probability: 0.4, prior: 0.5 },
        { key: 'd', probability: 0.15, prior: 0.2 },
        { key: 'a', probability: 0.1, prior: 1 },
      ],
    });
  });

  it('an action without a prior (stop) reads 0; ties keep the offered order; numbers are rounded', () => {
    const why = explainChoice(keys, priors, [0.25, 0.25, 0.25, 0.123456, 0.126544], 4, 2);
    expect(why.prior).toBe(0);
    expect(why.rank).toBe(4);
    expect(why.probability).toBe(0.1265);
    expect(why.others.map((o) => o.key)).toEqual(['a', 'b']);
  });

  it('refuses lists of different lengths and a chosen index outside them', () => {
    expect(() => explainChoice(keys, priors, [0.5, 0.5], 0)).toThrow(RangeError);
    expect(() => explainChoice(keys, priors, [0.2, 0.2, 0.2, 0.2, 0.2], 5)).toThrow(/not one of the 5/);
  });
});
