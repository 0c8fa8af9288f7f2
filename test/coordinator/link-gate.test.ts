import { describe, expect, it } from 'vitest';
import { LinkGate, searchFormIsDry } from '../../src/coordinator/link-gate.ts';
import { linkFeatures } from '../../src/policy/link-features.ts';
import { LinkPolicy, type LinkPolicyJson } from '../../src/policy/link-policy.ts';

const SITE = 'http://h.test';

/** A policy that follows links whose anchor says "search" and, before a site's form is found, "shop"; nothing else. */
function picky(): LinkPolicy {
  const json: LinkPolicyJson = { format: 'surfacer-link-policy', value: { bias: -4, 'anchor word: search': 8, 'anchor word: shop, before any search form': 8 }, updates: 1, samples: 0, curve: [] };
  return LinkPolicy.fromJSON(json);
}

const offer = (path: string, text: string, from = '/', depth = 1) => ({ url: `${SITE}${path}`, text, depth, fromUrl: `${SITE}${from}` });

describe('LinkGate', () => {
  it('follows what the policy follows, defers the rest, and decides each URL once', () => {
    const g = new LinkGate(picky(), { learning: false, seed: 1 });
    expect(g.decide(offer('/search', 'Search'))).toBe(true);
    expect(g.decide(offer('/about', 'About'))).toBe(false);
    expect(g.decide(offer('/about', 'Search (a second anchor for the same page)'))).toBe(false);
    expect(g.stats()).toEqual({ followed: 1, deferred: 1, fallback: 0, reconsidered: 0 });
  });

  it('reads the site state: a link worth following before a form is found is deferred after', () => {
    const g = new LinkGate(picky(), { learning: false, seed: 1 });
    expect(g.decide(offer('/shop', 'Shop'))).toBe(true);
    g.searchFormFound(`${SITE}/shop`);
    expect(g.decide(offer('/shop/sale', 'Shop sale', '/shop', 2))).toBe(false);
  });

  it('hands back the deferred links of sites without a search form only (the coordinator asks once exploration runs dry)', () => {
    const g = new LinkGate(picky(), { learning: false, seed: 1 });
    g.decide(offer('/about', 'About'));
    g.decide({ url: 'http://other.test/about', text: 'About', depth: 1, fromUrl: 'http://other.test/' });
    g.searchFormFound('http://other.test/');
    expect(g.takeFallback().map((l) => l.url)).toEqual([`${SITE}/about`]);
    expect(g.takeFallback()).toEqual([]);
    expect(g.stats()).toEqual({ followed: 0, deferred: 2, fallback: 1, reconsidered: 0 });
  });

  it('returns over the link tree, worked by hand: page −1, form +20, record +1, γ = 0.9, losing children count 0', () => {
    const g = new LinkGate(LinkPolicy.fresh(), { learning: false, seed: 1 });
    // / → /alpha → /alpha/form (a search form); / → /beta → /beta/x (nothing), /beta/rec (a record); / → /gamma (never fetched); / → /d skipped.
    for (const [path, from, depth] of [['/alpha', '/', 1], ['/beta', '/', 1], ['/gamma', '/', 1], ['/alpha/form', '/alpha', 2], ['/beta/x', '/beta', 2], ['/beta/rec', '/beta', 2]] as const) g.decide(offer(path, '', from, depth));
    for (const p of ['/alpha', '/beta', '/alpha/form', '/beta/x', '/beta/rec']) g.pageFetched(`${SITE}${p}`);
    g.searchFormFound(`${SITE}/alpha/form`);
    g.recordFound(`${SITE}/beta/rec`);
    g.recordFound(`${SITE}/never-fetched-record`);
    const skipping = LinkPolicy.fromJSON({ format: 'surfacer-link-policy', value: { bias: -5 }, updates: 0, samples: 0, curve: [] });
    const samples = g.samples();
    const returnOf = (path: string, depth: number) => {
      const keys = [...linkFeatures({ url: `${SITE}${path}`, text: '', depth, siteHasSearchForm: false, onSearchFormPage: false }).keys()].sort().join('|');
      return samples.find((s) => [...s.features.keys()].sort().join('|') === keys)!.return;
    };
    expect(samples).toHaveLength(5);
    expect(returnOf('/alpha/form', 2)).toBeCloseTo(19, 10);
    expect(returnOf('/alpha', 1)).toBeCloseTo(-1 + 0.9 * 19, 10);
    expect(returnOf('/beta/x', 2)).toBeCloseTo(-1, 10);
    expect(returnOf('/beta/rec', 2)).toBeCloseTo(0, 10);
    // /beta: its own fetch, /beta/x losing (counts 0), /beta/rec worth 0.
    expect(returnOf('/beta', 1)).toBeCloseTo(-1, 10);
    // A skipped link earns exactly 0.
    const g2 = new LinkGate(skipping, { learning: false, seed: 1 });
    expect(g2.decide(offer('/d', 'D'))).toBe(false);
    expect(g2.samples()).toEqual([{ features: linkFeatures({ url: `${SITE}/d`, text: 'D', depth: 1, siteHasSearchForm: false, onSearchFormPage: false }), followed: false, return: 0, propensity: 1 }]);
  });

  it('while learning, draws each link by a coin fixed by the seed and the URL, not the order links come in', () => {
    const halfway = LinkPolicy.fromJSON({ format: 'surfacer-link-policy', value: { bias: 0 }, updates: 0, samples: 0, curve: [] });
    const urls = Array.from({ length: 60 }, (_, i) => `/page${String.fromCharCode(97 + (i % 26))}${i}`);
    const run = (order: string[], seed: number) => {
      const g = new LinkGate(halfway, { learning: true, seed });
      return new Map(order.map((u) => [u, g.decide(offer(u, ''))]));
    };
    const a = run(urls, 3);
    const b = run([...urls].reverse(), 3);
    expect([...urls].map((u) => a.get(u))).toEqual([...urls].map((u) => b.get(u)));
    const followed = [...a.values()].filter(Boolean).length;
    expect(followed).toBeGreaterThan(15);
    expect(followed).toBeLessThan(45);
    const other = run(urls, 4);
    expect([...urls].some((u) => other.get(u) !== a.get(u))).toBe(true);
    // The same site on another port (a testbed served on port 0) draws the same.
    const onPort = (port: number) => {
      const g = new LinkGate(halfway, { learning: true, seed: 3 });
      return urls.map((u) => g.decide({ url: `http://127.0.0.1:${port}${u}`, text: '', depth: 1, fromUrl: `http://127.0.0.1:${port}/` }));
    };
    expect(onPort(40001)).toEqual(onPort(50002));
  });

  it('learning while acting greedily: follows exactly what a frozen gate follows, and learns from those links with propensity 1', () => {
    const halfway = LinkPolicy.fromJSON({ format: 'surfacer-link-policy', value: { bias: -0.5, 'anchor word: search': 2 }, updates: 0, samples: 0, curve: [] });
    const links = Array.from({ length: 40 }, (_, i) => offer(`/p${i}`, i % 3 ? `Page ${i}` : `Search ${i}`));
    const decide = (options: { learning: boolean; draws?: boolean }) => {
      const g = new LinkGate(halfway, { ...options, seed: 3 });
      return { g, followed: links.map((l) => g.decide(l)) };
    };
    const frozen = decide({ learning: false });
    const greedy = decide({ learning: true, draws: false });
    const drawing = decide({ learning: true });
    expect(greedy.followed).toEqual(frozen.followed);
    expect(greedy.followed).toEqual(links.map((_, i) => i % 3 === 0));
    // Drawing, σ(−1) ≈ 0.27 and σ(3) ≈ 0.95: some plain pages followed, so it differs.
    expect(drawing.followed).not.toEqual(frozen.followed);
    for (const [i, l] of links.entries()) if (greedy.followed[i]) greedy.g.pageFetched(l.url);
    const samples = greedy.g.samples();
    expect(samples).toHaveLength(40);
    expect(samples.every((s) => s.propensity === 1)).toBe(true);
    expect(samples.filter((s) => s.followed).map((s) => s.return)).toEqual(Array(14).fill(-1));
  });

  it('while learning, credits a surface-word query\'s new records to the pages that showed all its words, half of them, shared', () => {
    const g = new LinkGate(LinkPolicy.fresh(), { learning: true, seed: 1, wordShare: 0.5 });
    // Fresh policy, learning: draw against σ(2) ≈ 0.88; follow whatever it draws, and only keep what it followed.
    const paths = ['/alpha', '/beta', '/gamma'].filter((p) => g.decide(offer(p, '')));
    for (const p of paths) g.pageFetched(`${SITE}${p}`);
    const words: Record<string, string[]> = { '/alpha': ['rally', 'derby'], '/beta': ['rally'], '/gamma': ['derby'] };
    for (const p of paths) g.surfaceWordsRead(`${SITE}${p}`, words[p]!);
    g.surfaceWordsRead(`${SITE}/never-fetched`, ['rally']);
    g.surfaceWordsPaid(`${SITE}/search`, ['rally'], 8);
    g.surfaceWordsPaid(`${SITE}/search`, ['rally', 'derby'], 2);
    g.surfaceWordsPaid(`${SITE}/search`, ['unseen'], 50);
    g.surfaceWordsPaid('http://other.test/search', ['rally'], 50);
    const byPath = new Map(g.samples().filter((s) => s.followed).map((s) => [[...s.features.keys()].find((k) => k.startsWith('path word: ') && !k.includes(','))!, s.return]));
    const rally = paths.filter((p) => words[p]!.includes('rally')).length;
    const expected = (p: string) => -1 + (words[p]!.includes('rally') ? (0.5 * 8) / rally : 0) + (p === '/alpha' ? 0.5 * 2 : 0);
    expect(paths.length).toBeGreaterThan(1);
    for (const p of paths) expect(byPath.get(`path word: ${p.slice(1)}`)).toBeCloseTo(expected(p), 10);
  });

  it('keeps no words when acting greedily, or without a share to credit', () => {
    for (const g of [new LinkGate(LinkPolicy.fresh(), { learning: false, seed: 1, wordShare: 0.5 }), new LinkGate(LinkPolicy.fresh(), { learning: true, seed: 1 })]) {
      expect(g.creditsWords).toBe(false);
      g.decide(offer('/alpha', ''));
      g.pageFetched(`${SITE}/alpha`);
      g.surfaceWordsRead(`${SITE}/alpha`, ['rally']);
      g.surfaceWordsPaid(`${SITE}/search`, ['rally'], 8);
      expect(g.samples().filter((s) => s.followed).map((s) => s.return)).toEqual(g.samples().some((s) => s.followed) ? [-1] : []);
    }
  });

  it('decides a site\'s deferred links again once its search form runs dry, and new links in that state until it pays', () => {
    // Follows a link after the form only while the form is dry, and only if its anchor says "topics".
    const policy = LinkPolicy.fromJSON({ format: 'surfacer-link-policy', value: { bias: -4, 'anchor word: search': 8, 'its search form has run dry': 2, 'anchor word: topics': 3 }, updates: 1, samples: 0, curve: [] });
    const g = new LinkGate(policy, { learning: false, seed: 1 });
    expect(g.decide(offer('/search', 'Search'))).toBe(true);
    g.searchFormFound(`${SITE}/search`);
    expect(g.decide(offer('/topics', 'Topics'))).toBe(false);
    expect(g.decide(offer('/about', 'About'))).toBe(false);
    expect(g.decide({ url: 'http://other.test/topics', text: 'Topics', depth: 1, fromUrl: 'http://other.test/' })).toBe(false);
    expect(g.searchFormRanDry(`${SITE}/search`, false)).toEqual([]);
    expect(g.searchFormRanDry(`${SITE}/search`, true).map((l) => l.url)).toEqual([`${SITE}/topics`]);
    // Dry already: nothing new to decide.
    expect(g.searchFormRanDry(`${SITE}/search`, true)).toEqual([]);
    expect(g.decide(offer('/topics/rally', 'Topics: rally', '/topics', 2))).toBe(true);
    g.searchFormRanDry(`${SITE}/search`, false);
    expect(g.decide(offer('/topics/derby', 'Topics: derby', '/topics', 2))).toBe(false);
    expect(g.stats()).toEqual({ followed: 3, deferred: 4, fallback: 0, reconsidered: 1 });
    // The reconsidered link learns in the state it was followed in.
    g.pageFetched(`${SITE}/topics`);
    const topics = g.samples().find((s) => s.features.has('path word: topics') && s.features.get('depth 1'))!;
    expect(topics.followed).toBe(true);
    expect(topics.features.has('its search form has run dry')).toBe(true);
    expect(topics.return).toBe(-1);
    // The fallback never takes a site with a form; the other site's link is still deferred for it.
    expect(g.takeFallback().map((l) => l.url)).toEqual(['http://other.test/topics']);
  });

  it('saves and restores everything it decides and learns from, so a resumed crawl goes on as this one would', () => {
    const g = new LinkGate(picky(), { learning: true, seed: 3, wordShare: 0.5 });
    g.decide(offer('/search', 'Search'));
    g.decide(offer('/about', 'About'));
    g.decide(offer('/shop', 'Shop'));
    g.decide({ url: 'http://other.test/about', text: 'About', depth: 1, fromUrl: 'http://other.test/' });
    g.pageFetched(`${SITE}/search`);
    g.surfaceWordsRead(`${SITE}/search`, ['bronze', 'horse']);
    g.searchFormFound(`${SITE}/search`);
    g.surfaceWordsPaid(`${SITE}/search`, ['bronze'], 4);
    g.searchFormRanDry(`${SITE}/search`, true);
    const saved = JSON.parse(JSON.stringify(g.toJSON()));
    const back = new LinkGate(picky(), { learning: true, seed: 3, wordShare: 0.5 });
    back.restore(saved);
    expect(back.toJSON()).toEqual(g.toJSON());
    expect(back.samples()).toEqual(g.samples());
    expect(back.stats()).toEqual(g.stats());
    // The same decisions from here on: a known link keeps its decision, the deferred ones come back alike.
    expect(back.decide(offer('/about', 'About'))).toBe(g.decide(offer('/about', 'About')));
    const fallback = g.takeFallback();
    expect(fallback.map((l) => l.url)).toEqual(['http://other.test/about']);
    expect(back.takeFallback()).toEqual(fallback);
    // The words read before the save still earn their pages a share of later records.
    g.surfaceWordsPaid(`${SITE}/search`, ['horse'], 2);
    back.surfaceWordsPaid(`${SITE}/search`, ['horse'], 2);
    expect(back.samples()).toEqual(g.samples());
    expect(new LinkGate(picky(), { learning: true, seed: 3, wordShare: 0.5 }).samples()).not.toEqual(g.samples());
    expect(() => new LinkGate(picky(), { learning: true, seed: 3 }).restore({ decisions: [] })).toThrow(/link gate state/);
  });

  it('counts a form as dry after three queries with nothing new, unless nearly every record has been listed again', () => {
    expect(searchFormIsDry(2, undefined)).toBe(false);
    expect(searchFormIsDry(3, undefined)).toBe(true);
    expect(searchFormIsDry(3, { distinct: 0, once: 0, twice: 0 })).toBe(true);
    // 40 records, 20 met once and 10 twice: Chao1 ≈ 17 unseen, 43 % of those listed.
    expect(searchFormIsDry(3, { distinct: 40, once: 20, twice: 10 })).toBe(true);
    // 300 records, 3 met once: ≈ 0 unseen. The form has found them all.
    expect(searchFormIsDry(5, { distinct: 300, once: 3, twice: 40 })).toBe(false);
  });
});
