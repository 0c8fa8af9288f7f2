/**
 * Narrower queries last, and never under a complete answer. A select-only form whose first
 * drop-down is required (an activity, a category) gets each option of its other drop-downs
 * with the required one held at its default (`query-planner.ts`): "hiking, 2016" refines
 * "hiking". Every record such a refinement lists, its parent lists too, so it can only pay
 * where the parent's list was cut short (a cap, an error, an unread rest). Offered before the
 * parent it spends a query on a part of what one query would bring whole; offered after a
 * complete parent it spends one on nothing. On the recreation site every strategy issued 15
 * such queries after their parent had listed all its matches (bench-results/frequency-prior/
 * probes/sharp-prior/refinements.mjs), and a3c issued about 10 before it.
 */
import type { QueryEntry } from '../store/index.ts';
import type { QueryCandidate } from '../strategies/types.ts';
import { mayBeAllMatches } from './search-fields.ts';

/** What one answered query of a form listed, enough to tell whether its list held every match. */
export interface AnswerSize {
  /** Record links listed (read, or skipped as a known rest). */
  listed: number;
  /** The total the result page stated, when it stated one. */
  reportedTotal?: number;
  /** The list was read to its end. */
  readToEnd: boolean;
  /** The query could not be issued, or its answer listed nothing and said so (an error page, "no results"): no evidence of a complete list. */
  failed: boolean;
  /** The query's keyword was a function word (`QueryEntry.functionWord`). */
  functionWord: boolean;
  /** The query could not be issued or read (a timeout, a lost form): the site gave no answer at all. */
  unanswered: boolean;
}

/**
 * An answered query's size, from its row in `queries.jsonl` (the live crawl and a resumed one
 * read the same row). A list whose known rest was skipped (`skippedRest`) counts as read to its
 * end, that rest as listed.
 */
export function answerSize(q: QueryEntry): AnswerSize {
  const skipped = Array.isArray(q['skippedRest']) ? q['skippedRest'].length : 0;
  return { listed: (q.results ?? 0) + skipped, reportedTotal: q.reportedTotal, readToEnd: q['complete'] === true || skipped > 0, failed: q.failed === true || q.error !== undefined, functionWord: q.functionWord === true, unanswered: q.error !== undefined };
}

/**
 * Whether `key`'s answer held every record that matches it: read to its end, and empty or
 * shorter than what another query of the form listed or stated (so not the site's cap on
 * what one query lists; `mayBeAllMatches` in search-fields.ts, with list lengths as well as
 * stated totals, since select-only lists often state none).
 */
export function isCompleteAnswer(key: string, answers: ReadonlyMap<string, AnswerSize>): boolean {
  const a = answers.get(key);
  if (!a || a.failed || !a.readToEnd) return false;
  const size = Math.max(a.listed, a.reportedTotal ?? 0);
  if (size === 0) return true;
  let largestOther: number | undefined;
  for (const [k, o] of answers) if (k !== key && !o.failed) largestOther = Math.max(largestOther ?? 0, o.listed, o.reportedTotal ?? 0);
  return mayBeAllMatches(size, largestOther);
}

/**
 * The candidates a strategy may choose from now: a refinement (`refines` names its parent)
 * is left out while any candidate that refines nothing remains, and for good once its parent's
 * answer is complete. The parent itself is such a candidate until issued, so it always goes first.
 */
export function withoutPrematureRefinements(candidates: readonly QueryCandidate[], answers: ReadonlyMap<string, AnswerSize>): QueryCandidate[] {
  const broad = candidates.filter((c) => c.refines === undefined);
  if (broad.length) return broad;
  return candidates.filter((c) => !isCompleteAnswer(c.refines!, answers));
}
