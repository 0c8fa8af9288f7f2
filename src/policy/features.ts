/**
 * The numbers the policy network reads, and their sizes. Words become hashed token ids (a
 * fixed vocabulary of buckets, so a model trained on some domains reads any other domain's
 * words without a vocabulary file); everything else is a short vector of values in about [0, 1].
 */
import { hash32 } from '../lvs/random.ts';
import type { ModelPrediction } from '../strategies/types.ts';

/** Hash buckets of the token embedding. */
export const VOCAB_BUCKETS = 1024;
/** Tokens of the form page the convolution reads (most frequent content words first). */
export const PAGE_TOKENS = 48;
/** Tokens of a candidate's value. */
export const CANDIDATE_TOKENS = 3;
/** Steps of the episode the LSTM reads (the most recent ones). */
export const HISTORY_STEPS = 8;

/** Context features (`stateContext`). */
export const CONTEXT_DIM = 8;
/** Candidate features: Jiang et al.'s 17 (`queryFeatures`) + kernel estimate, evidence, prior, stop flag. */
export const CANDIDATE_DIM = 21;
/** History row: reward, new records, failed, then the taken action's source one-hot (6) and stop flag. */
export const HISTORY_DIM = 10;
/** History row, continued: the taken action was "next result page" / "back to the form" (`PAGE_ACTIONS`). */
export const HISTORY_PAGE_DIM = 2;
/**
 * Features of a result-page action ("next page" or "back to the form", `pageActionInput`):
 * which of the two it is, then what the page shows — page number, share and count of its
 * records new to the crawl, records listed, whether the site states a total and how much of
 * it this query has not listed yet, share of the query's listings so far new to the crawl.
 */
export const PAGE_ACTION_DIM = 9;

/**
 * The yield model's estimate for a candidate (`yieldEstimateInput`), in the rows after the
 * result-page action features: Ntoulas et al.'s expected new records per unit cost, the new
 * records alone, and whether the frequency model stood behind it (the term is in harvested
 * records) or only its source's record on the form. The kernel estimate mixes sources with
 * the other features; this is the evidence `adaptive` adapts by — LVS names that all came
 * back empty on a site that searches titles only drop after a few queries, not after the table.
 */
export const YIELD_ESTIMATE_DIM = 3;

/** What `AdaptiveStrategy.estimate` and `efficiency` say of one candidate on its form. */
export interface YieldEstimate {
  /** Expected new records per unit cost, in [0, 1). */
  efficiency: number;
  expectedNew: number;
  /** The estimate comes from the term's frequency in harvested records, not from its source's yield. */
  modelled: boolean;
  /** The frequency model's prediction (when `modelled`, `ModelPrediction`), which calibrates it once the query is issued. */
  prediction?: ModelPrediction;
  /**
   * Share of the candidate's source's queries on this form that found a new record (Laplace,
   * `AdaptiveStrategy.sourceHitRate`): how far the site searches where that source's words were
   * seen. Absent: 1.
   */
  sourceHitRate?: number;
}

export function yieldEstimateInput(e: YieldEstimate): number[] {
  return [Math.min(1, Math.max(0, e.efficiency)), Math.min(1, Math.log1p(Math.max(0, e.expectedNew)) / 4), e.modelled ? 1 : 0];
}

/**
 * What the site's own pages say of a query (`siteEvidenceInput`), in the rows after the yield
 * estimate: whether any surface page read so far shows every word of its value, and the share
 * of those pages that do. At a site's first query nothing is harvested and the yield model
 * rates every fresh value alike, but the pages already tell the values apart: over the first
 * query decisions of 35 testbed sites, table values no surface page showed listed nothing 98 %
 * of the time (mean 0.8 new records), those two or more pages showed 12 % (mean 52.6)
 * (bench-results/site-evidence/). Where a keyword was seen is Jiang et al.'s HTML feature; the
 * records' contexts (`queryFeatures`) are empty until records are harvested.
 */
export const SITE_EVIDENCE_DIM = 2;

/** `share`: of the site's surface pages read so far, those showing every word of the value (undefined: none read, or a query without words). */
export function siteEvidenceInput(share: number | undefined): number[] {
  if (share === undefined) return [0, 0];
  return [share > 0 ? 1 : 0, Math.min(1, Math.max(0, share))];
}

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'from', 'that', 'this', 'are', 'was', 'you', 'your', 'our', 'all', 'any', 'not', 'but', 'has', 'have', 'can', 'its', 'into', 'more', 'about', 'search', 'page']);

/** FNV-1a of a word, into [1, VOCAB_BUCKETS): 0 is padding. */
export function tokenBucket(word: string): number {
  return 1 + (hash32(word) % (VOCAB_BUCKETS - 1));
}

