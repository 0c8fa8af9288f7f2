/**
 * Comparing two runs: their reports (timings aside) and what they harvested — record set
 * (URL and content hash), pages (URL and label) and queries (in issue order, with what each
 * brought). Each run's own site origins are named `{site}`, so the same site on two ports
 * compares equal.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonl, stableJson } from '../store/index.ts';
import { originsOf, withoutAnyOrigins } from '../url/origins.ts';
import { RunDirError } from './read-run.ts';

/** Report fields that measure time, not outcome. */
const TIMING_KEYS = new Set(['generatedAt', 'timing', 'wallSeconds', 'pagesPerSecond', 't']);

export interface SetDiff {
  a: number;
  b: number;
  onlyInA: string[];
  onlyInB: string[];
  /** Keys in both whose value differs (e.g. a record's content). */
  changed: string[];
}

export interface RunDiff {
  same: boolean;
  a: string;
  b: string;
  /** Paths of report fields that differ, with both values (first 50). */
  report: { same: boolean; differences: { path: string; a: unknown; b: unknown }[] };
  records: SetDiff & { same: boolean };
  pages: SetDiff & { same: boolean };
  queries: { same: boolean; a: number; b: number; firstDifference: { index: number; a: unknown; b: unknown } | null };
}

const LIST_CAP = 20;

interface RunView {
  report: unknown;
  records: Map<string, string>;
  pages: Map<string, string>;
  queries: string[];
}

function readView(dir: string): RunView {
  if (!existsSync(join(dir, 'state.json'))) throw new RunDirError(`${dir} is not a Surfacer run directory (no state.json)`);
  const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { manifest?: { seeds?: string[] } };
  const origins = originsOf(state.manifest?.seeds ?? []);
  const norm = (s: string) => withoutAnyOrigins(s, origins);
  const reportFile = join(dir, 'report.json');
  if (!existsSync(reportFile)) throw new RunDirError(`${dir} has no report.json (run \`surfacer report ${dir}\` first)`);
  const report = JSON.parse(norm(readFileSync(reportFile, 'utf8'))) as unknown;
  const records = new Map<string, string>();
  for (const r of readJsonl<{ url: string; hash?: string; title?: string }>(join(dir, 'records.jsonl'))) records.set(norm(r.url), r.hash ?? r.title ?? '');
  const pages = new Map<string, string>();
  for (const p of readJsonl<{ url: string; kind: string; status?: number }>(join(dir, 'pages.jsonl'))) pages.set(norm(p.url), `${p.kind} ${p.status ?? ''}`.trim());
  const queries = readJsonl<{ key: string; results?: number; newRecords?: number; failed?: boolean }>(join(dir, 'queries.jsonl')).map((q) => norm(stableJson({ key: q.key, results: q.results, newRecords: q.newRecords, failed: q.failed })));
  return { report: stripTimings(report), records, pages, queries };
}

function stripTimings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTimings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([k]) => !TIMING_KEYS.has(k)).map(([k, v]) => [k, stripTimings(v)]));
  }
  return value;
}

/** Paths where two JSON values differ (depth-first, at most `cap`). */
export function jsonDifferences(a: unknown, b: unknown, path = '', cap = 50, out: { path: string; a: unknown; b: unknown }[] = []): { path: string; a: unknown; b: unknown }[] {
  if (out.length >= cap) return out;
  const bothObjects = a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) {
    if (stableJson(a) !== stableJson(b)) out.push({ path: path || '(root)', a, b });
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) {
    out.push({ path: `${path}.length`, a: a.length, b: b.length });
  }
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  for (const k of [...keys].sort()) {
    jsonDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : path ? `${path}.${k}` : k, cap, out);
    if (out.length >= cap) break;
  }
  return out;
}

function mapDiff(a: Map<string, string>, b: Map<string, string>): SetDiff & { same: boolean } {
  const onlyInA = [...a.keys()].filter((k) => !b.has(k));
  const onlyInB = [...b.keys()].filter((k) => !a.has(k));
  const changed = [...a.keys()].filter((k) => b.has(k) && a.get(k) !== b.get(k));
  return { same: !onlyInA.length && !onlyInB.length && !changed.length, a: a.size, b: b.size, onlyInA: onlyInA.slice(0, LIST_CAP), onlyInB: onlyInB.slice(0, LIST_CAP), changed: changed.slice(0, LIST_CAP) };
}

export function diffRuns(dirA: string, dirB: string): RunDiff {
  const a = readView(dirA);
  const b = readView(dirB);
  const differences = jsonDifferences(a.report, b.report);
  const records = mapDiff(a.records, b.records);
  const pages = mapDiff(a.pages, b.pages);
  let firstDifference: RunDiff['queries']['firstDifference'] = null;
  for (let i = 0; i < Math.max(a.queries.length, b.queries.length); i++) {
    if (a.queries[i] !== b.queries[i]) {
      firstDifference = { index: i, a: a.queries[i] ? JSON.parse(a.queries[i]!) : null, b: b.queries[i] ? JSON.parse(b.queries[i]!) : null };
      break;
    }
  }
  const queries = { same: firstDifference === null, a: a.queries.length, b: b.queries.length, firstDifference };
  const report = { same: differences.length === 0, differences };
  return { same: report.same && records.same && pages.same && queries.same, a: dirA, b: dirB, report, records, pages, queries };
}

/** The diff as lines a person reads. */
export function formatRunDiff(d: RunDiff): string {
  if (d.same) return `same: ${d.records.a} records, ${d.pages.a} pages, ${d.queries.a} queries, and the same report (timings aside)\n`;
  const lines: string[] = [];
  if (!d.report.same) {
    lines.push(`report: ${d.report.differences.length}${d.report.differences.length >= 50 ? '+' : ''} fields differ`);
    for (const x of d.report.differences.slice(0, 10)) lines.push(`  ${x.path}: ${short(x.a)} ≠ ${short(x.b)}`);
  }
  for (const [name, s] of [['records', d.records], ['pages', d.pages]] as const) {
    if (s.same) continue;
    lines.push(`${name}: ${s.a} vs ${s.b}; only in A ${s.onlyInA.length}${s.onlyInA.length >= LIST_CAP ? '+' : ''}, only in B ${s.onlyInB.length}${s.onlyInB.length >= LIST_CAP ? '+' : ''}, changed ${s.changed.length}`);
    for (const u of s.onlyInA.slice(0, 5)) lines.push(`  - ${u}`);
    for (const u of s.onlyInB.slice(0, 5)) lines.push(`  + ${u}`);
    for (const u of s.changed.slice(0, 5)) lines.push(`  ~ ${u}`);
  }
  if (!d.queries.same && d.queries.firstDifference) {
    const f = d.queries.firstDifference;
    lines.push(`queries: ${d.queries.a} vs ${d.queries.b}; first difference at query ${f.index + 1}: ${short(f.a)} ≠ ${short(f.b)}`);
  }
  return `${lines.join('\n')}\n`;
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}
