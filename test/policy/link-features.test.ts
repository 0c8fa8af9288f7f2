import { describe, expect, it } from 'vitest';
import { linkFeatures } from '../../src/policy/link-features.ts';

describe('linkFeatures', () => {
  it('names what a person would read of a link: anchor and path words, depth, the site state', () => {
    const f = linkFeatures({ url: 'http://h.test/search/advanced', text: 'Advanced search', depth: 2, siteHasSearchForm: false, onSearchFormPage: true });
    expect([...f.keys()].sort()).toEqual(
      [
        'bias',
        'before any search form',
        'depth 2',
        'on a search form page',
        'anchor word: advanced',
        'anchor word: advanced, before any search form',
        'anchor word: search',
        'anchor word: search, before any search form',
        'path word: search',
        'path word: search, before any search form',
        'path word: advanced',
        'path word: advanced, before any search form',
      ].sort(),
    );
    expect([...f.values()].every((v) => v === 1)).toBe(true);
  });

  it('reads each word again under the site state, so a link can be worth following before a form is found and not after', () => {
    const before = linkFeatures({ url: 'http://h.test/category/music', text: 'Music', depth: 1, siteHasSearchForm: false, onSearchFormPage: false });
    const after = linkFeatures({ url: 'http://h.test/category/music', text: 'Music', depth: 1, siteHasSearchForm: true, onSearchFormPage: false });
    expect(before.has('anchor word: music, before any search form')).toBe(true);
    expect(after.has('anchor word: music, after a search form')).toBe(true);
    expect(after.has('anchor word: music')).toBe(true);
    expect(after.has('anchor word: music, before any search form')).toBe(false);
  });

  it('says when the site\'s search form has run dry, and only once a site has one', () => {
    const dry = linkFeatures({ url: 'http://h.test/topics', text: 'Topics', depth: 1, siteHasSearchForm: true, onSearchFormPage: false, searchFormDry: true });
    expect(dry.get('its search form has run dry')).toBe(1);
    expect(linkFeatures({ url: 'http://h.test/topics', text: 'Topics', depth: 1, siteHasSearchForm: true, onSearchFormPage: false }).has('its search form has run dry')).toBe(false);
    expect(linkFeatures({ url: 'http://h.test/topics', text: 'Topics', depth: 1, siteHasSearchForm: false, onSearchFormPage: false, searchFormDry: true }).has('its search form has run dry')).toBe(false);
  });

  it('keeps numbers out of the words but says the path has one; query keys, no anchor, deep links', () => {
    const f = linkFeatures({ url: 'http://h.test/entry?id=1234', text: '', depth: 9, siteHasSearchForm: true, onSearchFormPage: false });
    expect(f.has('path has a number')).toBe(true);
    expect(f.has('has a query string')).toBe(true);
    expect(f.has('query key word: id')).toBe(true);
    expect(f.has('path word: entry')).toBe(true);
    expect(f.has('no anchor text')).toBe(true);
    expect(f.has('depth 4')).toBe(true);
    expect([...f.keys()].some((k) => /\d{2}/.test(k))).toBe(false);
  });

  it('does not fail on a URL it cannot parse', () => {
    const f = linkFeatures({ url: 'not a url', text: 'Home', depth: 1, siteHasSearchForm: false, onSearchFormPage: false });
    expect(f.get('anchor word: home')).toBe(1);
  });
});
