// The same selection crawls scored by records per query (`--select-by records`), from their run directories (WORK, as given
// to select.ts). Run from the repository root: node --import tsx bench-results/link-selection/records-score.ts WORK
import { readFileSync } from 'node:fs';
import { harvestCurve, selectionScores } from '../../src/cli/train-selection.ts';

const work = process.argv[2];
if (!work) throw new Error('usage: records-score.ts WORK');
const d = JSON.parse(readFileSync('bench-results/link-selection/selection.json', 'utf8')) as { sites: string[]; names: Record<string, string>; checkpoints: { afterCrawls: number }[] };
const curves = d.checkpoints.map((c) => d.sites.map((s) => {
  const [, domain, seed] = /^(.*) \(seed (\d+)\)$/.exec(s)!;
  return harvestCurve(JSON.parse(readFileSync(`${work}/select-${String(c.afterCrawls).padStart(3, '0')}-${domain}-${seed}/report.json`, 'utf8')), 25);
}));
selectionScores(curves).forEach((score, i) => process.stdout.write(`${d.names[d.checkpoints[i]!.afterCrawls]}\t${score.toFixed(4)}\n`));
