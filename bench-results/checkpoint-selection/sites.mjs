// Site by site, what `train --select-seeds 11` saw: each checkpoint's records after 25 queries and
// the mean of its harvest curve over those queries, with the scores `train` computed from them.
// Run from the repository root: node --import tsx bench-results/checkpoint-selection/sites.mjs [SELECTION_DIR]
// (default: this folder's selection/; another run's folder of select-<crawls>-<domain>-<seed>/report.json).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { harvestCurve, selectionScores } from '../../src/cli/train-selection.ts';

const dir = process.argv[2] ?? new URL('./selection/', import.meta.url).pathname;
const QUERIES = 25;
const runs = readdirSync(dir).map((name) => {
  const [, after, ...rest] = name.split('-');
  return { name, after: Number(after), site: rest.join('-') };
});
const checkpoints = [...new Set(runs.map((r) => r.after))].sort((a, b) => a - b);
const sites = [...new Set(runs.map((r) => r.site))].sort();
const curves = checkpoints.map((c) => sites.map((s) => harvestCurve(JSON.parse(readFileSync(join(dir, `select-${String(c).padStart(3, '0')}-${s}`, 'report.json'), 'utf8')), QUERIES)));
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`| site | ${checkpoints.map((c) => `after ${c} crawls: records at ${QUERIES} / mean over 1–${QUERIES}`).join(' | ')} |`);
console.log(`| --- | ${checkpoints.map(() => '---:').join(' | ')} |`);
sites.forEach((s, si) => console.log(`| ${s} | ${checkpoints.map((_, ci) => `${curves[ci][si].at(-1)} / ${mean(curves[ci][si]).toFixed(1)}`).join(' | ')} |`));
console.log(`| score | ${selectionScores(curves).map((x) => x.toFixed(4)).join(' | ')} |`);
// Against the start: sites where the checkpoint's curve has the larger mean, the same, the smaller.
for (let ci = 1; ci < checkpoints.length; ci++) {
  const d = sites.map((_, si) => mean(curves[ci][si]) - mean(curves[0][si]));
  console.log(`after ${checkpoints[ci]} crawls against the start: ahead on ${d.filter((x) => x > 0).length}, tied on ${d.filter((x) => x === 0).length}, behind on ${d.filter((x) => x < 0).length} sites`);
}
