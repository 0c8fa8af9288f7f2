import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/lvs/random.ts';
import { AdaptiveStrategy, BfsStrategy, createStrategy, GenericFrequencyStrategy, JiangRlStrategy, RandomStrategy, type CorpusView, type QueryCandidate, type QueryStrategy } from '../../src/strategies/index.ts';
import { queryFeatures, queryReward } from '../../src/strategies/jiang-rl.ts';

/** Seeded, so the simulated site and the strategies are repeatable. */
const rng = createRng;

/** A hidden collection with Zipf-distributed words and a keyword search capped at `cap`. */
function simulatedSite(seed: number, docs = 400, vocab = 300, wordsPerDoc = 25, cap = 50) {
  const r = rng(seed);
  const weights = Array.from({ length: vocab }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let x = r() * total;
    for (let i = 0; i < vocab; i++) if ((x -= weights[i]!) <= 0) return `w${i}`;
    return `w${vocab - 1}`;
  };
  const records = Array.from({ length: docs }, () => new Set(Array.from({ length: wordsPerDoc }, pick)));
  const search = (term: string) => {
    const hits = records.map((words, id) => (words.has(term) ? id : -1)).filter((id) => id >= 0);
    return { ids: hits.slice(0, cap), total: hits.length };
  };
  return { records, search, vocab };
}

/** Runs `queries` queries of a strategy against a simulated site; returns coverage after each. */
function crawl(strategy: QueryStrategy, seed: number, queries: number): number[] {
  const site = simulatedSite(seed);
  const harvested = new Set<number>();
  const df = new Map<string, number>();
  const corpus: CorpusView = {
    get documents() {
      return harvested.size;
    },
    documentFrequency: (t) => df.get(t) ?? 0,
    termStats: (t) => (df.has(t) ? { pos: 'NOUN', tf: df.get(t)!, df: df.get(t)!, ridf: 0, contexts: { text: df.get(t)! } } : undefined),
  };
  const issued = new Set<string>();
  // LVS-like seed values: a few domain words the strategy may try before anything is harvested.
  const lvs = ['w3', 'w10', 'w40', 'w120'];
  const r = rng(seed + 1);
  const curve: number[] = [];
  for (let q = 0; q < queries; q++) {
    const terms = new Set<string>([...lvs, ...df.keys()]);
    const candidates: QueryCandidate[] = [...terms].filter((t) => !issued.has(t)).map((t, i) => ({ key: t, values: { q: t }, terms: [t], source: lvs.includes(t) ? 'lvs' : 'pool', prior: lvs.includes(t) ? 1 - i * 0.1 : undefined }));
    const choice = strategy.choose(candidates, { corpus, harvested: harvested.size, rng: r });
    if (!choice) break;
    issued.add(choice.key);
    const { ids, total } = site.search(choice.terms[0]!);
    const knownBefore = harvested.size;
    let fresh = 0;
    for (const id of ids) {
      if (harvested.has(id)) continue;
      harvested.add(id);
      fresh++;
      for (const w of site.records[id]!) df.set(w, (df.get(w) ?? 0) + 1);
    }
    strategy.observe({ key: choice.key, terms: choice.terms, results: ids.length, newRecords: fresh, reportedTotal: total, pages: Math.ceil(ids.length / 10), knownBefore });
    curve.push(harvested.size / site.records.length);
  }
  return curve;
}

