/**
 * What the evaluator reads (the run directory's rows, reduced to the fields it uses) and
 * what it writes (`report.json`, a contract: the crawl CLI, the HTML page and the bench
 * scripts read it). Truth-based fields are present only when the run's seeds were built-in
 * testbed sites and the ground truth was loaded.
 */
import type { PrPoint, RocPoint } from './curves.ts';

export type CrawlerPageKind = 'surface' | 'result' | 'record';
export type TruthPageKind = 'surface' | 'result' | 'record' | 'trap' | 'other';

/** One line of pages.jsonl (fields the report uses; the store writes more). */
export interface RunPage {
  url: string;
  finalUrl?: string;
  depth: number;
  kind: CrawlerPageKind | string;
  via?: string;
  /** Crawler's confidence (0..1) that the page is deep (a result or record page). */
  score?: number;
  status?: number;
  query?: string;
  t?: number;
}

/** One line of records.jsonl. */
export interface RunRecord {
  url: string;
  depth?: number;
  query?: string;
  t?: number;
}

/** One line of queries.jsonl, in issue order. */
export interface RunQuery {
  key: string;
  form?: string;
  results?: number;
  newRecords?: number;
  /** The record links its result pages listed, in order (repeats included). */
  recordLinks?: string[];
  failed?: boolean;
  t?: number;
}

/** One line of trace.jsonl. */
export interface RunTraceEvent {
  action: string;
  input?: unknown;
  outcome?: unknown;
  t?: number;
}

/** The coordinator's saved counters (state.json → coordinator). */
export interface CoordinatorCounters {
  queriesIssued?: number;
  errors?: number;
  formsFound?: Record<string, number>;
  formsSkipped?: Record<string, number>;
}

export interface RunManifestInfo {
  domain?: string;
  strategy?: string;
  seeds?: string[];
  testbed?: { domain: string; scale: string; seed: number; [key: string]: unknown };
}

/**
 * The ground truth as the evaluator needs it. `truthViewOf` builds it from the testbed's
 * `GroundTruth`; tests can write one by hand.
 */
export interface TruthView {
  domain: string;
  scale?: string;
  seed?: number;
  origin?: string;
  /** Hidden records: canonical detail-page URLs. */
  recordUrls: readonly string[];
  /** Every surface page (canonical URL) with its shortest link depth from home. */
  surfacePages: readonly { url: string; depth: number }[];
  /** Search forms: the page they sit on (canonical), their index among its forms, its depth. */
  searchForms: readonly { pageUrl: string; index: number; depth: number }[];
  /** Truth kind of a canonical URL without fragment. */
  classify(url: string): TruthPageKind;
}

/** Everything `buildReport` computes from; `readRunDir` fills it from a run directory. */
export interface ReportInput {
  pages: readonly RunPage[];
  records: readonly RunRecord[];
  queries: readonly RunQuery[];
  trace: readonly RunTraceEvent[];
  manifest?: RunManifestInfo;
  coordinator?: CoordinatorCounters;
  truth?: TruthView;
  /** Wall time of the crawl; when absent, the span of the rows' `t` stamps. */
  wallSeconds?: number;
  /** ISO time; defaults to now. */
  generatedAt?: string;
  /** Lines of the run files that did not parse (a torn last line of a killed crawl), per file. */
  skippedLines?: Record<string, number>;
}

export interface ReportTotals {
  /** Distinct pages in pages.jsonl. */
  pagesFetched: number;
  /** By the crawler's own label. */
  surfacePages: number;
  resultPages: number;
  recordPages: number;
  recordsHarvested: number;
  /** Lines of queries.jsonl (answered queries), or the coordinator's count when larger. */
  queriesIssued: number;
  queriesFailed: number;
  /** Every form the crawler saw, by the type its classifier gave. */
  formsFound: Record<string, number>;
  /** Distinct forms that queries were issued on, by the crawler's type. */
  formsSubmitted: Record<string, number>;
  /** Forms recognised but not submitted, with the reason (coordinator state). */
  formsSkipped: Record<string, number>;
  errors: number;
}

