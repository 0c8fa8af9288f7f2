/**
 * Labels a fetched page as surface, result or record, with a confidence that it is a deep
 * page (result or record). The evidence is how the page was reached plus what it looks
 * like, so pages that arrive by an unusual route (a featured record linked from the home
 * page) still get a graded score — that score is what the report's ROC is drawn from.
 */
import type { PageKind, PageVia } from '../coordinator/messages.ts';

export interface PageEvidence {
  via: PageVia;
  /** Links sharing one detail-page shape (a result list) on the page. */
  resultListSize: number;
  /** The page states a result count ("of 57 results"). */
  statesTotal: boolean;
  /** The page shows "Key: value" attribute lines, as record detail pages do. */
  attributeLines: number;
  /** The URL carries a query string. */
  hasQuery: boolean;
  /** Search forms on the page (a search entry page is surface, not deep). */
  searchForms: number;
}

const VIA_PRIOR: Record<PageVia, number> = { seed: -3, link: -2, form: 2.5, pagination: 2.5, 'record-link': 2.5 };

export function labelPage(e: PageEvidence): { kind: PageKind; score: number } {
  const z =
    VIA_PRIOR[e.via] +
    (e.statesTotal ? 1.5 : 0) +
    Math.min(e.resultListSize, 10) * 0.15 +
    Math.min(e.attributeLines, 6) * 0.35 +
    (e.hasQuery ? 0.5 : 0) -
    (e.searchForms > 0 && e.via === 'link' ? 0.5 : 0);
  const score = 1 / (1 + Math.exp(-z));
  if (e.via === 'form' || e.via === 'pagination') return { kind: 'result', score };
  if (e.via === 'record-link') return { kind: 'record', score };
  return { kind: 'surface', score };
}

/** "Key: value" lines of a page's text: the attribute table of a record page. */
export function attributeLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    // A key is a short name (at most three words), so prose with a colon is not an attribute.
    const m = /^\s*(\p{L}[\p{L}/&-]*(?:\s+[\p{L}/&-]+){0,2})\s*:\s*(\S.{0,200})$/u.exec(line);
    if (m && Object.keys(out).length < 30) out[m[1]!.trim().toLowerCase()] = m[2]!.trim();
  }
  return out;
}
