import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/lvs/random.ts';
import { createStrategy, isStrategyName, STRATEGY_NAMES } from '../../src/strategies/index.ts';
import { DlaStrategy, LearningAutomaton } from '../../src/strategies/dla.ts';
import type { CandidateSource, QueryCandidate, QueryOutcome, StrategyContext } from '../../src/strategies/types.ts';

const cand = (key: string, source: CandidateSource): QueryCandidate => ({ key, values: { q: key }, terms: [key], source });
const ctx = (rng: () => number = createRng(1)): StrategyContext => ({ corpus: { documents: 0, documentFrequency: () => 0 }, harvested: 0, rng });
const outcome = (key: string, newRecords: number, pages = 1): QueryOutcome => ({ key, terms: [key], results: newRecords, newRecords, pages });
const total = (la: LearningAutomaton) => [...la.probs.values()].reduce((a, b) => a + b, 0);

const CANDIDATES: QueryCandidate[] = [cand('a1', 'lvs'), cand('a2', 'lvs'), cand('a3', 'lvs'), cand('b1', 'pool'), cand('b2', 'pool'), cand('c1', 'surface')];

describe('LearningAutomaton', () => {
  it('rewards by exactly the L_R-I rule and keeps the sum at 1', () => {
    const la = new LearningAutomaton();
    la.sync(['x', 'y', 'z', 'w']);
    expect(la.get('x')).toBeCloseTo(0.25, 12);
    la.reward('y', 0.2);
    expect(la.get('y')).toBeCloseTo(0.25 + 0.2 * (1 - 0.25), 12);
    for (const k of ['x', 'z', 'w']) expect(la.get(k)).toBeCloseTo(0.8 * 0.25, 12);
    expect(total(la)).toBeCloseTo(1, 12);
  });

  it('lets new actions enter with the mean and renormalises over the actions present', () => {
    const la = new LearningAutomaton();
    la.sync(['x', 'y']);
    la.reward('x', 0.5); // x 0.75, y 0.25
    la.sync(['x', 'y', 'n']); // n enters with mean 0.5, then /1.5
    expect(la.get('n')).toBeCloseTo(0.5 / 1.5, 12);
    expect(la.get('x')).toBeCloseTo(0.75 / 1.5, 12);
    la.sync(['y', 'n']); // x leaves
    expect(la.get('x')).toBeUndefined();
    expect(la.get('y')! / la.get('n')!).toBeCloseTo(0.25 / 0.5, 12);
    expect(total(la)).toBeCloseTo(1, 12);
  });
});

