/**
 * An agent's learning step: the A3C gradients of its last t_max decisions (n-step returns
 * bootstrapped from V of the state it stopped in, 0 when the episode ended; the policy term's
 * advantages from those returns, or GAE's with λ < 1; V-trace's where the steps were not drawn
 * from the policy, `PolicyStep.behaviour`), plus — with WGE —
 * a term for one rewarded episode from the coordinator's replay buffer.
 *
 * The replay term follows WGE (Liu et al. 2018), where the neural policy also learns from the
 * workflow policy's rewarded episodes. Those were chosen by another policy, so it takes the
 * self-imitation form (Oh et al. 2018): imitate an action only where its return beat the
 * critic's estimate, L = −Σ max(0, R_t − V(s_t))·log π(a_t|s_t) + ½·max(0, R_t − V(s_t))².
 * A workflow episode also teaches as it ends, by that loss alone (`imitationGradients`), so
 * the network learns from every rewarded episode WGE runs, not only from those it draws later.
 */
import type * as tfjs from '@tensorflow/tfjs';
import { a3cLoss, type RolloutStep } from './a3c-loss.ts';
import { gaeAdvantages, nStepReturns, softmax, vtrace } from './returns.ts';
import type { PolicyNetwork } from './network.ts';
import type { PlainTensors, PolicyEpisode, PolicyStep, StateInput, CandidateInput } from './types.ts';

type Tf = typeof import('@tensorflow/tfjs');

export interface LearningOptions {
  gamma: number;
  entropyBeta: number;
  valueCoef: number;
  /** Weight of the replay (WGE) term. */
  replayWeight: number;
  /** GAE's λ for the policy term's advantages (`gaeAdvantages`); 1: R_t − V(s_t), as before it existed. */
  gaeLambda: number;
}

export const DEFAULT_LEARNING: LearningOptions = { gamma: 0.99, entropyBeta: 0.01, valueCoef: 0.5, replayWeight: 0.5, gaeLambda: 1 };

export interface RolloutGradients {
  grads: PlainTensors;
  loss: number;
  returns: number[];
}

export function rolloutGradients(
  tf: Tf,
  net: PolicyNetwork,
  steps: readonly PolicyStep[],
  next: { state: StateInput; candidates: CandidateInput[] } | null,
  opts: LearningOptions = DEFAULT_LEARNING,
  replay?: PolicyEpisode,
): RolloutGradients {
  const bootstrap = next ? net.evaluate(next.state, next.candidates).value : 0;
  const rewards = steps.map((s) => s.reward);
  let returns = nStepReturns(rewards, bootstrap, opts.gamma);
  const offPolicy = steps.some((s) => s.behaviour !== undefined);
  const replayReturns = replay?.steps.length ? nStepReturns(replay.steps.map((s) => s.reward), 0, opts.gamma) : [];
  const { loss, grads } = net.gradients(() => {
    const rollout: RolloutStep[] = steps.map((s) => ({ ...net.forward(s.state, s.candidates), action: s.chosen }));
    const values = rollout.map((r) => r.value.dataSync()[0]!);
    let advantages: number[] | undefined;
    if (offPolicy) {
      // Chosen by another rule than a draw from π (`acting: greedy`): V-trace's truncated weights π(a)/μ(a).
      const rhos = rollout.map((r, t) => {
        const mu = steps[t]!.behaviour;
        return mu === undefined ? 1 : softmax(Array.from(r.logits.dataSync()))[r.action]! / mu;
      });
      ({ targets: returns, advantages } = vtrace(rewards, values, bootstrap, opts.gamma, rhos, opts.gaeLambda));
    } else if (opts.gaeLambda !== 1) {
      advantages = gaeAdvantages(rewards, values, bootstrap, opts.gamma, opts.gaeLambda);
    }
    let total = a3cLoss(tf, rollout, returns, { entropyBeta: opts.entropyBeta, valueCoef: opts.valueCoef, advantages }).total;
    if (replay && replayReturns.length) total = tf.add(total, tf.mul(opts.replayWeight, selfImitationLoss(tf, net, replay.steps, replayReturns))) as tfjs.Scalar;
    return total;
  });
  return { grads, loss, returns };
}

/**
 * The gradients of a stretch of decisions another actor took (a WGE workflow): the
 * self-imitation loss alone, with `returns` computed over the whole episode (Monte Carlo, as
 * in Oh et al.). A3C's policy-gradient term does not apply: it assumes the network chose.
 * Null when no step beat the critic's estimate: there is nothing to imitate.
 */
export function imitationGradients(tf: Tf, net: PolicyNetwork, steps: readonly PolicyStep[], returns: readonly number[]): RolloutGradients | null {
  if (steps.length !== returns.length) throw new RangeError(`imitation needs a return per step: ${steps.length} steps, ${returns.length} returns`);
  if (!steps.some((s, t) => returns[t]! > net.evaluate(s.state, s.candidates).value)) return null;
  const { loss, grads } = net.gradients(() => selfImitationLoss(tf, net, steps, returns));
  return { grads, loss, returns: [...returns] };
}

function selfImitationLoss(tf: Tf, net: PolicyNetwork, steps: readonly PolicyStep[], returns: readonly number[]): tfjs.Scalar {
  const terms = steps.map((s, t) => {
    const { logits, value } = net.forward(s.state, s.candidates);
    const gap = returns[t]! - value.dataSync()[0]!;
    if (gap <= 0) return tf.scalar(0);
    const logp = tf.logSoftmax(logits);
    const taken = tf.sum(tf.mul(logp, tf.tensor1d(s.candidates.map((_, i) => (i === s.chosen ? 1 : 0)))));
    const valueGap = tf.relu(tf.sub(returns[t]!, value));
    return tf.add(tf.neg(tf.mul(taken, gap)), tf.mul(0.5, tf.square(valueGap)));
  });
  return tf.div(tf.addN(terms), steps.length) as tfjs.Scalar;
}
