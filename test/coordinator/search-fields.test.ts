import { describe, expect, it } from 'vitest';
import { RECORD_PARTS, RecordPool } from '../../src/lvs/index.ts';
import { mayBeAllMatches, restIsKnown, SearchFieldModel } from '../../src/coordinator/search-fields.ts';

const url = (i: number) => `http://127.0.0.1/match/${i}`;

/** Ten records: 0–3 hold "goal" in their title only, 4–9 in their text only. */
function pool(): RecordPool {
  const p = new RecordPool();
  for (let i = 0; i < 10; i++) {
    p.add(i < 4 ? { url: url(i), title: `Late goal number ${i}`, text: 'Report.', attributes: {} } : { url: url(i), title: `Match ${i}`, text: 'A goal was scored.', attributes: {} });
  }
  return p;
}

const TITLE = RECORD_PARTS.title;
const TEXT = RECORD_PARTS.text;

describe('SearchFieldModel', () => {
  it('counts a mask low: 0 before any evidence', () => {
    const m = new SearchFieldModel();
    expect(m.matchChance(TITLE)).toBe(0);
    expect(m.expectedHeldMatches(['goal'], pool(), new Set())).toEqual({ mean: 0, variance: 0 });
  });

  it('learns a title-only search: title holders listed, text-only holders missing from a complete list', () => {
    const m = new SearchFieldModel();
    const p = pool();
    m.observe(['goal'], new Set([0, 1, 2, 3].map(url)), true, p);
    expect(m.evidenceOf(TITLE)).toEqual({ hits: 4, misses: 0 });
    expect(m.evidenceOf(TEXT)).toEqual({ hits: 0, misses: 6 });
    expect(m.matchChance(TITLE)).toBeCloseTo(4 / 5);
    expect(m.matchChance(TEXT)).toBe(0);
    expect(m.toJSON()).toEqual({ title: { hits: 4, misses: 0 }, text: { hits: 0, misses: 6 } });
  });

  it('takes no miss from a list not read to its end, and nothing from a query of several words', () => {
    const m = new SearchFieldModel();
    const p = pool();
    m.observe(['goal'], new Set([url(0)]), false, p);
    expect(m.evidenceOf(TITLE)).toEqual({ hits: 1, misses: 0 });
    expect(m.evidenceOf(TEXT)).toEqual({ hits: 0, misses: 0 });
    m.observe(['late', 'goal'], new Set(), true, p);
    expect(m.evidenceOf(TITLE)).toEqual({ hits: 1, misses: 0 });
  });

  it('learns from an empty answer: its holders are misses, unless one holds the word where the form has listed (a refusal)', () => {
    const m = new SearchFieldModel();
    const p = pool();
    p.add({ url: url(10), title: 'Match 10', text: 'A free kick.', attributes: {} });
    p.add({ url: url(11), title: 'Free entry', text: 'Report.', attributes: {} });
    m.observe(['late'], new Set([0, 1, 2, 3].map(url)), true, p);
    expect(m.evidenceOf(TITLE)).toEqual({ hits: 4, misses: 0 });
    // "goal": title holders 0–3, which the form has listed as title holders → a refusal, nothing learnt.
    m.observe(['goal'], new Set(), true, p);
    expect(m.evidenceOf(TITLE)).toEqual({ hits: 4, misses: 0 });
    expect(m.evidenceOf(TEXT)).toEqual({ hits: 0, misses: 0 });
    // "kick": held in text only → the form does not search text.
    m.observe(['kick'], new Set(), true, p);
    expect(m.evidenceOf(TEXT)).toEqual({ hits: 0, misses: 1 });
    expect(m.hasMissed()).toBe(true);
    // "free": one title holder → a refusal again, even though the other holder is text only.
    m.observe(['free'], new Set(), true, p);
    expect(m.evidenceOf(TEXT)).toEqual({ hits: 0, misses: 1 });
  });

  it('expects as matches the held records of every word, each by the chance of its mask, less those listed', () => {
    const m = new SearchFieldModel();
    const p = pool();
    // A full-text form: every holder listed.
    m.observe(['goal'], new Set(Array.from({ length: 10 }, (_, i) => url(i))), true, p);
    const title = m.matchChance(TITLE);
    const text = m.matchChance(TEXT);
    expect([title, text]).toEqual([4 / 5, 6 / 7]);
    const all = m.expectedHeldMatches(['goal'], p, new Set());
    expect(all.mean).toBeCloseTo(4 * title + 6 * text);
    expect(all.variance).toBeCloseTo(4 * title * (1 - title) + 6 * text * (1 - text));
    expect(m.expectedHeldMatches(['goal'], p, new Set([url(0), url(9)])).mean).toBeCloseTo(3 * title + 5 * text);
    // Both words: only records 0–3 hold "late" (title) and "goal" (title).
    expect(m.expectedHeldMatches(['late', 'goal'], p, new Set()).mean).toBeCloseTo(4 * title * title);
    expect(m.expectedHeldMatches(['tennis'], p, new Set())).toEqual({ mean: 0, variance: 0 });
    // The likeliest held matches: text holders (6/7) before title holders (4/5).
    expect(m.likeliestHeldMatches(['goal'], p, new Set([url(4)]), 3)).toEqual([url(5), url(6), url(7)]);
  });

  it('counts a word\'s document frequency as the form sees it: the pool\'s own until a list misses a holder', () => {
    const m = new SearchFieldModel();
    const p = pool();
    expect(m.listedChanceHigh(TEXT)).toBe(1);
    expect(m.formDocumentFrequency('goal', p)).toBeUndefined();
    // A full-text form lists every holder: nothing missed, the pool's df stands.
    m.observe(['goal'], new Set(Array.from({ length: 10 }, (_, i) => url(i))), true, p);
    expect(m.hasMissed()).toBe(false);
    expect(m.formDocumentFrequency('goal', p)).toBeUndefined();
  });

  it('on a title-only form, counts text-only holders by how often such records were listed', () => {
    const m = new SearchFieldModel();
    const p = pool();
    m.observe(['goal'], new Set([0, 1, 2, 3].map(url)), true, p);
    expect(m.hasMissed()).toBe(true);
    expect(m.listedChanceHigh(TITLE)).toBe(1);
    expect(m.listedChanceHigh(TEXT)).toBeCloseTo(1 / 7);
    // Four title holders count 1 each, six text-only holders 1/7 each: 10 in the pool, about 4.9 for this form.
    expect(m.formDocumentFrequency('goal', p)).toBeCloseTo(4 + 6 / 7);
    // "scored" is in text only: near 0, where the pool counts 6.
    expect(p.keywords.stats('scored')?.df).toBe(6);
    expect(m.formDocumentFrequency('scored', p)).toBeCloseTo(6 / 7);
    expect(m.formDocumentFrequency('tennis', p)).toBe(0);
  });

  it('counts the holders a filter keeps as the form sees them: 1 each until a list misses a holder, then by chance', () => {
    const m = new SearchFieldModel();
    const p = pool();
    // Records 0–3 hold "goal" in their titles, 4–9 in their text only; keep the even ones.
    const even = (u: string) => Number(u.split('/').pop()) % 2 === 0;
    expect([...p.urls()]).toHaveLength(10);
    expect(m.formHolderCount('goal', p, even)).toBe(5);
    m.observe(['goal'], new Set([0, 1, 2, 3].map(url)), true, p);
    // Two title holders (0, 2) at 1, three text-only holders (4, 6, 8) at 1/7.
    expect(m.formHolderCount('goal', p, even)).toBeCloseTo(2 + 3 / 7);
    expect(m.formHolderCount('tennis', p, even)).toBe(0);
  });

  it('counts held matches high for a proof of unseen records: every holder 1 until a list misses one, never 0 for a mask not seen', () => {
    const m = new SearchFieldModel();
    const p = pool();
    // No evidence: where expectedHeldMatches counts 0, the count high is the pool's own.
    expect(m.heldMatchesHigh(['goal'], p)).toBe(10);
    expect(m.heldMatchesHigh(['late', 'goal'], p)).toBe(4);
    expect(m.heldMatchesHigh(['tennis'], p)).toBe(0);
    expect(m.heldMatchesHigh([], p)).toBe(0);
    // A title-only form: the six text-only holders count 1/7 each.
    m.observe(['goal'], new Set([0, 1, 2, 3].map(url)), true, p);
    expect(m.heldMatchesHigh(['goal'], p)).toBeCloseTo(4 + 6 / 7);
    expect(m.heldMatchesHigh(['goal'], p)).toBeGreaterThanOrEqual(m.expectedHeldMatches(['goal'], p, new Set()).mean);
  });
});

