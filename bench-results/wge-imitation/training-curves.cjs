// Usage: node training-curves.cjs <model-dir>...  (e.g. harness/model-a3c harness/model-a3c-wge)  — the training curve of each model's manifest.
const fs = require('fs');
for (const dir of process.argv.slice(2)) {
  const m = JSON.parse(fs.readFileSync(dir + '/manifest.json', 'utf8'));
  const c = m.curve; const r = c.map((x) => x.reward);
  const mean = (xs) => xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
  const fifth = Math.max(1, Math.floor(r.length / 5));
  const ma = r.map((_, i) => mean(r.slice(Math.max(0, i - 9), i + 1)));
  const reach = (t) => { const i = ma.findIndex((v, k) => k >= 9 && v >= t); return i < 0 ? '—' : i + 1; };
  const byDomain = {};
  for (const x of c) (byDomain[x.domain] ??= []).push(x.reward);
  const wf = c.filter((x) => x.actor === 'workflow');
  console.log(`${dir}: ${c.length} episodes (${wf.length} workflow), ${m.updates} updates, mean ${mean(r).toFixed(3)}, first fifth ${mean(r.slice(0, fifth)).toFixed(3)} → last fifth ${mean(r.slice(-fifth)).toFixed(3)}`);
  console.log(`  policy episodes mean ${mean(c.filter((x) => x.actor !== 'workflow').map((x) => x.reward)).toFixed(3)}, workflow episodes mean ${mean(wf.map((x) => x.reward)).toFixed(3)}`);
  console.log(`  10-episode mean first ≥ 1.0 at ${reach(1)}, ≥ 1.5 at ${reach(1.5)}, ≥ 2.0 at ${reach(2)}, ≥ 2.5 at ${reach(2.5)}`);
  console.log('  per domain: ' + Object.entries(byDomain).map(([d, xs]) => `${d} ${mean(xs).toFixed(2)} (${xs.length})`).join(', '));
}