describe('DlaStrategy', () => {
  it('is registered', () => {
    expect(STRATEGY_NAMES).toContain('dla');
    expect(isStrategyName('dla')).toBe(true);
    expect(createStrategy('dla').name).toBe('dla');
  });

  it('keeps every automaton summing to 1 over the candidates present', () => {
    const s = new DlaStrategy();
    const rng = createRng(3);
    let left = [...CANDIDATES];
    while (left.length) {
      const c = s.choose(left, ctx(rng))!;
      expect(left).toContain(c);
      s.observe(outcome(c.key, Math.floor(rng() * 4)));
      expect(total(s.root)).toBeCloseTo(1, 12);
      expect([...s.root.probs.keys()].sort()).toEqual([...new Set(left.map((x) => x.source))].sort());
      for (const child of s.children.values()) if (child.probs.size) expect(total(child)).toBeCloseTo(1, 12);
      left = left.filter((x) => x.key !== c.key);
    }
    expect(s.choose([], ctx())).toBeNull();
  });

  it('grows a rewarded source by exactly the L_R-I rule, others shrink by (1 − a)', () => {
    const a = 0.1;
    const s = new DlaStrategy(a);
    const c = s.choose(CANDIDATES, ctx(createRng(7)))!;
    const before = new Map(s.root.probs);
    const childBefore = new Map(s.children.get(c.source)!.probs);
    s.observe(outcome(c.key, 5)); // first outcome: threshold 0, reward 2.5 > 0: favourable
    for (const [k, p] of before) expect(s.root.get(k)).toBeCloseTo(k === c.source ? p + a * (1 - p) : (1 - a) * p, 12);
    for (const [k, p] of childBefore) expect(s.children.get(c.source)!.get(k)).toBeCloseTo(k === c.key ? p + a * (1 - p) : (1 - a) * p, 12);
    expect(total(s.root)).toBeCloseTo(1, 12);
  });

  it('leaves probabilities unchanged on an unfavourable response (below the running mean, or nothing new)', () => {
    const s = new DlaStrategy(0.2);
    const rng = createRng(11);
    const first = s.choose(CANDIDATES, ctx(rng))!;
    s.observe(outcome(first.key, 10)); // favourable; threshold now 5
    const left = CANDIDATES.filter((c) => c.key !== first.key);
    const second = s.choose(left, ctx(rng))!;
    const root = new Map(s.root.probs);
    const child = new Map(s.children.get(second.source)!.probs);
    s.observe(outcome(second.key, 2)); // reward 1 < threshold 5
    expect(new Map(s.root.probs)).toEqual(root);
    expect(new Map(s.children.get(second.source)!.probs)).toEqual(child);
    expect(s.threshold).toBeCloseTo((5 + 1) / 2, 12);

    const fresh = new DlaStrategy(0.2);
    const c = fresh.choose(CANDIDATES, ctx(createRng(2)))!;
    const r0 = new Map(fresh.root.probs);
    fresh.observe(outcome(c.key, 0)); // zero reward is never favourable, even at threshold 0
    expect(new Map(fresh.root.probs)).toEqual(r0);
  });

  it('lets a new source and new candidates enter with the mean probability of their automaton', () => {
    const s = new DlaStrategy(0.5);
    const rng = createRng(5);
    const c = s.choose(CANDIDATES.slice(0, 5), ctx(rng))!; // lvs, pool
    s.observe(outcome(c.key, 4));
    const rootBefore = new Map(s.root.probs);
    const mean = [...rootBefore.values()].reduce((x, y) => x + y, 0) / rootBefore.size;
    const withNew = [...CANDIDATES.slice(0, 5).filter((x) => x.key !== c.key), cand('c1', 'surface')];
    s.choose(withNew, ctx(rng));
    const norm = 1 + mean;
    expect(s.root.get('surface')).toBeCloseTo(mean / norm, 12);
    for (const [k, p] of rootBefore) expect(s.root.get(k)).toBeCloseTo(p / norm, 12);
  });

  it('round-trips through JSON and createStrategy', () => {
    const s = new DlaStrategy(0.15);
    const rng = createRng(9);
    let left = [...CANDIDATES];
    for (let i = 0; i < 3; i++) {
      const c = s.choose(left, ctx(rng))!;
      s.observe(outcome(c.key, i + 1));
      left = left.filter((x) => x.key !== c.key);
    }
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    const back = createStrategy('dla', json) as DlaStrategy;
    expect(back.toJSON()).toEqual(s.toJSON());
    expect(back.learningRate).toBe(0.15);
    expect(back.threshold).toBeCloseTo(s.threshold, 12);
    // The restored strategy chooses what the original would have.
    expect(back.choose(left, ctx(createRng(42)))!.key).toBe(s.choose(left, ctx(createRng(42)))!.key);
  });

  it('is deterministic for a seed', () => {
    const run = (seed: number) => {
      const s = new DlaStrategy();
      const rng = createRng(seed);
      let left = [...CANDIDATES, ...Array.from({ length: 20 }, (_, i) => cand(`p${i}`, i % 2 ? 'pool' : 'title'))];
      const keys: string[] = [];
      while (left.length) {
        const c = s.choose(left, ctx(rng))!;
        keys.push(c.key);
        s.observe(outcome(c.key, c.source === 'pool' ? 3 : 0));
        left = left.filter((x) => x.key !== c.key);
      }
      return keys;
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });

  it('learns to prefer the source whose queries pay', () => {
    const s = new DlaStrategy(0.1);
    const rng = createRng(13);
    let left = [...Array.from({ length: 100 }, (_, i) => cand(`good${i}`, 'pool')), ...Array.from({ length: 100 }, (_, i) => cand(`bad${i}`, 'lvs'))];
    let good = 0;
    for (let q = 0; q < 60; q++) {
      const c = s.choose(left, ctx(rng))!;
      if (c.source === 'pool') good++;
      s.observe(outcome(c.key, c.source === 'pool' ? 4 : 0));
      left = left.filter((x) => x.key !== c.key);
    }
    expect(s.root.get('pool')!).toBeGreaterThan(0.9);
    expect(good).toBeGreaterThan(45);
  });
});
