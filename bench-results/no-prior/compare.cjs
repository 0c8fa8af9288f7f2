// node compare.cjs <trainA.json> <trainB.json> : paired per-crawl comparison of two `train --json` results (same seed, same sites)
const fs = require('fs');
const [a, b] = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
const mean = (xs) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');
console.log('| crawl | site | episodes A / B | coverage A / B | mean reward A / B |');
console.log('| ---: | --- | --- | --- | --- |');
let winsCov = 0, winsRew = 0;
a.crawls.forEach((ca, i) => {
  const cb = b.crawls[i];
  if (!cb) return;
  if ((cb.coverage ?? 0) > (ca.coverage ?? 0)) winsCov++;
  if (cb.meanReward > ca.meanReward) winsRew++;
  console.log(`| ${i + 1} | ${ca.domain} | ${ca.episodes} / ${cb.episodes} | ${f(ca.coverage, 3)} / ${f(cb.coverage, 3)} | ${f(ca.meanReward)} / ${f(cb.meanReward)} |`);
});
const n = Math.min(a.crawls.length, b.crawls.length);
console.log(`\nB ahead on coverage in ${winsCov} of ${n} crawls, on mean reward in ${winsRew} of ${n}.`);
console.log(`mean training-crawl coverage A ${f(mean(a.crawls.slice(0, n).map((c) => c.coverage ?? 0)), 3)}, B ${f(mean(b.crawls.slice(0, n).map((c) => c.coverage ?? 0)), 3)}`);
for (const [name, r] of [['A', a], ['B', b]]) {
  const rw = r.curve.map((c) => c.reward);
  const ma = rw.map((_, i) => mean(rw.slice(Math.max(0, i - 9), i + 1)));
  const reach = (t) => { const i = ma.findIndex((v, k) => k >= 9 && v >= t); return i < 0 ? '—' : i + 1; };
  const wf = r.curve.filter((c) => c.actor === 'workflow').length;
  console.log(`${name}: ${rw.length} episodes (${wf} workflow), ${r.updates} updates, mean reward ${f(mean(rw), 3)}; 10-episode mean ≥ 0.5 / 1.0 / 1.5 / 2.0 / 2.5 at ${[0.5, 1, 1.5, 2, 2.5].map(reach).join(' / ')}`);
}
