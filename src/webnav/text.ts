/**
 * Text helpers of the WebNav task: one tokeniser (lower-cased letter/digit runs; the whole
 * page text, not a prefix), sentence splitting, IDF over a site's pages, TF-IDF vectors,
 * and the hashed TF-IDF vectors the neural agent embeds.
 */
import { hash32 } from '../lvs/random.ts';

const WORD_RE = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Lower-cased word tokens of a text. */
export function tokens(text: string): string[] {
  return (text.toLowerCase().match(WORD_RE) ?? []) as string[];
}

/** Sentences of a page text: its lines, each split after ., ! or ? followed by a space. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    for (const s of line.split(/(?<=[.!?])\s+/)) {
      const t = s.trim();
      if (t) out.push(t);
    }
  }
  return out;
}

/** Whitespace-collapsed, lower-cased text: what "a page contains the query" is checked on. */
export function normaliseForMatch(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** True when every query sentence occurs in the page text (both normalised). */
export function containsQuery(pageNorm: string, querySentences: readonly string[]): boolean {
  return querySentences.every((s) => pageNorm.includes(normaliseForMatch(s)));
}

export interface Idf {
  /** Documents counted. */
  docs: number;
  /** token -> log((1 + docs) / (1 + df)): 0 for a token on every page (boilerplate). */
  idf: Map<string, number>;
  /** IDF given to a token never seen (as rare as can be). */
  unseen: number;
}

export function computeIdf(docs: Iterable<readonly string[]>): Idf {
  const df = new Map<string, number>();
  let n = 0;
  for (const toks of docs) {
    n++;
    for (const t of new Set(toks)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const idf = new Map<string, number>();
  for (const [t, d] of df) idf.set(t, Math.log((1 + n) / (1 + d)));
  return { docs: n, idf, unseen: Math.log(1 + n) };
}

export const idfOf = (idf: Idf, t: string): number => idf.idf.get(t) ?? idf.unseen;

/** Sparse TF-IDF vector (L2-normalised): token -> weight. */
export function tfidfVector(toks: readonly string[], idf: Idf): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
  let norm = 0;
  for (const [t, c] of tf) {
    const w = c * idfOf(idf, t);
    tf.set(t, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [t, w] of tf) tf.set(t, w / norm);
  return tf;
}

export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [t, w] of small) s += w * (big.get(t) ?? 0);
  return s;
}

/** IDF-weighted share of the query's distinct tokens that the page has. */
export function recall(queryToks: readonly string[], pageSet: ReadonlySet<string>, idf: Idf): number {
  let have = 0;
  let all = 0;
  for (const t of new Set(queryToks)) {
    const w = idfOf(idf, t);
    all += w;
    if (pageSet.has(t)) have += w;
  }
  return all ? have / all : 0;
}

/** Hashed TF-IDF vector: indices into `dim` buckets with L2-normalised weights. */
export function hashedVector(tfidf: ReadonlyMap<string, number>, dim: number): { idx: number[]; val: number[] } {
  const acc = new Map<number, number>();
  for (const [t, w] of tfidf) {
    const k = hash32(t) % dim;
    acc.set(k, (acc.get(k) ?? 0) + w);
  }
  let norm = 0;
  for (const w of acc.values()) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  const idx = [...acc.keys()].sort((a, b) => a - b);
  return { idx, val: idx.map((k) => (acc.get(k) as number) / norm) };
}

/** The query's keywords, best first: distinct tokens by tf x idf (ties: first occurrence). */
export function keywords(queryToks: readonly string[], idf: Idf, k: number): string[] {
  const tf = new Map<string, number>();
  for (const t of queryToks) if (t.length > 2 && !/^\d+$/.test(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
  return [...tf.entries()]
    .map(([t, c], i) => ({ t, s: c * idfOf(idf, t), i }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, k)
    .map((x) => x.t);
}
