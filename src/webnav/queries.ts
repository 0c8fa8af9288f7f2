/**
 * WebNav query selection: a query is Nq sentences of a target page, drawn at random from the
 * page's five sentences with the highest average TF-IDF; the target must lie at least two
 * hops from the start (and no nearer page may contain the query), and within Nh hops.
 * Splits put each target page in exactly one of train/valid/test.
 */
import { createRng } from '../lvs/random.ts';
import { computeIdf, containsQuery, idfOf, normaliseForMatch, sentences, tokens, type Idf } from './text.ts';

export const TOP_SENTENCES = 5;
export const MIN_SENTENCE_TOKENS = 4;
export const MIN_TARGET_HOPS = 2;

export interface ScoredSentence {
  sentence: string;
  score: number;
  /** Position in the page. */
  index: number;
}

/**
 * Sentences of a page by average TF-IDF of their tokens (tf within the page, idf over the
 * site), best first; sentences shorter than MIN_SENTENCE_TOKENS and repeats are left out.
 */
export function rankSentences(text: string, idf: Idf, minTokens = MIN_SENTENCE_TOKENS): ScoredSentence[] {
  const pageToks = tokens(text);
  const tf = new Map<string, number>();
  for (const t of pageToks) tf.set(t, (tf.get(t) ?? 0) + 1);
  const n = pageToks.length || 1;
  const seen = new Set<string>();
  const out: ScoredSentence[] = [];
  sentences(text).forEach((sentence, index) => {
    const toks = tokens(sentence);
    if (toks.length < minTokens) return;
    const key = normaliseForMatch(sentence);
    if (seen.has(key)) return;
    seen.add(key);
    let s = 0;
    for (const t of toks) s += ((tf.get(t) ?? 0) / n) * idfOf(idf, t);
    out.push({ sentence, score: s / toks.length, index });
  });
  return out.sort((a, b) => b.score - a.score || a.index - b.index);
}

export interface QuerySelectionInput {
  texts: readonly string[];
  /** Hop distance of each node from the start (-1 unreachable). */
  dist: readonly number[];
  /** Nodes that may be targets (e.g. surface and record pages). */
  candidates: readonly number[];
  querySentences: number;
  maxHops: number;
  seed: number;
  idf?: Idf;
}

export interface SelectedQuery {
  target: number;
  /** The Nq sentences, in page order. */
  sentences: string[];
  query: string;
  /** Every node whose text contains the query (the target among them). */
  answers: number[];
  /** Hops to the nearest answer. */
  hops: number;
  /** The answer the example path leads to (the nearest; the target when it is as near). */
  goal: number;
}

export function selectQueries(input: QuerySelectionInput): SelectedQuery[] {
  const idf = input.idf ?? computeIdf(input.texts.map((t) => tokens(t)));
  const norm = input.texts.map(normaliseForMatch);
  const out: SelectedQuery[] = [];
  const used = new Set<string>();
  for (const target of input.candidates) {
    const d = input.dist[target] ?? -1;
    if (d < MIN_TARGET_HOPS || d > input.maxHops) continue;
    const top = rankSentences(input.texts[target] ?? '', idf).slice(0, TOP_SENTENCES);
    if (top.length < input.querySentences) continue;
    const rng = createRng((input.seed * 1_000_003 + target * 7919) >>> 0);
    const pool = [...top];
    const picked: ScoredSentence[] = [];
    while (picked.length < input.querySentences) picked.push(pool.splice(Math.floor(rng() * pool.length), 1)[0] as ScoredSentence);
    picked.sort((a, b) => a.index - b.index);
    const sents = picked.map((p) => p.sentence);
    const query = sents.join(' ');
    const key = normaliseForMatch(query);
    if (used.has(key)) continue;
    const answers: number[] = [];
    norm.forEach((text, i) => {
      if ((input.dist[i] ?? -1) >= 0 && containsQuery(text, sents)) answers.push(i);
    });
    let goal = target;
    for (const a of answers) if ((input.dist[a] as number) < (input.dist[goal] as number)) goal = a;
    const hops = input.dist[goal] as number;
    if (hops < MIN_TARGET_HOPS) continue;
    used.add(key);
    out.push({ target, sentences: sents, query, answers, hops, goal });
  }
  return out;
}

export type Split = 'train' | 'valid' | 'test';
export const SPLITS: readonly Split[] = ['train', 'valid', 'test'];

/**
 * Assigns splits by target page (seeded shuffle of the distinct targets, then fractions), so
 * all queries of one target share a split.
 */
export function splitByTarget<T extends { target: number }>(items: readonly T[], seed: number, fractions: { train: number; valid: number } = { train: 0.6, valid: 0.1 }): (T & { split: Split })[] {
  const targets = [...new Set(items.map((x) => x.target))].sort((a, b) => a - b);
  const rng = createRng(seed ^ 0x5eed);
  for (let i = targets.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [targets[i], targets[j]] = [targets[j] as number, targets[i] as number];
  }
  const nTrain = Math.round(targets.length * fractions.train);
  const nValid = Math.round(targets.length * fractions.valid);
  const splitOf = new Map<number, Split>();
  targets.forEach((t, k) => splitOf.set(t, k < nTrain ? 'train' : k < nTrain + nValid ? 'valid' : 'test'));
  return items.map((x) => ({ ...x, split: splitOf.get(x.target) as Split }));
}
