import { describe, expect, it } from 'vitest';
import { RecordPool } from '../../src/lvs/index.ts';
import { restIsKnown, SearchFieldModel } from '../../src/coordinator/search-fields.ts';

const url = (i: number) => `http://127.0.0.1/match/${i}`;

/** Ten records: 0–3 hold "goal" in their title only, 4–9 in their text only. */
function pool(): RecordPool {
  const p = new RecordPool();
  for (let i = 0; i < 10; i++) {
    p.add(i < 4 ? { url: url(i), title: `Late goal number ${i}`, text: 'Report.', attributes: {} } : { url: url(i), title: `Match ${i}`, text: 'A goal was scored.', attributes: {} });
  }
  return p;
}

describe('SearchFieldModel', () => {
  it('starts at one half for every part', () => {
    const m = new SearchFieldModel();
    expect(m.partProbability('title')).toBe(0.5);
    expect(m.maskProbability(1 | 2)).toBe(0.75);
  });

  it('learns a title-only search: titles listed, text-only holders missing from a complete list', () => {
    const m = new SearchFieldModel();
    const p = pool();
    m.observe(['goal'], new Set([0, 1, 2, 3].map(url)), true, p);
    expect(m.evidenceOf('title')).toEqual({ hits: 4, misses: 0 });
    expect(m.evidenceOf('text')).toEqual({ hits: 0, misses: 6 });
    expect(m.partProbability('title')).toBeCloseTo(5 / 6);
    expect(m.partProbability('text')).toBeCloseTo(1 / 8);
  });

  it('takes no miss from a list not read to its end, and nothing from several words or several parts', () => {
    const m = new SearchFieldModel();
    const p = pool();
    m.observe(['goal'], new Set([url(0)]), false, p);
    expect(m.evidenceOf('title')).toEqual({ hits: 1, misses: 0 });
    expect(m.evidenceOf('text')).toEqual({ hits: 0, misses: 0 });
    m.observe(['late', 'goal'], new Set(), true, p);
    expect(m.evidenceOf('title')).toEqual({ hits: 1, misses: 0 });
    const both = new RecordPool();
    both.add({ url: url(1), title: 'Goal', text: 'goal', attributes: {} });
    m.observe(['goal'], new Set(), true, both);
    expect(m.evidenceOf('title')).toEqual({ hits: 1, misses: 0 });
    expect(m.evidenceOf('text')).toEqual({ hits: 0, misses: 0 });
  });

  it('expects as matches the held records of every word, weighted by the parts the form searches, less those listed', () => {
    const m = new SearchFieldModel();
    const p = pool();
    // A full-text form: every holder listed.
    m.observe(['goal'], new Set(Array.from({ length: 10 }, (_, i) => url(i))), true, p);
    const title = m.partProbability('title');
    const text = m.partProbability('text');
    expect(m.expectedHeldMatches(['goal'], p, new Set())).toBeCloseTo(4 * title + 6 * text);
    expect(m.expectedHeldMatches(['goal'], p, new Set([url(0), url(9)]))).toBeCloseTo(3 * title + 5 * text);
    // Both words: only records 0–3 hold "late" (title) and "goal" (title).
    expect(m.expectedHeldMatches(['late', 'goal'], p, new Set())).toBeCloseTo(4 * title * title);
    expect(m.expectedHeldMatches(['tennis'], p, new Set())).toBe(0);
  });
});

describe('restIsKnown', () => {
  it('stops reading when the held, unlisted matches fill the rest of the stated total', () => {
    expect(restIsKnown({ reportedTotal: 40, listed: 10, heldUnlisted: 29.8 })).toBe(true);
    expect(restIsKnown({ reportedTotal: 40, listed: 10, heldUnlisted: 29 })).toBe(false);
    // Held matches beyond the rest (a capped list) say the same: nothing new is left.
    expect(restIsKnown({ reportedTotal: 40, listed: 10, heldUnlisted: 35 })).toBe(true);
  });

  it('reads on without a stated total, or when the list has shown all it stated', () => {
    expect(restIsKnown({ listed: 10, heldUnlisted: 100 })).toBe(false);
    expect(restIsKnown({ reportedTotal: 10, listed: 10, heldUnlisted: 5 })).toBe(false);
  });
});
