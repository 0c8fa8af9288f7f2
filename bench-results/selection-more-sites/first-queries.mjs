// Each selection crawl's first query and what it listed, checkpoint by checkpoint, and how many
// sites' first query listed nothing. Run from the repository root:
//   node bench-results/selection-more-sites/first-queries.mjs [SELECTION_DIR]
// (default: this folder's selection/; also reads ../checkpoint-selection/selection/).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? new URL('./selection/', import.meta.url).pathname;
const byCheckpoint = new Map();
for (const name of readdirSync(dir).sort()) {
  const [, after, ...rest] = name.split('-');
  const report = JSON.parse(readFileSync(join(dir, name, 'report.json'), 'utf8'));
  const first = report.coverageByQuery[0];
  const values = first ? JSON.parse(first.key.split('|').slice(1).join('|')).map(([, v]) => v).join(' + ') : '(none)';
  const row = byCheckpoint.get(Number(after)) ?? [];
  row.push({ site: rest.join('-'), values, records: first?.records ?? 0 });
  byCheckpoint.set(Number(after), row);
}
const sites = [...byCheckpoint.values()][0].map((r) => r.site);
console.log(`| first query (records it listed) | ${sites.join(' | ')} | listed nothing |`);
console.log(`| --- | ${sites.map(() => '---').join(' | ')} | ---: |`);
for (const [after, row] of byCheckpoint) {
  console.log(`| ${after === 0 ? 'start' : `after ${after} crawls`} | ${row.map((r) => `${r.values} (${r.records})`).join(' | ')} | ${row.filter((r) => r.records === 0).length} of ${row.length} |`);
}
