/**
 * The coordinator's side of A3C: the shared parameters and optimiser (the parameter server),
 * what an agent gets at the start of an episode (parameters, learning settings, a seed, with
 * WGE a workflow to follow or a rewarded episode to learn from), the gradients agents send
 * (applied in arrival order, or in the agents' fixed order when the crawl is deterministic,
 * where episodes run one at a time), the learning curve, and saving the model.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { initTf } from '../perceive/tf-backend.ts';
import { createRng } from '../lvs/random.ts';
import { INITIAL_PRIOR_SCALE, initialParameters } from '../policy/network.ts';
import { loadModel, loadOptimizer, readsCandidateWords, saveModel, saveOptimizer, type CurvePoint, type ModelManifest, type TrainedSite } from '../policy/checkpoint.ts';
import { DEFAULT_LEARNING } from '../policy/rollout-gradients.ts';
import { LINK_POLICY_FILE, LinkPolicy, loadLinkPolicy, saveLinkPolicy } from '../policy/link-policy.ts';
import type { PlainTensors } from '../policy/types.ts';
import type { QueryPriorUnit } from '../policy/prior.ts';
import type { LinkActing, OnlineActing } from '../policy/action-choice.ts';
import type { ProvenUnseenMode } from './proven-unseen.ts';
import { ParameterServer } from './parameter-server.ts';
import type { AgentMessage, PolicyParams, ReplyTo } from './messages.ts';
import type { WorkflowGuide } from './workflow-guide.ts';

export interface PolicyConfig {
  /** Model directory to start from (default: fresh parameters from the seed). */
  model?: string;
  /** Act greedily, send no gradients, keep the parameters as loaded. */
  frozen: boolean;
  /** Decisions per gradient update. */
  tMax: number;
  learningRate: number;
  /** GAE's λ for the actor's advantages (default `DEFAULT_LEARNING.gaeLambda`, 1: the n-step advantage). */
  gaeLambda?: number;
  /**
   * The policy also decides, on each result page with a next page, whether to read it or go
   * back to the form (default: read on while the page lists records the query has not shown).
   * Opt-in: models trained with it so far crawl worse at equal queries (bench-results/page-decisions/).
   */
  pageDecisions?: boolean;
  /**
   * Queries in a row without a new record after which "stop" is offered (default
   * `STOP_AFTER_ZERO_STREAK`, 12); at or above the crawl's patience the policy never leaves a form.
   */
  stopAfter?: number;
  /**
   * The shorter dry streak after which "stop" is offered once Chao1 expects less than one of the
   * site's records unseen (default `STOP_AFTER_ZERO_STREAK_HARVESTED`, 8; at or above `stopAfter`: no shorter streak).
   */
  stopAfterHarvested?: number;
  /**
   * "Stop" is offered only while at most this share of the site's records is estimated unseen
   * (default `STOP_MAX_UNSEEN_SHARE`, 0.01; 1 or more: the estimate is ignored).
   */
  stopMaxUnseen?: number;
  /**
   * Records the site's stated totals prove unseen (`ProvenUnseenMode`): `hunt-at-once` (what `crawl`
   * records now) keeps "stop" away while any is and ranks queries by where the proof says they lie;
   * `hunt` does the latter only once the dry streak reaches stop's (stop 79); absent or `ignore`, as
   * every run before stop 79.
   */
  provenUnseen?: ProvenUnseenMode;
  /** `prior_scale` of fresh parameters (no `model`): default `INITIAL_PRIOR_SCALE`. */
  initialPriorScale?: number;
  /**
   * Fresh parameters (no `model`): the actor reads each candidate query's words (default true).
   * A model keeps the setting it was made with. Leaving them out did not make training pay
   * (bench-results/candidate-words/), so the default is what every earlier model did.
   */
  candidateWords?: boolean;
  /**
   * What a crawl that is not frozen learns: the query policy (the network) and the link policy
   * (`all`, the default), or one of them; the other then acts greedily as loaded.
   */
  learn?: LearnedParts;
  /**
   * The share of a surface-word query's new records that the pages showing its words earn in the
   * link policy's returns (coordinator/link-gate.ts); 0 or absent: none, the reward the shipped
   * link policy learnt from. At 0.5 a training learnt to read every surface page
   * (bench-results/dry-forms/).
   */
  surfaceWordShare?: number;
  /** Learning (not frozen): how decisions are taken (`OnlineActing`); absent: `draw`, as every run before it. */
  acting?: OnlineActing;
  /**
   * Learning: how surface links are decided (`LinkActing`); absent: `draw`, as every run before
   * stop 78 (a run's saved config replays as it ran). Crawls since set it (default `as-queries`).
   */
  linkActing?: LinkActing;
  /** What the yield part of the queries' prior ranks by (`QueryPriorUnit`); absent: `per-fetch`, as runs before stop 76 ranked. */
  queryPrior?: QueryPriorUnit;
}

