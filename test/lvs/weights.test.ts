import { describe, expect, it } from 'vitest';
import { ValueWeights, createRng, type LvsTable } from '../../src/lvs/index.ts';

const table: LvsTable = {
  domain: 'arts',
  labels: [
    { label: 'keyword', aliases: ['q'], values: [{ value: 'painting', weight: 0.9 }, { value: 'sculpture', weight: 0.6 }, { value: 'fresco', weight: 0.3 }] },
    { label: 'year', aliases: [], kind: 'year', values: [{ value: '1900', weight: 1 }, { value: '2000', weight: 0.5 }] },
  ],
};

describe('ValueWeights', () => {
  it('starts from the table weights, best first', () => {
    const w = new ValueWeights(table);
    expect(w.ranked('keyword')).toEqual([
      { value: 'painting', weight: 0.9 },
      { value: 'sculpture', weight: 0.6 },
      { value: 'fresco', weight: 0.3 },
    ]);
    expect(w.ranked('nope')).toEqual([]);
  });

  it('moves weight toward productive values and decays barren ones, never below 0', () => {
    const w = new ValueWeights(table); // priorStrength 2, saturation 5
    for (let i = 0; i < 3; i++) {
      w.recordOutcome('keyword', 'fresco', { newRecords: 20, results: 20 });
      w.recordOutcome('keyword', 'painting', { newRecords: 0, results: 10 });
    }
    // fresco: (2·0.3 + 3·(1 − e^−4)) / (2 + 3) = (0.6 + 2.945053) / 5 = 0.709011
    expect(w.weight('keyword', 'fresco')).toBeCloseTo(0.709011, 5);
    // painting: (2·0.9 + 0) / 5 = 0.36
    expect(w.weight('keyword', 'painting')).toBeCloseTo(0.36, 6);
    expect(w.ranked('keyword').map((v) => v.value)).toEqual(['fresco', 'sculpture', 'painting']);
    for (let i = 0; i < 200; i++) w.recordOutcome('keyword', 'painting', { newRecords: 0, results: 0 });
    const p = w.weight('keyword', 'painting')!;
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.01);
    // Negative or broken counts never push weights below zero.
    w.recordOutcome('keyword', 'sculpture', { newRecords: -5, results: Number.NaN });
    expect(w.weight('keyword', 'sculpture')).toBeCloseTo((2 * 0.6) / 3, 6);
  });

  it('adds values first seen in outcomes (harvested keywords) with a modest prior', () => {
    const w = new ValueWeights(table);
    w.recordOutcome('keyword', 'mosaic', { newRecords: 5, results: 5 });
    const s = w.stats('keyword').find((x) => x.value === 'mosaic')!;
    expect(s.learned).toBe(true);
    // (2·0.3 + (1 − e^−1)) / 3 = (0.6 + 0.632121) / 3 = 0.410707
    expect(s.weight).toBeCloseTo(0.410707, 5);
    expect(s.queries).toBe(1);
    expect(s.newRecords).toBe(5);
  });

  it('keeps a Gamma–Poisson estimate of new records per query', () => {
    const w = new ValueWeights(table);
    w.recordOutcome('keyword', 'painting', { newRecords: 10 });
    w.recordOutcome('keyword', 'sculpture', { newRecords: 0 });
    // label mean = 10 / 2 = 5; painting: (2·0.9·5 + 10) / (2 + 1) = 19 / 3
    const s = w.stats('keyword');
    expect(s.find((x) => x.value === 'painting')!.expectedNewRecords).toBeCloseTo(19 / 3, 5);
    // sculpture: (2·0.6·5 + 0) / 3 = 2
    expect(s.find((x) => x.value === 'sculpture')!.expectedNewRecords).toBeCloseTo(2, 5);
  });

  it('samples in proportion to weight, reproducibly, honouring exclusions', () => {
    const w = new ValueWeights(table);
    const counts: Record<string, number> = {};
    const rng = createRng(7);
    for (let i = 0; i < 6000; i++) {
      const v = w.sample('keyword', rng)!.value;
      counts[v] = (counts[v] ?? 0) + 1;
    }
    // Expected shares 0.5, 0.333, 0.167 of 6000.
    expect(counts.painting! / 6000).toBeCloseTo(0.5, 1);
    expect(counts.sculpture! / 6000).toBeCloseTo(0.333, 1);
    expect(counts.fresco! / 6000).toBeCloseTo(0.167, 1);
    const a = createRng(3);
    const b = createRng(3);
    expect([1, 2, 3].map(() => w.sample('keyword', a)!.value)).toEqual([1, 2, 3].map(() => w.sample('keyword', b)!.value));
    expect(w.sample('keyword', rng, new Set(['painting', 'sculpture']))!.value).toBe('fresco');
    expect(w.sample('keyword', rng, new Set(['painting', 'sculpture', 'fresco']))).toBeUndefined();
  });

  it('round-trips through JSON (fromJSON and restore)', () => {
    const w = new ValueWeights(table, { priorStrength: 3, saturation: 4 });
    w.recordOutcome('keyword', 'fresco', { newRecords: 7, results: 9 });
    w.recordOutcome('keyword', 'harvested', { newRecords: 2, results: 2 });
    w.recordOutcome('year', '2000', { newRecords: 0, results: 1 });
    const json = JSON.parse(JSON.stringify(w.toJSON()));
    const back = ValueWeights.fromJSON(json);
    expect(back.options).toEqual({ priorStrength: 3, saturation: 4, newValuePrior: 0.3 });
    expect(back.stats('keyword')).toEqual(w.stats('keyword'));
    expect(back.stats('year')).toEqual(w.stats('year'));
    const fresh = new ValueWeights(table, { priorStrength: 3, saturation: 4 });
    fresh.restore(json);
    expect(fresh.stats('keyword')).toEqual(w.stats('keyword'));
    expect(() => ValueWeights.fromJSON({ version: 9 })).toThrow(/unsupported version/);
    expect(() => ValueWeights.fromJSON({ version: 1, labels: { keyword: [['x', -1, 0, 0, 0, 0, 0]] } })).toThrow(/bad row/);
  });
});
