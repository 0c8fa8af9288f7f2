import { describe, expect, it } from 'vitest';
import { advantages, entropy, gaeAdvantages, nStepReturns, softmax, vtrace } from '../../src/policy/returns.ts';

describe('n-step returns and advantages (worked by hand)', () => {
  it('discounts backwards from the bootstrap value', () => {
    // γ = 0.5, rewards 1, 0, 2, V(s_3) = 4: R_2 = 2 + 0.5·4 = 4; R_1 = 0 + 0.5·4 = 2; R_0 = 1 + 0.5·2 = 2.
    expect(nStepReturns([1, 0, 2], 4, 0.5)).toEqual([2, 2, 4]);
    // Terminal rollout: no bootstrap. γ = 0.9: R_1 = 1; R_0 = 0 + 0.9 = 0.9.
    expect(nStepReturns([0, 1], 0, 0.9)).toEqual([0.9, 1]);
    expect(nStepReturns([], 3, 0.99)).toEqual([]);
    expect(() => nStepReturns([1], 0, 1.5)).toThrow(RangeError);
  });

  it('advantage = return − value', () => {
    expect(advantages([2, 2, 4], [1.5, 3, 4])).toEqual([0.5, -1, 0]);
    expect(() => advantages([1], [])).toThrow(/differ in length/);
  });

  it('GAE: λ = 1 is the n-step advantage, λ = 0 the one-step TD error, between them a (γλ)-weighted sum', () => {
    // γ = 0.5, rewards 1, 0, 2, values 0.5, 1, 2, V(s_3) = 4.
    // δ_2 = 2 + 0.5·4 − 2 = 2; δ_1 = 0 + 0.5·2 − 1 = 0; δ_0 = 1 + 0.5·1 − 0.5 = 1.
    const [rewards, values] = [[1, 0, 2], [0.5, 1, 2]];
    expect(gaeAdvantages(rewards, values, 4, 0.5, 0)).toEqual([1, 0, 2]);
    // λ = 0.5 (γλ = 0.25): A_2 = 2; A_1 = 0 + 0.25·2 = 0.5; A_0 = 1 + 0.25·0.5 = 1.125.
    expect(gaeAdvantages(rewards, values, 4, 0.5, 0.5)).toEqual([1.125, 0.5, 2]);
    // λ = 1: R − V with R = [2, 2, 4] from the first case above.
    expect(gaeAdvantages(rewards, values, 4, 0.5, 1)).toEqual(advantages(nStepReturns(rewards, 4, 0.5), values));
    expect(gaeAdvantages([], [], 3, 0.99, 0.9)).toEqual([]);
    expect(() => gaeAdvantages([1], [], 0, 0.9, 0.9)).toThrow(/differ in length/);
    expect(() => gaeAdvantages([1], [0], 0, 0.9, 1.2)).toThrow(/lambda/);
  });
});

describe('V-trace (steps another rule chose)', () => {
  it('on-policy (every weight 1) is the n-step return and advantage', () => {
    const [rewards, values] = [[1, 0, 2], [0.5, 1, 2]];
    const { targets, advantages: a } = vtrace(rewards, values, 4, 0.5, [1, 1, 1]);
    expect(targets).toEqual(nStepReturns(rewards, 4, 0.5));
    expect(a).toEqual(advantages(nStepReturns(rewards, 4, 0.5), values));
  });

  it('weighs each step by min(1, π/μ), by hand', () => {
    // γ = 0.5, rewards 1, 2, values 0.5, 1, episode over (bootstrap 0), weights 0.5 and 2 (cut to 1).
    // δ_1 = 1·(2 + 0 − 1) = 1, v_1 = 1 + 1 = 2; δ_0 = 0.5·(1 + 0.5·1 − 0.5) = 0.5,
    // v_0 = 0.5 + 0.5 + 0.5·0.5·(2 − 1) = 1.25. A_0 = 0.5·(1 + 0.5·2 − 0.5) = 0.75, A_1 = 1·(2 − 1) = 1.
    expect(vtrace([1, 2], [0.5, 1], 0, 0.5, [0.5, 2])).toEqual({ targets: [1.25, 2], advantages: [0.75, 1] });
    // A step π would never take teaches nothing, and its target is the critic's own value.
    expect(vtrace([5], [1], 0, 0.9, [0])).toEqual({ targets: [1], advantages: [0] });
    expect(() => vtrace([1], [0], 0, 0.9, [])).toThrow(/differ in length/);
    expect(() => vtrace([1], [0], 0, 0.9, [-1])).toThrow(/≥ 0/);
  });
});

describe('softmax and entropy', () => {
  it('a uniform policy over n candidates has entropy ln n; a sure one has 0', () => {
    expect(entropy(softmax([3, 3, 3, 3]))).toBeCloseTo(Math.log(4), 12);
    expect(entropy([1, 0, 0])).toBe(0);
  });

  it('softmax survives large logits and sums to one', () => {
    const p = softmax([1000, 1001]);
    expect(p[0]! + p[1]!).toBeCloseTo(1, 12);
    expect(p[1]! / p[0]!).toBeCloseTo(Math.E, 9);
  });
});
