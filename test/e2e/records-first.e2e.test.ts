/**
 * End-to-end: `crawl --records-first` in real Chromium. On the sports site a hundred surface
 * articles wait in the queue ahead of the records its first queries list: in schedule order a
 * crawl cut short by its page budget spends that budget on them first; records first, it opens
 * the records as they are listed.
 *
 * Both crawls are `--deterministic` (one episode at a time, in the line's order): which words a
 * crawl queries depends on the surface pages it has read when it chooses, so concurrent crawls
 * chose different queries from run to run, and under load in CI all four missed and nothing was
 * listed to put first. Deterministic, both crawls query the same words and only the order differs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/types.ts';
import { crawl, readLines } from './helpers.ts';

type Page = { kind: string };

const kinds = (runDir: string) => readLines<Page>(join(runDir, 'pages.jsonl')).map((p) => p.kind);
/**
 * Records held over the records the crawl's result lists named (report.json's `unseenRecords`).
 * The report leaves `unseenRecords` out when no list named a record: in schedule order the page
 * budget can run out on the articles before any query is answered, and then the share is 0.
 */
function openedShare(run: { runDir: string; totals: { recordsHarvested: number } }): number {
  const report = JSON.parse(readFileSync(join(run.runDir, 'report.json'), 'utf8')) as Pick<Report, 'unseenRecords'>;
  const listed = Object.values(report.unseenRecords ?? {}).reduce((n, h) => n + h.listed, 0);
  return run.totals.recordsHarvested / Math.max(1, listed);
}

describe('crawl --records-first (real Chromium)', { timeout: 600_000 }, () => {
  it('opens listed records ahead of the waiting surface pages', async () => {
    const budget = { deterministic: true, agents: 2, maxQueries: 4, maxPages: 100, timeLimit: 280, scale: 'small' as const };
    const scheduled = await crawl('sports', budget);
    const first = await crawl('sports', { ...budget, recordsFirst: true });
    for (const s of [scheduled, first]) expect(s.stoppedBy).toBe('page-budget');
    // One episode at a time: no result list is read past the budget.
    for (const s of [scheduled, first]) expect(s.totals.pagesFetched).toBeLessThanOrEqual(budget.maxPages);
    // Surface pages fetched after the result list that named the first record, before that record.
    const wait = (k: string[]) => {
      const at = k.indexOf('record');
      const listedAt = k.lastIndexOf('result', at);
      return at === -1 ? k.length - k.indexOf('result') : k.slice(listedAt, at).filter((x) => x === 'surface').length;
    };
    const inOrder = kinds(scheduled.runDir);
    const recordsFirst = kinds(first.runDir);
    const queried = (runDir: string) => readLines<{ values: unknown }>(join(runDir, 'queries.jsonl')).map((q) => JSON.stringify(q.values));
    expect(queried(first.runDir)).toEqual(queried(scheduled.runDir));
    expect(recordsFirst.indexOf('record')).toBeGreaterThan(0);
    // Records first, at most the one episode already queued passes it; in schedule order every article queued before it does.
    expect(wait(recordsFirst)).toBeLessThanOrEqual(1);
    expect(wait(inOrder)).toBeGreaterThan(2 * budget.agents);
    // Of the records its lists named, records first holds at least the share schedule order holds.
    expect(openedShare(first)).toBeGreaterThanOrEqual(openedShare(scheduled));
  });
});
