// Held-out crawls of several models side by side: per site, records after 25 queries and the mean of the
// harvest curve over queries 1–25 (train --select-seeds' score); each model against the first; each model's
// first query; and how its 25 queries split between the domain's table values and everything else.
// Run from the repository root:
//   node --import tsx bench-results/reward-shape/compare.ts LABEL=DIR/PREFIX …
// where DIR/PREFIX-<domain>-11/report.json are one model's crawls (e.g. start=<dir>/select-000).
import { readFileSync } from 'node:fs';
import { harvestCurve, selectionScores } from '../../src/cli/train-selection.ts';
import { readCrawlSet } from './crawl-sets.ts';

const QUERIES = 25;
const models = process.argv.slice(2).map((arg) => {
  const [label, path] = arg.split('=') as [string, string];
  return { label, crawls: readCrawlSet(path) };
});
const sites = [...models[0]!.crawls.keys()].sort();
const domainOf = (site: string) => site.split('-').slice(0, -1).join('-');
const curves = models.map((m) => sites.map((s) => harvestCurve(m.crawls.get(s), QUERIES)));
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log(`| site | ${models.map((m) => `${m.label}: records at ${QUERIES} / mean over 1–${QUERIES}`).join(' | ')} |`);
console.log(`| --- | ${models.map(() => '---:').join(' | ')} |`);
sites.forEach((s, si) => console.log(`| ${s} | ${curves.map((c) => `${c[si]!.at(-1)} / ${mean(c[si]!).toFixed(1)}`).join(' | ')} |`));
console.log(`| score | ${selectionScores(curves).map((x) => x.toFixed(4)).join(' | ')} |\n`);
for (let mi = 1; mi < models.length; mi++) {
  const d = sites.map((_, si) => mean(curves[mi]![si]!) - mean(curves[0]![si]!));
  console.log(`${models[mi]!.label} against ${models[0]!.label}: ahead on ${d.filter((x) => x > 0).length}, tied on ${d.filter((x) => x === 0).length}, behind on ${d.filter((x) => x < 0).length} sites`);
}

const tables = new Map<string, Set<string>>();
function tableValues(domain: string): Set<string> {
  if (!tables.has(domain)) {
    const t = JSON.parse(readFileSync(`lvs-tables/${domain}.json`, 'utf8')) as { labels: { values: { value: string }[] }[] };
    tables.set(domain, new Set(t.labels.flatMap((l) => l.values.map((v) => String(v.value).toLowerCase()))));
  }
  return tables.get(domain)!;
}
type Row = { query: number; key: string; records: number };
const typed = (row: Row) => (JSON.parse(row.key.split('|').slice(1).join('|')) as [string, string][]).map(([, v]) => v);

const isTableQuery = (row: Row, site: string) => typed(row).every((v) => tableValues(domainOf(site)).has(v.toLowerCase()));

console.log(`\n| first query (records it listed) | ${sites.join(' | ')} | listed nothing | a table value |`);
console.log(`| --- | ${sites.map(() => '---').join(' | ')} | ---: | ---: |`);
for (const m of models) {
  const firsts = sites.map((s) => (m.crawls.get(s).coverageByQuery as Row[])[0]);
  const fromTable = firsts.filter((r, si) => r && isTableQuery(r, sites[si]!)).length;
  console.log(`| ${m.label} | ${firsts.map((r) => (r ? `${typed(r).join(' + ')} (${r.records})` : '(none)')).join(' | ')} | ${firsts.filter((r) => !r?.records).length} of ${sites.length} | ${fromTable} of ${sites.length} |`);
}

console.log(`\n| queries 1–${QUERIES} | table values: queries / mean new records / listing nothing | other values: queries / mean new records / listing nothing |`);
console.log('| --- | ---: | ---: |');
for (const m of models) {
  const split = { table: [] as number[], other: [] as number[] };
  for (const s of sites) {
    let before = 0;
    for (const row of (m.crawls.get(s).coverageByQuery as Row[]).slice(0, QUERIES)) {
      (isTableQuery(row, s) ? split.table : split.other).push(row.records - before);
      before = row.records;
    }
  }
  const cell = (xs: number[]) => `${xs.length} / ${mean(xs).toFixed(1)} / ${Math.round((100 * xs.filter((x) => x === 0).length) / xs.length)} %`;
  console.log(`| ${m.label} | ${cell(split.table)} | ${cell(split.other)} |`);
}