const sure = (n: number) => ({ mean: n, variance: 0 });

describe('restIsKnown', () => {
  it('stops reading when the held, unlisted matches fill the rest of the stated total', () => {
    expect(restIsKnown({ reportedTotal: 40, listed: 10, heldUnlisted: sure(29.8), largestOtherTotal: 50 })).toBe(true);
    expect(restIsKnown({ reportedTotal: 40, listed: 10, heldUnlisted: sure(29), largestOtherTotal: 50 })).toBe(false);
    // More held matches than the rest: the list ranks some of them later; nothing new is left either way.
    expect(restIsKnown({ reportedTotal: 40, listed: 10, heldUnlisted: sure(35), largestOtherTotal: 50 })).toBe(true);
  });

  it('counts the held matches low: many unsure holders do not make a certain rest', () => {
    // Ten holders at 0.3 each: mean 3, sd 1.45; the rest of 3 may hold new records.
    expect(restIsKnown({ reportedTotal: 13, listed: 10, heldUnlisted: { mean: 3, variance: 10 * 0.3 * 0.7 }, largestOtherTotal: 50 })).toBe(false);
    // Thirty holders at 0.99: mean 29.7, sd 0.54; a rest of 28 is theirs.
    expect(restIsKnown({ reportedTotal: 38, listed: 10, heldUnlisted: { mean: 29.7, variance: 30 * 0.99 * 0.01 }, largestOtherTotal: 50 })).toBe(true);
  });

  it('reads on without a stated total, when the list has shown all it stated, or when the total may be the site\'s cap', () => {
    expect(restIsKnown({ listed: 10, heldUnlisted: sure(100), largestOtherTotal: 50 })).toBe(false);
    expect(restIsKnown({ reportedTotal: 10, listed: 10, heldUnlisted: sure(5), largestOtherTotal: 50 })).toBe(false);
    // 100 stated, as other queries did: perhaps only the first 100 of many matches are listed.
    expect(restIsKnown({ reportedTotal: 100, listed: 10, heldUnlisted: sure(95), largestOtherTotal: 100 })).toBe(false);
    // No other query answered yet: no sign of a cap either way.
    expect(restIsKnown({ reportedTotal: 40, listed: 10, heldUnlisted: sure(35) })).toBe(false);
  });

  it('takes a list as all the matches only when another query of the form stated more', () => {
    expect(mayBeAllMatches(40, 100)).toBe(true);
    expect(mayBeAllMatches(100, 100)).toBe(false);
    expect(mayBeAllMatches(40, undefined)).toBe(false);
  });
});
