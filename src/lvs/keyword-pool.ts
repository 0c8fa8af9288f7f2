/**
 * The keyword pool: terms harvested from a site's records, with the corpus statistics that
 * query selection needs (Ntoulas et al.'s generic frequency, Jiang/Zheng's TF/DF/RIDF and
 * HTML-context features). Terms are lower-cased surface words (what gets typed into a search
 * box); their lemma is kept too, with lemma-level frequencies for lemma-insensitive lookups.
 *
 *   IDF  = −log2(df / N)
 *   RIDF = IDF − expected IDF under Poisson = IDF + log2(1 − exp(−tf / N))   (Church & Gale)
 *
 * RIDF is high for content words that cluster in few records and ~0 for words spread like
 * noise, so it ranks "good query" terms differently from plain frequency.
 */
import { analyse } from './nlp.ts';

/** Where in a page a term was seen. */
export interface TermContext {
  /** HTML element or record part: title, text, h1, td, a, record … */
  tag?: string;
  /** Attribute the text came from (alt, title, value …), if any. */
  attribute?: string;
  /** DOM depth of the element, if known. */
  domDepth?: number;
  /** Record field name (e.g. "author"), if known. */
  field?: string;
}

export interface TermContextCount extends TermContext {
  count: number;
}

export interface TermStats {
  term: string;
  lemma: string;
  /** Most frequent POS tag of the term. */
  pos: string;
  /** Total occurrences in the pool. */
  tf: number;
  /** Documents (records) containing it. */
  df: number;
  idf: number;
  ridf: number;
  contexts: TermContextCount[];
}

export type PoolRanking = 'df' | 'tf' | 'ridf' | 'idf';

export interface RankOptions {
  /** Lower-case terms (or lemmas) to leave out, e.g. those already issued. */
  exclude?: ReadonlySet<string>;
  limit?: number;
  /** Only terms in at least this many documents. */
  minDf?: number;
}

/** A token that passes the pool's filter. */
export interface PoolTerm {
  term: string;
  lemma: string;
  pos: string;
}

/** Terms shorter than this are dropped (the, of, "mr" …). */
const MIN_TERM_LENGTH = 3;
/** Distinct contexts kept per term; more only add to counts. */
const MAX_CONTEXTS = 12;
/** POS tags that never make a query term even when wink does not flag them as stop words. */
const SKIPPED_POS = new Set(['PUNCT', 'NUM', 'SYM', 'DET', 'PRON', 'CCONJ', 'SCONJ', 'ADP', 'AUX', 'PART', 'INTJ', 'SPACE']);
/** Of those, the closed word classes a search box may still match ("the", "of", "and"). */
const FUNCTION_POS = new Set(['DET', 'PRON', 'CCONJ', 'SCONJ', 'ADP', 'AUX', 'PART']);
/** "a" and "I" make no query: too short for most engines, and one letter is no word to them. */
const MIN_FUNCTION_WORD_LENGTH = 2;

interface TermEntry {
  lemma: string;
  pos: Map<string, number>;
  tf: number;
  df: number;
  lastDoc: number;
  contexts: Map<string, TermContextCount>;
}

interface LemmaEntry {
  tf: number;
  df: number;
  lastDoc: number;
}

type SerialContext = [string, string, string, number, number];
interface SerialisedPool {
  version: 1;
  documents: number;
  /** [term, lemma, [pos, count][], tf, df, contexts [tag, attribute, field, domDepth(−1 = none), count][]] */
  terms: [string, string, [string, number][], number, number, SerialContext[]][];
  /** [lemma, tf, df] */
  lemmas: [string, number, number][];
}

/** Tokenises text the way the pool does: words only, no stop words, numbers, punctuation or very short tokens. */
export function extractTerms(text: string): PoolTerm[] {
  return extractWords(text).terms;
}

/**
 * One pass over `text`: the pool's terms (`extractTerms`) and, apart, its function words
 * ("the", "of", "and": stop words and closed-class words of two letters or more). Function
 * words never rank among content terms, but on a site that matches them literally "the" lists
 * nearly every record in one query; on one that drops them it is refused. Which of the two a
 * site does is learnt per form (coordinator/function-words.ts), so they are counted too.
 */
