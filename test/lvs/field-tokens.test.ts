import { describe, expect, it } from 'vitest';
import { createRng, isQueryName, nameTokens, splitIdentifier } from '../../src/lvs/index.ts';

describe('field name tokens', () => {
  it('splits camelCase, snake_case, kebab-case, digits and brackets', () => {
    expect(splitIdentifier('searchTerm')).toEqual(['search', 'term']);
    expect(splitIdentifier('year_from')).toEqual(['year', 'from']);
    expect(splitIdentifier('price-max')).toEqual(['price', 'max']);
    expect(splitIdentifier('HTMLTitle2')).toEqual(['html', 'title', '2']);
    expect(splitIdentifier('filter[artist]')).toEqual(['filter', 'artist']);
  });

  it('drops framework noise and expands query-string abbreviations', () => {
    expect(nameTokens('ctl00$MainContent$txtAuthor')).toEqual(['author']);
    expect(nameTokens('kw')).toEqual(['keyword']);
    expect(nameTokens('yr_from')).toEqual(['year', 'from']);
    expect(nameTokens('field7')).toEqual([]);
    expect(nameTokens('pricemax')).toEqual(['price', 'max']);
    expect(nameTokens('minyear')).toEqual(['min', 'year']);
    expect(nameTokens('vitamin')).toEqual(['vitamin']);
  });

  it('knows the usual query parameter names', () => {
    for (const n of ['q', 'kw', 's', 'query', 'Q']) expect(isQueryName(n), n).toBe(true);
    for (const n of ['author', 'page', 'sort']) expect(isQueryName(n), n).toBe(false);
  });
});

describe('createRng (mulberry32)', () => {
  it('is deterministic per seed, in [0, 1), and seeds differ', () => {
    const a = createRng(42);
    const b = createRng(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(createRng(43)()).not.toBe(xs[0]);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});
