// Per test domain, the mean over testbed seeds of queries to 90 % / queries to 99 % / harvest rate,
// for one strategy in each of several sets of harness results (the by-domain table in the README).
// A domain's queries-to mean counts only the seeds that reached it ("—" when none did).
// usage, from the repository root:
//   node <this file> LABEL=PATTERN=STRATEGY ...   (PATTERN names each seed's result.json with {s})
import { existsSync, readFileSync } from 'node:fs';

const sets = process.argv.slice(2).map((a) => a.split('='));
if (!sets.length || sets.some((s) => s.length !== 3)) throw new Error('usage: by-domain.mjs LABEL=PATTERN=STRATEGY ...');
const domains = ['news', 'sports', 'recreation', 'home', 'society'];
const mean = (xs, digits) => (xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(digits) : '—');
console.log(`| domain | ${sets.map(([label]) => label).join(' | ')} |`);
console.log(`| --- |${sets.map(() => ' --- |').join('')}`);
for (const domain of domains) {
  const cells = sets.map(([, pattern, strategy]) => {
    const runs = [1, 2, 3, 4, 5]
      .map((s) => pattern.replaceAll('{s}', String(s)))
      .filter((f) => existsSync(f))
      .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')).runs.filter((r) => r.strategy === strategy && r.domain === domain));
    const reached = (key) => runs.map((r) => r[key]).filter((q) => q !== null && q !== undefined);
    return `${mean(reached('queriesTo90'), 1)} / ${mean(reached('queriesTo99'), 1)} / ${mean(runs.map((r) => r.harvestRate), 3)}`;
  });
  console.log(`| ${domain} | ${cells.join(' | ')} |`);
}
