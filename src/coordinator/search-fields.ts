/**
 * Which parts of a record (title, text, attributes) a search form matches its keyword
 * against, learnt from what its result lists list, and what that says of a list's unread
 * pages.
 *
 * Evidence: after a one-word keyword query, each harvested record that holds the word in
 * exactly one part tells about that part: listed, the form searches it (a hit); not listed by
 * a list read to its end, it does not (a miss). Records holding the word in several parts say
 * nothing about any one of them. Each part's match probability is Laplace's (hits + 1) /
 * (hits + misses + 2), so before any evidence it is ½ for every part.
 *
 * Use: a result list stating its total has `total − listed` records left to show. When the
 * harvested records that should match the query and have not been listed yet are expected to
 * fill that rest, the unread pages can only list records the crawl already has, and reading
 * them costs fetches for nothing (`restIsKnown`). Records listed earlier but not yet fetched
 * are not in the pool, and ½ before evidence undercounts, so both errors make the reader read on.
 */
import { RECORD_PARTS, type RecordPart, type RecordPool } from '../lvs/index.ts';

const PARTS = Object.keys(RECORD_PARTS) as RecordPart[];
/** Read on unless fewer than this many records of the rest are expected to be new. */
const NEW_LEFT_TO_READ_ON = 0.5;

export interface PartEvidence {
  hits: number;
  misses: number;
}

export class SearchFieldModel {
  private readonly evidence: Record<RecordPart, PartEvidence> = { title: { hits: 0, misses: 0 }, text: { hits: 0, misses: 0 }, attributes: { hits: 0, misses: 0 } };

  /**
   * Learns from one keyword query's answer: `listed` the canonical URLs of the records its
   * pages listed, `complete` whether the list was read to its end (no further page, every
   * stated result listed).
   */
  observe(terms: readonly string[], listed: ReadonlySet<string>, complete: boolean, pool: RecordPool): void {
    if (terms.length !== 1) return;
    for (const [url, mask] of pool.recordsHolding(terms[0]!)) {
      const part = PARTS.find((p) => RECORD_PARTS[p] === mask);
      if (!part) continue;
      if (listed.has(url)) this.evidence[part].hits++;
      else if (complete) this.evidence[part].misses++;
    }
  }

  /** Probability that the form matches a word held in `part`. */
  partProbability(part: RecordPart): number {
    const e = this.evidence[part];
    return (e.hits + 1) / (e.hits + e.misses + 2);
  }

  /** Probability that the form matches a record holding a word in the parts of `mask`. */
  maskProbability(mask: number): number {
    let missAll = 1;
    for (const p of PARTS) if (mask & RECORD_PARTS[p]) missAll *= 1 - this.partProbability(p);
    return 1 - missAll;
  }

  /** Expected number of harvested records, outside `exclude`, that a query for all of `terms` matches. */
  expectedHeldMatches(terms: readonly string[], pool: RecordPool, exclude: ReadonlySet<string>): number {
    if (terms.length === 0) return 0;
    const holders = terms.map((t) => pool.recordsHolding(t));
    const smallest = holders.reduce((a, b) => (b.size < a.size ? b : a));
    let expected = 0;
    for (const url of smallest.keys()) {
      if (exclude.has(url)) continue;
      let p = 1;
      for (const h of holders) p *= this.maskProbability(h.get(url) ?? 0);
      expected += p;
    }
    return expected;
  }

  evidenceOf(part: RecordPart): PartEvidence {
    return { ...this.evidence[part] };
  }

  toJSON(): Record<RecordPart, PartEvidence> {
    return { title: this.evidenceOf('title'), text: this.evidenceOf('text'), attributes: this.evidenceOf('attributes') };
  }
}

/**
 * Whether the unread pages of a result list can only hold records the crawl already has: the
 * list stated `reportedTotal`, `listed` records have been shown, and `heldUnlisted` harvested
 * records are expected to match the query without having been shown yet.
 */
export function restIsKnown(o: { reportedTotal?: number; listed: number; heldUnlisted: number }): boolean {
  if (o.reportedTotal === undefined) return false;
  const rest = o.reportedTotal - o.listed;
  if (rest <= 0) return false;
  return rest - o.heldUnlisted < NEW_LEFT_TO_READ_ON;
}
