/**
 * The keyword pool of one site's harvested records, without the site's template: a record's
 * text enters minus the lines most of the site's record pages share (see record-template.ts).
 * When the template changes, the pool is counted again from the records kept here, so no
 * menu or footer word stays in it from the records that came before the template was known.
 */
import { KeywordPool } from './keyword-pool.ts';
import { RecordTemplate, textLines } from './record-template.ts';

export interface PooledRecord {
  title: string;
  text: string;
  attributes: Record<string, unknown>;
}

export class RecordPool {
  private readonly template = new RecordTemplate();
  private readonly records: PooledRecord[] = [];
  private pool = new KeywordPool();

  /** The pool as it stands; a new object after the template changed, so read it anew each time. */
  get keywords(): KeywordPool {
    return this.pool;
  }

  add(record: PooledRecord): void {
    this.records.push(record);
    if (!this.template.observe(textLines(record.text))) {
      this.count(record);
      return;
    }
    this.pool = new KeywordPool();
    for (const r of this.records) this.count(r);
  }

  /** A record enters by parts, so a term remembers whether titles or attributes held it. */
  private count(r: PooledRecord): void {
    this.pool.addRecord([
      { text: r.title, context: { tag: 'title' } },
      { text: this.template.content(r.text), context: { tag: 'text' } },
      ...Object.entries(r.attributes).map(([k, v]) => ({ text: String(v), context: { tag: 'attribute', attribute: k } })),
    ]);
  }
}
