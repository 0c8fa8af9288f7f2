import { describe, expect, it } from 'vitest';
import { ignoresFunctionWords, OPENING_FUNCTION_WORD, openingProbeFirst, withoutIgnoredFunctionWords } from '../../src/coordinator/function-words.ts';
import type { AnswerSize } from '../../src/coordinator/refinements.ts';
import type { QueryCandidate } from '../../src/strategies/types.ts';

const answer = (listed: number, more: Partial<AnswerSize> = {}): AnswerSize => ({ listed, readToEnd: true, failed: listed === 0, functionWord: false, unanswered: false, ...more });
const candidate = (term: string, functionWord = false): QueryCandidate => ({ key: `f|${term}`, values: { q: term }, terms: [term], source: 'pool', ...(functionWord ? { functionWord } : {}) });

describe('function words as queries', () => {
  const candidates = [candidate('regatta'), candidate('of', true), candidate('and', true)];

  it('keeps them while no function word was asked, or while those asked listed records', () => {
    expect(withoutIgnoredFunctionWords(candidates, new Map())).toEqual(candidates);
    const answers = new Map([['f|the', answer(299, { functionWord: true })], ['f|crew', answer(0)]]);
    expect(ignoresFunctionWords(answers.values())).toBe(false);
    expect(withoutIgnoredFunctionWords(candidates, answers)).toEqual(candidates);
  });

  it('drops them all once one was refused or listed nothing', () => {
    const refused = new Map([['f|the', answer(0, { functionWord: true })]]);
    expect(withoutIgnoredFunctionWords(candidates, refused).map((c) => c.terms[0])).toEqual(['regatta']);
    const emptyButNotFailed = new Map([['f|the', answer(0, { functionWord: true, failed: false })]]);
    expect(ignoresFunctionWords(emptyButNotFailed.values())).toBe(true);
  });

  it('learns nothing from a function word the site never answered (a timeout)', () => {
    const timedOut = new Map([['f|the', answer(0, { functionWord: true, unanswered: true })]]);
    expect(withoutIgnoredFunctionWords(candidates, timedOut)).toEqual(candidates);
  });
});

describe('the opening probe', () => {
  it('is offered alone while it is offered; otherwise the candidates stay as they are', () => {
    const probe = { ...candidate(OPENING_FUNCTION_WORD, true), opening: true };
    const rest = [candidate('regatta'), candidate('crew')];
    expect(openingProbeFirst([...rest, probe])).toEqual([probe]);
    expect(openingProbeFirst(rest)).toEqual(rest);
    // A function word the records offer is no opening.
    expect(openingProbeFirst([...rest, candidate('the', true)])).toHaveLength(3);
  });
});