export function extractWords(text: string): { terms: PoolTerm[]; functionWords: PoolTerm[] } {
  const terms: PoolTerm[] = [];
  const functionWords: PoolTerm[] = [];
  for (const t of analyse(text)) {
    if (t.type !== 'word') continue;
    // The word as the site wrote it, lower-cased: wink's `normal` respells it ("harbour" → "harbor",
    // "organisation" → "organization", "Louvre" → "louver"), and a search box that matches words as
    // written lists nothing for the respelling. The lemma still groups the spellings.
    const term = t.text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (t.stop || SKIPPED_POS.has(t.pos)) {
      const functionWord = (t.stop || FUNCTION_POS.has(t.pos)) && term.length >= MIN_FUNCTION_WORD_LENGTH && /^\p{L}+$/u.test(term);
      if (functionWord) functionWords.push({ term, lemma: term, pos: t.pos });
      continue;
    }
    if (term.length < MIN_TERM_LENGTH || !/\p{L}/u.test(term)) continue;
    terms.push({ term, lemma: t.pos === 'PROPN' ? term : t.lemma || term, pos: t.pos });
  }
  return { terms, functionWords };
}

export class KeywordPool {
  private readonly terms = new Map<string, TermEntry>();
  private readonly lemmas = new Map<string, LemmaEntry>();
  /** Terms by document frequency: df → how many terms have it (Good–Turing's n_r). */
  private readonly dfHistogram = new Map<number, number>();
  private docs = 0;
  private version = 0;
  private readonly rankCache = new Map<PoolRanking, { version: number; list: TermStats[] }>();

  /** Records (documents) added so far: N in the IDF formulas. */
  get documents(): number {
    return this.docs;
  }

  /** Distinct terms. */
  get size(): number {
    return this.terms.size;
  }

  /** Adds one document (a record's text, or a title) seen in one context. */
  addDocument(text: string, context?: TermContext): void {
    this.addRecord([{ text, context }]);
  }

  /**
   * Adds one document made of several parts (title, body, attribute values), each with its own
   * context; `terms`, when given, are the part's `extractTerms(text)`, so a caller that needs them
   * too tokenises once.
   */
  addRecord(parts: readonly { text: string; terms?: readonly PoolTerm[]; context?: TermContext }[]): void {
    const doc = ++this.docs;
    this.version++;
    for (const part of parts) {
      if (!part.text) continue;
      for (const { term, lemma, pos } of part.terms ?? extractTerms(part.text)) {
        let e = this.terms.get(term);
        if (!e) {
          e = { lemma, pos: new Map(), tf: 0, df: 0, lastDoc: 0, contexts: new Map() };
          this.terms.set(term, e);
        }
        e.tf++;
        if (e.lastDoc !== doc) {
          this.countDf(e.df, -1);
          e.df++;
          this.countDf(e.df, 1);
          e.lastDoc = doc;
        }
        e.pos.set(pos, (e.pos.get(pos) ?? 0) + 1);
        if (part.context) addContext(e, part.context);
        let l = this.lemmas.get(e.lemma);
        if (!l) {
          l = { tf: 0, df: 0, lastDoc: 0 };
          this.lemmas.set(e.lemma, l);
        }
        l.tf++;
        if (l.lastDoc !== doc) {
          l.df++;
          l.lastDoc = doc;
        }
      }
    }
  }

  /** How many terms are held by exactly `df` records (Good–Turing's n_r). */
  termsWithDf(df: number): number {
    return this.dfHistogram.get(df) ?? 0;
  }

  private countDf(df: number, by: 1 | -1): void {
    if (df <= 0) return;
    const n = (this.dfHistogram.get(df) ?? 0) + by;
    if (n > 0) this.dfHistogram.set(df, n);
    else this.dfHistogram.delete(df);
  }

  has(term: string): boolean {
    return this.terms.has(term.toLowerCase());
  }

  /** Statistics of one term (lower-cased surface form); undefined when never seen. */
  stats(term: string): TermStats | undefined {
    const key = term.toLowerCase();
    const e = this.terms.get(key);
    return e ? this.statsOf(key, e) : undefined;
  }

  /** Document frequency of a word regardless of inflection ("painting" and "paintings" together). */
  lemmaDf(word: string): number {
    const key = word.toLowerCase();
    const lemma = this.terms.get(key)?.lemma ?? extractTerms(key)[0]?.lemma ?? key;
    return this.lemmas.get(lemma)?.df ?? 0;
  }

