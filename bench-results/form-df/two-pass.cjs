// Usage: node two-pass.cjs harness/result.json harness-2/result.json
// Means of two harness passes: per strategy, the mean over test domains of the mean of the passes.
const { resolve } = require('node:path');
const [a, b] = process.argv.slice(2).map((f) => require(resolve(f)));
const strategies = ['generic-frequency', 'adaptive', 'a3c', 'a3c-wge'];
const cell = (r, s, d) => r.runs.find((x) => x.strategy === s && x.domain === d);
const f3 = (x) => x.toFixed(3);
console.log('| strategy | cov@25 | cov@50 | cov@100 | cov@200 | queries→90% | queries→99% | harvest rate | sports cov@25 (pass 1, 2) | sports records (pass 1, 2) |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
for (const s of strategies) {
  const doms = a.testDomains;
  const mean = (fn) => doms.reduce((t, d) => t + (fn(cell(a, s, d)) + fn(cell(b, s, d))) / 2, 0) / doms.length;
  const reach = (k) => { const xs = []; for (const r of [a, b]) for (const d of doms) { const v = cell(r, s, d)[k]; if (v != null) xs.push(v); } return `${(xs.reduce((t, x) => t + x, 0) / xs.length).toFixed(1)} (${xs.length}/${2 * doms.length})`; };
  const sp = [a, b].map((r) => cell(r, s, 'sports'));
  console.log(`| ${s} | ${['25', '50', '100', '200'].map((q) => f3(mean((c) => c.coverageAt[q]))).join(' | ')} | ${reach('queriesTo90')} | ${reach('queriesTo99')} | ${f3(mean((c) => c.harvestRate))} | ${sp.map((c) => c.coverageAt['25'].toFixed(3)).join(', ')} | ${sp.map((c) => Math.round(c.coverage * 300)).join(', ')} |`);
}
