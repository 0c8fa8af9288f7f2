/**
 * Offline check of the yield model's unseen share (src/strategies/adaptive.ts, `unseenHolderShare`) on one
 * testbed site (small, seed 1): a crawl that issues, query after query, the held-record word of best estimated
 * new records per cost E / (1 + R/10 + E), reads every list to its end (at most 200 results) and stops at 60
 * queries or when it holds every record. Estimators of a word's new records E (R: the list it expects):
 * - naive:     Ntoulas et al.: unseen records hold the word as often as the whole harvest does (df / docs);
 * - per-word:  Chao1 over the word's own holders (f1, f2 among them);
 * - singles:   the share among held records listed once, alone;
 * - share:     that share shrunk towards df / docs by K pseudo-records (K=20 is what the crawler uses);
 * - truth:     the testbed's own answer (the oracle of this greedy rule).
 * The site's unseen count is Chao1 over the lists; the candidates are the words of the held records (full text).
 * Prints queries, records, records after 25 queries, queries and result pages to hold every record.
 * Run from the repository root: [K=20] [V=1] npx tsx bench-results/singleton-share/simulate.ts <domain> "<first query>"
 */
import { siteModel } from '../../src/testbed/model.ts';
import { fullText, tokenize } from '../../src/testbed/search.ts';
import { STOP_WORDS } from '../../src/testbed/vocabulary.ts';
import { isTestbedDomain } from '../../src/testbed/sites.ts';
import { chao1Unseen } from '../../src/coordinator/unseen-records.ts';

const STOP = new Set(STOP_WORDS);
const domain = process.argv[2] ?? '';
if (!isTestbedDomain(domain)) throw new Error(`not a testbed domain: ${domain}`);
const first = process.argv[3] ?? '';
const K = Number(process.env['K'] ?? 20);
const model = siteModel(domain, 'small', 1);
const field = model.config.search[0]!.kind === 'title-only' ? 'title' : 'all';
const words = model.records.map((r) => new Set(tokenize(fullText(r)).filter((t) => !STOP.has(t))));
const lists = new Map<string, number[]>();
const listOf = (q: string) => {
  let l = lists.get(q);
  if (!l) lists.set(q, (l = model.engine.keywordMatches(tokenize(q), field).slice(0, 200)));
  return l;
};

interface State { held: Map<number, number>; issued: Set<string>; holders: Map<string, number[]> }
type Estimator = (word: string, s: State) => { E: number; R: number };
const chao1 = (f1: number, f2: number) => chao1Unseen({ once: f1, twice: f2, distinct: 0 });
function singletons(s: State): { f1: number; f2: number } {
  let f1 = 0;
  let f2 = 0;
  for (const c of s.held.values()) if (c === 1) f1++; else if (c === 2) f2++;
  return { f1, f2 };
}
/** E and R from the unseen share of a word: M = df + U · share, R = min(M, 200), E = R · (1 − df / M). */
function fromShare(df: number, share: number, s: State) {
  const { f1, f2 } = singletons(s);
  const m = df + chao1(f1, f2) * share;
  const R = Math.min(m, 200);
  return { E: m > df ? R * (1 - df / m) : 0, R };
}
const onceHolders = (docs: number[], s: State) => docs.filter((d) => s.held.get(d) === 1).length;
const estimators: Record<string, Estimator> = {
  naive: (w, s) => fromShare((s.holders.get(w) ?? []).length, (s.holders.get(w) ?? []).length / s.held.size, s),
  'per-word': (w, s) => {
    const docs = s.holders.get(w) ?? [];
    let f1 = 0;
    let f2 = 0;
    for (const d of docs) if (s.held.get(d) === 1) f1++; else if (s.held.get(d) === 2) f2++;
    const E = Math.min(chao1(f1, f2), Math.max(0, 200 - docs.length));
    return { E, R: Math.min(docs.length + E, 200) };
  },
  singles: (w, s) => {
    const docs = s.holders.get(w) ?? [];
    const { f1 } = singletons(s);
    return fromShare(docs.length, f1 ? onceHolders(docs, s) / f1 : 0, s);
  },
  share: (w, s) => {
    const docs = s.holders.get(w) ?? [];
    const { f1 } = singletons(s);
    return fromShare(docs.length, (onceHolders(docs, s) + (K * docs.length) / s.held.size) / (f1 + K), s);
  },
  truth: (w, s) => {
    const l = listOf(w);
    return { E: l.filter((d) => !s.held.has(d)).length, R: l.length };
  },
};

for (const [name, estimate] of Object.entries(estimators)) {
  const s: State = { held: new Map(), issued: new Set(), holders: new Map() };
  let pages = 0;
  let at25: number | undefined;
  let toAll: { queries: number; pages: number } | undefined;
  const trail: string[] = [];
  const issue = (q: string) => {
    s.issued.add(q);
    const l = listOf(q);
    pages += Math.max(1, Math.ceil(l.length / 10));
    let fresh = 0;
    for (const d of l) {
      const c = s.held.get(d);
      s.held.set(d, (c ?? 0) + 1);
      if (c !== undefined) continue;
      fresh++;
      for (const w of words[d]!) {
        let h = s.holders.get(w);
        if (!h) s.holders.set(w, (h = []));
        h.push(d);
      }
    }
    trail.push(`${q}:${l.length}/${fresh}`);
    if (s.issued.size === 25) at25 = s.held.size;
    if (!toAll && s.held.size === model.records.length) toAll = { queries: s.issued.size, pages };
  };
  issue(first);
  while (s.issued.size < 60 && s.held.size < model.records.length) {
    let best = '';
    let bestValue = 0;
    for (const w of s.holders.keys()) {
      if (s.issued.has(w)) continue;
      const { E, R } = estimate(w, s);
      const value = E / (1 + R / 10 + E);
      if (value > bestValue) [best, bestValue] = [w, value];
    }
    if (!best) break;
    issue(best);
  }
  console.log(`${name.padEnd(8)} queries ${s.issued.size}, records ${s.held.size}, after 25 queries ${at25 ?? s.held.size}, all records after ${toAll ? `${toAll.queries} queries, ${toAll.pages} result pages` : '— (never)'}; result pages ${pages}`);
  if (process.env['V']) console.log(`   ${trail.join(' ')}`);
}
