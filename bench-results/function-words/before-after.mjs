// Per strategy and domain, the means over testbed seeds of the crawls before and after a change:
// queries issued, pages fetched, harvest rate, queries to 90 % and 99 % (over the crawls that
// reached it, with how many did). Crawls are paired by strategy, domain and seed; a pair missing
// either side is left out.
// usage, from the repository root ({s} is the testbed seed, 1 to 5):
//   node <this file> 'BEFORE/seed{s}/result.json' 'AFTER/seed{s}/result.json' [AFTER2…]
import { existsSync, readFileSync } from 'node:fs';

const [beforePattern, ...afterPatterns] = process.argv.slice(2);
if (!afterPatterns.length) throw new Error("usage: before-after.mjs 'BEFORE…{s}…' 'AFTER…{s}…'...");
const runsOf = (pattern, s) => {
  const f = pattern.replace('{s}', String(s));
  return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')).runs : [];
};
const pairs = new Map();
for (let s = 1; s <= 5; s++) {
  const before = new Map(runsOf(beforePattern, s).map((r) => [`${r.strategy}|${r.domain}`, r]));
  for (const p of afterPatterns) {
    for (const r of runsOf(p, s)) {
      const b = before.get(`${r.strategy}|${r.domain}`);
      if (!b) continue;
      const key = `${r.strategy}|${r.domain}`;
      if (!pairs.has(key)) pairs.set(key, []);
      pairs.get(key).push([b, r]);
    }
  }
}
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const fmt = (x, d = 1) => (Number.isNaN(x) ? '—' : x.toFixed(d));
const reached = (runs, k) => {
  const xs = runs.map((r) => r[k]).filter((x) => typeof x === 'number');
  return `${fmt(mean(xs))} (${xs.length}/${runs.length})`;
};
console.log('| strategy | domain | crawls | queries issued | pages fetched | harvest rate | queries→90% | queries→99% |');
console.log('| --- | --- | ---: | --- | --- | --- | --- | --- |');
for (const [key, ps] of [...pairs].sort()) {
  const [strategy, domain] = key.split('|');
  const b = ps.map((p) => p[0]);
  const a = ps.map((p) => p[1]);
  const arrow = (f, d) => `${fmt(mean(b.map(f)), d)} → ${fmt(mean(a.map(f)), d)}`;
  console.log(`| ${strategy} | ${domain} | ${ps.length} | ${arrow((r) => r.queriesIssued)} | ${arrow((r) => r.pagesFetched)} | ${arrow((r) => r.harvestRate, 3)} | ${reached(b, 'queriesTo90')} → ${reached(a, 'queriesTo90')} | ${reached(b, 'queriesTo99')} → ${reached(a, 'queriesTo99')} |`);
}