/** Hashed ids of a value's words, padded with 0 to `CANDIDATE_TOKENS`. */
export function valueTokens(terms: readonly string[]): number[] {
  const ids = terms.slice(0, CANDIDATE_TOKENS).map(tokenBucket);
  while (ids.length < CANDIDATE_TOKENS) ids.push(0);
  return ids;
}

/**
 * The page's content words as hashed ids, most frequent first (ties in reading order), padded
 * to `PAGE_TOKENS`: a page's topic in a fixed-size window the convolution can read.
 */
export function pageTokens(text: string): number[] {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length > 2 && !STOP_WORDS.has(w) && !/^\d+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).slice(0, PAGE_TOKENS).map(([w]) => tokenBucket(w));
  while (ranked.length < PAGE_TOKENS) ranked.push(0);
  return ranked;
}

/** What the coordinator knows of a form's progress, for `stateContext`. */
export interface FormProgress {
  /** Queries issued on this form. */
  issued: number;
  /** Distinct records harvested (or listed) from the form's site. */
  siteRecords: number;
  /** Largest total a result page reported, when one did. */
  reportedTotal?: number;
  /** Good–Turing share of the next listing that will be new (1 before any listing). */
  newShare: number;
  /** New records of this form's last queries, most recent last. */
  recentNew: readonly number[];
  /** Queries in a row without a new record, over the patience. */
  zeroStreakShare: number;
  /** Share of the crawl's query budget spent. */
  budgetSpent: number;
}

/** Where `stateContext` puts the dry streak over the patience (`FormProgress.zeroStreakShare`). */
export const CONTEXT_DRY_SHARE = 6;

/** The fixed-length context vector of a decision. */
export function stateContext(p: FormProgress): number[] {
  const recent = p.recentNew.slice(-5);
  const meanRecent = recent.length ? recent.reduce((a, b) => a + b, 0) / recent.length : 0;
  return [
    Math.min(2, p.issued / 100),
    Math.min(1.5, Math.log1p(p.siteRecords) / 7),
    p.reportedTotal ? Math.min(1, p.siteRecords / p.reportedTotal) : 0,
    p.reportedTotal ? 1 : 0,
    p.newShare,
    Math.min(2, Math.log1p(meanRecent) / 3),
    p.zeroStreakShare,
    Math.min(1, p.budgetSpent),
  ];
}

/** One step of the history the LSTM reads: what the action was and what it earned. */
export function historyRow(candidate: { features: readonly number[]; page?: readonly number[] }, reward: number, newRecords: number, failed: boolean): number[] {
  const f = candidate.features;
  // The source one-hot sits at the end of Jiang's 17 features (indices 11..16); the stop flag is last.
  return [Math.max(-1, Math.min(3, reward)), Math.min(2, Math.log1p(newRecords) / 3), failed ? 1 : 0, ...f.slice(11, 17), f[CANDIDATE_DIM - 1] ?? 0, candidate.page?.[0] ?? 0, candidate.page?.[1] ?? 0];
}

/** The two actions on a result page that has a next page: read it, or go back to the form for another query. */
export const PAGE_ACTIONS = ['next-page', 'back'] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** What a result page showed, for the decision whether to read the next one. */
export interface ResultPageSeen {
  /** 1-based number of the page just read. */
  pageNo: number;
  /** Record links it listed. */
  listed: number;
  /** Of those, new to the crawl (neither harvested nor listed before). */
  newToCrawl: number;
  /** The total the site says the query matched, when it says one. */
  reportedTotal?: number;
  /** Record links this query listed so far, and how many of them were new to the crawl. */
  queryListed: number;
  queryNew: number;
  /** The yield model's best efficiency among the form's unissued queries now: what going back would bring per fetch (absent: unknown). */
  bestQueryEfficiency?: number;
  /** Once the site looks harvested and the form dry: the crawl's records per fetch, what leaving the list is worth (coordinator/dry-lists.ts). */
  leaveRate?: number;
}

/** The candidate input of a result-page action: `page` features, no query features, no words. */
export function pageActionInput(action: PageAction, seen: ResultPageSeen): { features: number[]; tokens: number[]; page: number[] } {
  const remaining = seen.reportedTotal ? Math.max(0, seen.reportedTotal - seen.queryListed) / seen.reportedTotal : 0;
  const page = [
    action === 'next-page' ? 1 : 0,
    action === 'back' ? 1 : 0,
    Math.min(1, seen.pageNo / 10),
    seen.listed ? seen.newToCrawl / seen.listed : 0,
    Math.min(2, Math.log1p(seen.newToCrawl) / 3),
    Math.min(2, Math.log1p(seen.listed) / 3),
    seen.reportedTotal !== undefined ? 1 : 0,
    Math.min(1, remaining),
    seen.queryListed ? seen.queryNew / seen.queryListed : 0,
  ];
  return { features: new Array<number>(CANDIDATE_DIM).fill(0), tokens: valueTokens([]), page };
}
