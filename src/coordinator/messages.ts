/**
 * The one interface between agents and the coordinator. Agents never touch the run store,
 * the queue, the strategies or the LVS state directly: they send these messages and act on
 * the replies, so an agent runs the same in-process, in a worker thread, or elsewhere later.
 * Every message and reply is plain JSON (structured-clone safe).
 */
import type { QueryCandidate } from '../strategies/types.ts';
import type { OnlineActing } from '../policy/action-choice.ts';
import type { ChoiceExplanation } from '../policy/choice-explanation.ts';
import type { ActionElement, CandidateInput, PlainTensors, PolicyEpisode } from '../policy/types.ts';

/** What kind of episode an agent is asked to run. */
export type EpisodeKind = 'explore' | 'harvest' | 'record';

/** Coordinator -> agent: one episode to run in one browser page. */
export interface EpisodeAssignment {
  episodeId: string;
  kind: EpisodeKind;
  startUrl: string;
  /** Link depth of startUrl from its seed. */
  depth: number;
  /** How the start page was reached. */
  via: PageVia;
  /** Harvest episodes: which search form on the start page to query. */
  formKey?: string;
  /** Record episodes: the query that listed this record. */
  foundBy?: string;
  /** The page whose link (or result list) led here; the edge kept in pages.jsonl. */
  fromUrl?: string;
  budget: { maxSteps: number; timeLimitMs: number; maxDepth: number; maxResultPagesPerQuery: number };
  /** Harvest episodes of a learned strategy: who chooses the queries, the neural policy or a WGE workflow. */
  policy?: { actor: 'policy' | 'workflow' };
}

/** The queries on offer for one decision of the learned policy, and the state it is taken in. */
export interface PolicyChoices {
  /** Query keys, index for index with `inputs` and `elements`; the key `STOP_KEY` is "stop querying this form". */
  keys: string[];
  inputs: CandidateInput[];
  elements: ActionElement[];
  /** Form and site progress (`stateContext`). */
  context: number[];
  /** Hashed content words of the form's page. */
  pageTokens: number[];
}

export const STOP_KEY = '<stop>';

/** What an agent acting under the learned policy needs at the start of an episode. */
export interface PolicyParams {
  version: number;
  params: PlainTensors;
  /** Act greedily and send no gradients. */
  frozen: boolean;
  /** Learning (not frozen): how decisions are taken (`PolicyConfig.acting`); absent: drawn from the policy. */
  acting?: OnlineActing;
  /** Decide on result pages whether to read the next one (else the rule: read on while a page lists records the query has not shown). */
  pageDecisions: boolean;
  /** Decisions per gradient update (t_max). */
  tMax: number;
  gamma: number;
  entropyBeta: number;
  valueCoef: number;
  replayWeight: number;
  /** GAE's λ for the policy term's advantages (1: the n-step advantage R_t − V(s_t)). */
  gaeLambda: number;
  /** Seed of this episode's sampling. */
  seed: number;
  /** A rewarded episode from the WGE replay buffer to learn from beside the on-policy steps. */
  replay?: PolicyEpisode;
  /** Workflow episodes: one lattice node (constraint set) per query step, used cyclically, and whether the demo read on to the next result page after that query. */
  workflow?: { id: number; nodes: unknown[]; nextPage?: boolean[] };
}

export type PageVia = 'seed' | 'link' | 'form' | 'pagination' | 'record-link';
export type PageKind = 'surface' | 'result' | 'record';

/** A search form as the agent found it, with what the coordinator needs to plan queries. */
export interface SearchFormInfo {
  formKey: string;
  pageUrl: string;
  index: number;
  method: 'GET' | 'POST';
  action: string;
  depth: number;
  probability: number;
  fields: FormFieldInfo[];
}

export interface FormFieldInfo {
  name: string;
  label: string;
  tag: string;
  type: string;
  fieldType: string;
  required: boolean;
  hidden: boolean;
  placeholder?: string;
  options?: { value: string; text: string; selected?: boolean }[];
  selectorHint: string;
}

