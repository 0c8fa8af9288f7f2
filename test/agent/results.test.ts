import { describe, expect, it } from 'vitest';
import { linkShape, parseReportedTotal, readResultPage, type ResultPageView } from '../../src/agent/results.ts';

const base = 'http://127.0.0.1:9000';
function view(partial: Partial<ResultPageView>): ResultPageView {
  return { url: `${base}/search?q=oil`, text: '', links: [], buttons: [], ...partial };
}

describe('readResultPage', () => {
  const nav = [
    { href: `${base}/`, text: 'Home', inNav: true },
    { href: `${base}/about`, text: 'About' },
  ];
  const surface = new Set([`${base}/`, `${base}/about`]);
  const items = [12, 40, 7].map((id) => ({ href: `${base}/item/${id}`, text: `Record ${id}` }));

  it('takes the largest group of same-shape links that are not on the form page', () => {
    const r = readResultPage(view({ links: [...nav, ...items, { href: `${base}/category/3`, text: 'Sculpture' }], text: 'Showing 1–3 of 57 results' }), surface);
    expect(r.recordLinks).toEqual([`${base}/item/12`, `${base}/item/40`, `${base}/item/7`]);
    expect(r.reportedTotal).toBe(57);
    expect(r.noResults).toBe(false);
  });

  it('keeps the text each record link shows, the longest where a record is linked twice', () => {
    const thumbnail = { href: `${base}/item/40`, text: '' };
    const r = readResultPage(view({ links: [thumbnail, ...items, { href: `${base}/item/12`, text: '  Record\n 12 ' }] }), surface);
    // In the order records are first linked (the thumbnail puts 40 first), each with its longest text.
    expect(r.recordLinks).toEqual([`${base}/item/40`, `${base}/item/12`, `${base}/item/7`]);
    expect(r.recordTitles).toEqual(['Record 40', 'Record 12', 'Record 7']);
    expect(readResultPage(view({ links: [{ href: `${base}/item/5`, text: '' }, { href: `${base}/item/6`, text: 'Six' }] }), surface).recordTitles).toEqual(['', 'Six']);
  });

  it('finds next-page links by rel, by text and by number, and ignores them as records', () => {
    const withNext = [...items, { href: `${base}/search?q=oil&page=2`, text: '2' }, { href: `${base}/search?q=oil&page=2`, text: 'Next ›' }];
    const r = readResultPage(view({ links: withNext }), surface, 1);
    expect(r.next).toEqual({ kind: 'link', url: `${base}/search?page=2&q=oil` });
    expect(r.recordLinks).toHaveLength(3);
    const byNumber = readResultPage(view({ links: [...items, { href: `${base}/search?q=oil&p=3`, text: '3' }] }), surface, 2);
    expect(byNumber.next).toEqual({ kind: 'link', url: `${base}/search?p=3&q=oil` });
  });

  it('falls back to a next button that resubmits the form, then to "load more"', () => {
    const r = readResultPage(view({ links: items, buttons: [{ text: 'Search', selectorHint: '#go' }, { text: 'Next', selectorHint: 'button[name=page]' }] }), surface);
    expect(r.next).toEqual({ kind: 'button', selectorHint: 'button[name=page]', text: 'Next' });
    const more = readResultPage(view({ links: items, buttons: [{ text: 'Load more results', selectorHint: '#more' }] }), surface);
    expect(more.next?.kind).toBe('load-more');
  });

  it('recognises empty and error result pages', () => {
    expect(readResultPage(view({ links: nav, text: 'No results found for "zzz".' }), surface).noResults).toBe(true);
    expect(readResultPage(view({ links: nav, text: 'Please enter a search term.' }), surface).noResults).toBe(true);
    expect(readResultPage(view({ links: nav, text: 'Welcome to our gallery' }), surface).noResults).toBe(false);
  });
});

describe('parseReportedTotal and linkShape', () => {
  it('reads common result-count phrasings', () => {
    expect(parseReportedTotal('Showing 1-10 of 1,234 results')).toBe(1234);
    expect(parseReportedTotal('57 records found')).toBe(57);
    expect(parseReportedTotal('Found: 12 matches')).toBe(12);
    expect(parseReportedTotal('Welcome')).toBeUndefined();
  });
  it('abstracts ids in detail-page paths', () => {
    expect(linkShape(`${base}/item/12`)).toBe(linkShape(`${base}/item/977`));
    expect(linkShape(`${base}/item/12`)).not.toBe(linkShape(`${base}/category/12`));
  });
});
