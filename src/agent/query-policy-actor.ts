/**
 * An agent acting under the learned policy on one search form (A3C). It keeps a local copy
 * of the shared parameters (in its worker thread, or in this thread: `PolicyCompute`), and
 * for each decision asks the coordinator for the queries on offer, scores them with its
 * network (or, in a WGE episode, follows a workflow), claims one, and turns the outcome into
 * a reward (`queryStepReward`). Every t_max decisions — and when the episode ends — it
 * computes the gradients of its rollout locally and sends them to the coordinator, which
 * applies them to the shared parameters and sends the new ones back.
 */
import { createRng } from '../lvs/random.ts';
import { historyRow } from '../policy/features.ts';
import { queryStepReward, type QueryStepOutcome } from '../policy/reward.ts';
import type { PolicyEpisode, PolicyStep, StateInput } from '../policy/types.ts';
import { STOP_KEY, type CoordinatorPort, type EpisodeAssignment, type PolicyChoices, type PolicyParams } from '../coordinator/messages.ts';
import type { QueryCandidate } from '../strategies/types.ts';
import { executeWorkflowStep, type LatticeNode } from '../wge/index.ts';
import { InProcessPolicy, type PolicyCompute } from './policy-compute.ts';

export class QueryPolicyActor {
  private readonly rng: () => number;
  /** Decisions not yet learned from (the current rollout). */
  private rollout: PolicyStep[] = [];
  /** Every decision of the episode (for the curve and, in workflow episodes, the replay buffer). */
  private readonly all: PolicyStep[] = [];
  private readonly history: number[][] = [];
  private pending?: { step: PolicyStep; features: number[] };
  private version: number;
  private stopped = false;

  private constructor(
    private readonly net: PolicyCompute,
    private readonly params: PolicyParams,
    private readonly actor: 'policy' | 'workflow',
    private readonly a: EpisodeAssignment,
  ) {
    this.rng = createRng(params.seed);
    this.version = params.version;
  }

  /**
   * Starts the episode's actor on `compute` (a borrowed agent thread; default: a network in
   * this thread), which it releases when the episode finishes — or here, if starting fails.
   */
  static async start(port: CoordinatorPort, a: EpisodeAssignment, compute?: PolicyCompute): Promise<QueryPolicyActor> {
    const net = compute ?? (await InProcessPolicy.create());
    try {
      const actor = a.policy?.actor === 'workflow' ? 'workflow' : 'policy';
      const params = await port.send({ type: 'params', episodeId: a.episodeId, actor });
      await net.load(params.params);
      return new QueryPolicyActor(net, params, params.workflow ? actor : 'policy', a);
    } catch (err) {
      net.release();
      throw err;
    }
  }

  private state(choices: PolicyChoices): StateInput {
    return { context: choices.context, pageTokens: choices.pageTokens, history: this.history.map((r) => [...r]) };
  }

  /** The next query to submit, or null when the form is done (no choices, or the policy stopped). */
  async choose(port: CoordinatorPort): Promise<QueryCandidate | null> {
    // A claim can lose to another agent that took the same query a moment before: ask again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const { choices } = await port.send({ type: 'next-query', episodeId: this.a.episodeId, formKey: this.a.formKey!, choose: 'agent' });
      if (!choices) {
        this.stopped = true;
        return null;
      }
      const state = this.state(choices);
      if (this.rollout.length >= this.params.tMax) await this.learn(port, { state, candidates: choices.inputs });
      const chosen = await this.pick(state, choices);
      const key = choices.keys[chosen]!;
      const { query } = await port.send({ type: 'claim-query', episodeId: this.a.episodeId, formKey: this.a.formKey!, queryKey: key, actor: this.actor });
      if (key === STOP_KEY) {
        this.record({ state, candidates: choices.inputs, chosen, reward: 0 }, choices.inputs[chosen]!.features, { newRecords: 0, results: 0, resultPages: 0, failed: false }, 0);
        this.stopped = true;
        return null;
      }
      if (!query) continue;
      this.pending = { step: { state, candidates: choices.inputs, chosen, reward: 0 }, features: choices.inputs[chosen]!.features };
      return query;
    }
    return null;
  }

  private async pick(state: StateInput, choices: PolicyChoices): Promise<number> {
    if (this.actor === 'workflow' && this.params.workflow) {
      // Workflows are cyclic: decision k follows node k mod the workflow's length.
      const nodes = this.params.workflow.nodes as LatticeNode[];
      const hit = nodes.length ? executeWorkflowStep(nodes[this.all.length % nodes.length]!, choices.elements, this.rng) : null;
      if (hit) return hit.index;
    }
    const { probabilities } = await this.net.evaluate(state, choices.inputs);
    if (this.params.frozen) return probabilities.indexOf(Math.max(...probabilities));
    let u = this.rng();
    for (let i = 0; i < probabilities.length; i++) if ((u -= probabilities[i]!) <= 0) return i;
    return probabilities.length - 1;
  }

  /** The outcome of the query `choose` returned. */
  observe(outcome: QueryStepOutcome): void {
    if (!this.pending) return;
    const reward = queryStepReward(outcome);
    this.record({ ...this.pending.step, reward }, this.pending.features, outcome, reward);
    this.pending = undefined;
  }

  private record(step: PolicyStep, features: number[], outcome: QueryStepOutcome, reward: number): void {
    this.rollout.push(step);
    this.all.push(step);
    this.history.push(historyRow(features, reward, outcome.newRecords, outcome.failed));
  }

  /** Gradients of the rollout so far to the coordinator; its reply is the new shared parameters. */
  private async learn(port: CoordinatorPort, next: { state: StateInput; candidates: PolicyStep['candidates'] } | null): Promise<void> {
    const steps = this.rollout;
    this.rollout = [];
    // Workflow episodes are off-policy: they teach through the replay buffer, not through A3C.
    if (!steps.length || this.params.frozen || this.actor === 'workflow') return;
    const { gamma, entropyBeta, valueCoef, replayWeight, replay } = this.params;
    const { grads, loss } = await this.net.gradients({ steps, next, options: { gamma, entropyBeta, valueCoef, replayWeight }, replay });
    const reply = await port.send({ type: 'gradients', episodeId: this.a.episodeId, baseVersion: this.version, grads, steps: steps.length, reward: steps.reduce((s, x) => s + x.reward, 0), loss });
    await this.net.load(reply.params);
    this.version = reply.version;
  }

  /** The episode ends: learn from what is left (bootstrapped unless the form is done) and report the episode. */
  async finish(port: CoordinatorPort): Promise<void> {
    try {
      let next: { state: StateInput; candidates: PolicyStep['candidates'] } | null = null;
      if (!this.stopped && this.rollout.length && !this.params.frozen && this.actor === 'policy') {
        const { choices } = await port.send({ type: 'next-query', episodeId: this.a.episodeId, formKey: this.a.formKey!, choose: 'agent' });
        if (choices) next = { state: this.state(choices), candidates: choices.inputs };
      }
      await this.learn(port, next);
      const totalReward = this.all.reduce((s, x) => s + x.reward, 0);
      const episode: PolicyEpisode | undefined = this.actor === 'workflow' ? { steps: this.all, totalReward, actor: 'workflow' } : undefined;
      await port.send({ type: 'rollout', episodeId: this.a.episodeId, actor: this.actor, totalReward, decisions: this.all.length, workflowId: this.params.workflow?.id, episode });
    } finally {
      this.net.release();
    }
  }
}
