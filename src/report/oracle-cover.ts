/**
 * The oracle's query count: greedy (partial) set cover over the ground truth. Pure functions
 * over sets of record ids; `oracle-site.ts` builds the candidate queries of a testbed site.
 *
 * Greedy is not optimal, so its count is not itself a lower bound on what any strategy
 * could do; it is the classic H(k)-approximation (Slavík 1997 for partial cover: to cover k
 * elements, greedy uses at most H(min(k, Δ)) times the optimum, Δ = the largest set). So the
 * true optimum lies in [ceil(greedy / H(min(k, Δ))), greedy]; `optimumAtLeast` gives the
 * left end, a certified lower bound.
 */

export interface CoverCandidate {
  /** Names the query (form, field, value). */
  key: string;
  /** Record ids this query returns. */
  covers: readonly number[];
}

export interface CoverPick {
  key: string;
  /** Records this pick newly covers. */
  gain: number;
  /** Records covered by picks 1..this one. */
  covered: number;
}

/** Max-heap entry: a candidate with a (possibly stale, too high) gain. */
interface HeapEntry {
  gain: number;
  index: number;
}

/** Higher gain first; on a tie, the candidate listed first (deterministic). */
const before = (a: HeapEntry, b: HeapEntry): boolean => a.gain > b.gain || (a.gain === b.gain && a.index < b.index);

class MaxHeap {
  private items: HeapEntry[] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): HeapEntry | undefined {
    return this.items[0];
  }
  push(e: HeapEntry): void {
    const a = this.items;
    a.push(e);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(a[i]!, a[parent]!)) break;
      [a[i], a[parent]] = [a[parent]!, a[i]!];
      i = parent;
    }
  }
  pop(): HeapEntry | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < a.length && before(a[l]!, a[best]!)) best = l;
        if (r < a.length && before(a[r]!, a[best]!)) best = r;
        if (best === i) break;
        [a[i], a[best]] = [a[best]!, a[i]!];
        i = best;
      }
    }
    return top;
  }
}

/**
 * Greedy set cover: repeatedly picks the candidate that covers the most records not yet
 * covered (ties: the one listed first), until no candidate adds a record or `maxPicks` is
 * reached. Lazy evaluation: a candidate's gain only shrinks, so a stale gain is an upper
 * bound and only the top of the heap needs recomputing — same picks as the plain loop.
 */
export function greedyCover(candidates: readonly CoverCandidate[], maxPicks = Infinity): CoverPick[] {
  const sets = candidates.map((c) => [...new Set(c.covers)]);
  const heap = new MaxHeap();
  sets.forEach((s, index) => {
    if (s.length) heap.push({ gain: s.length, index });
  });
  const covered = new Set<number>();
  const picks: CoverPick[] = [];
  while (heap.size && picks.length < maxPicks) {
    const top = heap.pop()!;
    let gain = 0;
    for (const id of sets[top.index]!) if (!covered.has(id)) gain++;
    if (gain === 0) continue;
    const next = heap.peek();
    if (gain < top.gain && next && before(next, { gain, index: top.index })) {
      heap.push({ gain, index: top.index });
      continue;
    }
    for (const id of sets[top.index]!) covered.add(id);
    picks.push({ key: candidates[top.index]!.key, gain, covered: covered.size });
  }
  return picks;
}

/** Harmonic number H(n) = 1 + 1/2 + … + 1/n (H(0) = 0). */
export function harmonic(n: number): number {
  let h = 0;
  for (let i = 1; i <= n; i++) h += 1 / i;
  return h;
}

/** Records that `fraction` of `reachable` asks for (27 of 30 for 0.9, despite floating point). */
export function recordsFor(fraction: number, reachable: number): number {
  return Math.ceil(fraction * reachable - 1e-9);
}

/** Picks (1-based count) until `target` records are covered; null when the picks never get there. */
export function picksToCover(picks: readonly CoverPick[], target: number): number | null {
  if (target <= 0) return 0;
  const i = picks.findIndex((p) => p.covered >= target);
  return i < 0 ? null : i + 1;
}

export interface OracleBound {
  /** Records in the site's ground truth. */
  records: number;
  /** Records some candidate query returns. */
  reachable: number;
  /** reachable / records (null with no records). */
  reachableShare: number | null;
  /** Candidate queries considered. */
  candidates: number;
  /** Greedy picks to cover 90% / 99% of the reachable records (null when nothing is reachable). */
  queriesTo90: number | null;
  queriesTo99: number | null;
  /** Certified lower bounds on the optimal number of queries: ceil(greedy / H(min(k, Δ))). */
  optimumAtLeast90: number | null;
  optimumAtLeast99: number | null;
  /** The first picks, in order (for reading what the oracle asks). */
  firstPicks: CoverPick[];
}

/** Greedy cover of one site's candidate queries, summarised as the bench reports it. */
export function oracleBound(candidates: readonly CoverCandidate[], records: number, keepPicks = 10): OracleBound {
  const picks = greedyCover(candidates);
  const reachable = picks.length ? picks[picks.length - 1]!.covered : 0;
  const largest = candidates.reduce((m, c) => Math.max(m, new Set(c.covers).size), 0);
  const at = (fraction: number) => {
    if (!reachable) return { greedy: null, atLeast: null };
    const k = recordsFor(fraction, reachable);
    const greedy = picksToCover(picks, k);
    return { greedy, atLeast: greedy === null ? null : Math.ceil(greedy / harmonic(Math.min(k, largest)) - 1e-9) };
  };
  const p90 = at(0.9);
  const p99 = at(0.99);
  return {
    records,
    reachable,
    reachableShare: records ? reachable / records : null,
    candidates: candidates.length,
    queriesTo90: p90.greedy,
    queriesTo99: p99.greedy,
    optimumAtLeast90: p90.atLeast,
    optimumAtLeast99: p99.atLeast,
    firstPicks: picks.slice(0, keepPicks),
  };
}
