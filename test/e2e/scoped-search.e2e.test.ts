/**
 * End-to-end: a keyword search that must be scoped to a section (a required drop-down beside
 * the keyword field, no "any section"), in real Chromium. Held at its first option, every
 * keyword query searched that section alone: a third of the site at most, however many queries.
 * The options take turns (coordinator/query-planner.ts, `heldOptionTurn`), so every section
 * is searched and the whole site harvested.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLines, surfacer, tempDir } from './helpers.ts';
import { SCOPED_RECORDS, SECTIONS, startScopedSearchSite } from './scoped-search-site.ts';

let site: Awaited<ReturnType<typeof startScopedSearchSite>>;

beforeAll(async () => {
  site = await startScopedSearchSite();
});

afterAll(() => site.close());

describe('crawl: a search scoped by a required drop-down (real Chromium)', { timeout: 300_000 }, () => {
  it('asks its keywords in every section, and harvests records of each', async () => {
    const out = join(tempDir('scoped'), 'run');
    const r = await surfacer(['crawl', '--domain', 'sports', '--seeds', `${site.origin}/`, '--strategy', 'adaptive', '--agents', '1', '--deterministic', '--max-queries', '24', '--max-pages', '200', '--json', '--out', out], 240_000);
    expect(r.code, r.stderr).toBe(0);
    // The trace says which drop-down the keyword queries hold.
    const planned = readLines<{ action: string; outcome?: { queryField?: string; held?: string[] } }>(join(out, 'trace.jsonl')).find((x) => x.action === 'search-form');
    expect(planned?.outcome).toMatchObject({ queryField: 'q', held: ['section'] });
    const queries = readLines<{ values: Record<string, string> }>(join(out, 'queries.jsonl'));
    const keywordQueries = queries.filter((q) => q.values['q']);
    // Every keyword query names a section, and each section gets its share of them.
    expect(keywordQueries.every((q) => SECTIONS.includes(q.values['section'] as (typeof SECTIONS)[number]))).toBe(true);
    for (const s of SECTIONS) expect(keywordQueries.filter((q) => q.values['section'] === s).length).toBeGreaterThanOrEqual(Math.floor(keywordQueries.length / SECTIONS.length));
    const sectionOf = new Map(SCOPED_RECORDS.map((x) => [`${site.origin}/reports/${x.id}`, x.section]));
    const harvested = readLines<{ url: string }>(join(out, 'records.jsonl')).map((x) => sectionOf.get(x.url));
    expect(harvested.every((s) => s !== undefined)).toBe(true);
    for (const s of SECTIONS) expect(harvested.filter((x) => x === s).length, `records of section ${s}`).toBeGreaterThan(0);
    // More than any one section holds: held at its first option the crawl could not get past 8.
    expect(harvested.length).toBeGreaterThan(SCOPED_RECORDS.length / SECTIONS.length);
  });
});
