// Groups of held-out crawl sets against each other: per site, each group's mean of the harvest curve's mean over
// queries 1–25 (train --select-seeds' per-site figure), averaged over the group's models; then the second group
// and every later one against the first, site by site (ahead / tied / behind, the mean difference, a two-sided
// sign test). Run from the repository root:
//   node --import tsx bench-results/noise-floor/groups.ts LABEL=DIR/PREFIX[,DIR/PREFIX…] …
// where DIR/PREFIX-<domain>-11/report.json are one model's crawls, as for ../reward-shape/compare.ts.
import { harvestCurve } from '../../src/cli/train-selection.ts';
import { signTestP } from '../../src/report/strategy-pairs.ts';
import { readCrawlSet } from '../reward-shape/crawl-sets.ts';

const QUERIES = 25;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function crawlSet(path: string): Map<string, number> {
  return new Map([...readCrawlSet(path)].map(([site, report]) => [site, mean(harvestCurve(report, QUERIES))]));
}

const groups = process.argv.slice(2).map((arg) => {
  const [label, paths] = arg.split('=') as [string, string];
  const sets = paths.split(',').map(crawlSet);
  return { label, size: sets.length, perSite: new Map([...sets[0]!.keys()].map((site) => [site, mean(sets.map((s) => s.get(site)!))])) };
});
if (groups.length < 2) {
  console.error('usage: node --import tsx bench-results/noise-floor/groups.ts LABEL=DIR/PREFIX[,DIR/PREFIX…] …  (two groups or more)');
  process.exit(2);
}
const sites = [...groups[0]!.perSite.keys()].sort();
console.log(`| site | ${groups.map((g) => `${g.label} (${g.size} model${g.size > 1 ? 's' : ''})`).join(' | ')} |`);
console.log(`| --- | ${groups.map(() => '---:').join(' | ')} |`);
for (const s of sites) console.log(`| ${s} | ${groups.map((g) => g.perSite.get(s)!.toFixed(1)).join(' | ')} |`);
console.log(`| mean over the sites | ${groups.map((g) => mean(sites.map((s) => g.perSite.get(s)!)).toFixed(2)).join(' | ')} |\n`);
for (const g of groups.slice(1)) {
  const d = sites.map((s) => g.perSite.get(s)! - groups[0]!.perSite.get(s)!);
  const ahead = d.filter((x) => x > 0).length;
  const behind = d.filter((x) => x < 0).length;
  console.log(`${g.label} against ${groups[0]!.label}: ahead on ${ahead}, tied on ${d.length - ahead - behind}, behind on ${behind} sites; mean difference ${mean(d).toFixed(2)} records; sign test p = ${signTestP(ahead, behind).toFixed(2)}`);
}
