/**
 * An agent acting under the learned policy on one search form (A3C). It keeps a local copy
 * of the shared parameters (in its worker thread, or in this thread: `PolicyCompute`), and
 * takes two kinds of decision: on the form, which query to send (it asks the coordinator for
 * the queries on offer, scores them with its network — or, in a WGE episode, follows a
 * workflow — and claims one); on a result page that has a next page, whether to read it or go
 * back to the form. Each outcome becomes a reward (`queryStepReward`). Every t_max decisions
 * — and when the episode ends — it computes the gradients of its rollout locally and sends
 * them to the coordinator, which applies them to the shared parameters and sends the new ones
 * back. A workflow's episode (WGE) sends its gradients when it ends: self-imitation over its
 * decisions, when it earned a reward.
 */
import { createRng } from '../lvs/random.ts';
import { behaviourProbability, chooseAction } from '../policy/action-choice.ts';
import { explainChoice } from '../policy/choice-explanation.ts';
import { CONTEXT_DRY_SHARE, historyRow, pageActionInput, PAGE_ACTIONS, type PageAction, type ResultPageSeen } from '../policy/features.ts';
import { pageActionPriors } from '../policy/prior.ts';
import { queryStepReward, type QueryStepOutcome } from '../policy/reward.ts';
import { nStepReturns } from '../policy/returns.ts';
import type { CandidateInput, PlainTensors, PolicyEpisode, PolicyStep, StateInput } from '../policy/types.ts';
import { STOP_KEY, type CoordinatorPort, type EpisodeAssignment, type PolicyChoices, type PolicyParams } from '../coordinator/messages.ts';
import type { QueryCandidate } from '../strategies/types.ts';
import { executeWorkflowStep, type LatticeNode } from '../wge/index.ts';
import { InProcessPolicy, type PolicyCompute } from './policy-compute.ts';

/** A decision: the action's index, π over the candidates, and μ(action) where the acting rule was not a draw from π. */
interface Picked {
  index: number;
  probabilities: number[];
  behaviour?: number;
}

export class QueryPolicyActor {
  private readonly rng: () => number;
  /** Decisions not yet learned from (the current rollout). */
  private rollout: PolicyStep[] = [];
  /** Every decision of the episode (for the curve and, in workflow episodes, the replay buffer). */
  private readonly all: PolicyStep[] = [];
  private readonly history: number[][] = [];
  /** The decision whose outcome is not known yet: a query sent, or a next page asked for. */
  private pending?: { step: PolicyStep; candidate: CandidateInput };
  private version: number;
  private stopped = false;
  /** The form and site progress of the last query decision (result-page decisions reuse it). */
  private context: number[] = [];
  /** Queries this episode chose (a workflow's step for paging is that of the current query). */
  private queries = 0;

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

