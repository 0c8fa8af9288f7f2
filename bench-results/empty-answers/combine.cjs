// Means over several `bench strategies` results (say, one per testbed seed): every crawl of a
// strategy counts once, so two seeds of five test domains give means over ten sites.
// Usage: node combine.cjs result-seed1.json result-seed2.json …
const fs = require('fs');
const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: node combine.cjs RESULT.json …');
const results = files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
const order = Object.keys(results[0].strategies);
const runs = new Map(order.map((s) => [s, []]));
for (const r of results) for (const run of r.runs) runs.get(run.strategy)?.push(run);
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const reached = (xs, k) => xs.map((x) => x[k]).filter((v) => typeof v === 'number');
const rows = [];
rows.push('| strategy | crawls | cov@25 | cov@50 | cov@100 | cov@200 | queries→90% | queries→99% | harvest rate | pages/s |');
rows.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const s of order) {
  const xs = runs.get(s);
  const cov = (n) => mean(xs.map((x) => x.coverageAt[n])).toFixed(3);
  const q = (k) => { const v = reached(xs, k); return `${mean(v).toFixed(1)} (${v.length}/${xs.length})`; };
  rows.push(`| ${s} | ${xs.length} | ${cov('25')} | ${cov('50')} | ${cov('100')} | ${cov('200')} | ${q('queriesTo90')} | ${q('queriesTo99')} | ${mean(xs.map((x) => x.harvestRate)).toFixed(3)} | ${mean(xs.map((x) => x.pagesPerSecond)).toFixed(2)} |`);
}
const oracle = (k) => mean(results.map((r) => r.oracle[k])).toFixed(1);
rows.push(`| oracle (greedy cover) | — | — | — | — | — | ${oracle('queriesTo90')} | ${oracle('queriesTo99')} | — | — |`);
rows.push('');
rows.push(`| per site: cov@25 (records of 300) / harvest rate | ${results.flatMap((r, i) => r.testDomains.map((d) => `${d} (${files[i].match(/seed\d+/)?.[0] ?? i + 1})`)).join(' | ')} |`);
rows.push(`| --- | ${results.flatMap((r) => r.testDomains.map(() => '---:')).join(' | ')} |`);
for (const s of order) {
  const cells = results.flatMap((r) => r.testDomains.map((d) => {
    const x = r.runs.find((y) => y.strategy === s && y.domain === d);
    return x ? `${Math.round(x.coverageAt['25'] * 300)} / ${x.harvestRate.toFixed(3)}` : '—';
  }));
  rows.push(`| ${s} | ${cells.join(' | ')} |`);
}
console.log(rows.join('\n'));
