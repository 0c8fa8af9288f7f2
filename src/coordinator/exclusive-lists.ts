/**
 * Which of a form's complete result lists a query's words are exclusive of: the sibling values of
 * a record field whose values partition the site (an edition, a section). Every record holding a
 * complete list's query is in that list, so no unseen record is; where the lists are independent
 * of a word, leaving their records out of the sample changes nothing but its size, but where a
 * list shares no holder with the word, the records outside it are the population the word's
 * unseen holders come from. On news (bench-results/partition-words/) the harvest under-sampled
 * "morning" (0.17 against 0.21 on the site) once "weekend"'s 80 records, none of them a morning
 * edition, had filled it.
 *
 * The other way round, a complete list that holds every held holder of the word, where
 * independence would leave some outside it, is the word's own list (a category's name, a
 * phrase's word): the word's holders are where that list is, and no unseen record is in it. On
 * home (seed 4) three of the five queries that found nothing at 296 of 300 records were such
 * words: "moving" after room = moving, "finance" after "personal", "improvement" after "home
 * improvement".
 */
import type { CorpusView } from '../strategies/types.ts';
import type { RecordPool } from '../lvs/index.ts';
import { termsOf } from './query-planner.ts';

/**
 * A list counts as exclusive of the word when, were the two independent, the chance that none
 * of the word's holders is in it would be below this (hypergeometric, drawn with replacement):
 * with 40 holders and a list of a third of the harvest it is 1e-7; with 5 holders, 0.13.
 */
export const EXCLUSIVE_CHANCE = 0.01;

/** The records (canonical URLs) of each answered query whose list held every match (`isCompleteAnswer`). */
export type CompleteLists = ReadonlyMap<string, ReadonlySet<string>>;

type OutsideView = NonNullable<CorpusView['outsideExclusiveLists']>;

/**
 * `CorpusView.outsideExclusiveLists` over a site's record pool: the held records, and those of
 * them listed once (`listedOnce`), outside the complete lists exclusive of the terms' holders,
 * and the complete lists that cover them (`covering`). Counted on first use for each set of terms
 * (one view per query choice).
 */
export function outsideExclusiveListsView(records: RecordPool, lists: CompleteLists, listedOnce: (url: string) => boolean): OutsideView {
  const memo = new Map<string, ReturnType<OutsideView>>();
  let held: ReadonlySet<string> | undefined;
  return (terms) => {
    const key = terms.join('\u0000');
    if (!memo.has(key)) memo.set(key, outside(records, (held ??= new Set(records.urls())), lists, listedOnce, terms));
    return memo.get(key);
  };
}

function outside(records: RecordPool, held: ReadonlySet<string>, lists: CompleteLists, listedOnce: (url: string) => boolean, terms: readonly string[]): ReturnType<OutsideView> {
  const holders = holdersOfAll(records, terms);
  if (holders.size === 0) return undefined;
  const excluded = new Set<string>();
  const exclusive: string[] = [];
  const covering: string[] = [];
  for (const [key, listed] of lists) {
    let inList = 0;
    let shared = 0;
    for (const url of listed) {
      if (!held.has(url)) continue;
      inList++;
      if (holders.has(url)) shared++;
    }
    if (inList === 0) continue;
    // Independent of the list, each holder would be in it with chance inList / held.
    if (shared === 0 && Math.pow(1 - inList / held.size, holders.size) < EXCLUSIVE_CHANCE) exclusive.push(key);
    else if (shared === holders.size && Math.pow(inList / held.size, holders.size) < EXCLUSIVE_CHANCE) covering.push(key);
    else continue;
    for (const url of listed) excluded.add(url);
  }
  if (!exclusive.length && !covering.length) return undefined;
  let documents = 0;
  let once = 0;
  for (const url of held) {
    if (excluded.has(url)) continue;
    documents++;
    if (listedOnce(url)) once++;
  }
  return { documents, listedOnce: once, lists: exclusive, ...(covering.length && { covering }) };
}

/** The held records that hold every word of `terms`, in any part. */
function holdersOfAll(records: RecordPool, terms: readonly string[]): Set<string> {
  const words = terms.flatMap(termsOf);
  if (!words.length) return new Set();
  const maps = words.map((w) => records.recordsHolding(w)).sort((a, b) => a.size - b.size);
  const out = new Set<string>();
  for (const url of maps[0]!.keys()) if (maps.every((m) => m.has(url))) out.add(url);
  return out;
}
