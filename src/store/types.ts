/**
 * The rows of a run directory. Each JSONL file holds one of these per line; the store adds
 * the fields marked "set by the store". Extra fields are allowed and kept as written, so a
 * part of the crawler can record more without changing this file.
 */

/** How the crawler labelled a page: a surface (linked) page, a result list, or a record page. */
export type PageKind = 'surface' | 'result' | 'record';

/** How a page was reached. Open-ended: new ways of reaching pages need no change here. */
export type PageVia = 'seed' | 'link' | 'form' | 'pagination' | 'record-link' | (string & {});

/** One line of pages.jsonl: a page the crawler fetched. Deduplicated by canonical `url`. */
export interface PageEntry {
  /** URL the crawler asked for; stored canonical (`canonicalUrl`), the dedupe key. */
  url: string;
  /** URL after redirects, canonical when it parses. */
  finalUrl?: string;
  /** Link depth from the seed (seed = 0; a form submission adds one). */
  depth: number;
  /** The crawler's label of the page. */
  kind: PageKind;
  /** How the page was reached. */
  via: PageVia;
  /** Crawler's confidence (0..1) that the page is deep (a result or record page). */
  score?: number;
  /** Page title. */
  title?: string;
  /** HTTP status of the main response. */
  status?: number;
  /** Key of the query whose results led here, if any. */
  query?: string;
  /** Episode that fetched the page. */
  episode?: string;
  /** Time written, ms since the epoch; set by the store when absent. */
  t?: number;
  [key: string]: unknown;
}

/** One line of records.jsonl: a harvested record. Deduplicated by canonical URL and content hash. */
export interface RecordEntry {
  /** Record (detail page) URL; stored canonical, a dedupe key. */
  url: string;
  /** Record title. */
  title?: string;
  /** Record text (the detail page's main content). */
  text?: string;
  /** Structured fields read from the record (label -> value). */
  attributes?: Record<string, string>;
  /** Key of the query that found the record. */
  query?: string;
  /** Link depth of the record page. */
  depth?: number;
  /** sha256 (hex) of the normalised content, see `recordContentHash`; set by the store when absent. */
  hash?: string;
  /** Time written, ms since the epoch; set by the store when absent. */
  t?: number;
  [key: string]: unknown;
}

/** One line of queries.jsonl: one answered form submission. Deduplicated by `key`. */
export interface QueryEntry {
  /** Unique key of the query (form + values); the dedupe key. */
  key: string;
  /** Key of the form it was issued on. */
  form: string;
  /** Field name -> submitted value. */
  values?: Record<string, string>;
  /** The keyword terms of the query. */
  terms?: string[];
  /** Result pages read. */
  resultPages?: number;
  /** Record links listed on the result pages. */
  results?: number;
  /** Records among them not seen before. */
  newRecords?: number;
  /** Result count the site reported, when it shows one. */
  reportedTotal?: number;
  /** True when the submission failed or listed nothing. */
  failed?: boolean;
  /** Why it failed, if it did. */
  error?: string;
  /** The keyword was a function word ("the"): an empty answer says the form ignores them (coordinator/function-words.ts). */
  functionWord?: boolean;
  /** The title the list showed for each of `recordLinks` ('' where it showed none); absent when it showed none at all. */
  recordTitles?: string[];
  /** Time written, ms since the epoch; set by the store when absent. */
  t?: number;
  [key: string]: unknown;
}

/**
 * One line of trace.jsonl: one action of the crawler with its inputs and outcome.
 *
 * - `run-start` (first row; `run-resume` for each resume): version, git commit, options,
 *   config, seeds, model hashes (cli/provenance.ts).
 * - One row per agent message, marked by `msg: {type, digest}` (coordinator/message-trace.ts):
 *   `episode-start`, `page` (outcome.observation = digest of what the page showed), `forms`,
 *   `links`, `next-query` (outcome.query = the query chosen), agent actions `submit` and `next`,
 *   `query-result`, `record`, `allowed`, `error`, `episode-end`. Their order is the order the
 *   coordinator took them: `surfacer replay` re-executes them in it.
 * - The coordinator's own rows, without `msg`: `form-found`, `search-form`.
 */
export interface TraceEvent {
  /** Sequence number, 0, 1, 2, … over the whole run, continued across resumes; set by the store. */
  seq: number;
  /** Time written, ms since the epoch; set by the store. */
  t: number;
  /** What was done (e.g. 'goto', 'submit', 'form-found', 'error'). */
  action: string;
  /** Episode it belongs to. */
  episode?: string;
  /** What the action was given. */
  input?: unknown;
  /** What came of it. */
  outcome?: unknown;
  [key: string]: unknown;
}

/** What a caller passes to `RunStore.trace`: the event without the store's `seq` and `t`. */
export type TraceInput = Omit<TraceEvent, 'seq' | 't'>;

/** The run's identity, written once at creation (state.json → manifest). */
export interface RunManifest {
  /** Layout version of the run directory; set by the store. */
  version: number;
  /** ISO time the run was created; set by the store when absent. */
  created: string;
  /** LVS / site domain the crawl is about (e.g. 'arts'). */
  domain: string;
  /** Query strategy name (e.g. 'a3c', 'random'). */
  strategy: string;
  /** Seed URLs. */
  seeds: string[];
  [key: string]: unknown;
}

/** What `RunStore.create` needs: a manifest without the fields the store fills in. */
export interface RunManifestInput {
  domain: string;
  strategy: string;
  seeds: string[];
  /** Defaults to now. */
  created?: string;
  [key: string]: unknown;
}

/** Counts of what a run holds (pages by the crawler's kind). */
export interface RunCounts {
  pages: number;
  pagesByKind: Record<string, number>;
  records: number;
  queries: number;
  trace: number;
}

/** One entry of the checkpoints index in state.json. */
export interface CheckpointEntry {
  /** 1, 2, 3, … over the run. */
  n: number;
  /** ISO time of the checkpoint. */
  at: string;
  /** Counts at the checkpoint. */
  counts: RunCounts;
  /** Size in bytes of each JSONL file at the checkpoint (all of it was on disk, fsynced). */
  bytes: Record<string, number>;
}

/** The shape of state.json (lowdb). */
export interface RunStateFile {
  manifest: RunManifest;
  config: unknown;
  /** Named state of the crawler's parts (LVS weights, keyword pools, strategy state, …). */
  state: Record<string, unknown>;
  /** The most recent checkpoints (older ones dropped, so the file stays small). */
  checkpoints: CheckpointEntry[];
}
