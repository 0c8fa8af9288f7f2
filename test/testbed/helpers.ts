import { tokenize } from '../../src/testbed/search.ts';
import type { SearchFormConfig } from '../../src/testbed/sites.ts';
import type { HiddenRecord } from '../../src/testbed/records.ts';
import { STOP_WORDS } from '../../src/testbed/vocabulary.ts';

const STOP = new Set(STOP_WORDS);

/** Submissions a user could try to find `record` with `form`: its title words, or its category and year. */
export function candidateSubmissions(form: SearchFormConfig, record: HiddenRecord): Record<string, string>[] {
  const p = form.params;
  if (form.kind === 'select-only') return [{ [p.category]: record.category, [p.year]: String(record.year) }, { [p.category]: record.category }];
  const words = tokenize(record.title).filter((w) => !STOP.has(w));
  return words.map((w) => ({ [p.keyword]: w }));
}

/** href values of <a> elements in an HTML string. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** The rarest title word of a record: a keyword query that should find it. */
export function rareTitleWord(record: HiddenRecord): string {
  return tokenize(record.title).filter((w) => !STOP.has(w)).sort((a, b) => b.length - a.length)[0]!;
}
