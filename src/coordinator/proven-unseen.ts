/**
 * Records a site certainly still holds back, from the totals its result pages stated. A query
 * that stated T matches, where T is no cap on what one query lists (`mayBeAllMatches`: another
 * query of the form stated more), while the crawl holds fewer than T records matching it, has
 * matches the crawl has never met. Chao1 (`unseen-records.ts`) cannot see them: a capped list
 * ranks the same records last every time, so the records no list reaches are never sampled at
 * all, and the lists' repeats say the site is harvested. On the 50 sites of
 * bench-results/replication-seeds11-20/ the three crawls that left a record behind (home at
 * seeds 18 and 20, society at 19) each stopped 16 queries in, with one record proven unseen
 * this way ("major": 235 stated, 234 held); on the other 47 no total proved any.
 */
import { mayBeAllMatches } from './search-fields.ts';

/**
 * What a crawl does with records proven unseen (`crawl --proven-unseen`):
 * - `hunt-at-once`: from the first proof on, the form is not left and its queries are ranked by where
 *   the proof says the records lie (`huntScores`);
 * - `hunt`: the same, but the hunt starts only once the form's dry streak reaches the one that would
 *   offer "stop" (stop 79's crawls);
 * - `ignore`: the proofs change nothing (runs before stop 79).
 */
export const PROVEN_UNSEEN_MODES = ['hunt-at-once', 'hunt', 'ignore'] as const;
export type ProvenUnseenMode = (typeof PROVEN_UNSEEN_MODES)[number];

/** One answered keyword query's words and the total its result page stated. */
export interface StatedTotal {
  terms: readonly string[];
  reportedTotal: number;
}

/** A stated total that proves records unseen: the query's words, held by every one of them, and how many. */
export interface UnseenProof {
  terms: readonly string[];
  unseen: number;
}

/**
 * The stated totals that prove at least `least` matches unseen: T less the held records
 * matching the query (`heldMatches`, counted high so that a proof errs towards none), over the
 * totals that are not the cap.
 */
export function unseenProofs(totals: readonly StatedTotal[], heldMatches: (terms: readonly string[]) => number, least = 1): UnseenProof[] {
  let top = -Infinity;
  let second = -Infinity;
  for (const { reportedTotal } of totals) {
    if (reportedTotal > top) [top, second] = [reportedTotal, top];
    else if (reportedTotal > second) second = reportedTotal;
  }
  const proofs: UnseenProof[] = [];
  for (const s of totals) {
    // The largest total among the *other* answers: the top one's is the runner-up.
    const largestOther = s.reportedTotal === top ? second : top;
    if (!mayBeAllMatches(s.reportedTotal, Number.isFinite(largestOther) ? largestOther : undefined)) continue;
    const unseen = s.reportedTotal - heldMatches(s.terms);
    if (unseen >= least) proofs.push({ terms: s.terms, unseen });
  }
  return proofs;
}

/**
 * Where to look for proven-unseen records (from the first proof, or once the form has run dry:
 * `ProvenUnseenMode`): each keyword query's
 * expected share of them that its list shows. An unseen record of a proof holds the proof's
 * words; among the held records that hold them, the share that also hold the candidate's words
 * is the chance it does too (the unseen records were drawn from the site as the held ones
 * were, only ranked out of every list). A list longer than `cap` (the most any answer listed)
 * is cut there, and the same records fall out of it as out of the lists before, so it counts
 * by the share it shows, `cap` over the candidate's held holders. Candidates that fill more
 * than the keyword field (`terms` null) score 0: a filter narrows the list in ways the held
 * records cannot tell.
 */
export function huntScores(candidates: readonly { key: string; terms: readonly string[] | null }[], proofs: readonly UnseenProof[], holders: (term: string) => ReadonlyMap<string, unknown>, cap: number): Map<string, number> {
  // The records holding every term: a one-word query's are the pool's own holders, read in place.
  const holding = (terms: readonly string[]): Holders => {
    const sets = terms.map((t) => holders(t));
    if (sets.length === 1) return sets[0]!;
    const smallest = sets.reduce((a, b) => (b.size < a.size ? b : a));
    return new Set([...smallest.keys()].filter((url) => sets.every((h) => h.has(url))));
  };
  // Largest proof first: a score is at most its proof's unseen count, so the scan can stop there
  // (a crawl asks this at every choice, and a large site's common words have thousands of holders).
  const proven = proofs
    .filter((p) => p.terms.length)
    .sort((a, b) => b.unseen - a.unseen)
    .map((p) => {
      let held: Holders | undefined;
      return { unseen: p.unseen, held: () => (held ??= holding(p.terms)) };
    });
  const scores = new Map<string, number>();
  for (const c of candidates) {
    if (!c.terms?.length || !proven.length) {
      scores.set(c.key, 0);
      continue;
    }
    const mine = holding(c.terms);
    const shown = mine.size > cap ? cap / mine.size : 1;
    let best = 0;
    for (const p of proven) {
      if (p.unseen <= best) break;
      const held = p.held();
      if (!held.size) continue;
      const [small, large] = held.size <= mine.size ? [held, mine] : [mine, held];
      let both = 0;
      for (const url of small.keys()) if (large.has(url)) both++;
      best = Math.max(best, (p.unseen * both) / held.size);
    }
    scores.set(c.key, best * shown);
  }
  return scores;
}

/** A set of record URLs: a holder map of the pool, or the intersection of several. */
type Holders = { readonly size: number; has(url: string): boolean; keys(): Iterable<string> };
