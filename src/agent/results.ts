/**
 * Reading a result page: which links are records, how many results the site says it has,
 * and how to get the next page (a link, a button that resubmits the form, or "load more").
 * Works on the page snapshot only, so it is the same for live pages and stored HTML.
 */
import { tryCanonicalUrl } from '../url/canonical.ts';

export interface SnapshotLink {
  href: string;
  text: string;
  rel?: string;
  inNav?: boolean;
}

export interface SnapshotButton {
  text: string;
  selectorHint: string;
}

export interface ResultPageView {
  url: string;
  text: string;
  links: SnapshotLink[];
  buttons: SnapshotButton[];
}

export type NextControl = { kind: 'link'; url: string } | { kind: 'button'; selectorHint: string; text: string } | { kind: 'load-more'; selectorHint: string; text: string };

export interface ResultPageReading {
  recordLinks: string[];
  /**
   * The text the list shows for each record link (its longest link text; '' when none): a title
   * the form matched, read before the record is fetched (coordinator/listed-titles.ts).
   */
  recordTitles: string[];
  reportedTotal?: number;
  next?: NextControl;
  /** The site said the query was empty, invalid or found nothing. */
  noResults: boolean;
}

const NEXT_TEXT = /^\s*(?:next(?:\s+page)?|more results|older|›|»|>|→|next\s*[›»>→])\s*$/i;
const LOAD_MORE_TEXT = /\b(?:load|show|see)\s+more\b/i;
const PAGE_NUMBER = /^\s*\d{1,4}\s*$/;
const PREV_TEXT = /^\s*(?:prev(?:ious)?(?:\s+page)?|newer|‹|«|<|←|first|last)\s*$/i;
const TOTAL_PATTERNS = [
  /\bof\s+(?:about\s+)?([\d,.]+)\s+(?:results?|records?|items?|matches|hits|entries|documents)\b/i,
  /\b([\d,.]+)\s+(?:results?|records?|items?|matches|hits|entries|documents)\s+(?:found|match(?:ed|ing)?|for)\b/i,
  /\b(?:found|total(?:\s+of)?)\s*:?\s+([\d,.]+)\s+(?:results?|records?|items?|matches|hits|entries)\b/i,
];
const NO_RESULTS = /\b(?:no\s+(?:results|records|matches|items)|nothing\s+(?:was\s+)?found|did not match any|0\s+results|please enter|invalid (?:query|search)|query (?:is )?(?:empty|too short)|error)\b/i;

/**
 * Path shape: segments holding digits become '#', and the last segment of a nested path
 * becomes '*', so detail pages of one template (/item/12, /item/12-blue-horse,
 * /works/blue-horse) group together however their ids and slugs are written.
 */
export function linkShape(url: string): string {
  const u = new URL(url);
  const segments = u.pathname.split('/').filter(Boolean).map((seg) => (/\d/.test(seg) ? '#' : seg));
  if (segments.length >= 2) segments[segments.length - 1] = segments[segments.length - 1] === '#' ? '#' : '*';
  return `${u.host}/${segments.join('/')}`;
}

export function parseReportedTotal(text: string): number | undefined {
  for (const re of TOTAL_PATTERNS) {
    const m = re.exec(text);
    if (m?.[1]) {
      const n = Number(m[1].replace(/[,.](?=\d{3}\b)/g, ''));
      if (Number.isFinite(n)) return n;
    }
  }
  return undefined;
}

function isPaginationLink(link: SnapshotLink): boolean {
  return link.rel === 'next' || link.rel === 'prev' || NEXT_TEXT.test(link.text) || PREV_TEXT.test(link.text) || PAGE_NUMBER.test(link.text);
}

/**
 * Records are the links that appear on the result page but not on the page the form was on,
 * outside navigation, and share the most common path shape among such links (a result list
 * is many links to one detail-page template).
 */
export function readResultPage(view: ResultPageView, surfaceLinks: ReadonlySet<string>, currentPage = 1): ResultPageReading {
  const candidates = new Map<string, string[]>();
  // A record may be linked twice (a thumbnail without text, then its title): keep the longest text.
  const texts = new Map<string, string>();
  for (const link of view.links) {
    const url = tryCanonicalUrl(link.href);
    if (!url || link.inNav || surfaceLinks.has(url) || isPaginationLink(link)) continue;
    if (url === tryCanonicalUrl(view.url)) continue;
    const shape = linkShape(url);
    const group = candidates.get(shape) ?? [];
    if (!group.includes(url)) group.push(url);
    candidates.set(shape, group);
    const text = link.text.replace(/\s+/g, ' ').trim();
    if (text.length > (texts.get(url)?.length ?? 0)) texts.set(url, text);
  }
  let recordLinks: string[] = [];
  for (const group of candidates.values()) if (group.length > recordLinks.length) recordLinks = group;
  const reportedTotal = parseReportedTotal(view.text);
  return { recordLinks, recordTitles: recordLinks.map((u) => texts.get(u) ?? ''), reportedTotal, next: findNext(view, currentPage), noResults: recordLinks.length === 0 && (NO_RESULTS.test(view.text) || reportedTotal === 0) };
}

function findNext(view: ResultPageView, currentPage: number): NextControl | undefined {
  const here = tryCanonicalUrl(view.url);
  const byRel = view.links.find((l) => l.rel === 'next');
  const byText = view.links.find((l) => NEXT_TEXT.test(l.text));
  const byNumber = view.links.find((l) => l.text.trim() === String(currentPage + 1));
  for (const link of [byRel, byText, byNumber]) {
    const url = link ? tryCanonicalUrl(link.href) : null;
    if (url && url !== here) return { kind: 'link', url };
  }
  const nextButton = view.buttons.find((b) => NEXT_TEXT.test(b.text) || b.text.trim() === String(currentPage + 1));
  if (nextButton) return { kind: 'button', selectorHint: nextButton.selectorHint, text: nextButton.text };
  const more = view.buttons.find((b) => LOAD_MORE_TEXT.test(b.text));
  if (more) return { kind: 'load-more', selectorHint: more.selectorHint, text: more.text };
  return undefined;
}
