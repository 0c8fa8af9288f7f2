/**
 * Which records a search form's keyword search lists, by the parts of a record that hold the
 * word (title, text, attributes: a part mask), learnt from what its result lists list; and what
 * that says of a list's unread pages.
 *
 * Evidence: after a one-word keyword query, each harvested record that holds the word counts
 * for its mask: listed, a hit; not listed by a list read to its end (and not possibly cut by the
 * site's cap on results), a miss. An empty answer ("no results") counts its holders as misses
 * unless one of them holds the word in parts the form has listed (then it is a refusal). Before,
 * on sports' headline search, "community" (in the text of most reports, in no title) came back
 * empty and taught nothing. On a title-only search, records holding the word in their title
 * and text are listed and records holding it in their text alone are not; on a full-text search
 * both are. Counting by mask rather than by part needs no assumption on how parts combine.
 *
 * Use: a result list stating its total has `total − listed` records left to show. When the
 * harvested records that should match the query and have not been listed yet fill that rest,
 * the unread pages can only list records the crawl already has, and reading them costs fetches
 * for nothing (`restIsKnown`). Every error here makes the reader read on, not stop: a mask
 * counts at hits / (hits + misses + 1), so 0 before any evidence; the held matches count at
 * their mean less two standard deviations; records listed earlier but not yet fetched are not
 * in the pool; and a total that reaches the largest other total of the form may be a cap.
 */
import { RECORD_PARTS, type RecordPool } from '../lvs/index.ts';

/** Read on unless fewer than this many records of the rest are expected to be new. */
export const NEW_LEFT_TO_READ_ON = 0.5;
/** The held matches count at their mean less this many standard deviations: many unsure holders must not add up to a certain rest. */
const HELD_SD_MARGIN = 2;

const NONE: ReadonlySet<string> = new Set();
/** Part masks run from 1 (title) to 7 (title, text and attributes). */
const MASKS = 8;

/** A count that is a sum of independent chances: its mean and variance. */
export interface ExpectedCount {
  mean: number;
  variance: number;
}

export interface MaskEvidence {
  hits: number;
  misses: number;
}

export class SearchFieldModel {
  private readonly evidence: MaskEvidence[] = Array.from({ length: MASKS }, () => ({ hits: 0, misses: 0 }));

  /**
   * Learns from one keyword query's answer: `listed` the canonical URLs of the records its
   * pages listed, `complete` whether the list was read to its end and holds every match.
   */
  observe(terms: readonly string[], listed: ReadonlySet<string>, complete: boolean, pool: RecordPool): void {
    if (terms.length !== 1) return;
    const holders = pool.recordsHolding(terms[0]!);
    // An empty answer for a word held in parts the form has listed before is a refusal (a rate
    // limit, a word the site will not search), not a sign that it skips those parts.
    if (listed.size === 0 && [...holders.values()].some((mask) => this.evidence[mask]!.hits > 0)) return;
    for (const [url, mask] of holders) {
      if (listed.has(url)) this.evidence[mask]!.hits++;
      else if (complete) this.evidence[mask]!.misses++;
    }
  }

  /**
   * The chance that the form lists a record holding a word in the parts of `mask`, counted low:
   * hits / (hits + misses + 1), so a mask never seen listed counts 0.
   */
  matchChance(mask: number): number {
    const e = this.evidence[mask];
    return e ? e.hits / (e.hits + e.misses + 1) : 0;
  }

  /**
   * The chance that the form lists a record holding a word in the parts of `mask`, counted high:
   * (hits + 1) / (hits + misses + 1), so a mask never seen missed counts 1. What the yield model
   * scales its document frequencies by: until the form shows otherwise, it searches every part.
   */
  listedChanceHigh(mask: number): number {
    const e = this.evidence[mask];
    return e ? (e.hits + 1) / (e.hits + e.misses + 1) : 1;
  }

  /** Whether some complete list has left out a harvested record holding its word: the form does not search every part. */
  hasMissed(): boolean {
    return this.evidence.some((e) => e.misses > 0);
  }

  /**
   * The document frequency of one word as this form sees it: the harvested records holding it,
   * each by the chance (counted high) that the form lists a record holding it in those parts.
   * Undefined while no list has missed a holder: then every holder counts 1, the pool's own df.
   * On a title-only search a word of many records' text and no title ("free" in 232 of 300
   * sports reports) lists none of them; counted over all parts, the yield model took it for one
   * of the site's commonest words, and its queries came back empty.
   */
  formDocumentFrequency(word: string, pool: RecordPool): number | undefined {
    return this.hasMissed() ? this.formHolderCount(word, pool) : undefined;
  }

  /**
   * The holders of one word that `keep` keeps (all by default), counted as
   * `formDocumentFrequency` counts them: each by its chance of being listed once a list has
   * missed a holder, else 1.
   */
  formHolderCount(word: string, pool: RecordPool, keep: (url: string) => boolean = () => true): number {
    const missed = this.hasMissed();
    let count = 0;
    for (const [url, mask] of pool.recordsHolding(word)) if (keep(url)) count += missed ? this.listedChanceHigh(mask) : 1;
    return count;
  }