  /** This crawl's policy decides whether to read each next result page (`decidePage`); else the agent reads on by the rule. */
  get decidesPages(): boolean {
    return this.params.pageDecisions;
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
      this.context = choices.context;
      const state = this.state(choices);
      await this.learnIfFull(port, state, choices.inputs);
      const { index: chosen, probabilities, behaviour } = await this.pickQuery(state, choices);
      const key = choices.keys[chosen]!;
      const why = explainChoice(choices.keys, choices.inputs.map((c) => c.prior), probabilities, chosen);
      const { query } = await port.send({ type: 'claim-query', episodeId: this.a.episodeId, formKey: this.a.formKey!, queryKey: key, actor: this.actor, why });
      const step: PolicyStep = { state, candidates: choices.inputs, chosen, reward: 0, ...(behaviour === undefined ? {} : { behaviour }) };
      if (key === STOP_KEY) {
        this.record(step, choices.inputs[chosen]!, { newRecords: 0, results: 0, resultPages: 0, failed: false }, 0);
        this.stopped = true;
        return null;
      }
      if (!query) continue;
      this.pending = { step, candidate: choices.inputs[chosen]! };
      this.queries++;
      return query;
    }
    return null;
  }

  /**
   * On a result page with a next page: read it, or go back to the form for another query.
   * `pageTokens` are the result page's words. A next page's outcome comes with `observe`.
   */
  async decidePage(port: CoordinatorPort, seen: ResultPageSeen, pageTokens: number[]): Promise<PageAction> {
    const priors = pageActionPriors(seen);
    const candidates = PAGE_ACTIONS.map((action, i) => ({ ...pageActionInput(action, seen), prior: priors[i] }));
    const state: StateInput = { context: this.context, pageTokens, history: this.history.map((r) => [...r]) };
    await this.learnIfFull(port, state, candidates);
    const nextPage = this.params.workflow?.nextPage;
    // A workflow reads on where its demo went to the next page after the same query step.
    const { index: chosen, behaviour }: Partial<Picked> & { index: number } = this.actor === 'workflow' && nextPage?.length ? { index: nextPage[(this.queries - 1) % nextPage.length] ? 0 : 1 } : await this.pickIndex(state, candidates);
    const step: PolicyStep = { state, candidates, chosen, reward: 0, ...(behaviour === undefined ? {} : { behaviour }) };
    if (PAGE_ACTIONS[chosen] === 'back') {
      this.record(step, candidates[chosen]!, { newRecords: 0, results: 0, resultPages: 0, failed: false }, 0);
      return 'back';
    }
    this.pending = { step, candidate: candidates[chosen]! };
    return 'next-page';
  }

  /** Every t_max decisions: learn, bootstrapping from the decision about to be taken. */
  private async learnIfFull(port: CoordinatorPort, state: StateInput, candidates: CandidateInput[]): Promise<void> {
    if (this.rollout.length >= this.params.tMax) await this.learn(port, { state, candidates });
  }

  private async pickQuery(state: StateInput, choices: PolicyChoices): Promise<Picked> {
    if (this.actor === 'workflow' && this.params.workflow) {
      // Workflows are cyclic: query k follows node k mod the workflow's length. The node says
      // what kind of query comes next; the network's probabilities pick one of that kind.
      const nodes = this.params.workflow.nodes as LatticeNode[];
      if (nodes.length) {
        const { probabilities } = await this.net.evaluate(state, choices.inputs);
        const hit = executeWorkflowStep(nodes[this.queries % nodes.length]!, choices.elements, this.rng, {}, probabilities);
        if (hit) return { index: hit.index, probabilities };
      }
    }
    const stop = choices.keys.indexOf(STOP_KEY);
    return this.pickIndex(state, choices.inputs, choices.context[CONTEXT_DRY_SHARE] ?? 0, stop < 0 ? undefined : stop);
  }

  /**
   * The network's choice (`chooseAction`): drawn from its probabilities while learning; when
   * frozen, or learning with `acting: greedy`, the best-scored one, or a draw once the form has
   * gone dry (`dryShare`). Learning from a choice not drawn from π needs the chance it had (`behaviour`).
   */
  private async pickIndex(state: StateInput, candidates: CandidateInput[], dryShare = 0, stopIndex?: number): Promise<Picked> {
    const { probabilities } = await this.net.evaluate(state, candidates);
    const greedyRule = this.params.frozen || this.params.acting === 'greedy';
    const mode = { frozen: greedyRule, dryShare, stopIndex };
    const index = chooseAction(probabilities, mode, this.rng);
    if (this.params.frozen || !greedyRule) return { index, probabilities };
    return { index, probabilities, behaviour: behaviourProbability(probabilities, mode, index) };
  }

  /** The outcome of the pending decision: the query `choose` returned (its first result page), or the next page `decidePage` chose. */
  observe(outcome: QueryStepOutcome): void {
    if (!this.pending) return;
    const reward = queryStepReward(outcome);
    this.record({ ...this.pending.step, reward }, this.pending.candidate, outcome, reward);
    this.pending = undefined;
  }

  private record(step: PolicyStep, candidate: CandidateInput, outcome: QueryStepOutcome, reward: number): void {
    this.rollout.push(step);
    this.all.push(step);
    this.history.push(historyRow(candidate, reward, outcome.newRecords, outcome.failed));
  }

  /** Gradients of the rollout so far to the coordinator; its reply is the new shared parameters. */
  private async learn(port: CoordinatorPort, next: { state: StateInput; candidates: PolicyStep['candidates'] } | null): Promise<void> {
    const steps = this.rollout;
    this.rollout = [];
    // Workflow episodes are off-policy: A3C does not apply to them (see `imitateWorkflow`).
    if (!steps.length || this.params.frozen || this.actor === 'workflow') return;
    const { replay } = this.params;
    const { grads, loss } = await this.net.gradients({ steps, next, options: this.learningOptions(), replay });
    await this.sendGradients(port, steps, grads, loss);
  }

  private learningOptions() {
    const { gamma, entropyBeta, valueCoef, replayWeight, gaeLambda } = this.params;
    return { gamma, entropyBeta, valueCoef, replayWeight, gaeLambda };
  }

  private async sendGradients(port: CoordinatorPort, steps: readonly PolicyStep[], grads: PlainTensors, loss: number): Promise<void> {
    const reply = await port.send({ type: 'gradients', episodeId: this.a.episodeId, baseVersion: this.version, grads, steps: steps.length, reward: steps.reduce((s, x) => s + x.reward, 0), loss });
    await this.net.load(reply.params);
    this.version = reply.version;
  }

  /**
   * A rewarded workflow episode teaches the network as it ends (WGE: the neural policy learns
   * from the workflows' rewarded episodes): self-imitation over its decisions, with returns
   * over the whole episode, t_max decisions per update — as many updates as a policy episode
   * of that length sends, so an arm that spends episodes on workflows does not learn less
   * often. A stretch where no decision beat the critic sends nothing (a zero gradient would
   * still move Adam's momentum).
   */
  private async imitateWorkflow(port: CoordinatorPort, totalReward: number): Promise<void> {
    if (this.actor !== 'workflow' || this.params.frozen || !(totalReward > 0)) return;
    const returns = nStepReturns(this.all.map((s) => s.reward), 0, this.params.gamma);
    for (let from = 0; from < this.all.length; from += this.params.tMax) {
      const steps = this.all.slice(from, from + this.params.tMax);
      const { grads, loss } = await this.net.gradients({ steps, next: null, options: this.learningOptions(), imitationReturns: returns.slice(from, from + steps.length) });
      if (loss > 0) await this.sendGradients(port, steps, grads, loss);
    }
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
      await this.imitateWorkflow(port, totalReward);
      const episode: PolicyEpisode | undefined = this.actor === 'workflow' ? { steps: this.all, totalReward, actor: 'workflow' } : undefined;
      await port.send({ type: 'rollout', episodeId: this.a.episodeId, actor: this.actor, totalReward, decisions: this.all.length, workflowId: this.params.workflow?.id, episode });
    } finally {
      this.net.release();
    }
  }
}
