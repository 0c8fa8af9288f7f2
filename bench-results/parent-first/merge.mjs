// One testbed seed's harness result with some crawls replaced by reruns of their domains
// (`bench strategies --test-domains …`): a rerun's crawl replaces the earlier crawl of the same
// strategy and domain, a later rerun's that of an earlier one; a rerun's crawl of a strategy the
// earlier result lacks is left out. The runs, the oracle and the code commits of all of them;
// `bench combine` recomputes every strategy's means from the runs. Each strategy's harvest rate by
// depth stays the earlier result's (the earlier crawls' reports are not all kept to recompute it).
// usage, from the repository root:
//   node <this file> EARLIER.json OUT.json RERUN.json...
import { readFileSync, writeFileSync } from 'node:fs';

const [earlierFile, outFile, ...rerunFiles] = process.argv.slice(2);
if (!rerunFiles.length) throw new Error('usage: merge.mjs EARLIER.json OUT.json RERUN.json...');
const read = (f) => JSON.parse(readFileSync(f, 'utf8'));
const earlier = read(earlierFile);
const runKey = (r) => `${r.strategy}\u0000${r.domain}`;
const runs = new Map(earlier.runs.map((r) => [runKey(r), r]));
let oracle = { ...earlier.oracle.perDomain };
const commits = new Set(earlier.codeCommits ?? []);
const replaced = new Set();
for (const f of rerunFiles) {
  const rerun = read(f);
  if (rerun.testbed.seed !== earlier.testbed.seed) throw new Error(`${f}: testbed seed ${rerun.testbed.seed}, not ${earlier.testbed.seed}`);
  for (const d of rerun.testDomains) if (!earlier.testDomains.includes(d)) throw new Error(`${f}: ${d} is not a test domain of ${earlierFile}`);
  for (const r of rerun.runs) {
    // A strategy the earlier result did not run stays out (a rerun may cover several sets).
    if (!runs.has(runKey(r))) continue;
    runs.set(runKey(r), r);
    replaced.add(runKey(r));
  }
  oracle = { ...oracle, ...rerun.oracle.perDomain };
  for (const c of rerun.codeCommits ?? []) commits.add(c);
}
// A domain is rerun whole or not at all: one strategy's old crawl beside another's new one would not compare.
const rerunDomains = new Set([...replaced].map((k) => k.split('\u0000')[1]));
for (const r of earlier.runs) if (rerunDomains.has(r.domain) && !replaced.has(runKey(r))) throw new Error(`no rerun of ${r.strategy} on ${r.domain}`);
const merged = { ...earlier, runs: [...runs.values()], oracle: { ...earlier.oracle, perDomain: oracle }, codeCommits: [...commits], mergedFrom: { earlier: earlierFile, reruns: rerunFiles, rerunDomains: [...rerunDomains] } };
writeFileSync(outFile, `${JSON.stringify(merged, null, 2)}\n`);
console.log(`${outFile}: ${replaced.size} of ${earlier.runs.length} crawls replaced (${[...rerunDomains].join(', ')})`);
