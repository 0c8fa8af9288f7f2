// Coverage at equal queries, from the kept crawls' report.json files (their coverageByQuery), for
// crawls run before `bench strategies` wrote `coverageMeanTo25`. Each argument names one
// strategy's crawls: LABEL=PATTERN, the pattern a report path with {s} for the testbed seed and
// {d} for the domain. The first is paired against each other one (`bench combine`'s pairing).
// usage, from the repository root:
//   node --import tsx <this file> 'a3c-wge=DIR/seed{s}/a3c-wge-{d}/report.json' 'adaptive=…' [--seeds 1,2,3,4,5] [--domains LIST]
// A pattern may be several, comma-separated; for each crawl the first that exists is read (crawls of one
// strategy kept in two folders, say the keyword sites in one and recreation in another).
import { existsSync, readFileSync } from 'node:fs';
import { coverageAtQuery, meanOf, runMetricsOf } from '../../src/report/strategy-compare.ts';
import { pairedComparison, pairedTable } from '../../src/report/strategy-pairs.ts';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const seeds = flag('--seeds', '1,2,3,4,5').split(',').map(Number);
const DOMAINS = flag('--domains', 'news,sports,recreation,home,society').split(',');
const sets = args.map((a) => {
  const eq = a.indexOf('=');
  if (eq < 1) throw new Error(`not LABEL=PATTERN: ${a}`);
  return { label: a.slice(0, eq), pattern: a.slice(eq + 1) };
});
if (sets.length < 2) throw new Error('usage: pair-reports.mjs SUBJECT=PATTERN OTHER=PATTERN… [--seeds LIST]');

const EARLY = [5, 10, 15, 20, 25];
const runs = [];
const early = {};
for (const { label, pattern } of sets) {
  early[label] = Object.fromEntries(EARLY.map((k) => [k, []]));
  for (const seed of seeds) {
    for (const domain of DOMAINS) {
      // A pattern may list several, comma-separated: the first that names an existing file is read.
      const paths = pattern.split(',').map((p) => p.replaceAll('{s}', String(seed)).replaceAll('{d}', domain));
      const report = JSON.parse(readFileSync(paths.find((p) => existsSync(p)) ?? paths[0], 'utf8'));
      const m = runMetricsOf(report, label, domain);
      runs.push({ ...m, seed });
      for (const k of EARLY) early[label][k].push(coverageAtQuery(report.coverageByQuery, k));
    }
  }
}
console.log(`| strategy | ${EARLY.map((k) => `cov@${k}`).join(' | ')} | mean cov q1–25 | queries→90% | queries→99% | harvest rate |`);
console.log(`| --- | ${EARLY.map(() => '---:').join(' | ')} | ---: | ---: | ---: | ---: |`);
for (const { label } of sets) {
  const mine = runs.filter((r) => r.strategy === label);
  const mean = (f) => meanOf(mine.map(f)).mean;
  console.log(`| ${label} | ${EARLY.map((k) => meanOf(early[label][k]).mean.toFixed(3)).join(' | ')} | ${mean((r) => r.coverageMeanTo25).toFixed(3)} | ${mean((r) => r.queriesTo90).toFixed(1)} | ${mean((r) => r.queriesTo99).toFixed(1)} | ${mean((r) => r.harvestRate).toFixed(3)} |`);
}
console.log('');
console.log(pairedTable(pairedComparison(runs, sets[0].label)));
console.log('');
console.log('per site, mean cov q1–25:');
for (const seed of seeds) for (const domain of DOMAINS) {
  const cells = sets.map(({ label }) => runs.find((r) => r.strategy === label && r.seed === seed && r.domain === domain).coverageMeanTo25.toFixed(3));
  console.log(`  ${domain} (seed ${seed}): ${cells.join(' / ')}`);
}
