/**
 * The learned policy's public types, in one place: what one decision looks like to the
 * network (state + candidate actions), what an episode of decisions is (for n-step returns,
 * the WGE replay buffer and the learning curves), and how an action is described to WGE's
 * workflow constraints. Plain JSON throughout: these cross the agent–coordinator messages.
 */
import type { CandidateSource } from '../strategies/types.ts';

/** A tensor as plain JSON (`shape` + `values`): how parameters and gradients cross the messages. */
export interface PlainTensor {
  shape: number[];
  values: number[];
}

export type PlainTensors = Record<string, PlainTensor>;

/** What an action acts on, described the way WGE's constraints and demonstrations see it. */
export interface ActionElement {
  /** submit the form with a query; stop querying this form; on a result page, read the next one or go back to the form. */
  kind: 'query' | 'stop' | 'next-page' | 'back';
  /** Type of the form the action submits ('search' for every query the crawler may send). */
  formType?: string;
  /** Field type of the field that takes the main value ('search query', 'search category', …). */
  fieldType?: string;
  /** Tag of that field: input, select, textarea. */
  tag?: string;
  /** Label text of that field as the page shows it. */
  label?: string;
  /** Where the value came from: LVS table, harvested record terms, surface words, a drop-down. */
  source?: CandidateSource;
  /** The LVS label the value came from, when it came from the table. */
  lvsLabel?: string;
  /** The value typed or the option text selected. */
  value?: string;
}

/** The state of one decision, as numbers the encoder reads. */
export interface StateInput {
  /** Fixed-length context: episode and site progress (see `stateContext`). */
  context: number[];
  /** Hashed token ids of the form page's text (the convolution's input). */
  pageTokens: number[];
  /** The episode so far, oldest first: per step, the features of the action taken and its reward. */
  history: number[][];
}

/** One candidate action, as numbers the actor reads. */
export interface CandidateInput {
  /** Fixed-length features (Jiang et al.: linguistic, statistical, HTML; source; kernel estimate). */
  features: number[];
  /** Hashed token ids of the value's words. */
  tokens: number[];
  /** Result-page actions only: what the page showed and which action this is (`pageActionInput`); absent = zeros. */
  page?: number[];
  /** Queries only: the yield model's estimate of the candidate on its form (`yieldEstimateInput`); absent = zeros. */
  yieldEstimate?: number[];
  /** Queries only: what the site's surface pages show of its value (`siteEvidenceInput`); absent = zeros. */
  siteEvidence?: number[];
  /**
   * Queries: the yield model's expected new records per unit cost over the best such value
   * among the step's queries, blended, while much of the site is unseen, with document frequency
   * over the step's highest (`frequencyBlendedPriors`); result-page actions: reading on against going back for the best
   * query (`pageActionPriors`). In [0, 1] (`relativeEfficiency`); the actor adds it to the score
   * scaled by the learned `prior_scale`. Absent (stop) = 0.
   */
  prior?: number;
}

/** One decision taken: what was seen, what was chosen, what it earned. */
export interface PolicyStep {
  state: StateInput;
  candidates: CandidateInput[];
  /** Index into `candidates`. */
  chosen: number;
  reward: number;
  /**
   * μ(chosen): the chance the acting rule had of choosing it, where that rule was not a draw from
   * the policy (a learning crawl acting greedily); absent: drawn from π, on-policy.
   */
  behaviour?: number;
}

/** A sequence of decisions on one form (one harvest episode, or part of one). */
export interface PolicyEpisode {
  steps: PolicyStep[];
  /** Sum of the steps' rewards. */
  totalReward: number;
  /** Who chose the actions: the neural policy, or a WGE workflow. */
  actor: 'policy' | 'workflow';
}