  /** Terms by a statistic, best first (ties: higher df, higher tf, then alphabetical). */
  ranked(by: PoolRanking, opts: RankOptions = {}): TermStats[] {
    let cached = this.rankCache.get(by);
    if (!cached || cached.version !== this.version) {
      const list = [...this.terms].map(([t, e]) => this.statsOf(t, e));
      list.sort((a, b) => b[by] - a[by] || b.df - a.df || b.tf - a.tf || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
      cached = { version: this.version, list };
      this.rankCache.set(by, cached);
    }
    const out: TermStats[] = [];
    const limit = opts.limit ?? Infinity;
    for (const s of cached.list) {
      if (out.length >= limit) break;
      if (opts.minDf !== undefined && s.df < opts.minDf) continue;
      if (opts.exclude && (opts.exclude.has(s.term) || opts.exclude.has(s.lemma))) continue;
      out.push(s);
    }
    return out;
  }

  toJSON(): SerialisedPool {
    return {
      version: 1,
      documents: this.docs,
      terms: [...this.terms].map(([t, e]) => [t, e.lemma, [...e.pos], e.tf, e.df, [...e.contexts.values()].map((c): SerialContext => [c.tag ?? '', c.attribute ?? '', c.field ?? '', c.domDepth ?? -1, c.count])]),
      lemmas: [...this.lemmas].map(([l, e]) => [l, e.tf, e.df]),
    };
  }

  static fromJSON(json: unknown): KeywordPool {
    const bad = (why: string) => new Error(`KeywordPool.fromJSON: ${why}`);
    if (typeof json !== 'object' || json === null) throw bad('not an object');
    const d = json as Partial<SerialisedPool>;
    if (d.version !== 1) throw bad(`unsupported version ${String(d.version)}`);
    if (typeof d.documents !== 'number' || !Array.isArray(d.terms) || !Array.isArray(d.lemmas)) throw bad('missing documents, terms or lemmas');
    const pool = new KeywordPool();
    pool.docs = d.documents;
    for (const row of d.terms) {
      if (!Array.isArray(row) || row.length !== 6 || typeof row[0] !== 'string') throw bad('bad term row');
      const [term, lemma, pos, tf, df, contexts] = row;
      if (typeof tf !== 'number' || typeof df !== 'number' || df > d.documents || df > tf) throw bad(`bad counts for "${term}"`);
      const e: TermEntry = { lemma, pos: new Map(pos), tf, df, lastDoc: 0, contexts: new Map() };
      for (const [tag, attribute, field, depth, count] of contexts) {
        const c: TermContextCount = { count };
        if (tag) c.tag = tag;
        if (attribute) c.attribute = attribute;
        if (field) c.field = field;
        if (depth >= 0) c.domDepth = depth;
        e.contexts.set(contextKey(c), c);
      }
      pool.terms.set(term, e);
      pool.countDf(df, 1);
    }
    for (const [lemma, tf, df] of d.lemmas) pool.lemmas.set(lemma, { tf, df, lastDoc: 0 });
    return pool;
  }

  private statsOf(term: string, e: TermEntry): TermStats {
    const n = this.docs;
    const idf = Math.log2(n / e.df);
    const expectedIdf = -Math.log2(1 - Math.exp(-e.tf / n));
    return { term, lemma: e.lemma, pos: topKey(e.pos), tf: e.tf, df: e.df, idf, ridf: idf - expectedIdf, contexts: [...e.contexts.values()].map((c) => ({ ...c })) };
  }
}

function addContext(e: TermEntry, ctx: TermContext): void {
  const c: TermContextCount = { count: 0 };
  if (ctx.tag) c.tag = ctx.tag;
  if (ctx.attribute) c.attribute = ctx.attribute;
  if (ctx.field) c.field = ctx.field;
  if (ctx.domDepth !== undefined && ctx.domDepth >= 0) c.domDepth = ctx.domDepth;
  const key = contextKey(c);
  const old = e.contexts.get(key);
  if (old) old.count++;
  else if (e.contexts.size < MAX_CONTEXTS) e.contexts.set(key, { ...c, count: 1 });
}

function contextKey(c: TermContext): string {
  return `${c.tag ?? ''}|${c.attribute ?? ''}|${c.field ?? ''}|${c.domDepth ?? ''}`;
}

function topKey(counts: Map<string, number>): string {
  let best = 'X';
  let n = -1;
  for (const [k, v] of counts) if (v > n) [best, n] = [k, v];
  return best;
}