export interface CoveragePoint {
  /** 1-based index of the query in issue order. */
  query: number;
  key: string;
  /** Distinct hidden records attributed to queries 1..query. */
  records: number;
  coverage: number;
}

export interface RecordsPoint {
  query: number;
  key: string;
  /** Distinct records attributed to queries 1..query. */
  records: number;
}

/**
 * Average harvest ratio by depth (the paper's figure): for depth d, `pages` = pages fetched
 * at link depth d, `records` = distinct records whose own detail page sat at depth d (with
 * ground truth: hidden records only), `harvestRate` = records / pages (null with no pages).
 */
export interface HarvestRateRow {
  depth: number;
  pages: number;
  records: number;
  harvestRate: number | null;
}

export interface SearchFormsRow {
  depth: number;
  /** Search forms the crawler found at this depth (with truth: true search forms it classified as search). */
  found: number;
  /** Forms the crawler classified as search at this depth, right or wrong. */
  classifiedSearch: number;
  /** Search forms in the ground truth at this depth (null without truth). */
  truth: number | null;
  /** Found at depth ≤ d over all search forms in the truth (without truth: over all found). */
  cumulativeFraction: number | null;
}

export interface DeepFractionRow {
  depth: number;
  pages: number;
  /** With truth: truth-labelled result/record pages; without: the crawler's labels. */
  deepPages: number;
  fraction: number | null;
}

export interface UnseenRecordsEstimate {
  /** Distinct records the result lists showed; of them, listed by exactly one and two queries. */
  listed: number;
  listedOnce: number;
  listedTwice: number;
  /** Chao1's estimate of the records no list showed. */
  estimatedUnseen: number;
  /** listed / (listed + estimatedUnseen): the share of the site's records the lists reached. */
  estimatedCoverage: number;
}

export type KindConfusion = Record<string, Record<string, number>>;

export interface Report {
  version: 1;
  generatedAt: string;
  domain: string | null;
  strategy: string | null;
  seeds: string[];
  /** True when the truth-based fields below were computed against the testbed's ground truth. */
  groundTruth: { domain: string; scale?: string; seed?: number; origin?: string; records: number; surfacePages: number; searchForms: number } | null;
  totals: ReportTotals;
  /** Lines of the run files the report could not read, per file (absent when none). */
  skippedLines?: Record<string, number>;
  timing: { wallSeconds: number | null; pagesPerSecond: number | null };
  /** Hidden records harvested / hidden records in the truth. */
  coverage?: number;
  hiddenRecordsHarvested?: number;
  coverageByQuery?: CoveragePoint[];
  queriesTo90?: number | null;
  queriesTo99?: number | null;
  /** Without truth: cumulative records after each query. */
  recordsByQuery?: RecordsPoint[];
  /**
   * Per site origin, what the result lists say about the records none of them showed: Chao1 over
   * how many queries listed each record (the estimate the a3c policy's stop is guarded by). An
   * estimate of coverage without ground truth; it runs high where each query lists few records.
   */
  unseenRecords?: Record<string, UnseenRecordsEstimate>;
  harvestRateByDepth: HarvestRateRow[];
  searchableFormsByDepth: SearchFormsRow[];
  deepFractionByDepth: DeepFractionRow[];
  /** Crawler score vs truth deep label (result or record); points thinned to at most 1000. */
  precisionRecall?: { points: PrPoint[]; averagePrecision: number | null; positives: number };
  roc?: { points: RocPoint[]; auc: number | null; positives: number; negatives: number };
  /** crawler kind → truth kind → pages. */
  kindConfusion?: KindConfusion;
  /** The crawler's hard label (kind result/record) as a deep-page detector. */
  kindAsDeepDetector?: { precision: number | null; recall: number | null; f1: number | null };
  /**
   * Pages retrieved by truth kind; deepFraction = deep / (deep + surface); surfaceCoverage =
   * truth surface pages fetched / truth surface pages (trap pages left out of both).
   */
  deepVsSurface?: { deepPages: number; surfacePages: number; trapPages: number; otherPages: number; deepFraction: number | null; surfaceCoverage: number | null };
}
