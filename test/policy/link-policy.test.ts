import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkFeatures } from '../../src/policy/link-features.ts';
import { LINK_POLICY_FILE, LinkPolicy, LinkPolicyFileError, loadLinkPolicy, saveLinkPolicy, type LinkSample } from '../../src/policy/link-policy.ts';
import { createRng } from '../../src/lvs/random.ts';

const link = (url: string, text: string, siteHasSearchForm = false) => linkFeatures({ url: `http://h.test${url}`, text, depth: 1, siteHasSearchForm, onSearchFormPage: false });

describe('LinkPolicy', () => {
  it('fresh, it follows every link when acting greedily, and most of them when drawing', () => {
    const p = LinkPolicy.fresh();
    const f = link('/about', 'About us');
    expect(p.follows(f)).toBe(true);
    expect(p.probability(f)).toBeCloseTo(1 / (1 + Math.exp(-2)), 10);
    expect(p.follows(f, 0.5)).toBe(true);
    expect(p.follows(f, 0.95)).toBe(false);
  });

  it('one update, worked by hand: the value moves half way to the return, spread over |φ|²; skipped links teach nothing', () => {
    const p = LinkPolicy.fresh();
    const f = new Map([['bias', 1], ['anchor word: search', 1]]);
    expect(p.value(f)).toBe(1);
    p.learn([{ features: f, followed: true, return: 5, propensity: 0.5 }]);
    // Context (bias): C = 1, step 0.02 / 0.5 · (5 − 1) = 0.16 → 1.16. Words: 0.5 · (5 − 1.16 − 0) = 1.92.
    expect(p.toJSON().value['bias']).toBeCloseTo(1.16, 6);
    expect(p.toJSON().value['anchor word: search']).toBeCloseTo(1.92, 6);
    expect(p.value(f)).toBeCloseTo(3.08, 6);
    expect(p.probability(f)).toBeCloseTo(1 / (1 + Math.exp(-3.08 / 0.5)), 6);
    const before = p.toJSON();
    p.learn([{ features: new Map([['bias', 1], ['anchor word: about', 1]]), followed: false, return: 0, propensity: 0.9 }]);
    expect(p.toJSON().value).toEqual(before.value);
    expect(p.updates).toBe(2);
    // A rare follow (propensity 0.01) counts as one of 0.05: 0.02 / 0.05 = 0.4 of the error.
    const q = LinkPolicy.fresh();
    q.learn([{ features: new Map([['bias', 1]]), followed: true, return: -1, propensity: 0.01 }]);
    expect(q.toJSON().value['bias']).toBeCloseTo(1 + 0.4 * (-1 - 1), 6);
  });

  it('learns from returns which links to follow: those that reach a search form, not the rest', () => {
    const p = LinkPolicy.fresh();
    const rng = createRng(7);
    // As on a site: a link or two to the search form among many that lead nowhere.
    const kinds = [
      { f: link('/search', 'Search'), g: 19, share: 0.01 },
      { f: link('/find', 'Find records'), g: 19, share: 0.01 },
      { f: link('/about', 'About'), g: -1, share: 0.1 },
      { f: link('/contact', 'Contact'), g: -1, share: 0.1 },
      { f: link('/events/calendar', 'Events calendar'), g: -1, share: 0.28 },
      { f: link('/news/item', 'Latest news'), g: -1, share: 0.5 },
    ];
    const pick = () => {
      let r = rng();
      for (const k of kinds) if ((r -= k.share) < 0) return k;
      return kinds[kinds.length - 1]!;
    };
    for (let crawl = 0; crawl < 10; crawl++) {
      const samples: LinkSample[] = [];
      for (let i = 0; i < 100; i++) {
        const k = pick();
        const chance = p.probability(k.f);
        const followed = rng() < chance;
        samples.push({ features: k.f, followed, return: followed ? k.g : 0, propensity: followed ? chance : 1 - chance });
      }
      p.learn(samples);
    }
    expect(kinds.map((k) => p.follows(k.f))).toEqual([true, true, false, false, false, false]);
    // An unseen link with a word the forms' links share is followed; an unseen one without, not.
    expect(p.follows(link('/catalogue/search', 'Search the catalogue'))).toBe(true);
    expect(p.follows(link('/privacy', 'Privacy'))).toBe(false);
    expect(p.updates).toBe(10);
    expect(p.curve).toHaveLength(10);
  });

  it('round-trips through its file; a model without one has none; a broken one is a clear error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfacer-link-'));
    try {
      expect(loadLinkPolicy(dir)).toBeUndefined();
      const p = LinkPolicy.fresh();
      p.learn([{ features: link('/search', 'Search'), followed: true, return: 19, propensity: 0.9 }]);
      saveLinkPolicy(dir, p);
      const back = loadLinkPolicy(dir)!;
      expect(back.toJSON()).toEqual(p.toJSON());
      writeFileSync(join(dir, LINK_POLICY_FILE), '{"format":"something else"}');
      expect(() => loadLinkPolicy(dir)).toThrow(LinkPolicyFileError);
      expect(() => loadLinkPolicy(dir)).toThrow(/not a Surfacer link policy/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