  /** How many harvested records, outside `exclude`, a query for all of `terms` matches: each holder counts by its chance. */
  expectedHeldMatches(terms: readonly string[], pool: RecordPool, exclude: ReadonlySet<string>): ExpectedCount {
    const count = { mean: 0, variance: 0 };
    for (const [, p] of this.heldMatchChances(terms, pool, exclude)) {
      count.mean += p;
      count.variance += p * (1 - p);
    }
    return count;
  }

  /**
   * How many harvested records a query for all of `terms` matches, counted high: each holder by
   * the chance (counted high, `listedChanceHigh`) that the form lists it, so 1 each until a
   * list has missed a holder. A bound on what the crawl holds (`provenUnseen`) must not
   * undercount it.
   */
  heldMatchesHigh(terms: readonly string[], pool: RecordPool): number {
    let count = 0;
    for (const [, p] of this.heldMatchChances(terms, pool, NONE, (mask) => this.listedChanceHigh(mask))) count += p;
    return count;
  }

  /** The `n` harvested records outside `exclude` likeliest to match all of `terms`: what a list's skipped rest is taken to hold. */
  likeliestHeldMatches(terms: readonly string[], pool: RecordPool, exclude: ReadonlySet<string>, n: number): string[] {
    if (n <= 0) return [];
    const scored = [...this.heldMatchChances(terms, pool, exclude)].filter(([, p]) => p > 0);
    scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return scored.slice(0, n).map(([url]) => url);
  }

  /**
   * Each harvested record outside `exclude` that holds every one of `terms`, with its chance of
   * matching: the product over the terms of `chance` of the parts holding each (counted low,
   * `matchChance`, unless told otherwise); a record lacking a term has chance 0.
   */
  private *heldMatchChances(terms: readonly string[], pool: RecordPool, exclude: ReadonlySet<string>, chance = (mask: number) => this.matchChance(mask)): Generator<[string, number]> {
    if (terms.length === 0) return;
    const holders = terms.map((t) => pool.recordsHolding(t));
    const smallest = holders.reduce((a, b) => (b.size < a.size ? b : a));
    for (const url of smallest.keys()) {
      if (exclude.has(url)) continue;
      let p = 1;
      for (const h of holders) {
        const mask = h.get(url);
        p *= mask === undefined ? 0 : chance(mask);
      }
      yield [url, p];
    }
  }

  evidenceOf(mask: number): MaskEvidence {
    return { ...(this.evidence[mask] ?? { hits: 0, misses: 0 }) };
  }

  /** Evidence by mask, named by parts ("title+text"), masks without any left out. */
  toJSON(): Record<string, MaskEvidence> {
    const out: Record<string, MaskEvidence> = {};
    for (let mask = 1; mask < MASKS; mask++) {
      const e = this.evidence[mask]!;
      if (e.hits + e.misses === 0) continue;
      const name = Object.entries(RECORD_PARTS).filter(([, bit]) => mask & bit).map(([part]) => part).join('+');
      out[name] = { ...e };
    }
    return out;
  }
}

/**
 * Whether the unread pages of a result list can only hold records the crawl already has: the
 * list stated `reportedTotal`, `listed` records have been shown, and `heldUnlisted` harvested
 * records match the query without having been shown yet (counted low: mean less two standard
 * deviations). `largestOtherTotal` is the largest total the form's other queries stated: a
 * total that reaches it may be the site's cap on what it lists, not the number of matches,
 * and then the held matches may lie beyond the cap while unheld ones fill the rest.
 */
export function restIsKnown(o: { reportedTotal?: number; listed: number; heldUnlisted: ExpectedCount; largestOtherTotal?: number }): boolean {
  if (o.reportedTotal === undefined || !mayBeAllMatches(o.reportedTotal, o.largestOtherTotal)) return false;
  const rest = o.reportedTotal - o.listed;
  if (rest <= 0) return false;
  const heldLow = o.heldUnlisted.mean - HELD_SD_MARGIN * Math.sqrt(o.heldUnlisted.variance);
  return rest - heldLow < NEW_LEFT_TO_READ_ON;
}

/**
 * The records of a list's unread rest the crawl does not hold, as many as expected (the held
 * matches at their mean): the stated total less those listed and the held matches not yet
 * listed. Undefined where the total may be a cap (`mayBeAllMatches`) or the list states none.
 */
export function unheldInRest(o: { reportedTotal?: number; listed: number; heldUnlisted: ExpectedCount; largestOtherTotal?: number }): number | undefined {
  if (o.reportedTotal === undefined || !mayBeAllMatches(o.reportedTotal, o.largestOtherTotal)) return undefined;
  return Math.max(0, o.reportedTotal - o.listed - o.heldUnlisted.mean);
}

/** A list of `size` (its stated total or its length) holds every match only if another query of the form stated more: else it may be the cap. */
export function mayBeAllMatches(size: number, largestOtherTotal: number | undefined): boolean {
  return largestOtherTotal !== undefined && size < largestOtherTotal;
}
