/**
 * Reading a run's trace back: the `run-start` row that opens it (how the run was made) and
 * the rows written for agent messages (the run's history, in order), as `replay` and
 * `crawl --from-trace` need them.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonl } from './jsonl-writer.ts';
import { RUN_FILES } from './run-dir.ts';
import type { TraceEvent } from './types.ts';

export class TraceFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceFileError';
  }
}

/** The trace file named by a path: the file itself, or a run directory holding trace.jsonl. */
export function traceFileOf(path: string): string {
  if (!existsSync(path)) throw new TraceFileError(`no trace at ${path}`);
  const file = statSync(path).isDirectory() ? join(path, RUN_FILES.trace) : path;
  if (!existsSync(file)) throw new TraceFileError(`${path} holds no ${RUN_FILES.trace}`);
  return file;
}

/** The first row of a trace file, read without reading the rest. */
export function readFirstTraceRow(file: string): TraceEvent {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      const chunk = buf.subarray(0, n);
      const nl = chunk.indexOf(10);
      if (nl >= 0) {
        chunks.push(Buffer.from(chunk.subarray(0, nl)));
        break;
      }
      chunks.push(Buffer.from(chunk));
    }
    const line = Buffer.concat(chunks).toString('utf8');
    if (!line.trim()) throw new TraceFileError(`${file} is empty`);
    try {
      return JSON.parse(line) as TraceEvent;
    } catch {
      throw new TraceFileError(`${file} does not start with a JSON line; not a Surfacer trace`);
    }
  } finally {
    closeSync(fd);
  }
}

/** The `run-start` row's input (see cli/provenance); fails clearly for traces that have none. */
export function readRunStart<T = Record<string, unknown>>(file: string): T {
  const row = readFirstTraceRow(file);
  if (row.action !== 'run-start' || typeof row.input !== 'object' || row.input === null) {
    throw new TraceFileError(`${file} does not start with a run-start row (written by Surfacer 0.2 and later); it cannot be re-run`);
  }
  return row.input as T;
}

/** Every row of a trace, in order. */
export function readTrace(file: string): TraceEvent[] {
  return readJsonl<TraceEvent>(file);
}
