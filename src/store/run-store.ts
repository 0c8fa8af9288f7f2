/**
 * The run directory of one crawl: pages, records, queries and trace as append-only JSONL
 * (an add costs one write of one line), small state in lowdb (state.json, replaced
 * atomically by temp file + rename on each checkpoint). In-memory indexes answer "seen
 * before?" without reading the files; `resume` rebuilds them from the files, so a stopped or
 * killed crawl continues without losing or duplicating a row.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { canonicalUrl } from '../url/canonical.ts';
import { recordContentHash } from './content-hash.ts';
import { JsonlWriter, readJsonl, repairJsonl, type JsonlScan } from './jsonl-writer.ts';
import { RUN_DIR_VERSION, RUN_FILES, isEmptyOrMissingDir } from './run-dir.ts';
import type {
  CheckpointEntry,
  PageEntry,
  QueryEntry,
  RecordEntry,
  RunCounts,
  RunManifest,
  RunManifestInput,
  RunStateFile,
  TraceEvent,
  TraceInput,
} from './types.ts';

/** A run directory cannot be created, resumed or written (message says why, in one line). */
export class RunStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunStoreError';
  }
}

export interface RunStoreOptions {
  /** fsync the JSONL files on `flush`, `checkpoint` and `close` (default true). */
  fsync?: boolean;
  /** Checkpoints kept in state.json's index (default 100). */
  keepCheckpoints?: number;
}

/** What `resume` found in each JSONL file. */
export interface RecoveryReport {
  files: Record<JsonlName, { values: number; tornTailDropped: boolean; newlineAdded: boolean; badLines: number }>;
}

