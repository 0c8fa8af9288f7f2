// How many records of a domain's testbed site hold a word (title, text, creator, category, extra: what full-text search reads),
// at the selection seed 11 and at the training seeds 21–39, and in titles at seed 11.
// Run from the repository root: node --import tsx bench-results/selection-more-sites/holders.ts
import { siteModel } from '../../src/testbed/model.ts';
const checks: [string, string][] = [['science','genetics'],['shopping','handbag'],['regional','attractions'],['health','depression'],['business','consulting'],['business','marketing'],['health','hypertension'],['arts','guide'],['science','theoretical'],['shopping','sneakers'],['regional','monastery'],['arts','photography']];
const seeds = [11, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39];
for (const [d, w] of checks) {
  const counts = seeds.map((s) => { const m = siteModel(d as never, 'small', s); return m.records.filter((r) => new RegExp(`\\b${w}\\b`, 'i').test(`${r.title} ${r.text} ${r.creator} ${r.category} ${r.extra}`)).length; });
  const titles = siteModel(d as never, 'small', 11).records.filter((r) => new RegExp(`\\b${w}\\b`, 'i').test(r.title)).length;
  console.log(d, w, 'seed 11:', counts[0], `(titles ${titles})`, 'seeds 21-39:', Math.min(...counts.slice(1)), '-', Math.max(...counts.slice(1)));
}
