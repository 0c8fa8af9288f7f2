// How sure was the policy of its query choices? Reads the `why` of each claim-query row in
// RUN/trace.jsonl (a3c runs from stop 41 on) and prints, per run: claims, actions offered,
// the chosen action's probability against a uniform draw's (1/offered), its lead over the
// likeliest other, and how often the prior was flat (chosen and the three likeliest others
// all at 0.98 or more of the step's best prior). Claims an agent lost to another are left out.
// usage: node why-stats.cjs RUN...   (FIRST=n: only each run's first n claims)
const fs = require('fs');
const first = Number(process.env.FIRST || Infinity);
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
console.log('| run | claims | offered | p(chosen) | 1/offered | lead over next | rank 1 | prior ≥ 0.98 for chosen and next three |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const run of process.argv.slice(2)) {
  const rows = fs.readFileSync(`${run}/trace.jsonl`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const claims = rows.filter((r) => r.action === 'claim-query' && r.why && r.input.actor === 'policy' && r.outcome.query && !String(r.input.queryKey).endsWith('<stop>')).slice(0, first);
  const w = claims.map((r) => r.why);
  const lead = w.map((x) => x.probability - (x.others[0]?.probability ?? 0));
  const flat = w.filter((x) => x.prior >= 0.98 && x.others.every((o) => o.prior >= 0.98)).length;
  console.log(`| ${run.split('/').pop()} | ${w.length} | ${mean(w.map((x) => x.offered)).toFixed(1)} | ${mean(w.map((x) => x.probability)).toFixed(3)} | ${mean(w.map((x) => 1 / x.offered)).toFixed(3)} | ${mean(lead).toFixed(3)} | ${(w.filter((x) => x.rank === 1).length / Math.max(1, w.length)).toFixed(2)} | ${(flat / Math.max(1, w.length)).toFixed(2)} |`);
}
