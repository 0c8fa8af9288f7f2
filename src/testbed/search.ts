/**
 * The search engine behind every testbed search form: inverted indexes built once per site,
 * conjunctive keyword matching ranked by term frequency, attribute filters, per-form result
 * caps, stop words and error cases. The server, the ground truth and the oracle all use it,
 * so what a form returns is exactly what the evaluator believes it returns.
 */
import type { HiddenRecord } from './records.ts';
import type { SearchFormConfig } from './sites.ts';
import { STOP_WORDS } from './vocabulary.ts';

export type FormValues = Record<string, string | string[] | undefined>;

export type SearchOutcome =
  | { ok: true; /** Record indexes in rank order, cap applied. */ hits: number[]; /** Matches before the cap. */ matches: number }
  | { ok: false; status: 200 | 400; error: string };

const STOP = new Set(STOP_WORDS);
const MAX_QUERY_CHARS = 200;
const MAX_QUERY_TERMS = 12;

export function tokenize(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

interface Postings {
  docs: number[];
  tfs: number[];
}

function buildIndex(texts: string[]): Map<string, Postings> {
  const index = new Map<string, Postings>();
  texts.forEach((text, doc) => {
    const counts = new Map<string, number>();
    for (const t of tokenize(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let p = index.get(term);
      if (!p) index.set(term, (p = { docs: [], tfs: [] }));
      p.docs.push(doc);
      p.tfs.push(tf);
    }
  });
  return index;
}

const single = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

/** Searchable text of a record for full-text forms. */
export function fullText(r: HiddenRecord): string {
  return `${r.title} ${r.text} ${r.creator} ${r.category} ${r.extra}`;
}

export class SearchEngine {
  private fullIndex?: Map<string, Postings>;
  private titleIndex?: Map<string, Postings>;
  readonly categories: ReadonlySet<string>;

  constructor(readonly records: readonly HiddenRecord[]) {
    this.categories = new Set(records.map((r) => r.category));
  }

  private index(field: 'all' | 'title'): Map<string, Postings> {
    if (field === 'title') return (this.titleIndex ??= buildIndex(this.records.map((r) => r.title)));
    return (this.fullIndex ??= buildIndex(this.records.map(fullText)));
  }

  /** Conjunctive keyword match over one field, best first (term frequency, then id). */
  keywordMatches(terms: string[], field: 'all' | 'title'): number[] {
    const index = this.index(field);
    const lists = terms.map((t) => index.get(t));
    if (lists.some((l) => !l)) return [];
    const sorted = (lists as Postings[]).slice().sort((a, b) => a.docs.length - b.docs.length);
    const scores = new Map<number, number>();
    sorted[0]!.docs.forEach((d, i) => scores.set(d, sorted[0]!.tfs[i]!));
    for (const p of sorted.slice(1)) {
      const here = new Map<number, number>();
      p.docs.forEach((d, i) => here.set(d, p.tfs[i]!));
      for (const [d, s] of scores) {
        const tf = here.get(d);
        if (tf === undefined) scores.delete(d);
        else scores.set(d, s + tf);
      }
    }
    return [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([d]) => d);
  }

  /** Runs one submission of `form` with the submitted values, exactly as the server answers it. */
  run(form: SearchFormConfig, values: FormValues): SearchOutcome {
    const p = form.params;
    const fail = (error: string): SearchOutcome => ({ ok: false, status: form.errorStatus, error });
    const keywordRaw = single(values[p.keyword]);
    const category = single(values[p.category]);
    if (category && !this.categories.has(category)) return fail(`Unknown ${p.category}: "${category}". Please choose one from the list.`);
    const numbers: Record<string, number | undefined> = {};
    for (const key of [p.year, p.yearFrom, p.yearTo, p.priceMin, p.priceMax]) {
      const raw = single(values[key]);
      if (!raw) continue;
      if (!/^\d{1,7}$/.test(raw)) return fail(`Invalid value for ${key}: "${raw}" is not a number.`);
      numbers[key] = Number(raw);
    }
    const hasFilter = Boolean(category) || Object.keys(numbers).length > 0;

    let terms: string[] = [];
    if (form.kind !== 'select-only') {
      if (keywordRaw.length > MAX_QUERY_CHARS) return fail(`Invalid query: longer than ${MAX_QUERY_CHARS} characters.`);
      terms = tokenize(keywordRaw);
      if (terms.length > MAX_QUERY_TERMS) return fail(`Invalid query: at most ${MAX_QUERY_TERMS} words.`);
      if (form.stopWords) {
        const kept = terms.filter((t) => !STOP.has(t));
        if (terms.length > 0 && kept.length === 0) return fail('Your query contains only common words that are ignored. Please enter a more specific search term.');
        terms = kept;
      }
    }
    switch (form.kind) {
      case 'select-only':
        if (!category) return fail(`Please choose a ${p.category} (required).`);
        break;
      case 'fulltext':
      case 'title-only':
        if (terms.length === 0) return fail('Please enter a search term: the query is empty.');
        break;
      case 'multi-field':
      case 'script':
        if (terms.length === 0 && !hasFilter) return fail('Please enter a keyword or choose at least one criterion: the query is empty.');
        break;
    }

    let hits = terms.length ? this.keywordMatches(terms, form.kind === 'title-only' ? 'title' : 'all') : this.records.map((_, i) => i);
    if (hasFilter) {
      hits = hits.filter((i) => {
        const r = this.records[i]!;
        if (category && r.category !== category) return false;
        if (numbers[p.year] !== undefined && r.year !== numbers[p.year]) return false;
        if (numbers[p.yearFrom] !== undefined && r.year < numbers[p.yearFrom]!) return false;
        if (numbers[p.yearTo] !== undefined && r.year > numbers[p.yearTo]!) return false;
        if (numbers[p.priceMin] !== undefined && (r.price ?? 0) < numbers[p.priceMin]!) return false;
        if (numbers[p.priceMax] !== undefined && (r.price ?? 0) > numbers[p.priceMax]!) return false;
        return true;
      });
    }
    const matches = hits.length;
    return { ok: true, hits: form.cap ? hits.slice(0, form.cap) : hits, matches };
  }
}
