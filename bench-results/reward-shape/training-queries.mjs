// In a training run's crawls, how the queries split between LVS-table values and other values: how many, where in
// the crawl they came (mean query number), and the new records they brought, over all queries and over each
// crawl's first five. Run from the repository root:
//   node bench-results/reward-shape/training-queries.mjs RUNS_DIR   (RUNS_DIR/<nnn>-<domain>/queries.jsonl, train --keep-runs)
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const tableOf = (domain) => new Set(JSON.parse(readFileSync(`lvs-tables/${domain}.json`, 'utf8')).labels.flatMap((l) => l.values.map((v) => String(v.value).toLowerCase())));
const classes = { table: [], other: [] };
for (const run of readdirSync(dir).sort()) {
  const file = join(dir, run, 'queries.jsonl');
  if (!existsSync(file)) continue;
  const table = tableOf(run.split('-').slice(1).join('-'));
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).sort((a, b) => a.t - b.t);
  rows.forEach((q, i) => {
    const typed = Object.values(q.values).map((v) => String(v).toLowerCase());
    classes[typed.every((v) => table.has(v)) ? 'table' : 'other'].push({ n: i + 1, fresh: q.newRecords ?? 0 });
  });
}
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
console.log('| queries | count | mean query number | mean new records | count among each crawl\'s first 5 | their mean new records |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [name, qs] of Object.entries(classes)) {
  const early = qs.filter((q) => q.n <= 5);
  console.log(`| ${name} values | ${qs.length} | ${mean(qs.map((q) => q.n)).toFixed(1)} | ${mean(qs.map((q) => q.fresh)).toFixed(1)} | ${early.length} | ${mean(early.map((q) => q.fresh)).toFixed(1)} |`);
}
