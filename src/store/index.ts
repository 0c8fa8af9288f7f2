/** The run store: a crawl's run directory (append-only JSONL + lowdb state). */
export { RunStore, RunStoreError, type RecoveryReport, type RunStoreOptions } from './run-store.ts';
export { JsonlWriter, readJsonl, readJsonlWithScan, repairJsonl, scanJsonl, type BadLine, type JsonlScan } from './jsonl-writer.ts';
export { contentHash, normaliseText, recordContent, recordContentHash } from './content-hash.ts';
export { RUN_DIR_VERSION, RUN_FILES, defaultRunDir, looksLikeRunDir } from './run-dir.ts';
export type {
  CheckpointEntry,
  PageEntry,
  PageKind,
  PageVia,
  QueryEntry,
  RecordEntry,
  RunCounts,
  RunManifest,
  RunManifestInput,
  RunStateFile,
  TraceEvent,
  TraceInput,
} from './types.ts';
export { TraceFileError, readFirstTraceRow, readRunStart, readTrace, traceFileOf } from './run-trace.ts';
export { stableJson } from './stable-json.ts';
