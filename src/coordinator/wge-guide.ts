/**
 * WGE at the coordinator (Liu et al. 2018): the demonstrations' query steps become a
 * workflow lattice; a workflow policy samples one workflow (one lattice node per step) for
 * each workflow episode an agent runs; the episode's reward trains the workflow policy
 * (REINFORCE) and, when positive, the episode enters the reward-prioritised replay buffer,
 * from which policy episodes get one to learn from beside their own steps.
 */
import { induceQueryLattice, loadDemos, ReplayBuffer, WorkflowPolicy, type Workflow } from '../wge/index.ts';
import type { PolicyEpisode } from '../policy/types.ts';
import type { WorkflowGuide } from './workflow-guide.ts';
import { DEFAULT_POLICY, learnsQueries, type PolicyConfig } from './policy-learner.ts';

export interface WgeOptions {
  /** Folder of demo JSON files. */
  demosDir: string;
  /** Share of harvest episodes run by workflows (while learning). */
  workflowShare?: number;
  /** REINFORCE step of the workflow policy. */
  workflowLearningRate?: number;
  bufferCapacity?: number;
}

/**
 * The WGE guide a crawl (or the replay of one) learns with: none without demos, or when the query
 * network learns nothing (frozen, or `learn: links`): its workflows run query episodes, and the
 * link policy learns from every crawl's own links.
 */
export function wgeGuideFor(wge: WgeOptions | undefined, policy: Pick<PolicyConfig, 'frozen' | 'learn'> | undefined): WgeGuide | undefined {
  return wge && learnsQueries(policy ?? DEFAULT_POLICY) ? new WgeGuide(wge) : undefined;
}

export class WgeGuide implements WorkflowGuide {
  readonly workflowShare: number;
  private readonly policy: WorkflowPolicy;
  private readonly buffer: ReplayBuffer;
  private readonly running = new Map<number, Workflow>();
  private nextId = 0;
  private readonly lr: number;
  /** Workflow episodes finished, and how many earned a reward. */
  readonly stats = { workflows: 0, rewarded: 0 };

  constructor(opts: WgeOptions) {
    const demos = loadDemos(opts.demosDir);
    const lattice = induceQueryLattice(demos);
    if (!lattice.workflows.length) throw new Error(`no demo in ${opts.demosDir} issues a query: WGE has nothing to follow`);
    this.policy = new WorkflowPolicy(lattice);
    this.buffer = new ReplayBuffer({ capacity: opts.bufferCapacity ?? 64 });
    this.workflowShare = opts.workflowShare ?? 0.3;
    this.lr = opts.workflowLearningRate ?? 0.2;
  }

  sampleWorkflow(rng: () => number): { id: number; nodes: unknown[]; nextPage: boolean[] } {
    const workflow = this.policy.sample(rng);
    const id = ++this.nextId;
    this.running.set(id, workflow);
    return { id, nodes: workflow.nodes.map((_, s) => this.policy.nodeAt(workflow, s)), nextPage: workflow.nodes.map((_, s) => this.policy.readsNextPageAt(workflow, s)) };
  }

  workflowFinished(id: number, reward: number, episode?: PolicyEpisode): void {
    const workflow = this.running.get(id);
    this.running.delete(id);
    if (!workflow) return;
    this.stats.workflows++;
    this.policy.update(workflow, reward, this.lr);
    if (episode && episode.steps.length && this.buffer.add(episode)) this.stats.rewarded++;
  }

  sampleReplay(rng: () => number): PolicyEpisode | undefined {
    return this.buffer.size ? this.buffer.sample(1, rng)[0] : undefined;
  }

  get bufferSize(): number {
    return this.buffer.size;
  }
}
