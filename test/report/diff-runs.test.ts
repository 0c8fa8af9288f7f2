import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffRuns, formatRunDiff, jsonDifferences } from '../../src/report/index.ts';

/** A hand-written run directory of a site at `origin`. */
function run(origin: string, opts: { hash?: string; coverage?: number; wall?: number; extraRecord?: boolean } = {}): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'surfacer-diff-')), 'run');
  mkdirSync(dir);
  writeFileSync(join(dir, 'state.json'), JSON.stringify({ manifest: { version: 1, created: 'x', domain: 'arts', strategy: 'adaptive', seeds: [`${origin}/`] } }));
  const report = { version: 1, generatedAt: new Date(opts.wall ?? 0).toISOString(), seeds: [`${origin}/`], timing: { wallSeconds: opts.wall ?? 10, pagesPerSecond: 3 }, coverage: opts.coverage ?? 0.5, coverageByQuery: [{ query: 1, key: `${origin}/search#form0|q=blue`, records: 2, coverage: 0.5 }] };
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
  const records = [{ url: `${origin}/item/1`, hash: opts.hash ?? 'h1', t: opts.wall ?? 1 }, { url: `${origin}/item/2`, hash: 'h2', t: 5 }];
  if (opts.extraRecord) records.push({ url: `${origin}/item/3`, hash: 'h3', t: 6 });
  writeFileSync(join(dir, 'records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  // A result page's address names its query's, origin included, percent-encoded.
  const resultPage = `${origin}/search?q=blue&surfacer-result=${encodeURIComponent(`${origin}/search#form0|q=blue`)}|2`;
  writeFileSync(join(dir, 'pages.jsonl'), [`${origin}/`, `${origin}/search`, resultPage].map((url) => JSON.stringify({ url, kind: 'surface', status: 200, depth: 0, via: 'seed' })).join('\n') + '\n');
  writeFileSync(join(dir, 'queries.jsonl'), JSON.stringify({ key: `${origin}/search#form0|q=blue`, form: `${origin}/search#form0`, results: 2, newRecords: 2 }) + '\n');
  return dir;
}

describe('jsonDifferences', () => {
  it('lists the paths that differ', () => {
    expect(jsonDifferences({ a: 1, b: [1, 2], c: { d: 'x' } }, { a: 1, b: [1, 3], c: { d: 'y' } }).map((d) => d.path)).toEqual(['b[1]', 'c.d']);
    expect(jsonDifferences([1], [1, 2]).map((d) => d.path)).toContain('.length');
    expect(jsonDifferences({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('diffRuns', () => {
  it('finds two runs of the same site on different ports, at different times, the same', () => {
    const d = diffRuns(run('http://127.0.0.1:8101', { wall: 10 }), run('http://127.0.0.1:40123', { wall: 99 }));
    expect(d.same).toBe(true);
    expect(formatRunDiff(d)).toMatch(/^same: 2 records, 3 pages, 1 queries/);
  });

  it('reports a record whose content changed, an extra record and a report field', () => {
    const d = diffRuns(run('http://127.0.0.1:8101'), run('http://127.0.0.1:8101', { hash: 'other', coverage: 0.75, extraRecord: true }));
    expect(d.same).toBe(false);
    expect(d.records.changed).toEqual(['{site}/item/1']);
    expect(d.records.onlyInB).toEqual(['{site}/item/3']);
    expect(d.report.differences.map((x) => x.path)).toEqual(['coverage']);
    expect(formatRunDiff(d)).toContain('coverage: 0.5 ≠ 0.75');
  });

  it('says clearly when a directory is no run', () => {
    expect(() => diffRuns(mkdtempSync(join(tmpdir(), 'surfacer-diff-')), run('http://127.0.0.1:1'))).toThrow(/not a Surfacer run directory/);
  });
});
