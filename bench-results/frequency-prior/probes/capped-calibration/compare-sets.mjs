// Site-by-site verdicts of one strategy's crawls in one set of harness results against another
// strategy's in another set (a probe against the shipped crawls), by the pairing `bench combine` uses.
// usage, from the repository root:
//   node --import tsx <this file> SUBJECT_PATTERN SUBJECT OTHER_PATTERN OTHER [SEEDS]
// A pattern names each testbed seed's result.json with {s} for the seed; SEEDS (default 1,2,3,4,5)
// lists the seeds to read.
import { readFileSync } from 'node:fs';
import { pairedComparison, pairedTable } from '../../../../src/report/strategy-pairs.ts';

const [subjectPattern, subject, otherPattern, other, seedList = '1,2,3,4,5'] = process.argv.slice(2);
if (!other) throw new Error('usage: compare-sets.mjs SUBJECT_PATTERN SUBJECT OTHER_PATTERN OTHER [SEEDS]');
const seeds = seedList.split(',').map(Number);
const runsOf = (pattern, strategy, label) =>
  seeds.flatMap((seed) =>
    JSON.parse(readFileSync(pattern.replaceAll('{s}', String(seed)), 'utf8'))
      .runs.filter((r) => r.strategy === strategy)
      .map((r) => ({ ...r, seed, strategy: label })),
  );
const subjectLabel = `${subject}, first set`;
const runs = [...runsOf(subjectPattern, subject, subjectLabel), ...runsOf(otherPattern, other, `${other}, second set`)];
console.log(pairedTable(pairedComparison(runs, subjectLabel)));
