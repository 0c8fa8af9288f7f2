/**
 * End-to-end: on a site the crawl has harvested, result lists of a dry form are cut where the
 * next page is worth less than leaving (coordinator/dry-lists.ts), in real Chromium, and no
 * record is lost by it: the same crawl reading every list to its end finds the same records.
 * How many pages the cuts save is the bench's to measure (bench-results/dry-lists/): the two
 * crawls' agents interleave differently, so their totals are not comparable query by query.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crawl, readLines } from './helpers.ts';

type TraceRow = { action: string; input?: { why?: string; page?: number; listed?: number; reportedTotal?: number } };

const WHY = 'site looks harvested: the next page is worth less than leaving';

describe('crawl: dry lists on a harvested site (real Chromium)', { timeout: 600_000 }, () => {
  it('home (full-text search over 60 records): cuts lists after the form has gone dry, and harvests what reading them whole does', async () => {
    // generic-frequency asks broad words whose lists run to several pages; patience 8 ends the form soon after it has gone dry.
    const options = { strategy: 'generic-frequency', maxDepth: 2, maxQueries: 40, maxPages: 2000, timeLimit: 280, scale: 'tiny', patience: 8 } as const;
    const cut = await crawl('home', options);
    const whole = await crawl('home', { ...options, skipDryListsAfter: 0 });
    for (const s of [cut, whole]) expect(s.stoppedBy).not.toBe('time-limit');
    const cuts = (s: typeof cut) => readLines<TraceRow>(join(s.runDir, 'trace.jsonl')).filter((r) => r.action === 'back' && r.input?.why === WHY);
    expect(cuts(whole)).toHaveLength(0);
    expect(cuts(cut).length).toBeGreaterThan(0);
    // Each cut left pages of its list unread: the site stated more results than the pages read had listed.
    for (const r of cuts(cut)) expect(r.input?.listed ?? Infinity).toBeLessThan(r.input?.reportedTotal ?? 0);
    expect(cut.totals.recordsHarvested).toBe(whole.totals.recordsHarvested);
    expect(cut.coverage).toBe(1);
  });
});
