import { describe, expect, it } from 'vitest';
import { frequencyBlendedPriors, frequencyWeight, nextPageEfficiency, nextPageWorthReading, pageActionPriors, queryAndStopPriors, relativeEfficiency } from '../../src/policy/prior.ts';
import type { ResultPageSeen } from '../../src/policy/features.ts';

const seen = (over: Partial<ResultPageSeen>): ResultPageSeen => ({ pageNo: 1, listed: 10, newToCrawl: 0, queryListed: 10, queryNew: 0, ...over });

describe('the actor prior', () => {
  it('is each efficiency over the step best, 0 when nothing pays', () => {
    expect(relativeEfficiency([0.4, 0.2, 0, -1])).toEqual([1, 0.5, 0, 0]);
    expect(relativeEfficiency([0, 0])).toEqual([0, 0]);
  });

  it('gives "stop" the crawl average per fetch, so it leads once every query left is expected to pay less', () => {
    // Stop not offered: the queries against their best, as before.
    expect(queryAndStopPriors([0.2, 0.1])).toEqual({ queries: [1, 0.5] });
    // A dry form: the yield model's best expects 0.072 new records per fetch, the crawl has earned 0.4.
    const dry = queryAndStopPriors([0.072, 0.036], 0.4);
    expect(dry.stop).toBe(1);
    expect(dry.queries[0]).toBeCloseTo(0.18, 12);
    expect(dry.queries[1]).toBeCloseTo(0.09, 12);
    // A query still expected to beat the average keeps the full prior; stop gets its share.
    const paying = queryAndStopPriors([0.6, 0.3], 0.4);
    expect(paying.queries).toEqual([1, 0.5]);
    expect(paying.stop).toBeCloseTo(0.4 / 0.6, 12);
  });

  it("weighs document frequency by the site's estimated unseen share, and the yield model by the rest", () => {
    // No listing yet (unknown or 0): no sample to count words in.
    expect(frequencyWeight(undefined)).toBe(0);
    expect(frequencyWeight(0)).toBe(0);
    // One answer of 94 records, none met twice: Chao1 expects 4,371 unseen, 46.5 per listed record.
    expect(frequencyWeight(4371 / 94)).toBeCloseTo(0.979, 3);
    // Half as many unseen as listed: a third of the site.
    expect(frequencyWeight(0.5)).toBeCloseTo(1 / 3, 12);
    expect(frequencyWeight(0.001)).toBeLessThan(0.001);
  });

  it('blends the two rankings, each relative to its best', () => {
    // Near-tied efficiencies (the saturated yield model); frequency tells the queries apart.
    const efficiencies = [0.88, 0.86, 0.87];
    const frequencies = [0.1, 0.4, 0.2];
    expect(frequencyBlendedPriors(efficiencies, frequencies, 0)).toEqual(relativeEfficiency(efficiencies));
    expect(frequencyBlendedPriors(efficiencies, frequencies, 1)).toEqual([0.25, 1, 0.5]);
    const half = frequencyBlendedPriors(efficiencies, frequencies, 0.5);
    expect(half[1]).toBeCloseTo(0.5 * (0.86 / 0.88) + 0.5, 12);
    expect(half.indexOf(Math.max(...half))).toBe(1);
    expect(() => frequencyBlendedPriors([0.1], [0.1, 0.2], 0.5)).toThrow(/1 efficiencies but 2 frequencies/);
  });

  it('expects of the next result page the query share of new records so far, per fetch', () => {
    // 10 listed, all new: 10 x 10.5/11 new expected on the next page, each a fetch beside the page.
    const allNew = (10 * 10.5) / 11;
    expect(nextPageEfficiency(seen({ queryNew: 10, newToCrawl: 10 }))).toBeCloseTo(allNew / (1 + allNew), 12);
    // 30 listed, 1 new: 10 x 1.5/31.
    const fewNew = (10 * 1.5) / 31;
    expect(nextPageEfficiency(seen({ pageNo: 3, queryListed: 30, queryNew: 1 }))).toBeCloseTo(fewNew / (1 + fewNew), 12);
    // The site says 32 matched and 30 are listed: only 2 can come.
    const two = (2 * 1.5) / 31;
    expect(nextPageEfficiency(seen({ pageNo: 3, queryListed: 30, queryNew: 1, reportedTotal: 32 }))).toBeCloseTo(two / (1 + two), 12);
    expect(nextPageEfficiency(seen({ queryListed: 30, reportedTotal: 30 }))).toBe(0);
  });

  it('reads on while the next page pays as well as the best query left, else goes back', () => {
    const rich = seen({ queryNew: 8, newToCrawl: 8 });
    const [next, back] = pageActionPriors({ ...rich, bestQueryEfficiency: 0.3 });
    expect(next).toBe(1);
    expect(back).toBeCloseTo(0.3 / nextPageEfficiency(rich), 12);
    const dry = seen({ pageNo: 4, queryListed: 40, queryNew: 0 });
    const [dryNext, dryBack] = pageActionPriors({ ...dry, bestQueryEfficiency: 0.3 });
    expect(dryBack).toBe(1);
    expect(dryNext).toBeLessThan(0.5);
    // Nothing to go back to: only reading on has a prior.
    expect(pageActionPriors({ ...dry, bestQueryEfficiency: 0 })).toEqual([1, 0]);
    expect(pageActionPriors(dry)).toEqual([1, 0]);
  });

  it('weighs leaving a harvested site like the best query: the better way out of the list sets "back"', () => {
    // A first page of 10 known records: 10 x 0.5/11 new expected on the next, 0.313 per fetch.
    const known = seen({});
    const expected = (10 * 0.5) / 11;
    expect(nextPageEfficiency(known)).toBeCloseTo(expected / (1 + expected), 12);
    // Every query left expects 0.01 per fetch; the crawl earns 0.5 per fetch: leaving leads.
    const [next, back] = pageActionPriors({ ...known, bestQueryEfficiency: 0.01, leaveRate: 0.5 });
    expect(back).toBe(1);
    expect(next).toBeCloseTo(nextPageEfficiency(known) / 0.5, 12);
    // A query better than leaving still sets it.
    expect(pageActionPriors({ ...known, bestQueryEfficiency: 0.6, leaveRate: 0.5 })[1]).toBe(1);
    expect(pageActionPriors({ ...known, bestQueryEfficiency: 0.6, leaveRate: 0.5 })[0]).toBeCloseTo(nextPageEfficiency(known) / 0.6, 12);
  });

  it('reads on by the rule unless leaving is worth more per fetch than the next page', () => {
    const known = seen({});
    expect(nextPageWorthReading(known)).toBe(true); // no leave rate: the site is not harvested, or the form not dry
    expect(nextPageWorthReading({ ...known, leaveRate: 0.5 })).toBe(false);
    expect(nextPageWorthReading({ ...known, leaveRate: 0.3 })).toBe(true);
    // One new record of 10 on the first page: 10 x 1.5/11 expected, 0.577 per fetch, more than the crawl's 0.5.
    expect(nextPageWorthReading({ ...known, queryNew: 1, newToCrawl: 1, leaveRate: 0.5 })).toBe(true);
  });
});
