import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunStore, readJsonlWithScan, type PageEntry, type QueryEntry, type RecordEntry, type TraceEvent } from '../../src/store/index.ts';
import { itemFor } from './fixtures/items.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const script = join(repoRoot, 'test/store/fixtures/append-loop.ts');

/** Starts the appending child, waits until it has written rows, lets it run on a little, SIGKILLs it. */
async function runAndKill(dir: string, mode: 'create' | 'resume', runOnMs: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir, mode], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.on('exit', (code, signal) => r({ code, signal })));
  await new Promise<void>((res, rej) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) res();
    });
    void exited.then(({ code }) => rej(new Error(`child exited early (${code}): ${stderr}`)));
  });
  await new Promise((r) => setTimeout(r, runOnMs));
  child.kill('SIGKILL');
  const { signal } = await exited;
  expect(signal).toBe('SIGKILL');
}

/** Every row of a file, asserting no line was lost to corruption beyond an allowed torn tail. */
function rows<T>(path: string): T[] {
  const { values, scan } = readJsonlWithScan<T>(path);
  expect(scan.badLines).toEqual([]);
  return values;
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'surfacer-kill-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('RunStore kill safety', { timeout: 60_000 }, () => {
  it('keeps every complete line of a SIGKILLed writer and duplicates nothing when items are re-added', async () => {
    const dir = join(root, 'run');
    await runAndKill(dir, 'create', 250);
    // A second life: resume in a child, append more, be killed again.
    await runAndKill(dir, 'resume', 150);

    const files = ['pages.jsonl', 'records.jsonl', 'queries.jsonl', 'trace.jsonl'];
    const beforeResume = files.map((f) => readFileSync(join(dir, f)));
    const store = await RunStore.resume(dir, { fsync: false });
    try {
      // Resume keeps every complete line byte for byte (it may only cut a torn tail).
      files.forEach((f, k) => {
        const before = beforeResume[k]!;
        const complete = before.subarray(0, before.lastIndexOf(0x0a) + 1);
        const after = readFileSync(join(dir, f));
        // (A whole last line that lost only its newline gets one added.)
        expect(after.subarray(0, complete.length).equals(complete)).toBe(true);
        expect(after.length).toBeLessThanOrEqual(Math.max(complete.length, before.length + 1));
      });
      const pages = rows<PageEntry>(join(dir, 'pages.jsonl'));
      const n = pages.length;
      expect(n).toBeGreaterThanOrEqual(600);
      // Items are written in order 0, 1, 2, …: complete lines form a gap-free, duplicate-free prefix.
      expect(pages.map((p) => p.url)).toEqual(Array.from({ length: n }, (_, i) => `http://site.test/p/${i}?a=2&z=1`));
      const records = rows<RecordEntry>(join(dir, 'records.jsonl'));
      const queries = rows<QueryEntry>(join(dir, 'queries.jsonl'));
      const trace = rows<TraceEvent>(join(dir, 'trace.jsonl'));
      // The kill can land between the adds of one item: records and queries are at most one behind.
      for (const list of [records, queries]) expect(n - list.length).toBeGreaterThanOrEqual(0);
      for (const list of [records, queries]) expect(n - list.length).toBeLessThanOrEqual(1);
      expect(records.map((r) => r.url)).toEqual(Array.from({ length: records.length }, (_, i) => `http://site.test/r/${i}`));
      expect(queries.map((q) => q.key)).toEqual(Array.from({ length: queries.length }, (_, i) => `form1|q=${i}`));
      // Trace: numbered without gap across both lives; each item's action logged, in order
      // (an item redone after the first kill may be logged twice, as it was done twice).
      expect(trace.map((e) => e.seq)).toEqual(Array.from({ length: trace.length }, (_, i) => i));
      const logged = trace.map((e) => (e.input as { i: number }).i);
      expect(logged.every((i, k) => k === 0 ? i === 0 : i === logged[k - 1]! + 1 || i === logged[k - 1])).toBe(true);
      expect(logged[logged.length - 1]).toBeGreaterThanOrEqual(n - 2);
      expect(logged.length - new Set(logged).size).toBeLessThanOrEqual(1);
      expect(store.counts()).toMatchObject({ pages: n, records: records.length, queries: queries.length, trace: trace.length });
      const progress = store.getState<{ i: number }>('progress');
      expect(progress?.i).toBeLessThanOrEqual(n);

      // Re-add the same items and 20 more: only the new ones are written.
      const extra = 20;
      let added = 0;
      for (let i = 0; i < n + extra; i++) {
        const item = itemFor(i);
        const fresh = store.addPage(item.page);
        expect(fresh).toBe(i >= n);
        if (fresh) added++;
        expect(store.addRecord(item.record)).toBe(i >= records.length);
        expect(store.addQuery(item.query)).toBe(i >= queries.length);
      }
      expect(added).toBe(extra);
      expect(store.trace({ action: 'after' }).seq).toBe(trace.length);
      await store.close();

      const finalPages = rows<PageEntry>(join(dir, 'pages.jsonl')).map((p) => p.url);
      expect(finalPages).toHaveLength(n + extra);
      expect(new Set(finalPages).size).toBe(n + extra);
      expect(rows<RecordEntry>(join(dir, 'records.jsonl'))).toHaveLength(n + extra);
      expect(new Set(rows<RecordEntry>(join(dir, 'records.jsonl')).map((r) => r.hash)).size).toBe(n + extra);
      expect(rows<QueryEntry>(join(dir, 'queries.jsonl'))).toHaveLength(n + extra);
    } finally {
      await store.close();
    }
  });
});