export const LEARNED_PARTS = ['all', 'queries', 'links'] as const;
export type LearnedParts = (typeof LEARNED_PARTS)[number];

export const DEFAULT_POLICY: PolicyConfig = { frozen: false, tMax: 5, learningRate: 0.003 };

/** Whether a crawl under `policy` trains the query network (not frozen, and not `learn: links`); WGE guides only such crawls. */
export function learnsQueries(policy: Pick<PolicyConfig, 'frozen' | 'learn'>): boolean {
  return !policy.frozen && policy.learn !== 'links';
}

export class PolicyLearner {
  private readonly rng: () => number;
  readonly curve: CurvePoint[] = [];
  private episodesBefore = 0;
  private updatesBefore = 0;
  private readonly startedFrom?: ModelManifest;
  /** The actor reads candidate queries' words: the model's own setting, or the config's for fresh parameters. */
  readonly candidateWords: boolean;
  /** Which surface links the crawl follows: the model's, or a fresh one (it follows every link) for a model saved before there was one. */
  readonly linkPolicy: LinkPolicy;

  private constructor(
    private readonly server: ParameterServer,
    readonly config: PolicyConfig,
    private readonly seed: number,
    private readonly guide: WorkflowGuide | undefined,
    /** The tfjs backend in use (recorded in saved models). */
    readonly backend: string,
    loaded?: ModelManifest,
    linkPolicy?: LinkPolicy,
  ) {
    this.linkPolicy = linkPolicy ?? LinkPolicy.fresh();
    this.rng = createRng(seed ^ 0x5eed);
    this.startedFrom = loaded;
    this.candidateWords = loaded ? readsCandidateWords(loaded) : config.candidateWords !== false;
    if (loaded) {
      this.curve.push(...loaded.curve);
      this.episodesBefore = loaded.episodes;
      this.updatesBefore = loaded.updates;
    }
  }

  static async create(config: PolicyConfig, seed: number, guide?: WorkflowGuide): Promise<PolicyLearner> {
    const { tf, backend } = await initTf();
    const loaded = config.model ? loadModel(config.model) : undefined;
    if (loaded?.widened.length && config.pageDecisions) process.stderr.write(`surfacer: ${config.model} predates the result-page actions: their inputs start at zero weight (${loaded.widened.join(', ')})${config.frozen ? '' : ' and are learnt online'}\n`);
    const params: PlainTensors = loaded?.params ?? initialParameters(seed, config.initialPriorScale);
    const server = new ParameterServer(tf, params, { optimizer: 'adam', learningRate: config.learningRate, clipNorm: 40 });
    // Learning goes on from a model: one optimisation across crawls, not a fresh Adam each time.
    const optimizer = config.model && !config.frozen ? loadOptimizer(config.model) : undefined;
    if (optimizer) await server.restoreOptimizer(optimizer);
    return new PolicyLearner(server, config, seed, guide, backend, loaded?.manifest, config.model ? loadLinkPolicy(config.model) : undefined);
  }

  /** The query network learns in this crawl. */
  get learnsQueries(): boolean {
    return learnsQueries(this.config);
  }

  /** The link policy learns in this crawl. */
  get learnsLinks(): boolean {
    return !this.config.frozen && this.config.learn !== 'queries';
  }

  /**
   * The link gate draws which links to follow: only while the link policy learns, and unless
   * the crawl acts greedily (`acting: greedy` holds for links too: it follows what a frozen
   * crawl would, and learns from those) with `linkActing: as-queries`.
   */
  get drawsLinks(): boolean {
    return this.learnsLinks && (this.config.acting !== 'greedy' || this.config.linkActing !== 'as-queries');
  }

  get updates(): number {
    return this.updatesBefore + this.server.version;
  }

  get episodes(): number {
    return this.curve.length;
  }

  /** Which actor the next harvest episode runs: a WGE workflow now and then while learning, else the policy. */
  pickActor(): 'policy' | 'workflow' {
    if (!this.learnsQueries || !this.guide) return 'policy';
    return this.rng() < this.guide.workflowShare ? 'workflow' : 'policy';
  }

  params(actor: 'policy' | 'workflow' | undefined): PolicyParams {
    const { version, tensors } = this.server.parameters();
    const replay = this.learnsQueries && actor !== 'workflow' ? this.guide?.sampleReplay(this.rng) : undefined;
    const workflow = actor === 'workflow' ? this.guide?.sampleWorkflow(this.rng) : undefined;
    return {
      version,
      params: tensors,
      frozen: !this.learnsQueries,
      ...(this.config.acting === 'greedy' ? { acting: 'greedy' as const } : {}),
      pageDecisions: !!this.config.pageDecisions,
      tMax: this.config.tMax,
      gamma: DEFAULT_LEARNING.gamma,
      entropyBeta: DEFAULT_LEARNING.entropyBeta,
      valueCoef: DEFAULT_LEARNING.valueCoef,
      replayWeight: DEFAULT_LEARNING.replayWeight,
      gaeLambda: this.gaeLambda,
      seed: Math.floor(this.rng() * 2 ** 31),
      replay,
      workflow,
    };
  }

