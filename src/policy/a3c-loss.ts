/**
 * The A3C loss over one rollout, in tfjs so gradients flow to the actor and the critic:
 *
 *   L = Σ_t [ −log π(a_t|s_t)·A_t  +  c_v·(R_t − V(s_t))²  −  β·H(π(·|s_t)) ]
 *
 * A_t = R_t − V(s_t) (or a given advantage, e.g. GAE's) is held constant in the policy term (no gradient through the critic
 * there). Each step scores its own candidate set (links, form submissions with a query, next
 * page, …), so the softmax is taken per step over that step's logits.
 */
import type * as tfjs from '@tensorflow/tfjs';

type Tf = typeof import('@tensorflow/tfjs');

export interface RolloutStep {
  /** Actor scores of this step's candidates, shape [candidates]. */
  logits: tfjs.Tensor1D;
  /** Critic's V(s_t), a scalar. */
  value: tfjs.Scalar;
  /** Index of the candidate taken. */
  action: number;
}

export interface A3cLossOptions {
  /** Weight of the value loss (c_v). */
  valueCoef?: number;
  /** Entropy bonus (β); ≈ 0.01 in the paper. */
  entropyBeta?: number;
  /** The policy term's A_t (e.g. `gaeAdvantages`); default R_t − V(s_t). The critic still fits R_t. */
  advantages?: readonly number[];
}

export interface A3cLoss {
  total: tfjs.Scalar;
  policy: tfjs.Scalar;
  value: tfjs.Scalar;
  entropy: tfjs.Scalar;
}

export function a3cLoss(tf: Tf, steps: readonly RolloutStep[], returns: readonly number[], opts: A3cLossOptions = {}): A3cLoss {
  if (steps.length !== returns.length) throw new RangeError(`${steps.length} steps but ${returns.length} returns`);
  if (!steps.length) throw new RangeError('a rollout needs at least one step');
  if (opts.advantages && opts.advantages.length !== steps.length) throw new RangeError(`${steps.length} steps but ${opts.advantages.length} advantages`);
  const valueCoef = opts.valueCoef ?? 0.5;
  const beta = opts.entropyBeta ?? 0.01;
  const policyTerms: tfjs.Scalar[] = [];
  const valueTerms: tfjs.Scalar[] = [];
  const entropyTerms: tfjs.Scalar[] = [];
  steps.forEach((s, t) => {
    const n = s.logits.shape[0];
    if (s.action < 0 || s.action >= n) throw new RangeError(`step ${t}: action ${s.action} is not one of its ${n} candidates`);
    const logp = tf.logSoftmax(s.logits);
    const p = tf.exp(logp);
    // Read as a number: the advantage weights the policy term as a constant (tfjs has no stop-gradient op).
    const advantage = opts.advantages ? opts.advantages[t]! : returns[t]! - s.value.dataSync()[0]!;
    // A one-hot mask, not gather: gather's gradient needs a kernel the wasm backend lacks.
    const taken = tf.sum(tf.mul(logp, tf.tensor1d(Array.from({ length: n }, (_, i) => (i === s.action ? 1 : 0)))));
    policyTerms.push(tf.neg(tf.mul(taken, advantage)) as tfjs.Scalar);
    valueTerms.push(tf.square(tf.sub(returns[t]!, s.value)) as tfjs.Scalar);
    entropyTerms.push(tf.neg(tf.sum(tf.mul(p, logp))) as tfjs.Scalar);
  });
  const policy = tf.addN(policyTerms) as tfjs.Scalar;
  const value = tf.addN(valueTerms) as tfjs.Scalar;
  const entropy = tf.addN(entropyTerms) as tfjs.Scalar;
  const total = tf.sub(tf.add(policy, tf.mul(valueCoef, value)), tf.mul(beta, entropy)) as tfjs.Scalar;
  return { total, policy, value, entropy };
}
