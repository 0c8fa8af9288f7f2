/**
 * Reads a run directory into the plain rows the report computes from: the four JSONL files
 * and the small state (manifest, coordinator counters) of state.json. Read-only: a report
 * can be computed while a crawl is still writing, or after it was killed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonlWithScan, RUN_FILES as STORE_FILES } from '../store/index.ts';
import type { CoordinatorCounters, RunManifestInfo, RunPage, RunQuery, RunRecord, RunTraceEvent } from './types.ts';

/** The directory is missing or is not a Surfacer run directory. */
export class RunDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunDirError';
  }
}

export interface RunDirContents {
  pages: RunPage[];
  records: RunRecord[];
  queries: RunQuery[];
  trace: RunTraceEvent[];
  manifest?: RunManifestInfo;
  coordinator?: CoordinatorCounters;
  /** Lines that did not parse (a torn last line of a killed crawl), per file. */
  skippedLines: Record<string, number>;
}

const JSONL_FILES = [STORE_FILES.pages, STORE_FILES.records, STORE_FILES.queries, STORE_FILES.trace] as const;

/** Every value of a JSONL file (missing file: none), counting the lines the store's reader dropped. */
function readLines<T>(path: string, skipped: Record<string, number>, name: string): T[] {
  const { values, scan } = readJsonlWithScan<T>(path);
  const dropped = scan.badLines.length + (scan.tornTail ? 1 : 0);
  if (dropped) skipped[name] = dropped;
  return values;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readRunDir(dir: string): RunDirContents {
  if (!existsSync(dir)) throw new RunDirError(`no run directory at ${dir}`);
  if (!statSync(dir).isDirectory()) throw new RunDirError(`${dir} is not a directory`);
  const stateFile = join(dir, STORE_FILES.state);
  const hasState = existsSync(stateFile);
  if (!hasState && !JSONL_FILES.some((f) => existsSync(join(dir, f)))) {
    throw new RunDirError(`${dir} is not a Surfacer run directory (no state.json or pages.jsonl)`);
  }
  let state: Record<string, unknown> = {};
  if (hasState) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(stateFile, 'utf8'));
      if (isObject(parsed)) state = parsed;
    } catch (err) {
      throw new RunDirError(`${stateFile} is not valid JSON: ${(err as Error).message}`);
    }
  }
  // The store may keep strategy/coordinator state at the top level or under `state`.
  const nested = isObject(state['state']) ? state['state'] : {};
  const coordinator = state['coordinator'] ?? nested['coordinator'];
  const manifest = state['manifest'];
  const skippedLines: Record<string, number> = {};
  return {
    pages: readLines<RunPage>(join(dir, STORE_FILES.pages), skippedLines, STORE_FILES.pages),
    records: readLines<RunRecord>(join(dir, STORE_FILES.records), skippedLines, STORE_FILES.records),
    queries: readLines<RunQuery>(join(dir, STORE_FILES.queries), skippedLines, STORE_FILES.queries),
    trace: readLines<RunTraceEvent>(join(dir, STORE_FILES.trace), skippedLines, STORE_FILES.trace),
    manifest: isObject(manifest) ? (manifest as RunManifestInfo) : undefined,
    coordinator: isObject(coordinator) ? (coordinator as CoordinatorCounters) : undefined,
    skippedLines,
  };
}
