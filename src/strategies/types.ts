/**
 * Query selection: the part of a deep-web crawler that decides what to type into a search
 * form next. Every strategy (the baselines here, the learned ones later) sees the same
 * candidates and the same evidence, so one harness compares them.
 */

/** One way to fill a search form: field name -> value, plus the words it searches for. */
export interface QueryCandidate {
  /** Stable identity of the query on its form (form key + sorted values). */
  key: string;
  /** Field name -> value to type or select. */
  values: Record<string, string>;
  /** The words this query asks for (keyword typed, option texts chosen); used to estimate its yield. */
  terms: string[];
  /** Where the main value came from. */
  source: CandidateSource;
  /** The LVS label the value came from, so its weight learns from the outcome. */
  label?: string;
  /** Prior weight of the value in its LVS table, when it came from one. */
  prior?: number;
  /**
   * The key of the broader query this one narrows (a drop-down's option under the required
   * drop-down's default): offered after it, and not at all once its answer was complete
   * (coordinator/refinements.ts).
   */
  refines?: string;
  /**
   * A function word ("the", "of") typed as the keyword: a site either matches it literally, and
   * it lists most of the site, or refuses it; once one is refused or lists nothing, the form's
   * other function words are not offered (coordinator/function-words.ts).
   */
  functionWord?: boolean;
  /**
   * The form's opening probe (`OPENING_FUNCTION_WORD`, coordinator/function-words.ts): offered
   * alone before the form's first query, so that it is the first query whatever the strategy.
   */
  opening?: boolean;
  /**
   * Of the site's surface pages read so far, the share that show every word of the value
   * (`candidateQueries`); undefined when none was read or the query has no word. The policy reads
   * it (`siteEvidenceInput`): before any record, it is what tells a value the site names from one
   * it never mentions.
   */
  surfaceShare?: number;
}

/**
 * Where a candidate's main value came from: the domain's LVS table, terms of harvested
 * records (those also seen in record titles apart), terms of the site's own surface pages, a drop-down's options, or nothing to fill.
 */
export type CandidateSource = 'lvs' | 'pool' | 'title' | 'surface' | 'options' | 'default';

/**
 * What the frequency model predicted of an issued query: its new records (with `rankedCaps`,
 * before calibration, so the ratio does not chase its own last value; else after, as `adaptive`
 * has always noted them), and whether its matches were expected to fill the result cap.
 *
 * With `rankedCaps` (`AdaptiveStrategy`), capped predictions calibrate each other, not their
 * source's: the model takes a capped list for a random sample of the matches, but a site lists
 * the top of its own ranking, and the top of one common word's matches is much the top of
 * another's. On the news testbed site (seed 1) four capped lists in a row ("interview",
 * "simple", "the", "crisis": 100 listed each, the model expecting 55.6, 43.4, 19.3 and 15.7 new)
 * brought 41, 25, 15 and 12, while its four edition words, each under the cap, each list a
 * quarter of the site's records. Per source the shortfall of "interview" (a title word) said
 * nothing of "simple" (a word of record text).
 */
export interface ModelPrediction {
  expectedNew: number;
  capped: boolean;
}

/** What happened when a query was issued, as the harvest saw it. */
export interface QueryOutcome {
  key: string;
  source?: CandidateSource;
  terms: string[];
  /** Result links listed over all pages read for this query. */
  results: number;
  /** Records not harvested before this query. */
  newRecords: number;
  /** The strategy's own prediction of newRecords when it chose the query (set by strategies; the learned strategy's yield model notes it before calibration). */
  predictedNew?: number;
  /** The prediction expected the query's matches to fill the result cap (`ModelPrediction`). */
  predictedCapped?: boolean;
  /** Total the site reported ("of 57 results"), when it said one. */
  reportedTotal?: number;
  /** Result pages read. */
  pages: number;
  /** Records known (harvested or queued) before this query: with `results − newRecords`, the recapture count. */
  knownBefore?: number;
  /** The site answered with an error page or no result list. */
  failed?: boolean;
  /** A table value none of the site's surface pages read by then showed (`yieldClass`: 'unshown'). */
  unshown?: boolean;
}

