// node per-site.cjs <before dir>[,<more before dirs>] <after dir>: for each strategy and test site, the pages fetched and
// records harvested before and after (each dir holds <strategy>-<site>/report.json; the first before dir holding a crawl
// is taken), the lists the rule cut (trace.jsonl of the after crawl, where kept) and the harvest rate over the five sites.
const fs = require('fs');
const sites = ['news', 'sports', 'recreation', 'home', 'society'];
const strategies = ['random', 'generic-frequency', 'adaptive', 'dla', 'jiang-rl', 'a3c', 'a3c-wge'];
const [beforeArg, after] = process.argv.slice(2);
const befores = beforeArg.split(',');
const read = (f) => { try { return JSON.parse(fs.readFileSync(f, 'utf8')); } catch { return undefined; } };
const cuts = (dir) => { try { return fs.readFileSync(`${dir}/trace.jsonl`, 'utf8').split('\n').filter((l) => l.includes('site looks harvested')).length; } catch { return '–'; } };
console.log('| strategy | ' + sites.map((s) => `${s}: pages (records)`).join(' | ') + ' | harvest rate |');
console.log('| --- | ' + sites.map(() => '---').join(' | ') + ' | ---: |');
for (const strategy of strategies) {
  const cells = [];
  let rb = 0, ra = 0;
  for (const site of sites) {
    const b = befores.map((d) => read(`${d}/${strategy}-${site}/report.json`)).find(Boolean);
    const a = read(`${after}/${strategy}-${site}/report.json`);
    if (!a || !b) { cells.push('–'); continue; }
    cells.push(`${b.totals.pagesFetched} (${b.hiddenRecordsHarvested}) → ${a.totals.pagesFetched} (${a.hiddenRecordsHarvested}), ${cuts(`${after}/${strategy}-${site}`)} cut`);
    rb += b.hiddenRecordsHarvested / b.totals.pagesFetched / sites.length;
    ra += a.hiddenRecordsHarvested / a.totals.pagesFetched / sites.length;
  }
  console.log(`| ${strategy} | ${cells.join(' | ')} | ${rb.toFixed(3)} → ${ra.toFixed(3)} |`);
}
