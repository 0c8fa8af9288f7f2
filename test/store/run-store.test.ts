import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunStore, RunStoreError, readJsonl, readJsonlWithScan, type PageEntry, type RecordEntry, type TraceEvent } from '../../src/store/index.ts';

let root: string;
const stores: RunStore[] = [];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'surfacer-store-'));
});
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  rmSync(root, { recursive: true, force: true });
});

const manifest = { domain: 'arts', strategy: 'random', seeds: ['http://arts.test/'] };
async function create(dir = join(root, 'run')): Promise<RunStore> {
  const s = await RunStore.create(dir, manifest, { maxPages: 10 }, { fsync: false });
  stores.push(s);
  return s;
}
async function resume(dir: string): Promise<RunStore> {
  const s = await RunStore.resume(dir, { fsync: false });
  stores.push(s);
  return s;
}
const page = (url: string, kind: PageEntry['kind'] = 'surface'): PageEntry => ({ url, depth: 1, kind, via: 'link', score: 0.5 });

describe('RunStore: create, append, dedupe', () => {
  it('creates the run directory with state.json and writes rows to the JSONL files', async () => {
    const s = await create();
    expect(existsSync(join(s.dir, 'state.json'))).toBe(true);
    const state = JSON.parse(readFileSync(join(s.dir, 'state.json'), 'utf8'));
    expect(state.manifest).toMatchObject({ ...manifest, version: 1 });
    expect(typeof state.manifest.created).toBe('string');
    expect(state.config).toEqual({ maxPages: 10 });
    expect(s.manifest.domain).toBe('arts');

    expect(s.addPage(page('http://arts.test/a?y=2&x=1#frag'))).toBe(true);
    expect(s.addPage({ ...page('http://arts.test/r', 'result'), finalUrl: 'HTTP://ARTS.test:80/r2' })).toBe(true);
    const rows = readJsonl<PageEntry>(join(s.dir, 'pages.jsonl'));
    expect(rows.map((r) => r.url)).toEqual(['http://arts.test/a?x=1&y=2', 'http://arts.test/r']);
    expect(rows[1]!.finalUrl).toBe('http://arts.test/r2');
    expect(typeof rows[0]!.t).toBe('number');
  });

  it('drops a page whose canonical URL was seen, writing nothing', async () => {
    const s = await create();
    expect(s.addPage(page('http://arts.test/a?x=1&y=2'))).toBe(true);
    const size = statSync(join(s.dir, 'pages.jsonl')).size;
    expect(s.addPage(page('http://ARTS.test/a?y=2&x=1#other', 'result'))).toBe(false);
    expect(statSync(join(s.dir, 'pages.jsonl')).size).toBe(size);
    expect(s.hasPage('http://arts.test:80/a?y=2&x=1')).toBe(true);
    expect(s.hasPage('http://arts.test/b')).toBe(false);
    expect(s.hasPage('not a url')).toBe(false);
    expect(() => s.addPage(page('not a url'))).toThrow(RunStoreError);
  });

  it('drops a record seen by URL or by content hash', async () => {
    const s = await create();
    const r: RecordEntry = { url: 'http://arts.test/item/1', title: 'Mona Lisa', text: 'Oil on  poplar panel', attributes: { artist: 'Leonardo' }, query: 'k1' };
    expect(s.addRecord(r)).toBe(true);
    expect(s.addRecord({ ...r, text: 'different text' })).toBe(false); // same URL
    expect(s.addRecord({ ...r, url: 'http://arts.test/print/1', title: 'MONA LISA', text: 'oil on poplar\npanel' })).toBe(false); // same content
    expect(s.addRecord({ ...r, url: 'http://arts.test/item/2', title: 'Other' })).toBe(true);
    // Records without any content are kept apart by URL only.
    expect(s.addRecord({ url: 'http://arts.test/item/3' })).toBe(true);
    expect(s.addRecord({ url: 'http://arts.test/item/4', text: '  ' })).toBe(true);
    const rows = readJsonl<RecordEntry>(join(s.dir, 'records.jsonl'));
    expect(rows.map((x) => x.url)).toEqual(['http://arts.test/item/1', 'http://arts.test/item/2', 'http://arts.test/item/3', 'http://arts.test/item/4']);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[2]!.hash).toBeUndefined();
    expect(s.hasRecord('http://ARTS.test/item/1#x')).toBe(true);
    expect(s.hasRecordHash(rows[0]!.hash!)).toBe(true);
    expect(s.counts().records).toBe(4);
  });

  it('drops a query whose key was seen, numbers trace events and counts everything', async () => {
    const s = await create();
    expect(s.addQuery({ key: 'f|q=a', form: 'f', values: { q: 'a' }, results: 3, newRecords: 2 })).toBe(true);
    expect(s.addQuery({ key: 'f|q=a', form: 'f', values: { q: 'a' }, results: 0, newRecords: 0 })).toBe(false);
    expect(s.hasQuery('f|q=a')).toBe(true);
    expect(s.hasQuery('f|q=b')).toBe(false);
    const e0 = s.trace({ action: 'goto', input: { url: 'u' }, outcome: { status: 200 } });
    const e1 = s.trace({ action: 'submit', episode: 'e1' });
    expect([e0.seq, e1.seq]).toEqual([0, 1]);
    expect(e1.t).toBeGreaterThanOrEqual(e0.t);
    s.addPage(page('http://arts.test/1'));
    s.addPage(page('http://arts.test/2', 'result'));
    s.addPage(page('http://arts.test/3', 'result'));
    s.addPage(page('http://arts.test/3', 'record'));
    expect(s.counts()).toEqual({ pages: 3, pagesByKind: { surface: 1, result: 2 }, records: 0, queries: 1, trace: 2 });
    expect(s.traceEvents().map((e) => e.action)).toEqual(['goto', 'submit']);
    expect(s.queries()).toHaveLength(1);
  });

  it('refuses writes after close', async () => {
    const s = await create();
    await s.close();
    expect(() => s.addPage(page('http://arts.test/x'))).toThrow(/closed/);
  });
});

