import { describe, expect, it } from 'vitest';
import { HARVESTED_UNSEEN_RECORDS, SKIP_DRY_LISTS_AFTER, listLeaveRate, looksHarvested } from '../../src/coordinator/dry-lists.ts';
import { unheldInRest } from '../../src/coordinator/search-fields.ts';

describe('dry lists on a harvested site', () => {
  // 300 records, 2 listed once and 20 twice: Chao1 expects 2·1/(2·21) = 0.05 unseen.
  const harvested = { distinct: 300, once: 2, twice: 20 };
  // 300 records, 10 listed once and 20 twice: 10·9/42 = 2.1 unseen.
  const open = { distinct: 300, once: 10, twice: 20 };

  it('counts a site as harvested while Chao1 expects less than one record unseen', () => {
    expect(HARVESTED_UNSEEN_RECORDS).toBe(1);
    expect(looksHarvested(harvested)).toBe(true);
    expect(looksHarvested(open)).toBe(false);
    // 7 singletons, 20 doubletons: 7·6/42 = 1, not below one.
    expect(looksHarvested({ distinct: 300, once: 7, twice: 20 })).toBe(false);
    // Nothing listed yet, or no tally: nothing is known.
    expect(looksHarvested({ distinct: 0, once: 0, twice: 0 })).toBe(false);
    expect(looksHarvested(undefined)).toBe(false);
  });

  it("gives the crawl's rate as what leaving a list is worth once the form has gone dry on a harvested site", () => {
    expect(SKIP_DRY_LISTS_AFTER).toBe(3);
    expect(listLeaveRate({ zeroStreak: 3, listing: harvested, crawlRate: 0.48 })).toBe(0.48);
    expect(listLeaveRate({ zeroStreak: 2, listing: harvested, crawlRate: 0.48 })).toBeUndefined();
    expect(listLeaveRate({ zeroStreak: 10, listing: open, crawlRate: 0.48 })).toBeUndefined();
    // The user's streak, and 0 for never.
    expect(listLeaveRate({ zeroStreak: 1, listing: harvested, crawlRate: 0.48, after: 1 })).toBe(0.48);
    expect(listLeaveRate({ zeroStreak: 20, listing: harvested, crawlRate: 0.48, after: 0 })).toBeUndefined();
  });

  it('reads on where the held records cannot account for the rest of a list whose total is all its matches', () => {
    // 42 matches, 10 listed, 31 held matches not listed yet: one record of the rest is not held.
    const rest = { reportedTotal: 42, listed: 10, heldUnlisted: { mean: 31, variance: 0.5 }, largestOtherTotal: 100 };
    expect(unheldInRest(rest)).toBe(1);
    expect(listLeaveRate({ zeroStreak: 5, listing: harvested, crawlRate: 0.48, unheldInRest: unheldInRest(rest) })).toBeUndefined();
    // 31.8 held: 0.2 expected unheld, below a half record: the cut stands.
    const held = { ...rest, heldUnlisted: { mean: 31.8, variance: 0.5 } };
    expect(unheldInRest(held)).toBeCloseTo(0.2, 12);
    expect(listLeaveRate({ zeroStreak: 5, listing: harvested, crawlRate: 0.48, unheldInRest: unheldInRest(held) })).toBe(0.48);
    // A total that reaches the largest one may be the cap: nothing is known of the rest.
    expect(unheldInRest({ ...rest, reportedTotal: 100 })).toBeUndefined();
    expect(unheldInRest({ ...rest, largestOtherTotal: undefined })).toBeUndefined();
    expect(unheldInRest({ listed: 10, heldUnlisted: rest.heldUnlisted, largestOtherTotal: 100 })).toBeUndefined();
  });
});
