// Paired comparison of one strategy against the others over several `bench strategies` results:
// each (testbed seed, test domain) is one pair, since both strategies crawled the same site.
// Usage: node paired.cjs STRATEGY RESULT.json …   (e.g. node paired.cjs a3c-wge s1.json s2.json s3.json)
const fs = require('fs');
const [subject, ...files] = process.argv.slice(2);
if (!subject || !files.length) throw new Error('usage: node paired.cjs STRATEGY RESULT.json …');
const runs = files.flatMap((f, i) => JSON.parse(fs.readFileSync(f, 'utf8')).runs.map((r) => ({ ...r, file: i })));
const others = [...new Set(runs.map((r) => r.strategy))].filter((s) => s !== subject);
const metrics = { 'cov@25': (r) => r.coverageAt['25'], 'harvest rate': (r) => r.harvestRate };
const rows = ['| against | metric | pairs | ahead / tied / behind | mean difference | mean |', '| --- | --- | ---: | --- | ---: | --- |'];
for (const other of others) {
  for (const [name, get] of Object.entries(metrics)) {
    let ahead = 0, tied = 0, behind = 0, diff = 0, sumS = 0, sumO = 0, n = 0;
    for (const r of runs.filter((x) => x.strategy === subject)) {
      const o = runs.find((x) => x.strategy === other && x.domain === r.domain && x.file === r.file);
      if (!o) continue;
      const d = get(r) - get(o);
      // Differences under 0.001 are ties: a third of a record of 300, or the same pages fetched.
      if (Math.abs(d) < 1e-3) tied++; else if (d > 0) ahead++; else behind++;
      diff += d; sumS += get(r); sumO += get(o); n++;
    }
    if (n) rows.push(`| ${other} | ${name} | ${n} | ${ahead} / ${tied} / ${behind} | ${(diff / n >= 0 ? '+' : '') + (diff / n).toFixed(3)} | ${(sumS / n).toFixed(3)} vs ${(sumO / n).toFixed(3)} |`);
  }
}
console.log(`${subject}, paired by testbed seed and site:\n`);
console.log(rows.join('\n'));
