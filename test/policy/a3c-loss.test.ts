import { beforeAll, describe, expect, it } from 'vitest';
import type * as tfjs from '@tensorflow/tfjs';
import { initTf } from '../../src/perceive/tf-backend.ts';
import { a3cLoss } from '../../src/policy/a3c-loss.ts';
import { softmax, entropy } from '../../src/policy/returns.ts';

let tf: Awaited<ReturnType<typeof initTf>>['tf'];
beforeAll(async () => {
  process.env['SURFACER_TF_QUIET'] = '1';
  tf = (await initTf()).tf;
});

describe('A3C loss', () => {
  it('equals the hand-computed sum of policy, value and entropy terms', () => {
    const logits = [0.2, -0.4, 1.1];
    const out = tf.tidy(() => {
      const l = a3cLoss(tf, [{ logits: tf.tensor1d(logits), value: tf.scalar(0.5), action: 2 }], [1.5], { valueCoef: 0.5, entropyBeta: 0.01 });
      return { total: l.total.dataSync()[0]!, policy: l.policy.dataSync()[0]!, value: l.value.dataSync()[0]!, entropy: l.entropy.dataSync()[0]! };
    });
    const p = softmax(logits);
    const advantage = 1.5 - 0.5;
    expect(out.policy).toBeCloseTo(-Math.log(p[2]!) * advantage, 5);
    expect(out.value).toBeCloseTo(1, 5);
    expect(out.entropy).toBeCloseTo(entropy(p), 5);
    expect(out.total).toBeCloseTo(out.policy + 0.5 * out.value - 0.01 * out.entropy, 5);
  });

  it('given advantages (GAE) weight the policy term; the critic still fits the return', () => {
    const logits = [0.2, -0.4, 1.1];
    const out = tf.tidy(() => {
      const l = a3cLoss(tf, [{ logits: tf.tensor1d(logits), value: tf.scalar(0.5), action: 0 }], [1.5], { advantages: [-0.25] });
      return { policy: l.policy.dataSync()[0]!, value: l.value.dataSync()[0]! };
    });
    expect(out.policy).toBeCloseTo(-Math.log(softmax(logits)[0]!) * -0.25, 5);
    expect(out.value).toBeCloseTo(1, 5); // (1.5 − 0.5)², not the advantage
    expect(() => tf.tidy(() => a3cLoss(tf, [{ logits: tf.tensor1d([0, 0]), value: tf.scalar(0), action: 0 }], [1], { advantages: [] }).total)).toThrow(/1 steps but 0 advantages/);
  });

  it('a gradient step makes a better-than-expected action likelier and a worse one rarer', () => {
    for (const [ret, direction] of [[2, 1], [-2, -1]] as const) {
      const w = tf.variable(tf.zeros([3]));
      const { grads } = tf.variableGrads(() => a3cLoss(tf, [{ logits: w as unknown as tfjs.Tensor1D, value: tf.scalar(0), action: 1 }], [ret], { entropyBeta: 0 }).total, [w]);
      const g = Array.from(grads[w.name]!.dataSync());
      // Descending the loss moves the taken action's logit up when A > 0, down when A < 0.
      expect(Math.sign(-g[1]!)).toBe(direction);
      w.dispose();
    }
  });

  it('the entropy bonus alone pushes a peaked policy toward uniform', () => {
    const w = tf.variable(tf.tensor1d([2, 0, 0]));
    const { grads } = tf.variableGrads(() => tf.neg(a3cLoss(tf, [{ logits: w as unknown as tfjs.Tensor1D, value: tf.scalar(0), action: 0 }], [0], { entropyBeta: 1, valueCoef: 0 }).entropy) as tfjs.Scalar, [w]);
    const g = Array.from(grads[w.name]!.dataSync());
    expect(-g[0]!).toBeLessThan(0); // the favourite's logit comes down
    w.dispose();
  });

  it('refuses an action outside the candidates', () => {
    expect(() => tf.tidy(() => a3cLoss(tf, [{ logits: tf.tensor1d([0, 0]), value: tf.scalar(0), action: 2 }], [1]).total)).toThrow(/not one of its 2 candidates/);
  });
});
