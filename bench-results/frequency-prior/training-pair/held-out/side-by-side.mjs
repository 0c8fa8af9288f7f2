// The two arms of each training pair side by side, checkpoint by checkpoint (after the same
// training crawls, so after the same sites), from `bench learning --json` files. Then every
// (seed, checkpoint, site) pair counted: WGE higher / same / lower coverage (ties as in
// `bench combine`, within 0.001), by site and in all, with a two-sided sign test; and, per file, the
// training episodes each arm needed to reach each target mean coverage (`episodesToReach`,
// the untrained start included), the start's own coverage among the targets.
// usage, from the repository root:
//   node --import tsx <this file> TARGETS seed1/learning.json seed2/learning.json ...   (TARGETS e.g. 0.55,0.6,0.65)
import { readFileSync } from 'node:fs';
import { episodesToReach, learningTable } from '../../../../src/cli/bench-learning.ts';
import { PAIRED_METRICS, signTestP } from '../../../../src/report/strategy-pairs.ts';

const [targetList, ...files] = process.argv.slice(2);
if (!files.length) throw new Error('usage: side-by-side.mjs TARGETS LEARNING_JSON...');
// Coverage ties as `bench combine` ties them, taken from its metric rather than restated.
const coverageTie = PAIRED_METRICS.find((m) => m.key === 'coverageAt25').tie;
const fmt = (x) => (x === null || x === undefined ? '–' : x.toFixed(3));
const tally = new Map();
const count = (site, sign) => {
  const t = tally.get(site) ?? { higher: 0, same: 0, lower: 0 };
  t[sign]++;
  tally.set(site, t);
};
for (const file of files) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  console.log(`## ${file}\n\n${learningTable(r)}`);
  const [a, w] = r.trainings.map((t) => r.checkpoints.filter((c) => c.training === t.name));
  const start = r.checkpoints.find((c) => c.training === null);
  console.log(`| after crawl | episodes a3c / a3c-wge | ${r.testDomains.map((d) => `${d}: a3c / a3c-wge`).join(' | ')} | mean: a3c / a3c-wge |`);
  console.log(`|---|---|${r.testDomains.map(() => '---').join('|')}|---|`);
  console.log(`| untrained | 0 | ${r.testDomains.map((d) => fmt(start.perDomain[d].coverage)).join(' | ')} | ${fmt(start.meanCoverage)} |`);
  a.forEach((ca, i) => {
    const cw = w[i];
    if (ca.name !== cw.name) throw new Error(`${file}: checkpoints ${ca.name} and ${cw.name} are not after the same crawl`);
    const cells = r.testDomains.map((d) => {
      const x = ca.perDomain[d].coverage;
      const y = cw.perDomain[d].coverage;
      count(d, Math.abs(y - x) <= coverageTie ? 'same' : y > x ? 'higher' : 'lower');
      return `${fmt(x)} / ${fmt(y)}`;
    });
    console.log(`| ${ca.name} | ${ca.episodes} / ${cw.episodes} | ${cells.join(' | ')} | ${fmt(ca.meanCoverage)} / ${fmt(cw.meanCoverage)} |`);
  });
  const targets = [...targetList.split(',').map(Number), start.meanCoverage].sort((x, y) => x - y);
  const reach = episodesToReach(r.checkpoints, r.trainings, targets);
  console.log(`\n| training episodes to reach mean coverage | ${targets.map((t) => (t === start.meanCoverage ? `${fmt(t)} (the untrained start)` : String(t))).join(' | ')} |`);
  console.log(`|---|${targets.map(() => '---:').join('|')}|`);
  for (const t of reach) console.log(`| ${t.name} | ${targets.map((x) => t.episodesToReach[String(x)] ?? 'not reached').join(' | ')} |`);
  console.log('');
}
let higher = 0, same = 0, lower = 0;
for (const [site, t] of tally) {
  console.log(`${site}: WGE higher on ${t.higher}, same on ${t.same}, lower on ${t.lower}; p = ${signTestP(t.higher, t.lower).toFixed(3)}`);
  higher += t.higher;
  same += t.same;
  lower += t.lower;
}
console.log(`All trained checkpoints, site by site: WGE higher on ${higher}, same on ${same}, lower on ${lower}; two-sided sign test p = ${signTestP(higher, lower).toFixed(3)}.`);
