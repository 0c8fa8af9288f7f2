/**
 * Sports' headline search by the testbed's ground truth: greedy set cover over the title words
 * (nouns and adjectives) against the nouns alone. Every title has exactly one noun and half of them
 * one adjective, so greedy takes the adjectives first (about 15 records each against 10) and halves
 * every noun's yield after.   npx tsx bench-results/empty-answers/set-cover.ts
 */
import { generateRecords } from '../../src/testbed/records.ts';
import { VOCABULARY } from '../../src/testbed/vocabulary.ts';

const tokens = (s: string) => new Set(s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean));

for (const seed of [1, 2]) {
  const records = generateRecords('sports', 'small', seed);
  const titles = records.map((r) => tokens(r.title));
  const holders = (w: string) => titles.flatMap((t, i) => (t.has(w) ? [i] : []));
  /** Records held after each query, each query the word with the most new holders. */
  const greedy = (words: readonly string[]): number[] => {
    const held = new Set<number>();
    const pool = [...words];
    const curve: number[] = [];
    while (pool.length) {
      const gains = pool.map((w) => holders(w).filter((i) => !held.has(i)).length);
      const best = gains.indexOf(Math.max(...gains));
      for (const i of holders(pool.splice(best, 1)[0]!)) held.add(i);
      curve.push(held.size);
    }
    return curve;
  };
  const describe = (curve: number[]) => {
    const to = (share: number) => curve.findIndex((n) => n >= share * records.length) + 1 || '—';
    return `${curve[24]} records after 25 queries, 90 % after ${to(0.9)}, 99 % after ${to(0.99)}`;
  };
  const vocab = VOCABULARY.sports!;
  // "record-breaking" is tokenised into "record" (a noun too) and "breaking".
  console.log(`seed ${seed}: nouns and adjectives: ${describe(greedy([...vocab.nouns, ...vocab.adjectives, 'breaking']))}`);
  console.log(`seed ${seed}: nouns alone:          ${describe(greedy(vocab.nouns))}`);
}