/**
 * The class whose record on a form predicts a fresh query's yield: its source, except that table
 * values none of the site's pages show (`QueryCandidate.surfaceShare` 0) are a class of their own.
 */
export type YieldClass = CandidateSource | 'unshown';

export function yieldClass(c: Pick<QueryCandidate, 'source' | 'surfaceShare'>): YieldClass {
  return c.source === 'lvs' && c.surfaceShare === 0 ? 'unshown' : c.source;
}

/** The class of an issued query, as its outcome recorded it. */
export function outcomeClass(o: QueryOutcome): YieldClass | undefined {
  return o.unshown ? 'unshown' : o.source;
}

/** Corpus statistics of the harvested records, as the keyword pool keeps them. */
export interface CorpusView {
  /** Records added to the pool so far. */
  readonly documents: number;
  /**
   * Records containing `term` (lemma-insensitive as the pool defines it); 0 when unseen. The
   * coordinator counts them as the form sees them: once the form has left out records holding a
   * query word in some part (a title-only search), those holders count by that chance, so the
   * count may be fractional.
   */
  documentFrequency(term: string): number;
  /**
   * The harvested records that the site's result lists have listed once only (Good–Turing's
   * singletons: the sample nearest the records no list has shown), and how many of them hold
   * `term`, counted as `documentFrequency` counts; absent: unknown.
   */
  listedOnce?: { readonly documents: number; frequency(term: string): number };
  /**
   * The harvested records, and those of them `listedOnce`, outside the form's complete result
   * lists that share no holder with `terms` where independence would have them share some: the
   * lists of sibling values of a field that partitions the site (coordinator/exclusive-lists.ts).
   * No unseen record is in a complete list, so these are the sample the terms' unseen holders are
   * drawn from. `covering`: the complete lists that hold every held holder of the terms where
   * independence would leave some outside (the terms' own list: a category's name); outside them
   * the sample holds none, and their records are left out of `documents` too. Undefined: no such
   * list, or unknown.
   */
  outsideExclusiveLists?(terms: readonly string[]): { documents: number; listedOnce: number; lists: string[]; covering?: string[] } | undefined;
  /** How many words exactly `df` records hold (Good–Turing's n_r); absent: unknown. */
  termsWithDf?(df: number): number;
  /** What the pool knows of one word (undefined when unseen): the features of Jiang et al. */
  termStats?(term: string): TermView | undefined;
}

/** Documents and the words' document frequencies in them: the harvested records, or another sample of the site. */
export type DocumentSample = Pick<CorpusView, 'documents' | 'documentFrequency'>;

/** The documents of the sample that hold the candidate's rarest term (0: the sample says nothing of it). */
export function sampleFrequency(c: Pick<QueryCandidate, 'terms'>, sample: DocumentSample): number {
  return c.terms.length ? Math.min(...c.terms.map((t) => sample.documentFrequency(t))) : 0;
}

/** One word's statistics in the harvested records and where it was seen (occurrences by context tag). */
export interface TermView {
  pos: string;
  tf: number;
  df: number;
  ridf: number;
  contexts: Record<string, number>;
}

export interface StrategyContext {
  corpus: CorpusView;
  /** Distinct hidden records harvested from this form's site so far. */
  harvested: number;
  /** Seeded random source in [0, 1). */
  rng: () => number;
  /**
   * How often result lists have listed each record: `once` records listed exactly one time,
   * out of `total` listings. once/total is the Good–Turing estimate of the share of the next
   * listing that will be a record never listed before.
   */
  captures?: { once: number; total: number };
  /**
   * The titles the site's result lists have shown, one per listed record, fetched or not
   * (coordinator/listed-titles.ts): before any record is held, the only sample of what the form
   * matches. The learned strategy's prior reads it; the baselines keep to their papers' evidence.
   */
  listedTitles?: DocumentSample;
}

export interface QueryStrategy {
  readonly name: string;
  /** Picks the next query among unissued candidates, or null to stop querying this form. */
  choose(candidates: readonly QueryCandidate[], ctx: StrategyContext): QueryCandidate | null;
  /** Learns from the outcome of a query it (or another agent) issued. */
  observe(outcome: QueryOutcome): void;
  /** State to save in the run store for resume. */
  toJSON(): unknown;
}
