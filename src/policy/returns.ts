/**
 * The arithmetic of n-step advantage actor-critic (Mnih et al. 2016), in plain numbers so it
 * can be checked by hand: discounted n-step returns bootstrapped from the critic, advantages,
 * and the softmax and entropy of a policy over a variable set of candidate actions.
 */

/**
 * R_t = r_t + γ·R_{t+1} over one rollout of up to t_max steps, with R_T = V(s_T) when the
 * rollout was cut (bootstrap) and 0 when the episode ended there (pass 0).
 */
export function nStepReturns(rewards: readonly number[], bootstrap: number, gamma: number): number[] {
  if (!(gamma >= 0 && gamma <= 1)) throw new RangeError(`gamma must be in [0, 1], got ${gamma}`);
  const out = new Array<number>(rewards.length);
  let next = bootstrap;
  for (let t = rewards.length - 1; t >= 0; t--) {
    next = rewards[t]! + gamma * next;
    out[t] = next;
  }
  return out;
}

/**
 * Generalised advantage estimation (Schulman et al. 2016): A_t = Σ_k (γλ)^k·δ_{t+k} with
 * δ_t = r_t + γ·V(s_{t+1}) − V(s_t) and V(s_T) = `bootstrap`. λ = 1 is the n-step advantage
 * R_t − V(s_t); smaller λ leans on the critic instead of the later rewards, which a query's
 * choice barely changes but which add their noise to its advantage.
 */
export function gaeAdvantages(rewards: readonly number[], values: readonly number[], bootstrap: number, gamma: number, lambda: number): number[] {
  if (rewards.length !== values.length) throw new RangeError(`rewards (${rewards.length}) and values (${values.length}) differ in length`);
  if (!(gamma >= 0 && gamma <= 1)) throw new RangeError(`gamma must be in [0, 1], got ${gamma}`);
  if (!(lambda >= 0 && lambda <= 1)) throw new RangeError(`lambda must be in [0, 1], got ${lambda}`);
  const out = new Array<number>(rewards.length);
  let running = 0;
  for (let t = rewards.length - 1; t >= 0; t--) {
    const nextValue = t === rewards.length - 1 ? bootstrap : values[t + 1]!;
    running = rewards[t]! + gamma * nextValue - values[t]! + gamma * lambda * running;
    out[t] = running;
  }
  return out;
}

/**
 * V-trace (Espeholt et al. 2018, IMPALA): targets and advantages for steps another policy μ chose,
 * learnt for the policy π. `rhos` are the importance weights π(a_t)/μ(a_t), truncated here at 1
 * (ρ̄ = c̄ = 1), so a step π would rarely have taken counts little and none counts more than on-policy.
 *   δ_t = ρ_t·(r_t + γ·V(s_{t+1}) − V(s_t)),  v_t = V(s_t) + δ_t + γ·c_t·(v_{t+1} − V(s_{t+1})),  c_t = λ·ρ_t
 * with v_T = V(s_T) = `bootstrap`. The critic fits v_t; the actor's advantage is ρ_t·(r_t + γ·v_{t+1} − V(s_t)).
 * On-policy (every ρ = 1) and λ = 1 this is the n-step return R_t and advantage R_t − V(s_t).
 */
export function vtrace(rewards: readonly number[], values: readonly number[], bootstrap: number, gamma: number, rhos: readonly number[], lambda = 1): { targets: number[]; advantages: number[] } {
  if (rewards.length !== values.length || rewards.length !== rhos.length) throw new RangeError(`rewards (${rewards.length}), values (${values.length}) and rhos (${rhos.length}) differ in length`);
  if (!(gamma >= 0 && gamma <= 1)) throw new RangeError(`gamma must be in [0, 1], got ${gamma}`);
  if (!(lambda >= 0 && lambda <= 1)) throw new RangeError(`lambda must be in [0, 1], got ${lambda}`);
  const n = rewards.length;
  const rho = rhos.map((r) => {
    if (!(r >= 0)) throw new RangeError(`importance weights must be ≥ 0, got ${r}`);
    return Math.min(1, r);
  });
  const targets = new Array<number>(n);
  let nextTarget = bootstrap;
  let nextValue = bootstrap;
  for (let t = n - 1; t >= 0; t--) {
    const delta = rho[t]! * (rewards[t]! + gamma * nextValue - values[t]!);
    targets[t] = values[t]! + delta + gamma * lambda * rho[t]! * (nextTarget - nextValue);
    nextTarget = targets[t]!;
    nextValue = values[t]!;
  }
  const advantages = rewards.map((r, t) => rho[t]! * (r + gamma * (t + 1 < n ? targets[t + 1]! : bootstrap) - values[t]!));
  return { targets, advantages };
}

/** A_t = R_t − V(s_t): how much better the step went than the critic expected. */
export function advantages(returns: readonly number[], values: readonly number[]): number[] {
  if (returns.length !== values.length) throw new RangeError(`returns (${returns.length}) and values (${values.length}) differ in length`);
  return returns.map((r, t) => r - values[t]!);
}

/** Softmax with the maximum subtracted first (no overflow for large logits). */
export function softmax(logits: readonly number[]): number[] {
  if (!logits.length) return [];
  const max = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/** H(π) = −Σ p·ln p (nats); ln n for a uniform policy over n candidates. */
export function entropy(probabilities: readonly number[]): number {
  let h = 0;
  for (const p of probabilities) if (p > 0) h -= p * Math.log(p);
  return h;
}