describe('query strategies', () => {
  it('adaptive beats random and generic-frequency on coverage at equal queries (simulated Zipf site)', () => {
    const at = 15;
    const mean = (f: () => QueryStrategy) => [1, 2, 3].map((s) => crawl(f(), s, at)[at - 1] ?? 0).reduce((a, b) => a + b, 0) / 3;
    const adaptive = mean(() => new AdaptiveStrategy());
    const random = mean(() => new RandomStrategy());
    const generic = mean(() => new GenericFrequencyStrategy());
    expect(adaptive).toBeGreaterThan(random);
    expect(adaptive).toBeGreaterThan(generic);
  });

  it('generic-frequency issues the most frequent harvested term first', () => {
    const corpus: CorpusView = { documents: 10, documentFrequency: (t) => ({ a: 2, b: 7, c: 5 })[t] ?? 0 };
    const cands = ['a', 'b', 'c'].map((t) => ({ key: t, values: { q: t }, terms: [t], source: 'pool' as const }));
    expect(new GenericFrequencyStrategy().choose(cands, { corpus, harvested: 10, rng: Math.random })?.key).toBe('b');
  });

  it('adaptive prefers terms whose matches are mostly unharvested', () => {
    const s = new AdaptiveStrategy();
    // 50 results, 30 of them among the 120 known before: capture–recapture says 120·50/30 = 200.
    s.observe({ key: 'x', terms: ['x'], results: 50, newRecords: 20, reportedTotal: 100, pages: 5, knownBefore: 120 });
    const corpus: CorpusView = { documents: 20, documentFrequency: (t) => ({ x: 10, common: 18, rare: 2 })[t] ?? 0 };
    const ctx = { corpus, harvested: 20, rng: Math.random };
    expect(s.siteSize(ctx)).toBeCloseTo(200);
    const est = (t: string) => s.estimate({ key: t, values: {}, terms: [t], source: 'pool' }, ctx).expectedNew;
    // common: M = 180, capped at 50 returned, of which 10% harvested -> 45 new; rare: M = 20 -> 18 new.
    expect(est('common')).toBeCloseTo(45);
    expect(est('rare')).toBeCloseTo(18);
  });

  it('adaptive does not take the harvest for the whole site while records keep turning up once', () => {
    const s = new AdaptiveStrategy();
    // Biased queries: every list recaptures what is known, so capture–recapture says "done".
    for (let i = 0; i < 5; i++) s.observe({ key: `q${i}`, terms: [`q${i}`], results: 40, newRecords: 0, pages: 4, knownBefore: 100 });
    const corpus: CorpusView = { documents: 100, documentFrequency: () => 10 };
    const exhausted = { corpus, harvested: 100, rng: Math.random, captures: { once: 0, total: 300 } };
    expect(s.siteSize(exhausted)).toBeCloseTo(100);
    // Yet half of all listings were records listed only once: Good–Turing says half the next list is new.
    const open = { ...exhausted, captures: { once: 150, total: 300 } };
    expect(s.siteSize(open)).toBeCloseTo(200);
    const est = (ctx: typeof open) => s.estimate({ key: 't', values: {}, terms: ['t'], source: 'pool' }, ctx).expectedNew;
    expect(est(open)).toBeGreaterThan(5);
    expect(est(exhausted)).toBeCloseTo(0);
  });

  it('adaptive discounts a term that none of many harvested records holds', () => {
    const s = new AdaptiveStrategy();
    // 50 results, 30 of the 120 known recaptured: the site holds 120·50/30 = 200 records.
    s.observe({ key: 'x', source: 'surface', terms: ['x'], results: 50, newRecords: 20, pages: 5, knownBefore: 120 });
    const ctxOf = (documents: number) => ({ corpus: { documents, documentFrequency: () => 0 }, harvested: 20, rng: Math.random });
    // The one answer's 50 records sample that query, not the site: no evidence yet.
    expect(s.absenceFactor('surface', ctxOf(50))).toBe(1);
    // 10 records beyond it, none with the term: a finding term (f = 50/200) misses all ten with
    // q = 0.75^10 = 0.0563; surface found records once in one query, p = 2/3:
    // q / (p·q + 1 − p) = 0.0563 / 0.3709 = 0.152; LVS has no queries yet, p = 1/2: 0.107.
    expect(s.absenceFactor('surface', ctxOf(60))).toBeCloseTo(0.152, 3);
    expect(s.absenceFactor('lvs', ctxOf(60))).toBeCloseTo(0.107, 3);
    // Drop-down values choose which records are harvested: their absence says nothing.
    expect(s.absenceFactor('options', ctxOf(60))).toBe(1);
    // The guess for a fresh word carries the factor; far more records without it leave nearly nothing.
    const guess = (documents: number) => s.estimate({ key: 'menu', values: {}, terms: ['menu'], source: 'surface' }, ctxOf(documents)).expectedNew;
    expect(guess(60) / guess(50)).toBeCloseTo(0.152, 3);
    expect(guess(150)).toBeLessThan(1e-6 * guess(50));
    // Before any query has found a record there is no frequency to judge absence by.
    expect(new AdaptiveStrategy().absenceFactor('surface', ctxOf(300))).toBe(1);
  });

  it('adaptive scales a word one record holds by Good–Turing, not as once per record read', () => {
    const s = new AdaptiveStrategy();
    s.observe({ key: 'x', terms: ['x'], results: 50, newRecords: 20, pages: 5, knownBefore: 120 });
    // 200 records on the site (capture–recapture), 100 read; "name" is in one of them.
    const ctxOf = (n1: number, n2: number) => ({ corpus: { documents: 100, documentFrequency: () => 1, termsWithDf: (r: number) => (r === 1 ? n1 : r === 2 ? n2 : 0) }, harvested: 100, rng: Math.random });
    const est = (ctx: ReturnType<typeof ctxOf>) => s.estimate({ key: 'name', values: {}, terms: ['name'], source: 'title' }, ctx).expectedNew;
    // Unadjusted: M = 200 · 1/100 = 2, E = 2 · (1 − 1/2) = 1. As many words held twice as once: 2·n2/n1 ≥ 1, kept at 1.
    expect(est(ctxOf(40, 40))).toBeCloseTo(1);
    // Mostly names: 2·10/100 = 0.2, M = 0.4 < the one record known: nothing new.
    expect(est(ctxOf(100, 10))).toBe(0);
    // A Zipf-like text: 2·30/40 = 1.5 → 1 (kept); 2·15/40 = 0.75 → M = 1.5, E = 1.5 · (1 − 1/1.5) = 0.5.
    expect(est(ctxOf(40, 15))).toBeCloseTo(0.5);
  });

  it('adaptive expects of a word the unseen records the records listed once suggest, not the whole harvest', () => {
    const s = new AdaptiveStrategy();
    // 50 results, 30 of the 120 known recaptured: 200 records on the site, 100 held, 100 unseen; cap 50.
    s.observe({ key: 'x', terms: ['x'], results: 50, newRecords: 20, pages: 5, knownBefore: 120 });
    const df: Record<string, number> = { broad: 60, category: 30 };
    // Of the 20 held records listed only once, none holds "broad" (its holders were met again and again), 15 hold "category".
    const once: Record<string, number> = { broad: 0, category: 15 };
    const corpusOf = (onceDocuments: number | undefined): CorpusView => ({
      documents: 100,
      documentFrequency: (t) => df[t] ?? 0,
      ...(onceDocuments === undefined ? {} : { listedOnce: { documents: onceDocuments, frequency: (t: string) => once[t] ?? 0 } }),
    });
    const est = (term: string, onceDocuments?: number) => s.estimate({ key: term, values: {}, terms: [term], source: 'pool' }, { corpus: corpusOf(onceDocuments), harvested: 100, rng: Math.random }).expectedNew;
    // The whole harvest's share (Ntoulas et al.): M = df + 100 · df/100 = 2·df, capped at 50: E = 50 · (1 − df/M) = 25 for both.
    expect(est('broad')).toBeCloseTo(25);
    expect(est('category')).toBeCloseTo(25);
    // From the records listed once, shrunk by 20 pseudo-records: broad (0 + 20·0.6)/40 = 0.3, M = 90,
    // E = 50 · (1 − 60/90) = 16.67; category (15 + 20·0.3)/40 = 0.525, M = 82.5, E = 50 · (1 − 30/82.5) = 31.82.
    expect(est('broad', 20)).toBeCloseTo(16.667, 2);
    expect(est('category', 20)).toBeCloseTo(31.818, 2);
    // No record listed once (or no tally at all): the harvest's share stands.
    expect(est('category', 0)).toBeCloseTo(25);
  });

  it("the learned strategy's yield model takes a word's unseen share from the records outside its siblings' complete lists", () => {
    const observed = (s: AdaptiveStrategy) => {
      // As above: 200 records on the site, 100 held, 100 unseen; cap 50.
      s.observe({ key: 'x', terms: ['x'], results: 50, newRecords: 20, pages: 5, knownBefore: 120 });
      return s;
    };
    // 30 held records hold "morning", 8 of the 20 listed once; 40 held records, 10 of them listed once, are in a
    // sibling value's complete list, which holds none of them.
    const corpusOf = (withOnce: boolean): CorpusView => ({
      documents: 100,
      documentFrequency: (t) => (t === 'morning' ? 30 : 0),
      ...(withOnce ? { listedOnce: { documents: 20, frequency: (t: string) => (t === 'morning' ? 8 : 0) } } : {}),
      outsideExclusiveLists: (terms) => (terms[0] === 'morning' ? { documents: 60, listedOnce: 10, lists: ['weekend'] } : undefined),
    });
    const est = (s: AdaptiveStrategy, withOnce = true) => s.estimate({ key: 'morning', values: {}, terms: ['morning'], source: 'pool' }, { corpus: corpusOf(withOnce), harvested: 100, rng: Math.random }).expectedNew;
    // The baseline: (8 + 20·0.3)/40 = 0.35, M = 30 + 100·0.35 = 65, E = 50 · (1 − 30/65).
    expect(est(observed(new AdaptiveStrategy()))).toBeCloseTo(50 * (1 - 30 / 65), 9);
    // Outside the sibling's list: (8 + 20·30/60)/(10 + 20) = 0.6, M = 90, E = 50 · (1 − 30/90).
    expect(est(observed(new AdaptiveStrategy({ partitions: true })))).toBeCloseTo(50 * (1 - 30 / 90), 9);
    // Without a tally of records listed once: 30/60 = 0.5, M = 80.
    expect(est(observed(new AdaptiveStrategy({ partitions: true })), false)).toBeCloseTo(50 * (1 - 30 / 80), 9);
  });

  it("the learned strategy's yield model expects nothing new of a word whose holders a complete list covers, the baseline still does", () => {
    const s = (partitions: boolean) => {
      const out = new AdaptiveStrategy({ partitions });
      out.observe({ key: 'x', terms: ['x'], results: 50, newRecords: 20, pages: 5, knownBefore: 120 });
      return out;
    };
    // 30 held records hold "moving", all in the complete list of room = moving.
    const corpus: CorpusView = {
      documents: 100,
      documentFrequency: (t) => (t === 'moving' ? 30 : 0),
      listedOnce: { documents: 20, frequency: (t: string) => (t === 'moving' ? 8 : 0) },
      outsideExclusiveLists: (terms) => (terms[0] === 'moving' ? { documents: 70, listedOnce: 12, lists: [], covering: ['room=moving'] } : undefined),
    };
    const est = (st: AdaptiveStrategy) => st.estimate({ key: 'moving', values: {}, terms: ['moving'], source: 'pool' }, { corpus, harvested: 100, rng: Math.random });
    expect(est(s(true))).toMatchObject({ expectedNew: 0, returned: 30, modelled: true });
    // As the Ntoulas et al. baseline sees it: (8 + 20·0.3)/40 = 0.35 of the unseen hold it.
    expect(est(s(false)).expectedNew).toBeCloseTo(50 * (1 - 30 / 65), 9);
  });

  it("the learned strategy's yield model calibrates by its predictions before calibration, so the ratio does not chase its own last value", () => {
    const s = new AdaptiveStrategy({ rankedCaps: true });
    s.notePrediction('a', { expectedNew: 40, capped: false });
    s.observe({ key: 'a', source: 'pool', terms: ['a'], results: 20, newRecords: 20, pages: 2 });
    // One pseudo-query of 10 on each side: (20 + 10) / (40 + 10).
    expect(s.calibration('pool')).toBeCloseTo(0.6, 12);
    // The next estimate is scaled by it, but what it notes for the next calibration is the model's own figure.
    s.observe({ key: 'x', terms: ['x'], results: 50, newRecords: 20, pages: 5, knownBefore: 120 });
    const corpus: CorpusView = { documents: 20, documentFrequency: (t) => (t === 'rare' ? 2 : 0) };
    const e = s.estimate({ key: 'rare', values: {}, terms: ['rare'], source: 'pool' }, { corpus, harvested: 20, rng: Math.random });
    expect(e.prediction!.capped).toBe(false);
    expect(e.expectedNew).toBeCloseTo(e.prediction!.expectedNew * 0.6, 9);
    s.notePrediction('b', e.prediction!);
    s.observe({ key: 'b', source: 'pool', terms: ['rare'], results: 9, newRecords: 9, pages: 1 });
    expect(s.calibration('pool')).toBeCloseTo((20 + 9 + 10) / (40 + e.prediction!.expectedNew + 10), 9);
    // An outcome nobody predicted (a fresh word's, judged by its source's yield) does not calibrate.
    s.observe({ key: 'c', source: 'pool', terms: ['c'], results: 30, newRecords: 30, pages: 3 });
    expect(s.calibration('pool')).toBeCloseTo((20 + 9 + 10) / (40 + e.prediction!.expectedNew + 10), 9);
    // The adaptive baseline notes its calibrated figure, as Surfacer's adaptive always has.
    const baseline = new AdaptiveStrategy();
    baseline.notePrediction('a', { expectedNew: 40, capped: false });
    baseline.observe({ key: 'a', source: 'pool', terms: ['a'], results: 20, newRecords: 20, pages: 2 });
    baseline.observe({ key: 'x', terms: ['x'], results: 50, newRecords: 20, pages: 5, knownBefore: 120 });
    const b = baseline.estimate({ key: 'rare', values: {}, terms: ['rare'], source: 'pool' }, { corpus, harvested: 20, rng: Math.random });
    expect(b.prediction!.expectedNew).toBeCloseTo(b.expectedNew, 12);
    expect(b.expectedNew).toBeCloseTo(e.expectedNew, 12);
  });

  it("the learned strategy's yield model calibrates a query expected to fill the result cap by the form's capped lists, whatever their source", () => {
    const s = new AdaptiveStrategy({ rankedCaps: true });
    // A ranked site: a title word's capped list of 100 brought 20 new where a random sample of its matches would have brought 60.
    s.notePrediction('interview', { expectedNew: 60, capped: true });
    s.observe({ key: 'interview', source: 'title', terms: ['interview'], results: 100, newRecords: 20, pages: 10, knownBefore: 100 });
    // A word under the cap listed what it was expected to.
    s.notePrediction('weekend', { expectedNew: 40, capped: false });
    s.observe({ key: 'weekend', source: 'pool', terms: ['weekend'], results: 40, newRecords: 40, pages: 4, knownBefore: 120 });
    expect(s.calibration('pool', true)).toBeCloseTo(30 / 70, 12);
    expect(s.calibration('lvs', true)).toBeCloseTo(30 / 70, 12);
    expect(s.calibration('pool')).toBe(1);
    // The title word's shortfall is the cap's, not its source's: uncapped title words keep the optimistic start.
    expect(s.calibration('title')).toBe(1);
    // 160 held, cap 100: a word 120 of them hold is expected to fill the cap; one 30 hold is not.
    const corpus: CorpusView = { documents: 160, documentFrequency: (t) => ({ simple: 120, morning: 30 })[t] ?? 0 };
    const ctx = { corpus, harvested: 160, rng: Math.random };
    const est = (t: string) => s.estimate({ key: t, values: {}, terms: [t], source: 'pool' }, ctx);
    expect(est('simple').prediction!.capped).toBe(true);
    expect(est('simple').expectedNew).toBeCloseTo(est('simple').prediction!.expectedNew * (30 / 70), 9);
    expect(est('morning').prediction!.capped).toBe(false);
    expect(est('morning').expectedNew).toBeCloseTo(est('morning').prediction!.expectedNew, 9);
    // Both kinds survive a resume.
    const t = AdaptiveStrategy.fromJSON(JSON.parse(JSON.stringify(s.toJSON())), { rankedCaps: true });
    expect(t.calibration('pool', true)).toBeCloseTo(30 / 70, 12);
    expect(t.calibration('pool')).toBe(1);
    // The adaptive baseline keeps one calibration per source, capped or not.
    const baseline = AdaptiveStrategy.fromJSON(JSON.parse(JSON.stringify(s.toJSON())));
    expect(baseline.calibration('title', true)).toBeCloseTo(30 / 70, 12);
    expect(baseline.calibration('title')).toBeCloseTo(30 / 70, 12);
    expect(baseline.calibration('pool', true)).toBe(1);
  });

  it('adaptive judges a surface word that the form lists no held record for as a fresh word', () => {
    const s = new AdaptiveStrategy();
    s.observe({ key: 'x', source: 'surface', terms: ['x'], results: 50, newRecords: 20, pages: 5, knownBefore: 120 });
    // One held record has "goal" in its text, which this title-only form lists at 0.03.
    const ctx = { corpus: { documents: 50, documentFrequency: () => 0.03 }, harvested: 50, rng: Math.random };
    const fresh = { corpus: { documents: 50, documentFrequency: () => 0 }, harvested: 50, rng: Math.random };
    const est = (source: 'surface' | 'pool', c: typeof ctx) => s.estimate({ key: 'goal', values: {}, terms: ['goal'], source, prior: 1 }, c);
    // As a surface word it is estimated as one no record holds: the source's yield, not 0.03 of a record.
    expect(est('surface', ctx)).toEqual(est('surface', fresh));
    expect(est('surface', ctx).modelled).toBe(false);
    // A word taken from the records stays modelled by its count.
    expect(est('pool', ctx).modelled).toBe(true);
    expect(est('pool', ctx).expectedNew).toBeLessThan(0.1);
  });

  it("adaptive ranks a table value none of the site's pages shows after one they show, until such a value finds records", () => {
    const s = new AdaptiveStrategy();
    const ctx = { corpus: { documents: 0, documentFrequency: () => 0 }, harvested: 0, rng: Math.random };
    const shown: QueryCandidate = { key: 'a', values: { q: 'jeans' }, terms: ['jeans'], source: 'lvs', prior: 0.9, surfaceShare: 0.2 };
    const unshown: QueryCandidate = { key: 'b', values: { q: 'handbag' }, terms: ['handbag'], source: 'lvs', prior: 1, surfaceShare: 0 };
    // Pages not read yet say nothing: the table's weight decides, as before.
    const unknown: QueryCandidate = { ...unshown, key: 'c', surfaceShare: undefined };
    expect(s.efficiency(unknown, ctx)).toBeGreaterThan(s.efficiency(shown, ctx));
    expect(s.choose([shown, unshown], ctx)).toBe(shown);
    expect(s.sourceHitRate('unshown')).toBeCloseTo(1 / 4, 9);
    // An unshown value that lists new records lifts its class: one hit in one query, over 1 + 4 pseudo-queries.
    s.observe({ key: 'd', source: 'lvs', unshown: true, terms: ['clutch'], results: 30, newRecords: 30, pages: 3 });
    expect(s.sourceHitRate('unshown')).toBeCloseTo(2 / 5, 9);
    // It is not the shown values' record: theirs still starts at one hit in one.
    expect(s.sourceHitRate('lvs')).toBe(1);
    // The class survives a resume.
    expect(AdaptiveStrategy.fromJSON(JSON.parse(JSON.stringify(s.toJSON()))).sourceHitRate('unshown')).toBeCloseTo(2 / 5, 9);
  });

  it('adaptive state survives a JSON round trip', () => {
    const s = new AdaptiveStrategy();
    s.observe({ key: 'x', terms: ['x'], results: 30, newRecords: 30, reportedTotal: 60, pages: 3 });
    const t = AdaptiveStrategy.fromJSON(JSON.parse(JSON.stringify(s.toJSON())));
    expect(t.resultCap()).toBe(s.resultCap());
  });

  it('bfs submits once, with the first LVS value, and survives resume', () => {
    const cands: QueryCandidate[] = [
      { key: 'p', values: { q: 'p' }, terms: ['p'], source: 'pool' },
      { key: 'l', values: { q: 'l' }, terms: ['l'], source: 'lvs' },
    ];
    const s = new BfsStrategy();
    expect(s.choose(cands)?.key).toBe('l');
    expect(s.choose(cands)).toBeNull();
    expect(createStrategy('bfs', s.toJSON()).choose(cands, { corpus: { documents: 0, documentFrequency: () => 0 }, harvested: 0, rng: Math.random })).toBeNull();
  });

  it('random is repeatable under a seeded rng and covers the candidates', () => {
    const cands = ['a', 'b', 'c', 'd'].map((t) => ({ key: t, values: {}, terms: [t], source: 'pool' as const }));
    const ctx = (seed: number) => ({ corpus: { documents: 0, documentFrequency: () => 0 }, harvested: 0, rng: rng(seed) });
    const run = (seed: number) => { const c = ctx(seed); return Array.from({ length: 20 }, () => new RandomStrategy().choose(cands, c)?.key); };
    expect(run(7)).toEqual(run(7));
    expect(new Set(run(7)).size).toBe(4);
  });

  it('jiang-rl: rewards of issued queries carry to similar unissued ones through the kernel', () => {
    const s = new JiangRlStrategy();
    const corpus: CorpusView = { documents: 100, documentFrequency: () => 0, termStats: (t) => ({ pos: 'NOUN', tf: 10, df: t.startsWith('common') ? 60 : 1, ridf: 0, contexts: { text: 10 } }) };
    const ctx = { corpus, harvested: 100, rng: Math.random };
    const cand = (t: string): QueryCandidate => ({ key: t, values: { q: t }, terms: [t], source: 'pool' });
    // Common words have paid off, rare ones have not: a new common word now beats a new rare one.
    for (const [t, fresh] of [['common1', 40], ['rare1', 0], ['common2', 35], ['rare2', 0]] as const) {
      expect(s.choose([cand(t)], ctx)?.key).toBe(t);
      s.observe({ key: t, terms: [t], results: fresh, newRecords: fresh, pages: 1 });
    }
    expect(s.estimate(queryFeatures(cand('common3'), ctx)).estimate).toBeGreaterThan(s.estimate(queryFeatures(cand('rare3'), ctx)).estimate);
    expect(s.choose([cand('rare3'), cand('common3')], ctx)?.key).toBe('common3');
    expect(queryReward({ key: 'k', terms: [], results: 30, newRecords: 30, pages: 2 })).toBe(10);
    // Its evidence survives a resume.
    expect(JiangRlStrategy.fromJSON(JSON.parse(JSON.stringify(s.toJSON()))).estimate(queryFeatures(cand('common3'), ctx))).toEqual(s.estimate(queryFeatures(cand('common3'), ctx)));
  });

  it('jiang-rl beats random on coverage at equal queries (simulated Zipf site)', () => {
    const at = 15;
    const mean = (f: () => QueryStrategy) => [1, 2, 3].map((s) => crawl(f(), s, at)[at - 1] ?? 0).reduce((a, b) => a + b, 0) / 3;
    expect(mean(() => new JiangRlStrategy())).toBeGreaterThan(mean(() => new RandomStrategy()));
  });
});
