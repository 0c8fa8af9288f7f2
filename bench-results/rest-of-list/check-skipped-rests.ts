/**
 * For each crawl folder given: the queries whose reader skipped a known rest (`skippedRest` in
 * queries.jsonl), the records that rest held by the testbed's own search engine (seed 1, small),
 * and how many of those were first found by a later query (records the skip cost: should be 0).
 * Run from the repository root: npx tsx bench-results/rest-of-list/check-skipped-rests.ts <run-dir>…
 * A run dir's name ends in its domain (…-news).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { siteModel } from '../../src/testbed/model.ts';
import { isTestbedDomain } from '../../src/testbed/sites.ts';

interface Query { key: string; values?: Record<string, string>; recordLinks?: string[]; resultPages?: number; skippedRest?: string[] }
interface Record_ { url: string; query?: string }

const rows = (file: string): unknown[] => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown);
console.log(['crawl', 'queries', 'result pages', 'skipped rests', 'records in them', 'first found later'].join('\t'));
for (const dir of process.argv.slice(2)) {
  const domain = basename(dir).split('-').pop()!;
  if (!isTestbedDomain(domain)) throw new Error(`${dir}: no testbed domain at the end of its name`);
  const model = siteModel(domain, 'small', 1);
  const form = model.config.search[0]!;
  const queries = rows(`${dir}/queries.jsonl`) as Query[];
  const order = new Map(queries.map((q, i) => [q.key, i]));
  const firstBy = new Map((rows(`${dir}/records.jsonl`) as Record_[]).map((r) => [new URL(r.url).pathname, order.get(r.query ?? '') ?? -1]));
  let skipped = 0;
  let inRests = 0;
  let later = 0;
  for (const [i, q] of queries.entries()) {
    if (!q.skippedRest?.length) continue;
    skipped++;
    const keyword = Object.values(q.values ?? {}).join(' ');
    const terms = keyword.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    const matches = model.engine.keywordMatches(terms, form.kind === 'title-only' ? 'title' : 'all');
    const listable = (form.cap ? matches.slice(0, form.cap) : matches).map((d) => model.recordPaths[d]!);
    const listed = new Set((q.recordLinks ?? []).map((u) => new URL(u).pathname));
    const rest = listable.filter((p) => !listed.has(p));
    inRests += rest.length;
    later += rest.filter((p) => (firstBy.get(p) ?? Infinity) > i).length;
  }
  const pages = queries.reduce((n, q) => n + (q.resultPages ?? 0), 0);
  console.log([basename(dir), queries.length, pages, skipped, inRests, later].join('\t'));
}
