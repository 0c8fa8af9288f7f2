// Crawls the tests' scoped-search site (test/e2e/scoped-search-site.ts: a keyword field and a
// required "Section" drop-down, 3 sections of 8 reports) and prints the crawl's totals, the
// records harvested per section and each query with its results and new records.
// npx tsx bench-results/scoped-search/run.mts <out-dir> [strategy] [max-queries]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SCOPED_RECORDS, startScopedSearchSite } from '../../test/e2e/scoped-search-site.ts';

const [out, strategy = 'adaptive', maxQueries = '24'] = process.argv.slice(2);
if (!out) throw new Error('usage: run.mts <out-dir> [strategy] [max-queries]');
const site = await startScopedSearchSite();
const args = ['bin/surfacer.js', 'crawl', '--domain', 'sports', '--seeds', `${site.origin}/`, '--strategy', strategy, '--agents', '1', '--deterministic', '--max-queries', maxQueries, '--max-pages', '200', '--json', '--out', out];
const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
let stdout = '';
child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
await new Promise((done) => child.on('close', done));
const summary = JSON.parse(stdout) as { totals: { recordsHarvested: number; queriesIssued: number } };
const lines = (file: string) => readFileSync(`${out}/${file}`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const bySection: Record<string, number> = {};
for (const r of lines('records.jsonl')) {
  const id = Number(new URL(r['url'] as string).pathname.split('/').pop());
  const section = SCOPED_RECORDS.find((x) => x.id === id)?.section ?? '?';
  bySection[section] = (bySection[section] ?? 0) + 1;
}
console.log(JSON.stringify({ strategy, records: summary.totals.recordsHarvested, of: SCOPED_RECORDS.length, queries: summary.totals.queriesIssued, bySection }));
for (const q of lines('queries.jsonl')) console.log(JSON.stringify(q['values']), q['results'], q['newRecords']);
await site.close();