describe('RunStore: resume', () => {
  it('rebuilds the indexes and counts from the files and continues the trace sequence', async () => {
    const a = await create();
    a.addPage(page('http://arts.test/1'));
    a.addPage(page('http://arts.test/2', 'result'));
    a.addRecord({ url: 'http://arts.test/r/1', title: 'One', text: 'first' });
    a.addQuery({ key: 'f|q=x', form: 'f' });
    for (let i = 0; i < 5; i++) a.trace({ action: 'step', input: { i } });
    await a.close();

    const b = await resume(a.dir);
    expect(b.counts()).toEqual({ pages: 2, pagesByKind: { surface: 1, result: 1 }, records: 1, queries: 1, trace: 5 });
    expect(b.hasPage('http://arts.test/2')).toBe(true);
    expect(b.addPage(page('http://arts.test/1'))).toBe(false);
    expect(b.addRecord({ url: 'http://arts.test/r/other', title: 'ONE', text: ' first ' })).toBe(false);
    expect(b.addQuery({ key: 'f|q=x', form: 'f' })).toBe(false);
    expect(b.trace({ action: 'after-resume' }).seq).toBe(5);
    expect(b.recovery?.files.pages).toEqual({ values: 2, tornTailDropped: false, newlineAdded: false, badLines: 0 });
    expect(b.manifest).toMatchObject(manifest);
    expect(b.config).toEqual({ maxPages: 10 });
    await b.close();
    const seqs = readJsonl<TraceEvent>(join(a.dir, 'trace.jsonl')).map((e) => e.seq);
    expect(seqs).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('drops a torn trailing line, truncates it, and keeps later appends valid JSONL', async () => {
    const a = await create();
    a.addPage(page('http://arts.test/1'));
    a.addPage(page('http://arts.test/2'));
    a.trace({ action: 'x' });
    await a.close();
    const pagesPath = join(a.dir, 'pages.jsonl');
    const whole = statSync(pagesPath).size;
    const half = JSON.stringify({ ...page('http://arts.test/3'), t: 1 });
    appendFileSync(pagesPath, half.slice(0, half.length >> 1));
    appendFileSync(join(a.dir, 'trace.jsonl'), '{"seq":1,"t":');

    const b = await resume(a.dir);
    expect(b.recovery?.files.pages.tornTailDropped).toBe(true);
    expect(b.recovery?.files.trace.tornTailDropped).toBe(true);
    expect(statSync(pagesPath).size).toBe(whole);
    expect(b.hasPage('http://arts.test/3')).toBe(false);
    expect(b.addPage(page('http://arts.test/3'))).toBe(true);
    expect(b.trace({ action: 'y' }).seq).toBe(1);
    await b.close();
    const { values, scan } = readJsonlWithScan<PageEntry>(pagesPath);
    expect(values.map((p) => p.url)).toEqual(['http://arts.test/1', 'http://arts.test/2', 'http://arts.test/3']);
    expect(scan.tornTail).toBeNull();
    expect(scan.badLines).toEqual([]);
  });

  it('resumes a directory whose JSONL files are missing (killed right after create)', async () => {
    const a = await create();
    await a.close();
    for (const f of ['pages.jsonl', 'records.jsonl', 'queries.jsonl', 'trace.jsonl']) rmSync(join(a.dir, f));
    const b = await resume(a.dir);
    expect(b.counts().pages).toBe(0);
    expect(b.addPage(page('http://arts.test/1'))).toBe(true);
  });
});

describe('RunStore: state', () => {
  it('round-trips state through a checkpoint and resume, with a checkpoints index', async () => {
    const a = await create();
    const weights = { title: { 'van gogh': 0.7, monet: 0.2 }, pools: [['a', 1]] };
    a.setState('lvs', weights);
    weights.title.monet = 99; // copied at setState: later changes do not leak in
    a.setState('strategy', { kind: 'random', issued: 3 });
    a.addPage(page('http://arts.test/1'));
    const cp = await a.checkpoint();
    expect(cp).toMatchObject({ n: 1, counts: { pages: 1 } });
    expect(cp.bytes['pages.jsonl']).toBe(statSync(join(a.dir, 'pages.jsonl')).size);
    a.setState('strategy', undefined);
    a.setState('unsaved', 1);
    // No checkpoint, no close: as if killed. Resume sees the last checkpoint.
    const b = await resume(a.dir);
    expect(b.getState('lvs')).toEqual({ title: { 'van gogh': 0.7, monet: 0.2 }, pools: [['a', 1]] });
    expect(b.getState('strategy')).toEqual({ kind: 'random', issued: 3 });
    expect(b.getState('unsaved')).toBeUndefined();
    expect(b.checkpoints.map((c) => c.n)).toEqual([1]);
    await b.checkpoint();
    expect(b.checkpoints.map((c) => c.n)).toEqual([1, 2]);
    const onDisk = JSON.parse(readFileSync(join(a.dir, 'state.json'), 'utf8'));
    expect(onDisk.state.lvs).toEqual(b.getState('lvs'));
    expect(onDisk.checkpoints).toHaveLength(2);
  });

  it('keeps only the most recent checkpoints', async () => {
    const s = await RunStore.create(join(root, 'cp'), manifest, null, { fsync: false, keepCheckpoints: 3 });
    stores.push(s);
    for (let i = 0; i < 5; i++) await s.checkpoint();
    expect(s.checkpoints.map((c) => c.n)).toEqual([3, 4, 5]);
  });
});

describe('RunStore: clear errors', () => {
  it('refuses to create in a non-empty directory, or over a file', async () => {
    const dir = join(root, 'busy');
    mkdirSync(dir);
    writeFileSync(join(dir, 'something.txt'), 'x');
    await expect(RunStore.create(dir, manifest, {})).rejects.toThrow(/already exists and is not empty/);
    await expect(RunStore.create(join(dir, 'something.txt'), manifest, {})).rejects.toThrow(/a file is in the way/);
    expect(readFileSync(join(dir, 'something.txt'), 'utf8')).toBe('x');
  });

  it('creates in an existing empty directory', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    const s = await create(dir);
    expect(s.addPage(page('http://arts.test/'))).toBe(true);
  });

  it('refuses to resume what is not a run directory', async () => {
    await expect(RunStore.resume(join(root, 'missing'))).rejects.toThrow(/no run directory at/);
    mkdirSync(join(root, 'plain'));
    writeFileSync(join(root, 'plain', 'pages.jsonl'), '');
    await expect(RunStore.resume(join(root, 'plain'))).rejects.toThrow(/not a Surfacer run directory \(no state.json\)/);
    mkdirSync(join(root, 'junk'));
    writeFileSync(join(root, 'junk', 'state.json'), '{"manifest": ');
    await expect(RunStore.resume(join(root, 'junk'))).rejects.toThrow(/not valid JSON/);
    mkdirSync(join(root, 'other'));
    writeFileSync(join(root, 'other', 'state.json'), '{"posts": []}');
    await expect(RunStore.resume(join(root, 'other'))).rejects.toThrow(/has no manifest/);
    writeFileSync(join(root, 'file'), 'x');
    await expect(RunStore.resume(join(root, 'file'))).rejects.toThrow(RunStoreError);
  });

  it('refuses to resume a run another live process holds, and ignores a stale lock', async () => {
    const a = await create();
    await a.close();
    // The parent of this test process is alive: a crawl still running.
    writeFileSync(join(a.dir, 'run.lock'), JSON.stringify({ pid: process.ppid, host: hostname(), since: 'now' }));
    await expect(RunStore.resume(a.dir)).rejects.toThrow(new RegExp(`in use by process ${process.ppid}`));
    // A pid that cannot be alive: a crawl that was killed.
    writeFileSync(join(a.dir, 'run.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), since: 'then' }));
    const b = await resume(a.dir);
    expect(JSON.parse(readFileSync(join(a.dir, 'run.lock'), 'utf8')).pid).toBe(process.pid);
    await b.close();
    expect(existsSync(join(a.dir, 'run.lock'))).toBe(false);
  });
});
