import { describe, expect, it } from 'vitest';
import { classifyTruthUrl, groundTruth, searchIndex, searchVariantsOf, SITES, TESTBED_DOMAINS } from '../../src/testbed/index.ts';
import { siteModel } from '../../src/testbed/model.ts';
import { candidateSubmissions } from './helpers.ts';

const ORIGIN = 'http://127.0.0.1:18100';

describe('ground truth consistency', () => {
  it.each([...TESTBED_DOMAINS])('%s: every hidden record is returned by some search', (domain) => {
    const model = siteModel(domain, 'small', 1);
    const unreachable: string[] = [];
    model.records.forEach((record, i) => {
      const found = model.config.search.some((form) =>
        candidateSubmissions(form, record).some((values) => {
          const out = model.engine.run(form, values);
          return out.ok && out.hits.includes(i);
        }),
      );
      if (!found) unreachable.push(record.title);
    });
    expect(unreachable).toEqual([]);
  });

  it.each([...TESTBED_DOMAINS])('%s: surface, record, result and trap URLs are disjoint and classified', (domain) => {
    const truth = groundTruth({ domain, origin: ORIGIN });
    const surface = new Set(truth.surfacePages.map((p) => p.url));
    const records = new Set(truth.records.map((r) => r.url));
    expect(records.size).toBe(truth.records.length);
    expect(surface.size).toBe(truth.surfacePages.length);
    const results = truth.resultPagePatterns.map((p) => new RegExp(p));
    const traps = truth.trapPatterns.map((p) => new RegExp(p));
    const recordPattern = new RegExp(truth.recordPattern);
    for (const url of surface) {
      expect(records.has(url), url).toBe(false);
      expect(results.some((r) => r.test(url)), url).toBe(false);
      expect(recordPattern.test(url), url).toBe(false);
      expect(['surface', 'trap']).toContain(classifyTruthUrl(truth, url));
    }
    for (const url of records) {
      expect(recordPattern.test(url), url).toBe(true);
      expect(results.some((r) => r.test(url)) || traps.some((r) => r.test(url)), url).toBe(false);
      expect(classifyTruthUrl(truth, url)).toBe('record');
    }
    // A result page of every search form classifies as a result page, never as surface.
    for (const form of SITES[domain].search) {
      const url = `${ORIGIN}${form.kind === 'script' ? form.pagePath : form.action}?${form.params.keyword}=x`;
      expect(classifyTruthUrl(truth, url), url).toBe('result');
    }
    expect(classifyTruthUrl(truth, 'http://example.invalid/')).toBe('other');
    // Only a few featured records are linked from the surface.
    expect(truth.records.filter((r) => r.featured).length).toBeLessThanOrEqual(3);
    for (const p of truth.surfacePages) expect(p.url.startsWith(`${ORIGIN}/`)).toBe(true);
  });

  it('places search forms at depth 0–3, most at 1–3, and non-search forms on every site', () => {
    const depths: number[] = [];
    const typesSeen = new Set<string>();
    for (const domain of TESTBED_DOMAINS) {
      const truth = groundTruth({ domain, origin: ORIGIN });
      const depthOf = new Map(truth.surfacePages.map((p) => [p.url, p.depth]));
      const search = truth.forms.filter((f) => f.trueType === 'search');
      expect(search.length, domain).toBeGreaterThanOrEqual(1);
      for (const f of search) {
        const d = depthOf.get(f.pageUrl);
        expect(d, `${domain} ${f.pageUrl}`).toBeDefined();
        expect(d!).toBeLessThanOrEqual(3);
        depths.push(d!);
        expect(f.fields.length).toBeGreaterThan(0);
      }
      const types = new Set(truth.forms.map((f) => f.trueType));
      for (const t of ['login', 'registration', 'join mailing list', 'contact/comment']) expect(types.has(t as never), `${domain} ${t}`).toBe(true);
      truth.forms.forEach((f) => typesSeen.add(f.trueType));
      // Indexes count the page's forms in order.
      const byPage = new Map<string, number[]>();
      for (const f of truth.forms) byPage.set(f.pageUrl, [...(byPage.get(f.pageUrl) ?? []), f.index]);
      for (const idx of byPage.values()) expect(idx).toEqual(idx.map((_, i) => i));
    }
    expect(depths.filter((d) => d >= 1).length).toBeGreaterThan(depths.length / 2);
    expect(Math.min(...depths)).toBe(0);
    expect(Math.max(...depths)).toBe(3);
    expect([...typesSeen].sort()).toEqual(['contact/comment', 'join mailing list', 'login', 'order/add to cart', 'other', 'password/login recovery', 'registration', 'search']);
  });

  it('puts every search behaviour on at least two sites', () => {
    const count = new Map<string, number>();
    for (const domain of TESTBED_DOMAINS) for (const tag of searchVariantsOf(SITES[domain])) count.set(tag, (count.get(tag) ?? 0) + 1);
    for (const tag of ['fulltext', 'title-only', 'select-only', 'multi-field', 'script', 'client-side-script', 'get', 'post', 'pagination:numbered', 'pagination:prev-next', 'pagination:buttons', 'pagination:load-more', 'result-cap', 'stop-words', 'required-fields', 'error-page:200', 'error-page:400', 'simple-and-advanced']) {
      expect(count.get(tag) ?? 0, tag).toBeGreaterThanOrEqual(2);
    }
    expect(TESTBED_DOMAINS.filter((d) => SITES[d].trap).length).toBeGreaterThanOrEqual(2);
    expect(TESTBED_DOMAINS.filter((d) => SITES[d].troubleByDefault).length).toBeGreaterThanOrEqual(2);
  });

  it('lists trap pages up to a few levels and marks them with a pattern', () => {
    for (const domain of TESTBED_DOMAINS.filter((d) => SITES[d].trap)) {
      const truth = groundTruth({ domain, origin: ORIGIN });
      const trapPages = truth.surfacePages.filter((p) => classifyTruthUrl(truth, p.url) === 'trap');
      expect(trapPages.length, domain).toBeGreaterThanOrEqual(5);
      expect(truth.trapPatterns.length).toBeGreaterThan(0);
    }
  });

  it('the oracle returns the record ids the engine returns, with caps and errors', () => {
    const index = searchIndex({ domain: 'news' });
    const model = siteModel('news', 'small', 1);
    const common = index.keyword('the');
    expect(common.length).toBe(100); // news caps every query at the top 100
    const target = model.records[17]!;
    const word = target.title.split(/\W+/).find((w) => /^[A-Z][a-z]{5,}$/.test(w))!;
    expect(index.keyword(word)).toContain(target.id);
    expect(index.keyword('')).toEqual([]);
    const science = searchIndex({ domain: 'science' });
    expect(science.keyword('the of')).toEqual([]); // stop words only: error page
  });
});
