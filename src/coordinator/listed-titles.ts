/**
 * The titles a site's result lists showed for its records, one document per record, read as
 * the lists are read. A form's answer lists its matches long before their record pages are
 * fetched: a harvest episode asks several queries before the record episodes it scheduled run.
 * Until then the held records say nothing of the site's words, and these titles are the only
 * sample of what the form matches (the learned strategy's prior reads them then:
 * `policy-choices.ts`). A word counts as the record pool counts it (`wordStats`): lower-cased, as typed.
 */
import { KeywordPool } from '../lvs/index.ts';
import { overWords } from './query-planner.ts';

/**
 * Adds to `into` the titles of canonical record URLs it does not hold yet — trimmed; a null
 * URL or an empty title adds nothing; the first title shown wins — and returns those added.
 */
export function addFirstTitles(into: Map<string, string>, urls: readonly (string | null)[], titles: readonly string[]): string[] {
  const added: string[] = [];
  urls.forEach((url, i) => {
    const title = titles[i]?.trim();
    if (!url || !title || into.has(url)) return;
    into.set(url, title);
    added.push(title);
  });
  return added;
}

export class ListedTitles {
  private readonly pool = new KeywordPool();
  private readonly titles = new Map<string, string>();

  /** Records whose title a list showed (each counted once, with the first title shown). */
  get documents(): number {
    return this.pool.documents;
  }

  /** Adds the titles of canonical record URLs not seen before; a null URL or an empty title adds nothing. */
  add(urls: readonly (string | null)[], titles: readonly string[]): void {
    for (const title of addFirstTitles(this.titles, urls, titles)) this.pool.addDocument(title, { tag: 'title' });
  }

  /** Listed titles holding `term`: its rarest word's count, as the record corpus counts a phrase (0 for no word). */
  documentFrequency(term: string): number {
    return overWords(term, (w) => this.pool.stats(w)?.df ?? 0);
  }

  toJSON(): [string, string][] {
    return [...this.titles];
  }

  static fromJSON(data: unknown): ListedTitles {
    if (!Array.isArray(data) || !data.every((row) => Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'string')) {
      throw new Error('listed titles: expected [url, title] pairs');
    }
    const listed = new ListedTitles();
    for (const [url, title] of data as [string, string][]) listed.add([url], [title]);
    return listed;
  }
}
