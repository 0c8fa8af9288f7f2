// At each site's first query decision (nothing harvested yet), what the offered queries would have brought, by
// where they came from: the counterfactual gains of ../choice-signal/ (the testbed engine's own answer, 35 sites:
// the 15 test sites at seeds 1–3 and the 20 held-out training-domain sites at seeds 11–12).
// Run from the repository root: node bench-results/selection-more-sites/first-decision-sources.mjs
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

// The order of the source one-hot in the candidate features (src/strategies/jiang-rl.ts, `SOURCES`, features 11–16).
const SOURCES = ['lvs', 'pool', 'title', 'surface', 'options', 'default'];
const by = new Map();
let sites = 0;
for (const seed of [1, 2, 3, 11, 12]) {
  const seen = new Set();
  const lines = gunzipSync(readFileSync(`bench-results/choice-signal/decisions-seed${seed}.jsonl.gz`)).toString('utf8').trim().split('\n');
  for (const line of lines) {
    const d = JSON.parse(line);
    if (seen.has(d.site)) continue;
    seen.add(d.site);
    sites++;
    for (const c of d.candidates.filter((x) => !x.stop)) {
      const source = SOURCES[c.features.slice(11, 17).indexOf(1)] ?? 'unknown';
      const row = by.get(source) ?? { offered: 0, gain: 0, empty: 0, sites: new Set() };
      row.offered++;
      row.gain += c.gain;
      if (c.gain === 0) row.empty++;
      row.sites.add(d.site);
      by.set(source, row);
    }
  }
}
console.log(`First query decision of ${sites} sites: the offered queries by source.\n`);
console.log('| source | sites offering it | queries offered | mean new records | listing nothing |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [source, r] of by) console.log(`| ${source} | ${r.sites.size} | ${r.offered} | ${(r.gain / r.offered).toFixed(1)} | ${((100 * r.empty) / r.offered).toFixed(0)} % |`);
