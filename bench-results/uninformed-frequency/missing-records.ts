/**
 * Which of a testbed site's records a crawl could have missed, by the testbed's own search engine
 * run on every query the crawl issued (from its report's `coverageByQuery`). Records no issued
 * query's answer holds were lost to the choice of queries. Records that one answer alone holds,
 * past its first result page, are those a list cut before their rank loses.
 * Run from the repository root:
 *   npx tsx bench-results/uninformed-frequency/missing-records.ts <domain> <testbed seed> <report.json>
 * (scale small, the first search form of the site, as the bench crawls it).
 */
import { readFileSync } from 'node:fs';
import { siteModel } from '../../src/testbed/model.ts';
import { isTestbedDomain } from '../../src/testbed/sites.ts';

const [domain, seedText, reportPath] = process.argv.slice(2);
if (!domain || !isTestbedDomain(domain) || !seedText || !reportPath) throw new Error('usage: missing-records.ts <domain> <testbed seed> <report.json>');
const model = siteModel(domain, 'small', Number(seedText));
const form = model.config.search[0]!;
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { coverageByQuery: { key: string; records: number }[] };
// A query key is "<form>|<JSON list of [field, value]>"; the keyword is the value of the form's keyword field.
const queries = report.coverageByQuery.map((q) => Object.fromEntries(JSON.parse(q.key.slice(q.key.indexOf('|') + 1)) as [string, string][]));
const answers = queries.map((values) => {
  const outcome = model.engine.run(form, values);
  return { values, hits: outcome.ok ? outcome.hits : [] };
});
const listed = new Set(answers.flatMap((a) => a.hits));
const harvested = report.coverageByQuery.at(-1)?.records ?? 0;
console.log(`${domain}, seed ${seedText}: ${model.records.length} records; ${harvested} harvested; ${listed.size} held by the answers of its ${queries.length} queries`);
for (const [i, record] of model.records.entries()) {
  const holders = answers.filter((a) => a.hits.includes(i));
  if (holders.length === 0) {
    console.log(`not listed by any issued query: #${i} ${model.recordPaths[i]} "${record.title}"`);
    continue;
  }
  // The report does not say which listed records were read; a record that one answer alone holds, past its first
  // result page, is lost if that list is cut before it (records.jsonl of the crawl says whether it was).
  const only = holders[0]!;
  const rank = only.hits.indexOf(i) + 1;
  if (holders.length === 1 && rank > 10) console.log(`held by one answer only, past its first page: #${i} ${model.recordPaths[i]} "${record.title}" in ${Object.values(only.values).join(' ')} (rank ${rank} of ${only.hits.length})`);
}
