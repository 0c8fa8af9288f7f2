/**
 * Function words as queries, kept only where the form matches them. Sites split on "the":
 * some match it literally, and it lists nearly every record (299 of home's 300, 296 of
 * society's) in one query; others drop such words and refuse the query ("only common words")
 * or list nothing. One answer tells which: after a function word that listed nothing, any
 * other would be refused too. The planner offers one per form, the commonest in the records;
 * this keeps a word that overtakes it later (or one marked in a resumed crawl) from costing a
 * second refused query.
 */
import type { QueryCandidate } from '../strategies/types.ts';
import type { AnswerSize } from './refinements.ts';

/**
 * Whether some function-word query of the form listed nothing: the form ignores or refuses such
 * words. A query the site never answered (a timeout) says nothing of them.
 */
export function ignoresFunctionWords(answers: Iterable<AnswerSize>): boolean {
  for (const a of answers) if (a.functionWord && a.listed === 0 && !a.unanswered) return true;
  return false;
}

/** The candidates without function words once the form has shown it ignores them (`ignoresFunctionWords`). */
export function withoutIgnoredFunctionWords(candidates: readonly QueryCandidate[], answers: ReadonlyMap<string, AnswerSize>): readonly QueryCandidate[] {
  return ignoresFunctionWords(answers.values()) ? candidates.filter((c) => !c.functionWord) : candidates;
}

/**
 * The opening probe (Barbosa & Freire 2004, "Siphoning hidden-web data through keyword-based
 * interfaces": try stop words first). Before a keyword form has answered anything, the crawler
 * knows nothing of the site's words but the few pages it has read, and a content word from the
 * table lists a category at best ("gardening": 34 of home's 300 records). The commonest English
 * word either lists the site up to its cap in one query (200 of home's, 100 of news'), a sample
 * every later choice reads, or lists nothing, and then the form is known to drop function words
 * (`ignoresFunctionWords`) for the price of one query. The crawler's language is English (its
 * tables, its tokenizer), so the word is fixed: no page need be read to know it.
 */
export const OPENING_FUNCTION_WORD = 'the';

/** Before the form's first query, the opening probe alone when it is offered; otherwise the candidates as they are. */
export function openingProbeFirst(candidates: readonly QueryCandidate[]): readonly QueryCandidate[] {
  const opening = candidates.find((c) => c.opening);
  return opening ? [opening] : candidates;
}
