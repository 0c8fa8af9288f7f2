/**
 * Replays kept crawls' queries.jsonl under the dry-list rule (src/coordinator/dry-lists.ts): on a result page
 * that has a next page, once Chao1 over the lists of the queries answered before expects fewer than one record
 * unseen and the form has had STREAK queries in a row without a new record, go back when the next page's
 * expected new records per fetch (nextPageEfficiency, src/policy/prior.ts) is below the crawl's rate so far
 * (records / pages, the report's surface pages counted from the start).
 * HELD=1 adds the guard of `unheldInRest`: a list whose total is below the largest total an earlier query of the
 * form stated is read on while its rest holds a record no earlier list showed. The replay takes that from the
 * testbed's own search engine (seed 1, small), where the coordinator estimates it from the records it holds.
 * Prints the result pages the cuts save and the records only the skipped pages listed (lost: no later query of
 * the same crawl lists them). A cut list's skipped pages do not count as listed afterwards.
 * Run from the repository root: STREAK=3 [HELD=1] [VERBOSE=1] [DEBUG=1] npx tsx bench-results/dry-lists/replay.ts <crawl dir>…
 * (each dir holds queries.jsonl and report.json, and its name ends in its domain: …-news).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { siteModel } from '../../src/testbed/model.ts';
import { isTestbedDomain } from '../../src/testbed/sites.ts';
import { nextPageEfficiency } from '../../src/policy/prior.ts';

interface Query { t: number; terms: string[]; values?: Record<string, string>; recordLinks: string[]; listedOn?: string[]; resultPages: number; newRecords: number; reportedTotal?: number }
const STREAK = Number(process.env['STREAK'] ?? 3);
const HELD = process.env['HELD'] === '1';
const rows = (file: string): unknown[] => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown);
const total = { crawls: 0, pages: 0, saved: 0, lost: 0, crawlsLosing: [] as string[] };
const bySite: Record<string, { crawls: number; saved: number; lost: number }> = {};
for (const dir of process.argv.slice(2)) {
  let queries: Query[];
  let report: { totals: { surfacePages: number; pagesFetched: number; recordsHarvested: number } };
  try {
    queries = (rows(`${dir}/queries.jsonl`) as Query[]).sort((a, b) => a.t - b.t);
    report = JSON.parse(readFileSync(`${dir}/report.json`, 'utf8'));
  } catch {
    continue;
  }
  const domain = basename(dir).split('-').pop()!;
  if (!isTestbedDomain(domain)) throw new Error(`${dir}: no testbed domain at the end of its name`);
  const model = siteModel(domain, 'small', 1);
  const form = model.config.search[0]!;
  const path = (u: string) => new URL(u).pathname;
  const counts = new Map<string, number>();
  let once = 0;
  let twice = 0;
  const add = (v: string) => {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n === 1) once++;
    else if (n === 2) { once--; twice++; } else if (n === 3) twice--;
  };
  let streak = 0;
  let resultPages = 0;
  let saved = 0;
  let largestTotal: number | undefined;
  const skipped = new Set<string>();
  for (const [i, q] of queries.entries()) {
    const pages: string[][] = [];
    let on: string | undefined;
    q.recordLinks.forEach((l, j) => {
      if (!pages.length || q.listedOn?.[j] !== on) pages.push([]);
      on = q.listedOn?.[j];
      pages[pages.length - 1]!.push(path(l));
    });
    // What the testbed lists for this query, when the guard needs it.
    const terms = Object.values(q.values ?? {}).join(' ').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    const matches = HELD ? model.engine.keywordMatches(terms, form.kind === 'title-only' ? 'title' : 'all').map((d) => model.recordPaths[d]!) : [];
    let queryListed = 0;
    let queryNew = 0;
    let cut = -1;
    const shown = new Set<string>();
    for (const [p, links] of pages.entries()) {
      const fresh = links.filter((l) => !counts.has(l) && !shown.has(l)).length;
      links.forEach((l) => shown.add(l));
      queryListed += links.length;
      queryNew += fresh;
      resultPages++;
      if (p === pages.length - 1) break;
      const unseen = (once * Math.max(0, once - 1)) / (2 * (twice + 1));
      if (unseen >= 1 || streak < STREAK || counts.size === 0) continue;
      const uncapped = q.reportedTotal !== undefined && largestTotal !== undefined && q.reportedTotal < largestTotal;
      if (HELD && uncapped && matches.some((m) => !counts.has(m) && !shown.has(m))) continue;
      const rate = counts.size / (report.totals.surfacePages + resultPages + counts.size);
      if (nextPageEfficiency({ pageNo: p + 1, listed: links.length, newToCrawl: fresh, reportedTotal: q.reportedTotal, queryListed, queryNew }) < rate) {
        cut = p;
        if (process.env['DEBUG']) {
          const restNew = pages.slice(p + 1).flat().filter((l) => !counts.has(l));
          if (restNew.length) console.log(`  ${dir}: query ${i} "${q.terms.join(' ')}" cut after page ${p + 1} of ${pages.length}, total ${q.reportedTotal} (largest before ${largestTotal}), unseen ${unseen.toFixed(2)}, streak ${streak}: ${restNew.length} new to the crawl in the rest`);
        }
        break;
      }
    }
    streak = q.newRecords > 0 ? 0 : streak + 1;
    if (q.reportedTotal !== undefined) largestTotal = Math.max(largestTotal ?? 0, q.reportedTotal);
    for (const links of cut >= 0 ? pages.slice(0, cut + 1) : pages) links.forEach(add);
    if (cut >= 0) {
      saved += pages.length - cut - 1 + Math.max(0, q.resultPages - pages.length);
      for (const l of pages.slice(cut + 1).flat()) if (!counts.has(l)) skipped.add(l);
    }
  }
  const lost = [...skipped].filter((l) => !counts.has(l)).length;
  total.crawls++;
  total.pages += report.totals.pagesFetched;
  total.saved += saved;
  total.lost += lost;
  if (lost) total.crawlsLosing.push(`${dir}: ${lost}`);
  const b = (bySite[domain] ??= { crawls: 0, saved: 0, lost: 0 });
  b.crawls++;
  b.saved += saved;
  b.lost += lost;
  if (process.env['VERBOSE']) {
    const r = report.totals;
    console.log(dir, r.pagesFetched, 'saved', saved, 'lost', lost, 'rate', (r.recordsHarvested / r.pagesFetched).toFixed(3), '->', ((r.recordsHarvested - lost) / (r.pagesFetched - saved - lost)).toFixed(3));
  }
}
console.log(JSON.stringify({ streak: STREAK, held: HELD, ...total, bySite }));