/** Agent -> coordinator messages; each gets the reply type named in `Replies`. */
export type AgentMessage =
  | { type: 'page'; episodeId: string; url: string; finalUrl: string; depth: number; kind: PageKind; via: PageVia; score: number; title: string; status: number; query?: string; /** Page this one was reached from. */ fromUrl?: string; /** Visible text (capped). */ text?: string; /** Outgoing links, canonical. */ links?: string[]; /** Explore pages: the links its `links` message offers (nofollow left out, hrefs as found, with anchor text), kept in pages.jsonl so a resume offers them again as they were. Left out of the message's digest: the `links` message carries them. */ offeredLinks?: { url: string; text: string }[] }
  | { type: 'forms'; episodeId: string; pageUrl: string; depth: number; forms: { index: number; formType: string; probability: number; method: string }[]; searchForms: SearchFormInfo[] }
  | { type: 'links'; episodeId: string; fromUrl: string; depth: number; links: { url: string; text: string }[] }
  | { type: 'next-query'; episodeId: string; formKey: string; /** The agent chooses (learned policy): reply with the choices instead of a query. */ choose?: 'agent' }
  /** The agent's pick among the choices; `STOP_KEY` stops the form. */
  | { type: 'claim-query'; episodeId: string; formKey: string; queryKey: string; actor: 'policy' | 'workflow'; /** Why the policy took it (for the trace; not part of the message's digest). */ why?: ChoiceExplanation }
  /** Learned policy: the shared parameters (and WGE material) for an episode. */
  | { type: 'params'; episodeId: string; actor: 'policy' | 'workflow' }
  /** Learned policy: an agent's gradients over its last decisions, computed on parameters `baseVersion`. */
  | { type: 'gradients'; episodeId: string; baseVersion: number; grads: PlainTensors; steps: number; reward: number; loss: number }
  /** Learned policy: an episode's decisions ended (for the learning curve, the workflow policy and the replay buffer). */
  | { type: 'rollout'; episodeId: string; actor: 'policy' | 'workflow'; totalReward: number; decisions: number; workflowId?: number; episode?: PolicyEpisode }
  /** Each result page read: how many of the record links it lists are new to the crawl (the policy's reward for reading it), and whether the list's rest is known. */
  | { type: 'listing'; episodeId: string; formKey: string; /** The query whose result page this is (absent: an old agent; no rest estimate). */ queryKey?: string; links: string[]; /** The text the list shows for each link (its title), in `links`' order; absent: an old agent. */ titles?: string[]; /** Total the list stated, if any. */ reportedTotal?: number }
  | { type: 'query-result'; episodeId: string; formKey: string; queryKey: string; values: Record<string, string>; terms: string[]; resultPages: number; recordLinks: string[]; /** For each record link, the result page (key) that listed it. */ listedOn?: string[]; reportedTotal?: number; /** The list was read to its end: no further page, and every stated result listed. */ complete?: boolean; /** Reading stopped because the coordinator judged the rest known (`restKnown`). */ skippedKnownRest?: boolean; failed?: boolean; error?: string }
  | { type: 'record'; episodeId: string; url: string; title: string; text: string; attributes: Record<string, string>; foundBy?: string; depth: number }
  | { type: 'trace'; episodeId: string; action: string; input?: unknown; outcome?: unknown }
  | { type: 'error'; episodeId: string; url: string; message: string }
  | { type: 'allowed'; episodeId?: string; url: string }
  /** An agent starts an episode (attempt 0, or a retry of one that failed). */
  | { type: 'episode-start'; episodeId: string; kind: EpisodeKind; startUrl: string; attempt: number; formKey?: string }
  /** An agent finished an episode, or it failed (and may be retried). */
  | { type: 'episode-end'; episodeId: string; ok: boolean; steps: number; queries: number; moreWork: boolean; error?: string; assignment: Pick<EpisodeAssignment, 'kind' | 'startUrl' | 'depth' | 'via' | 'formKey'> };

export interface Replies {
  page: { fresh: boolean };
  forms: { ok: true };
  links: { accepted: number };
  'next-query': { query: QueryCandidate | null; choices?: PolicyChoices | null };
  'claim-query': { query: QueryCandidate | null };
  params: PolicyParams;
  gradients: { version: number; params: PlainTensors };
  rollout: { ok: true };
  /** `bestQueryEfficiency`: the yield model's best among the form's unissued queries (learned strategy with page decisions only; `ResultPageSeen`). */
  listing: {
    newToCrawl: number;
    bestQueryEfficiency?: number;
    /** The list's unread pages can only hold records the crawl has (search-fields.ts): stop reading it. */
    restKnown?: boolean;
    /** The site looks harvested and the form dry: read on only while the next page is expected to earn this per fetch (dry-lists.ts). */
    leaveRate?: number;
    /** The crawl's page budget is spent (this page included): read no further page. */
    pagesSpent?: true;
  };
  /** `yieldTurn`: the crawl has just scheduled surface pages whose words the form lacks (link-gate.ts); the episode ends with more work, and the form's next one waits behind them. */
  'query-result': { newRecords: number; yieldTurn?: boolean };
  record: { fresh: boolean };
  trace: { ok: true };
  error: { ok: true };
  allowed: { allowed: boolean; reason?: string };
  'episode-start': { ok: true };
  'episode-end': { ok: true };
}

export type ReplyTo<M extends AgentMessage> = Replies[M['type']];

/** How an agent reaches its coordinator. In-process it is a function call; later, a port. */
export interface CoordinatorPort {
  send<M extends AgentMessage>(message: M): Promise<ReplyTo<M>>;
}
