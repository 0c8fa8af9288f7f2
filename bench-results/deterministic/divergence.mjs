// Where two deterministic crawls of the same site part: the first query they issue differently.
// Usage: node --import tsx divergence.mjs 'A/seed{s}' STRAT_A 'B/seed{s}' STRAT_B SEEDS [DOMAINS]
// A and B are `bench strategies --keep-runs` folders (one per testbed seed, {s} replaced);
// each crawl is <folder>/<strategy>-<domain>/. Prints one row per site: the queries both issued
// in the same order before they parted, each crawl's queries, queries to 90 % and harvest rate.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { queryKeyValues } from '../../src/coordinator/query-planner.ts';
import { runMetricsOf } from '../../src/report/strategy-compare.ts';

const [a, sa, b, sb, seedList, domainList = 'news,sports,recreation,home,society'] = process.argv.slice(2);
if (!seedList) {
  console.error("usage: node --import tsx divergence.mjs 'A/seed{s}' STRAT_A 'B/seed{s}' STRAT_B SEEDS [DOMAINS]");
  process.exit(2);
}
/** One crawl's figures as the bench computes them, and its queries (values only) in the order it issued them. */
function crawlOf(folder, strategy, domain) {
  const file = join(folder, `${strategy}-${domain}`, 'report.json');
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const m = runMetricsOf(report, strategy, domain);
  // The keys' form part holds the testbed's port, which differs from crawl to crawl.
  const queries = report.coverageByQuery.map((c) => queryKeyValues(c.key));
  return { queries, issued: m.queriesIssued, to90: m.queriesTo90, to99: m.queriesTo99, harvest: m.harvestRate };
}
const rows = [];
for (const s of seedList.split(',')) {
  for (const d of domainList.split(',')) {
    const x = crawlOf(a.replace('{s}', s), sa, d);
    const y = crawlOf(b.replace('{s}', s), sb, d);
    if (!x || !y) continue;
    let same = 0;
    while (same < Math.min(x.queries.length, y.queries.length) && x.queries[same] === y.queries[same]) same++;
    const identical = same === x.queries.length && same === y.queries.length;
    rows.push({ site: `${d} (seed ${s})`, same: identical ? 'all' : String(same), a: x, b: y });
  }
}
// Headers name each side by its folder and strategy ("untrained a3c-wge"): both sides may be one strategy.
const label = (folder, strategy) => `${basename(dirname(folder))} ${strategy}`;
const f = (v, n = 3) => (v === null || v === undefined ? '—' : typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(n) : String(v));
console.log(`| site | same queries before they part | ${label(a, sa)}: queries / q→90 / harvest | ${label(b, sb)}: queries / q→90 / harvest |`);
console.log('| --- | ---: | --- | --- |');
for (const r of rows) console.log(`| ${r.site} | ${r.same} | ${f(r.a.issued)} / ${f(r.a.to90)} / ${f(r.a.harvest)} | ${f(r.b.issued)} / ${f(r.b.to90)} / ${f(r.b.harvest)} |`);
const identical = rows.filter((r) => r.same === 'all').length;
// How far apart the two crawls end, whichever is ahead: the size of the effect of what differs
// between them, to set against the same for two crawls that differ only by chance (another init).
const both = rows.filter((r) => r.a.to90 !== null && r.b.to90 !== null);
const meanAbs = (xs) => xs.reduce((n, x) => n + Math.abs(x), 0) / Math.max(1, xs.length);
console.log(`\n${rows.length} sites; identical query sequences on ${identical}.`);
const both99 = rows.filter((r) => r.a.to99 !== null && r.b.to99 !== null);
console.log(`mean |difference|: queries to 90 % ${meanAbs(both.map((r) => r.a.to90 - r.b.to90)).toFixed(2)} (${both.length} sites), to 99 % ${meanAbs(both99.map((r) => r.a.to99 - r.b.to99)).toFixed(2)} (${both99.length} sites), harvest rate ${meanAbs(rows.map((r) => r.a.harvest - r.b.harvest)).toFixed(3)}`);