  applyGradients(m: Extract<AgentMessage, { type: 'gradients' }>): ReplyTo<typeof m> {
    if (this.learnsQueries) this.server.apply(m.grads);
    const { version, tensors } = this.server.parameters();
    return { version, params: tensors };
  }

  recordRollout(m: Extract<AgentMessage, { type: 'rollout' }>, domain?: string): void {
    this.curve.push({ episode: this.curve.length + 1, reward: Math.round(m.totalReward * 1e4) / 1e4, actor: m.actor, decisions: m.decisions, domain });
    if (m.actor === 'workflow' && m.workflowId !== undefined) this.guide?.workflowFinished(m.workflowId, m.totalReward, m.episode);
  }

  /**
   * `sites`: the testbed sites this crawl learned on (none for a crawl of real sites). They are
   * added to the start model's list, and the list is kept only while it is complete: a model
   * that started from one without a list gets none, unless that one trained on no domain.
   */
  async save(dir: string, extra: { domains: string[]; sites?: TrainedSite[]; [k: string]: unknown }): Promise<void> {
    const domains = [...new Set([...(this.startedFrom?.domains ?? []), ...extra.domains])];
    const { sites: ownSites, ...rest } = extra;
    // A start model that trained on no domain (the untrained network) trained on no site either.
    const before = this.startedFrom ? (this.startedFrom.sites ?? (this.startedFrom.domains.length ? undefined : [])) : [];
    // A resumed crawl starts from its own checkpoint, which lists its site already: each site once.
    const sites = before ? [...new Map([...before, ...(ownSites ?? [])].map((site) => [`${site.domain}/${site.seed}/${site.scale}`, site])).values()] : undefined;
    saveModel(dir, this.server.parameters().tensors, {
      ...rest,
      ...(sites ? { sites } : {}),
      ...(this.startedFrom?.selectedOn ? { selectedOn: this.startedFrom.selectedOn } : {}),
      createdAt: new Date().toISOString(),
      learning: { ...DEFAULT_LEARNING, gaeLambda: this.gaeLambda, ...(this.config.acting === 'greedy' ? { acting: 'greedy', linkActing: this.drawsLinks ? 'draw' : 'greedy' } : {}), tMax: this.config.tMax, learningRate: this.config.learningRate, optimizer: 'adam', backend: this.backend, ...this.initialPriorScaleEntry() },
      seed: this.startedFrom?.seed ?? this.seed,
      updates: this.updates,
      episodes: this.episodesBefore + this.curve.length - (this.startedFrom?.curve.length ?? 0),
      domains,
      wge: !!this.guide || !!this.startedFrom?.wge,
      candidateWords: this.candidateWords,
      curve: this.curve,
      linkPolicy: { file: LINK_POLICY_FILE, updates: this.linkPolicy.updates },
    });
    saveLinkPolicy(dir, this.linkPolicy);
    const optimizer = await this.server.optimizerState();
    if (optimizer) saveOptimizer(dir, optimizer);
  }

  /**
   * `save` into a fresh folder that then replaces `dir`, for saves a kill may interrupt (a crawl's
   * checkpoints): the last whole model stays at `dir`, or at `dir`.old between the two renames.
   */
  async saveReplacing(dir: string, extra: Parameters<PolicyLearner['save']>[1]): Promise<void> {
    const fresh = `${dir}.saving`;
    const old = `${dir}.old`;
    rmSync(fresh, { recursive: true, force: true });
    await this.save(fresh, extra);
    rmSync(old, { recursive: true, force: true });
    if (existsSync(dir)) renameSync(dir, old);
    renameSync(fresh, dir);
    rmSync(old, { recursive: true, force: true });
  }

  /** The starting prior weight, carried from crawl to crawl of a training so the model says how it began. */
  private initialPriorScaleEntry(): { initialPriorScale?: number } {
    const before = this.startedFrom?.learning.initialPriorScale;
    if (typeof before === 'number') return { initialPriorScale: before };
    return this.startedFrom ? {} : { initialPriorScale: this.config.initialPriorScale ?? INITIAL_PRIOR_SCALE };
  }

  private get gaeLambda(): number {
    return this.config.gaeLambda ?? DEFAULT_LEARNING.gaeLambda;
  }

  dispose(): void {
    this.server.dispose();
  }
}
