// Runs the link-policy selection of PLAN.md: `selectCheckpoint` (src/cli/train-selection.ts), by harvest rate, over the
// checkpoints named there. Run from the repository root: node --import tsx bench-results/link-selection/select.ts WORK
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectCheckpoint } from '../../src/cli/train-selection.ts';

const work = process.argv[2];
if (!work) throw new Error('usage: select.ts WORK');
const named = [
  ['start', 'bench-results/wge-links/start'],
  ['shipped', 'models/a3c-default'],
  ['a3c-1', 'bench-results/wge-links/models/a3c'],
  ['a3c-wge-1', 'bench-results/wge-links/models/a3c-wge'],
  ['a3c-2', 'bench-results/wge-links/models2/a3c'],
  ['a3c-wge-2', 'bench-results/wge-links/models2/a3c-wge'],
  ['a3c-2@5', 'bench-results/link-selection/checkpoints/a3c-2@5'],
  ['a3c-wge-2@5', 'bench-results/link-selection/checkpoints/a3c-wge-2@5'],
] as const;
// afterCrawls is the checkpoint's place in this list: selectCheckpoint names its work folders by it.
const checkpoints = named.map(([, dir], i) => ({ afterCrawls: i, dir }));
const domains = ['arts', 'business', 'computers', 'games', 'health', 'reference', 'regional', 'science', 'shopping', 'kids-and-teens'];
const record = await selectCheckpoint(checkpoints, { by: 'harvest-rate', domains, seeds: [12], queries: 25, scale: 'small', agents: 4, parallel: 2, work }, (line) => process.stderr.write(`${line}\n`));
const out = { ...record, names: Object.fromEntries(named.map(([name], i) => [i, name])), chosenName: named[record.chosen]![0] };
writeFileSync(join('bench-results/link-selection', 'selection.json'), `${JSON.stringify(out, null, 2)}\n`);
for (const c of record.checkpoints) process.stdout.write(`${named[c.afterCrawls]![0]}\t${c.score}\n`);
