/**
 * What the link policy reads of one link found on a surface page: named features a person can
 * read ("anchor word: search", "site has a search form"), each worth 1 unless said. Words come
 * from the anchor text and the URL's path and query keys; numbers are left out (record ids and
 * dates say "a page of many", which "path has a number" keeps). Each word is also read again
 * under whether the site already has a search form: a category link is worth following while
 * the form is still to be found and not after, and a linear policy can only tell the two
 * apart through such a conjunction.
 */

export interface LinkCandidate {
  /** The link's URL (canonical). */
  url: string;
  /** Its anchor text. */
  text: string;
  /** Depth the linked page would have (the linking page's plus one). */
  depth: number;
  /** A search form has been found on this site already. */
  siteHasSearchForm: boolean;
  /** The linking page itself holds a search form. */
  onSearchFormPage: boolean;
  /**
   * The site's search form has run dry: its last queries found no new record (the words it
   * has to ask do not fit the site). The surface pages' words are then what the form lacks.
   */
  searchFormDry?: boolean;
}

export type LinkFeatures = Map<string, number>;

/** Words of an anchor or path: letters only, lower case, at most this many of each. */
const MAX_WORDS = 8;
/** Depths above this share one feature: the policy has seen few pages that deep. */
const MAX_DEPTH_FEATURE = 4;

export function linkFeatures(link: LinkCandidate): LinkFeatures {
  const f: LinkFeatures = new Map([['bias', 1]]);
  const formState = link.siteHasSearchForm ? 'after a search form' : 'before any search form';
  f.set(formState, 1);
  f.set(`depth ${Math.min(link.depth, MAX_DEPTH_FEATURE)}`, 1);
  if (link.onSearchFormPage) f.set('on a search form page', 1);
  if (link.siteHasSearchForm && link.searchFormDry) f.set('its search form has run dry', 1);
  let url: URL | undefined;
  try {
    url = new URL(link.url);
  } catch {
    url = undefined;
  }
  const words = (prefix: string, text: string) => {
    for (const w of wordsOf(text)) {
      f.set(`${prefix} word: ${w}`, 1);
      f.set(`${prefix} word: ${w}, ${formState}`, 1);
    }
  };
  words('anchor', link.text);
  if (!link.text.trim()) f.set('no anchor text', 1);
  if (url) {
    words('path', decodeSafe(url.pathname));
    words('query key', [...url.searchParams.keys()].join(' '));
    if (/\d/.test(url.pathname + url.search)) f.set('path has a number', 1);
    if (url.search.length > 1) f.set('has a query string', 1);
    if (url.pathname === '/' || url.pathname === '') f.set('site root', 1);
  }
  return f;
}

function wordsOf(text: string): string[] {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (w.length < 2) continue;
    out.add(w);
    if (out.size >= MAX_WORDS) break;
  }
  return [...out];
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
