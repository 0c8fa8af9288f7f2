// node per-site.cjs <train-a3c.json> <train-a3c-wge.json> : per training site, the policy episodes' mean reward in each arm (and the workflow episodes' in the WGE arm)
const fs = require('fs');
const [A, B] = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')).curve);
const mean = (xs) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const f = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const sites = [...new Set(A.map((e) => e.domain))];
console.log('| site | no WGE: episodes, mean reward | WGE, policy episodes: episodes, mean reward | WGE, workflow episodes: episodes, mean reward |');
console.log('| --- | --- | --- | --- |');
let ahead = 0;
for (const d of sites) {
  const a = A.filter((e) => e.domain === d).map((e) => e.reward);
  const b = B.filter((e) => e.domain === d && e.actor === 'policy').map((e) => e.reward);
  const w = B.filter((e) => e.domain === d && e.actor === 'workflow').map((e) => e.reward);
  if (mean(b) > mean(a)) ahead++;
  console.log(`| ${d} | ${a.length}, ${f(mean(a))} | ${b.length}, ${f(mean(b))} | ${w.length}, ${f(mean(w))} |`);
}
console.log(`\nThe WGE arm's policy episodes earned more on ${ahead} of ${sites.length} sites.`);