type JsonlName = 'pages' | 'records' | 'queries' | 'trace';
const JSONL_NAMES: readonly JsonlName[] = ['pages', 'records', 'queries', 'trace'];
const LOCK_FILE = 'run.lock';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Canonical key of a URL, or null when it does not parse. */
function urlKey(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return canonicalUrl(url);
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class RunStore {
  private readonly writers: Record<JsonlName, JsonlWriter>;
  private readonly pageUrls = new Set<string>();
  private readonly recordUrls = new Set<string>();
  private readonly recordHashes = new Set<string>();
  private readonly queryKeys = new Set<string>();
  private readonly pagesByKind: Record<string, number> = {};
  private traceCount = 0;
  private nextSeq = 0;
  private closed = false;

  private constructor(
    /** Absolute path of the run directory. */
    readonly dir: string,
    private readonly db: Low<RunStateFile>,
    private readonly options: Required<RunStoreOptions>,
    /** What resume repaired and read; null for a new run. */
    readonly recovery: RecoveryReport | null,
    rebuilt?: IndexRebuild,
  ) {
    const path = (name: JsonlName) => join(dir, RUN_FILES[name]);
    this.writers = {
      pages: new JsonlWriter(path('pages'), { fsync: options.fsync }),
      records: new JsonlWriter(path('records'), { fsync: options.fsync }),
      queries: new JsonlWriter(path('queries'), { fsync: options.fsync }),
      trace: new JsonlWriter(path('trace'), { fsync: options.fsync }),
    };
    if (rebuilt) {
      for (const p of rebuilt.pages) this.indexPage(p.url, p.kind);
      for (const r of rebuilt.records) this.indexRecord(r.url, r.hash);
      for (const key of rebuilt.queryKeys) this.queryKeys.add(key);
      this.traceCount = rebuilt.traceCount;
      this.nextSeq = rebuilt.nextSeq;
    }
  }

  /** Starts a new run in `dir` (created if missing); fails if `dir` exists and is not empty. */
  static async create(dir: string, manifest: RunManifestInput, config: unknown, options: RunStoreOptions = {}): Promise<RunStore> {
    const abs = resolve(dir);
    if (existsSync(abs) && !statSync(abs).isDirectory()) throw new RunStoreError(`cannot create run directory ${abs}: a file is in the way`);
    if (!isEmptyOrMissingDir(abs)) throw new RunStoreError(`run directory ${abs} already exists and is not empty (use --resume to continue it, or choose another --out)`);
    mkdirSync(abs, { recursive: true });
    const data: RunStateFile = {
      manifest: { ...manifest, version: RUN_DIR_VERSION, created: manifest.created ?? new Date().toISOString() },
      config: config === undefined ? null : JSON.parse(JSON.stringify(config)),
      state: {},
      checkpoints: [],
    };
    const db = new Low<RunStateFile>(new JSONFile(join(abs, RUN_FILES.state)), data);
    // state.json first: from here on the directory is a run directory that `resume` accepts.
    await db.write();
    writeLock(abs);
    return new RunStore(abs, db, withDefaults(options), null);
  }

  /**
   * Continues the run in `dir`: repairs a torn last line of each JSONL file, rebuilds the
   * indexes and counts from the files, and loads the saved state. Fails if `dir` is not a
   * run directory or another live process on this machine has it open.
   */
  static async resume(dir: string, options: RunStoreOptions = {}): Promise<RunStore> {
    const abs = resolve(dir);
    if (!existsSync(abs)) throw new RunStoreError(`no run directory at ${abs}`);
    if (!statSync(abs).isDirectory()) throw new RunStoreError(`${abs} is not a directory, so not a run directory`);
    const statePath = join(abs, RUN_FILES.state);
    if (!existsSync(statePath)) throw new RunStoreError(`${abs} is not a Surfacer run directory (no ${RUN_FILES.state})`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(statePath, 'utf8'));
    } catch (err) {
      throw new RunStoreError(`${statePath} is not valid JSON (${(err as Error).message}); not a resumable run directory`);
    }
    if (!isObject(parsed) || !isObject(parsed['manifest']) || typeof parsed['manifest']['version'] !== 'number') {
      throw new RunStoreError(`${abs} is not a Surfacer run directory (${RUN_FILES.state} has no manifest)`);
    }
    const version = parsed['manifest']['version'];
    if (version > RUN_DIR_VERSION) throw new RunStoreError(`${abs} was written by a newer Surfacer (layout ${version}; this one reads up to ${RUN_DIR_VERSION})`);
    checkLock(abs);
    const data: RunStateFile = {
      manifest: parsed['manifest'] as RunManifest,
      config: parsed['config'] ?? null,
      state: isObject(parsed['state']) ? parsed['state'] : {},
      checkpoints: Array.isArray(parsed['checkpoints']) ? (parsed['checkpoints'] as CheckpointEntry[]) : [],
    };
    const db = new Low<RunStateFile>(new JSONFile(statePath), data);

    // Repair and index before the writers open the files for appending.
    const recovery: RecoveryReport = { files: {} as RecoveryReport['files'] };
    const rebuild = new IndexRebuild();
    for (const name of JSONL_NAMES) {
      const scan: JsonlScan = repairJsonl(join(abs, RUN_FILES[name]), (value) => rebuild.add(name, value));
      recovery.files[name] = { values: scan.values, tornTailDropped: scan.tornTail !== null, newlineAdded: scan.unterminatedTail !== null, badLines: scan.badLines.length };
    }
    writeLock(abs);
    return new RunStore(abs, db, withDefaults(options), recovery, rebuild);
  }

  // --- writing ------------------------------------------------------------------------

  /** Appends a page unless its canonical URL was added before; false = duplicate, nothing written. */
  addPage(p: PageEntry): boolean {
    this.assertOpen();
    const url = urlKey(p.url);
    if (url === null) throw new RunStoreError(`page URL does not parse: ${String(p.url)}`);
    if (this.pageUrls.has(url)) return false;
    const finalUrl = typeof p.finalUrl === 'string' ? (urlKey(p.finalUrl) ?? p.finalUrl) : p.finalUrl;
    const row: PageEntry = { ...p, url, t: p.t ?? Date.now() };
    if (finalUrl !== undefined) row.finalUrl = finalUrl;
    this.writers.pages.append(row);
    this.indexPage(url, row.kind);
    return true;
  }

  /**
   * Appends a record unless its canonical URL or its content hash was added before;
   * false = duplicate, nothing written. The hash (`recordContentHash` of title, text and
   * attributes) is stored in `hash` unless the caller gave one.
   */
  addRecord(r: RecordEntry): boolean {
    this.assertOpen();
    const url = urlKey(r.url);
    if (url === null) throw new RunStoreError(`record URL does not parse: ${String(r.url)}`);
    if (this.recordUrls.has(url)) return false;
    const hash = typeof r.hash === 'string' ? r.hash : recordContentHash(r);
    if (hash !== null && this.recordHashes.has(hash)) return false;
    const row: RecordEntry = { ...r, url, t: r.t ?? Date.now() };
    if (hash !== null) row.hash = hash;
    this.writers.records.append(row);
    this.indexRecord(url, hash);
    return true;
  }

  /** Appends an answered query unless its key was added before; false = duplicate, nothing written. */
  addQuery(q: QueryEntry): boolean {
    this.assertOpen();
    if (typeof q.key !== 'string' || !q.key) throw new RunStoreError('query has no key');
    if (this.queryKeys.has(q.key)) return false;
    this.writers.queries.append({ ...q, t: q.t ?? Date.now() });
    this.queryKeys.add(q.key);
    return true;
  }

  /** Appends a trace event, numbered after every event of the run (resumes included); returns it. */
  trace(event: TraceInput): TraceEvent {
    this.assertOpen();
    const { seq: _seq, t: _t, ...rest } = event as TraceEvent;
    const row: TraceEvent = { seq: this.nextSeq, t: Date.now(), ...rest };
    this.writers.trace.append(row);
    this.nextSeq++;
    this.traceCount++;
    return row;
  }

  // --- reading ------------------------------------------------------------------------

  hasPage(url: string): boolean {
    const key = urlKey(url);
    return key !== null && this.pageUrls.has(key);
  }

  hasRecord(url: string): boolean {
    const key = urlKey(url);
    return key !== null && this.recordUrls.has(key);
  }

  /** True when a record with this content hash was added. */
  hasRecordHash(hash: string): boolean {
    return this.recordHashes.has(hash);
  }

  hasQuery(key: string): boolean {
    return this.queryKeys.has(key);
  }

  counts(): RunCounts {
    return { pages: this.pageUrls.size, pagesByKind: { ...this.pagesByKind }, records: this.recordUrls.size, queries: this.queryKeys.size, trace: this.traceCount };
  }

  /** Every page written, in order (read from disk: for resume and reports, not hot paths). */
  pages(): PageEntry[] {
    return readJsonl<PageEntry>(join(this.dir, RUN_FILES.pages));
  }

  /** Every record written, in order (read from disk). */
  records(): RecordEntry[] {
    return readJsonl<RecordEntry>(join(this.dir, RUN_FILES.records));
  }

  /** Every query written, in order (read from disk). */
  queries(): QueryEntry[] {
    return readJsonl<QueryEntry>(join(this.dir, RUN_FILES.queries));
  }

  /** Every trace event written, in order (read from disk). */
  traceEvents(): TraceEvent[] {
    return readJsonl<TraceEvent>(join(this.dir, RUN_FILES.trace));
  }

  get manifest(): RunManifest {
    return this.db.data.manifest;
  }

  get config(): unknown {
    return this.db.data.config;
  }

  /** The checkpoints index, oldest first. */
  get checkpoints(): readonly CheckpointEntry[] {
    return this.db.data.checkpoints;
  }

  // --- small state --------------------------------------------------------------------

  /** Saved state under `key` (as of the last `setState`; after resume, the last checkpoint). */
  getState<T>(key: string): T | undefined {
    return this.db.data.state[key] as T | undefined;
  }

  /**
   * Sets state under `key`, kept on disk at the next `checkpoint`. The value is copied as
   * JSON now, so later changes to the caller's object do not leak in and what resume gets
   * back is exactly what was set. `undefined` removes the key.
   */
  setState(key: string, value: unknown): void {
    if (value === undefined) delete this.db.data.state[key];
    else this.db.data.state[key] = JSON.parse(JSON.stringify(value));
  }

  /** Pushes appended lines to disk (fsync, unless disabled). */
  flush(): void {
    for (const name of JSONL_NAMES) this.writers[name].flush();
  }

  /**
   * Flushes the JSONL files, then writes state.json (atomically: temp file + rename) with a
   * new entry in the checkpoints index. State never points past what is on disk.
   */
  async checkpoint(): Promise<CheckpointEntry> {
    this.assertOpen();
    this.flush();
    const data = this.db.data;
    const last = data.checkpoints[data.checkpoints.length - 1];
    const bytes: Record<string, number> = {};
    for (const name of JSONL_NAMES) bytes[RUN_FILES[name]] = statSync(join(this.dir, RUN_FILES[name])).size;
    const entry: CheckpointEntry = { n: (last?.n ?? 0) + 1, at: new Date().toISOString(), counts: this.counts(), bytes };
    data.checkpoints.push(entry);
    if (data.checkpoints.length > this.options.keepCheckpoints) data.checkpoints.splice(0, data.checkpoints.length - this.options.keepCheckpoints);
    await this.db.write();
    return entry;
  }

  /** Final checkpoint, then closes the files and releases the directory. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.checkpoint();
    for (const name of JSONL_NAMES) this.writers[name].close();
    this.closed = true;
    rmSync(join(this.dir, LOCK_FILE), { force: true });
  }

  // --- internals ----------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) throw new RunStoreError(`run store ${this.dir} is closed`);
  }

  private indexPage(url: string, kind: unknown): void {
    this.pageUrls.add(url);
    const k = typeof kind === 'string' ? kind : 'unknown';
    this.pagesByKind[k] = (this.pagesByKind[k] ?? 0) + 1;
  }

  private indexRecord(url: string, hash: string | null): void {
    this.recordUrls.add(url);
    if (hash !== null) this.recordHashes.add(hash);
  }
}

/** Collects, while the files are scanned on resume, what the indexes need. */
class IndexRebuild {
  readonly pages: { url: string; kind: unknown }[] = [];
  readonly records: { url: string; hash: string | null }[] = [];
  readonly queryKeys: string[] = [];
  traceCount = 0;
  nextSeq = 0;
  private readonly seenPages = new Set<string>();
  private readonly seenRecords = new Set<string>();

  add(name: JsonlName, value: unknown): void {
    if (!isObject(value)) return;
    switch (name) {
      case 'pages': {
        const url = urlKey(value['url']);
        if (url === null || this.seenPages.has(url)) return;
        this.seenPages.add(url);
        this.pages.push({ url, kind: value['kind'] });
        return;
      }
      case 'records': {
        const url = urlKey(value['url']);
        if (url === null || this.seenRecords.has(url)) return;
        this.seenRecords.add(url);
        const hash = typeof value['hash'] === 'string' ? value['hash'] : recordContentHash(value as RecordEntry);
        this.records.push({ url, hash });
        return;
      }
      case 'queries':
        if (typeof value['key'] === 'string') this.queryKeys.push(value['key']);
        return;
      case 'trace': {
        this.traceCount++;
        const seq = value['seq'];
        if (typeof seq === 'number' && seq >= this.nextSeq) this.nextSeq = seq + 1;
        return;
      }
    }
  }

}

function withDefaults(options: RunStoreOptions): Required<RunStoreOptions> {
  return { fsync: options.fsync ?? true, keepCheckpoints: Math.max(1, options.keepCheckpoints ?? 100) };
}

interface LockInfo {
  pid: number;
  host: string;
  since: string;
}

/** Marks the directory as held by this process (a resume elsewhere would duplicate rows). */
function writeLock(dir: string): void {
  const lock: LockInfo = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify(lock)}\n`);
}

/** Refuses a directory that a live process on this machine still holds; a stale lock (killed crawl) is ignored. */
function checkLock(dir: string): void {
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path)) return;
  let lock: Partial<LockInfo>;
  try {
    lock = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
  } catch {
    return; // torn lock file: its writer died while writing it
  }
  if (typeof lock.pid !== 'number' || lock.host !== hostname() || lock.pid === process.pid) return;
  if (isAlive(lock.pid)) throw new RunStoreError(`run directory ${dir} is in use by process ${lock.pid} (since ${lock.since}); stop it before resuming`);
}
