import { describe, expect, it } from 'vitest';
import { chao1Unseen, ListingTally, unseenShare } from '../../src/coordinator/unseen-records.ts';

describe('records not yet listed (Chao1)', () => {
  it('estimates f1·(f1 − 1) / (2·(f2 + 1)) unseen, hand-worked', () => {
    // A directory left at 293 of 300 records: 28 listed once, 49 twice → 28·27 / 100 = 7.56 (7 were left).
    expect(chao1Unseen({ distinct: 293, once: 28, twice: 49 })).toBeCloseTo(7.56, 12);
    expect(unseenShare({ distinct: 293, once: 28, twice: 49 })).toBeCloseTo(7.56 / 293, 12);
    // Every record met again: nothing unseen.
    expect(chao1Unseen({ distinct: 300, once: 0, twice: 17 })).toBe(0);
    expect(chao1Unseen({ distinct: 300, once: 1, twice: 16 })).toBe(0);
    // No doubletons: still finite (4·3 / 2).
    expect(chao1Unseen({ distinct: 4, once: 4, twice: 0 })).toBe(6);
    expect(unseenShare({ distinct: 4, once: 4, twice: 0 })).toBe(1.5);
  });

  it('is 0 before anything was listed', () => {
    expect(unseenShare({ distinct: 0, once: 0, twice: 0 })).toBe(0);
  });

  it('tallies listings as they come: a record moves from once to twice to neither', () => {
    const t = new ListingTally();
    for (const u of ['a', 'b', 'c', 'a', 'b', 'a']) t.add(u);
    // a: 3 times, b: twice, c: once.
    expect({ distinct: t.distinct, once: t.once, twice: t.twice, total: t.total }).toEqual({ distinct: 3, once: 1, twice: 1, total: 6 });
    expect(chao1Unseen(t)).toBe(0);
    expect(['a', 'b', 'c', 'd'].map((u) => t.timesListed(u))).toEqual([3, 2, 1, 0]);
  });
});
