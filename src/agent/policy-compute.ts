/**
 * An agent's own copy of the policy network and the computations on it: acting (candidate
 * probabilities and V(s)), learning (the gradients of a rollout) and taking the coordinator's
 * new parameters. Two places run it: a worker thread per agent (`policy-threads.ts`, how
 * crawls run, so agents compute in parallel for real), or this thread (`InProcessPolicy`,
 * for tests and the replay of a trace — the same arithmetic on the same backend, so both give
 * the same numbers).
 */
import { initTf } from '../perceive/tf-backend.ts';
import { PolicyNetwork } from '../policy/network.ts';
import { imitationGradients, rolloutGradients, type LearningOptions } from '../policy/rollout-gradients.ts';
import type { CandidateInput, PlainTensors, PolicyEpisode, PolicyStep, StateInput } from '../policy/types.ts';

export interface PolicyEvaluation {
  probabilities: number[];
  value: number;
}

export interface GradientRequest {
  steps: PolicyStep[];
  /** The state the rollout stopped in (bootstrap), or null at the episode's end. */
  next: { state: StateInput; candidates: CandidateInput[] } | null;
  options: LearningOptions;
  replay?: PolicyEpisode;
  /**
   * The steps were a WGE workflow's, with these returns over its whole episode: learnt by
   * self-imitation alone (`imitationGradients`); `next` and `replay` are not used. When no
   * step beat the critic there is nothing to learn: loss 0 and no gradients.
   */
  imitationReturns?: number[];
}

export interface PolicyCompute {
  /** Takes parameters (the episode's start, or the coordinator's reply to gradients). */
  load(params: PlainTensors): Promise<void>;
  evaluate(state: StateInput, candidates: CandidateInput[]): Promise<PolicyEvaluation>;
  gradients(request: GradientRequest): Promise<{ grads: PlainTensors; loss: number }>;
  /** The episode is over: hand the copy back (a thread goes back to the pool). */
  release(): void;
}

/** The network and its computations, whoever calls them: the in-process agent, or a worker thread's message loop. */
export class LocalPolicy {
  private net?: PolicyNetwork;

  private constructor(private readonly tf: Awaited<ReturnType<typeof initTf>>['tf']) {}

  static async create(): Promise<LocalPolicy> {
    return new LocalPolicy((await initTf()).tf);
  }

  load(params: PlainTensors): void {
    if (this.net) this.net.load(params);
    else this.net = new PolicyNetwork(this.tf, params);
  }

  private network(): PolicyNetwork {
    if (!this.net) throw new Error('the policy has no parameters yet: load them first');
    return this.net;
  }

  evaluate(state: StateInput, candidates: CandidateInput[]): PolicyEvaluation {
    return this.network().evaluate(state, candidates);
  }

  gradients(r: GradientRequest): { grads: PlainTensors; loss: number } {
    if (r.imitationReturns) return imitationGradients(this.tf, this.network(), r.steps, r.imitationReturns) ?? { grads: {}, loss: 0 };
    const { grads, loss } = rolloutGradients(this.tf, this.network(), r.steps, r.next, r.options, r.replay);
    return { grads, loss };
  }

  dispose(): void {
    this.net?.dispose();
    this.net = undefined;
  }
}

/** The agent's network in this thread. */
export class InProcessPolicy implements PolicyCompute {
  private constructor(private readonly local: LocalPolicy) {}

  static async create(): Promise<InProcessPolicy> {
    return new InProcessPolicy(await LocalPolicy.create());
  }

  async load(params: PlainTensors): Promise<void> {
    this.local.load(params);
  }

  async evaluate(state: StateInput, candidates: CandidateInput[]): Promise<PolicyEvaluation> {
    return this.local.evaluate(state, candidates);
  }

  async gradients(r: GradientRequest): Promise<{ grads: PlainTensors; loss: number }> {
    return this.local.gradients(r);
  }

  release(): void {
    this.local.dispose();
  }
}
