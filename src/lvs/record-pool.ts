/**
 * The keyword pool of one site's harvested records, without the site's template: a record's
 * text enters minus the lines most of the site's record pages share (see record-template.ts).
 * When the template changes, the pool is counted again from the records kept here, so no
 * menu or footer word stays in it from the records that came before the template was known.
 *
 * It also keeps, per term, which records hold it and in which of their parts (title, text,
 * attributes): a search form that matches titles only lists the records whose title holds
 * the word, and which parts a form searches is learnt from what it lists (search-fields.ts).
 * Function words ("the", "of") are counted in a pool of their own, so they never rank among
 * the content terms but their document frequencies and holders are known.
 */
import { extractWords, KeywordPool, type TermContext, type TermStats } from './keyword-pool.ts';
import { RecordTemplate, textLines } from './record-template.ts';

export interface PooledRecord {
  /** Canonical URL of the record page, when known: what result lists link to. */
  url?: string;
  title: string;
  text: string;
  attributes: Record<string, unknown>;
}

/** A record part a search may match, as a bit of a part mask. */
export const RECORD_PARTS = { title: 1, text: 2, attributes: 4 } as const;

export class RecordPool {
  private readonly template = new RecordTemplate();
  private readonly records: PooledRecord[] = [];
  private pool = new KeywordPool();
  private functionPool = new KeywordPool();
  /** term → record URL → mask of the parts (RECORD_PARTS) that hold it. */
  private holders = new Map<string, Map<string, number>>();

  /** The pool as it stands; a new object after the template changed, so read it anew each time. */
  get keywords(): KeywordPool {
    return this.pool;
  }

  /** The function words of the same records (`extractWords`), counted as `keywords` counts terms; read it anew each time too. */
  get functionWords(): KeywordPool {
    return this.functionPool;
  }

  /** A word's statistics in whichever of the two pools holds it. */
  wordStats(word: string): TermStats | undefined {
    return this.pool.stats(word) ?? this.functionPool.stats(word);
  }

  add(record: PooledRecord): void {
    this.records.push(record);
    if (!this.template.observe(textLines(record.text))) {
      this.count(record);
      return;
    }
    this.pool = new KeywordPool();
    this.functionPool = new KeywordPool();
    this.holders = new Map();
    for (const r of this.records) this.count(r);
  }

  /** The canonical URLs of the harvested records that have one. */
  *urls(): Iterable<string> {
    for (const r of this.records) if (r.url) yield r.url;
  }

  /** The harvested records (by URL) that hold `term` (lower-cased surface word), each with the mask of the parts that do. */
  recordsHolding(term: string): ReadonlyMap<string, number> {
    return this.holders.get(term.toLowerCase()) ?? EMPTY;
  }

  /** A record enters by parts, so a term remembers whether titles or attributes held it. */
  private count(r: PooledRecord): void {
    const part = (text: string, bit: number, context: TermContext) => ({ text, ...extractWords(text), bit, context });
    const parts = [
      part(r.title, RECORD_PARTS.title, { tag: 'title' }),
      part(this.template.content(r.text), RECORD_PARTS.text, { tag: 'text' }),
      ...Object.entries(r.attributes).map(([k, v]) => part(String(v), RECORD_PARTS.attributes, { tag: 'attribute', attribute: k })),
    ];
    this.pool.addRecord(parts);
    this.functionPool.addRecord(parts.map((p) => ({ ...p, terms: p.functionWords })));
    if (!r.url) return;
    for (const { terms, functionWords, bit } of parts) {
      for (const { term } of [...terms, ...functionWords]) {
        let byUrl = this.holders.get(term);
        if (!byUrl) this.holders.set(term, (byUrl = new Map()));
        byUrl.set(r.url, (byUrl.get(r.url) ?? 0) | bit);
      }
    }
  }
}

const EMPTY: ReadonlyMap<string, number> = new Map();
