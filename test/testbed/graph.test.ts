import { describe, expect, it } from 'vitest';
import { TESTBED_DOMAINS } from '../../src/testbed/index.ts';
import { internalLinks, siteModel } from '../../src/testbed/model.ts';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

describe('link graph statistics', () => {
  it.each([...TESTBED_DOMAINS])('%s: heavy-tailed degrees and depth 7 and beyond', (domain) => {
    const model = siteModel(domain, 'small', 1);
    const articles = [...model.surface.pages.values()].filter((p) => p.kind === 'article');
    const isArticle = new Set(articles.map((a) => a.path));
    // Article-to-article links only: site navigation would make any graph look heavy-tailed.
    const outDeg = articles.map((a) => a.links.filter((l) => isArticle.has(l.href)).length);
    const inDeg = new Map(articles.map((a) => [a.path, 0]));
    for (const a of articles) for (const l of a.links) if (isArticle.has(l.href)) inDeg.set(l.href, inDeg.get(l.href)! + 1);
    const ins = [...inDeg.values()];
    expect(Math.max(...ins)).toBeGreaterThanOrEqual(Math.max(10, 5 * median(ins)));
    expect(Math.max(...outDeg)).toBeGreaterThanOrEqual(Math.max(8, 4 * median(outDeg)));
    // Over the whole surface too, counting each page's body links (navigation and footer are the same on every page).
    const body = [...model.depths.keys()].map((p) => model.page(p)!.links.length);
    expect(Math.max(...body)).toBeGreaterThanOrEqual(5 * Math.max(1, median(body)));
    // Navigation links are real links the depth search follows.
    expect(internalLinks(model, model.page('/about')!)).toContain('/login');
    const depths = [...model.depths.values()];
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(7);
    // Every generated surface page is reachable from home.
    for (const path of model.surface.pages.keys()) expect(model.depths.has(path), path).toBe(true);
  });
});
