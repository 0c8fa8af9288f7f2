// The function-word queries of each kept crawl (`bench strategies --keep-runs D`): per crawl, each
// function word asked, in order, with the records its list showed, those new to the crawl, and
// the result pages read; then, per strategy, the totals of the first word and of those after it.
// usage, from the repository root:
//   node <this file> D/seed1 D/seed2 ...
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const totals = new Map();
const add = (strategy, which, q) => {
  const key = `${strategy}|${which}`;
  const t = totals.get(key) ?? { queries: 0, listed: 0, fresh: 0, pages: 0 };
  t.queries++;
  t.listed += q.results ?? 0;
  t.fresh += q.newRecords ?? 0;
  t.pages += q.resultPages ?? 0;
  totals.set(key, t);
};
for (const dir of process.argv.slice(2)) {
  for (const crawl of readdirSync(dir).sort()) {
    const file = join(dir, crawl, 'queries.jsonl');
    if (!existsSync(file)) continue;
    const strategy = crawl.replace(/-(home|society|sports|news|recreation)$/, '');
    const rows = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const asked = rows.filter((q) => q.functionWord);
    asked.forEach((q, i) => add(strategy, i === 0 ? 'first' : 'later', q));
    console.log(`${dir}/${crawl}: ${asked.map((q) => `${q.terms.join(' ')} ${q.results ?? 0} listed / ${q.newRecords ?? 0} new / ${q.resultPages ?? 0} pages`).join('; ') || 'none'}`);
  }
}
console.log('\n| strategy | function word | queries | records listed | new to the crawl | result pages |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const [key, t] of [...totals].sort()) {
  const [strategy, which] = key.split('|');
  console.log(`| ${strategy} | ${which === 'first' ? 'first asked' : 'asked after another'} | ${t.queries} | ${t.listed} | ${t.fresh} | ${t.pages} |`);
}
