// Coverage after k queries, where k is the fewest queries any of the strategies issued on the site,
// from each crawl's report.json (coverageByQuery): node equal-queries.mjs <seed dir> [strategy ...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...given] = process.argv.slice(2);
if (!dir) throw new Error('usage: node equal-queries.mjs <seed dir> [strategy ...]');
const strategies = given.length ? given : ['a3c-wge', 'adaptive', 'generic-frequency'];
const sites = ['news', 'sports', 'recreation', 'home', 'society'];
const subject = strategies[0];
const tally = Object.fromEntries(strategies.slice(1).map((s) => [s, { ahead: 0, tied: 0, behind: 0 }]));
console.log(`| site | k | ${strategies.join(' | ')} |`);
console.log(`| --- | ---: | ${strategies.map(() => '---:').join(' | ')} |`);
for (const site of sites) {
  const curves = strategies.map((s) => JSON.parse(readFileSync(join(dir, `${s}-${site}`, 'report.json'), 'utf8')).coverageByQuery);
  const k = Math.min(...curves.map((c) => c.length));
  const at = curves.map((c) => c[k - 1].coverage);
  const best = Math.max(...at);
  console.log(`| ${site} | ${k} | ${at.map((x) => (x === best ? `**${x.toFixed(3)}**` : x.toFixed(3))).join(' | ')} |`);
  strategies.slice(1).forEach((s, i) => {
    const d = at[0] - at[i + 1];
    tally[s][Math.abs(d) < 0.001 ? 'tied' : d > 0 ? 'ahead' : 'behind']++;
  });
}
for (const [s, t] of Object.entries(tally)) console.log(`${subject} against ${s}: ${t.ahead} ahead, ${t.tied} tied, ${t.behind} behind`);
