// Whether each kept crawl's first query was a value of the domain's LVS table (the other first queries are words
// of the site's own surface pages or select options), and whether it listed nothing, per set and strategy.
// Run from the repository root: node bench-results/selection-more-sites/first-query-sources.mjs SET_DIR...
// (a SET_DIR holds seed<N>/<strategy>-<domain>/report.json, as bench strategies --keep-runs leaves them).
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const tables = new Map();
const lvsValues = (domain) => {
  if (!tables.has(domain)) tables.set(domain, new Set(JSON.parse(readFileSync(`lvs-tables/${domain}.json`, 'utf8')).labels.flatMap((l) => l.values.map((v) => v.value.toLowerCase()))));
  return tables.get(domain);
};
const strategyOf = (crawl) => ['a3c-wge', 'generic-frequency', 'a3c', 'adaptive', 'random', 'dla', 'jiang-rl'].find((s) => crawl.startsWith(`${s}-`));
console.log('| set | strategy | crawls | first query an LVS value | first query listed nothing | of those, LVS values |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const set of process.argv.slice(2)) {
  const by = new Map();
  for (const seed of readdirSync(set).filter((x) => /^seed\d+$/.test(x))) {
    for (const crawl of readdirSync(`${set}/${seed}`)) {
      const file = `${set}/${seed}/${crawl}/report.json`;
      const strategy = strategyOf(crawl);
      if (!strategy || !existsSync(file)) continue;
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const first = report.coverageByQuery[0];
      if (!first) continue;
      const values = JSON.parse(first.key.split('|').slice(1).join('|')).map(([, v]) => String(v).toLowerCase());
      const fromTable = values.every((v) => lvsValues(report.domain).has(v));
      const row = by.get(strategy) ?? { crawls: 0, lvs: 0, empty: 0, lvsEmpty: 0 };
      row.crawls++;
      if (fromTable) row.lvs++;
      if (first.records === 0) { row.empty++; if (fromTable) row.lvsEmpty++; }
      by.set(strategy, row);
    }
  }
  for (const [strategy, r] of by) console.log(`| ${set} | ${strategy} | ${r.crawls} | ${r.lvs} | ${r.empty} | ${r.lvsEmpty} |`);
}
