// node per-crawl.cjs <label>=<harness dir>... (each holding <strategy>-<site>/report.json): per a3c / a3c-wge crawl, queries, result pages, pages, records,
// the dry queries before the form was left, and the harvest rate (records over pages) averaged over the five test sites.
const fs = require('fs');
const sites = ['news', 'society', 'home', 'recreation', 'sports'];
console.log('| harness | strategy | ' + sites.map((s) => `${s}: queries / dry at end / pages / records`).join(' | ') + ' | harvest rate |');
console.log('| --- | --- | ' + sites.map(() => '---').join(' | ') + ' | ---: |');
for (const arg of process.argv.slice(2)) {
  const [label, dir] = arg.split('=');
  for (const strategy of ['a3c', 'a3c-wge']) {
    const cells = [];
    let rate = 0;
    for (const site of sites) {
      const report = JSON.parse(fs.readFileSync(`${dir}/${strategy}-${site}/report.json`, 'utf8'));
      const pages = report.totals.pagesFetched;
      const records = report.hiddenRecordsHarvested;
      // Dry queries at the end: after the last query that raised the records found (report.json's coverageByQuery).
      const byQuery = report.coverageByQuery;
      let last = 0;
      byQuery.forEach((x, i) => { if (x.records > (i ? byQuery[i - 1].records : 0)) last = x.query; });
      const queries = report.totals.queriesIssued;
      const dry = queries - last;
      cells.push(`${queries} / ${dry} / ${pages} / ${records}`);
      rate += records / pages / sites.length;
    }
    console.log(`| ${label} | ${strategy} | ${cells.join(' | ')} | ${rate.toFixed(3)} |`);
  }
}
