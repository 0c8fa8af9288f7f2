import { describe, expect, it } from 'vitest';
import { answerSize, isCompleteAnswer, withoutPrematureRefinements, type AnswerSize } from '../../src/coordinator/refinements.ts';
import type { QueryCandidate } from '../../src/strategies/types.ts';

const q = (key: string, refines?: string): QueryCandidate => ({ key, values: {}, terms: [key], source: 'options', ...(refines ? { refines } : {}) });
const answer = (listed: number, more: Partial<AnswerSize> = {}): AnswerSize => ({ listed, readToEnd: true, failed: false, functionWord: false, unanswered: false, ...more });

describe('isCompleteAnswer', () => {
  it('holds every match when read to its end and shorter than another list of the form', () => {
    const answers = new Map([['hiking', answer(38)], ['camping', answer(55)]]);
    expect(isCompleteAnswer('hiking', answers)).toBe(true);
    // The longest list may be the site's cap on what one query lists.
    expect(isCompleteAnswer('camping', answers)).toBe(false);
  });

  it('compares stated totals as well as list lengths', () => {
    const answers = new Map([['a', answer(100, { reportedTotal: 100 })], ['b', answer(100, { reportedTotal: 240, readToEnd: false })]]);
    expect(isCompleteAnswer('a', answers)).toBe(true);
    expect(isCompleteAnswer('b', answers)).toBe(false);
  });

  it('is not complete when unread, failed, unanswered or alone', () => {
    expect(isCompleteAnswer('a', new Map([['a', answer(10, { readToEnd: false })], ['b', answer(50)]]))).toBe(false);
    expect(isCompleteAnswer('a', new Map([['a', answer(0, { failed: true })], ['b', answer(50)]]))).toBe(false);
    expect(isCompleteAnswer('a', new Map([['b', answer(50)]]))).toBe(false);
    expect(isCompleteAnswer('a', new Map([['a', answer(10)]]))).toBe(false);
  });

  it('counts an empty list read to its end as complete, and ignores failed answers as a yardstick', () => {
    expect(isCompleteAnswer('a', new Map([['a', answer(0)]]))).toBe(true);
    expect(isCompleteAnswer('a', new Map([['a', answer(10)], ['b', answer(50, { failed: true })]]))).toBe(false);
  });
});

describe('withoutPrematureRefinements', () => {
  const candidates = [q('camping'), q('hiking'), q('hiking 2019', 'hiking'), q('hiking 2020', 'hiking')];

  it('offers no refinement while a broader candidate remains (its parent among them)', () => {
    expect(withoutPrematureRefinements(candidates, new Map()).map((c) => c.key)).toEqual(['camping', 'hiking']);
  });

  it('drops refinements for good once their parent listed every match', () => {
    const answers = new Map([['hiking', answer(38)], ['camping', answer(55)]]);
    expect(withoutPrematureRefinements(candidates.slice(2), answers)).toEqual([]);
  });

  it('offers them last where the parent may have been cut short', () => {
    const capped = new Map([['hiking', answer(100)], ['camping', answer(100)]]);
    expect(withoutPrematureRefinements(candidates.slice(2), capped).map((c) => c.key)).toEqual(['hiking 2019', 'hiking 2020']);
    const failed = new Map([['hiking', answer(0, { failed: true })], ['camping', answer(55)]]);
    expect(withoutPrematureRefinements(candidates.slice(2), failed)).toHaveLength(2);
  });
});

describe('answerSize', () => {
  it('reads a query row: a skipped known rest counts as listed and the list as read to its end; an error or an empty failed answer is failed', () => {
    expect(answerSize({ key: 'k', form: 'f', results: 38, reportedTotal: 40, skippedRest: ['a', 'b'] })).toEqual({ listed: 40, reportedTotal: 40, readToEnd: true, failed: false, functionWord: false, unanswered: false });
    expect(answerSize({ key: 'k', form: 'f', results: 12, complete: true, failed: false })).toEqual({ listed: 12, reportedTotal: undefined, readToEnd: true, failed: false, functionWord: false, unanswered: false });
    expect(answerSize({ key: 'k', form: 'f', results: 0, complete: true, failed: true })).toMatchObject({ readToEnd: true, failed: true });
    expect(answerSize({ key: 'k', form: 'f', results: 5, complete: false, error: 'timeout' })).toMatchObject({ readToEnd: false, failed: true, unanswered: true });
  });
});
