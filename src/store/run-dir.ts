/** Names and recognises run directories. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const RUN_FILES = {
  pages: 'pages.jsonl',
  records: 'records.jsonl',
  queries: 'queries.jsonl',
  trace: 'trace.jsonl',
  state: 'state.json',
} as const;

/** Layout version written to the manifest; bump when the run directory's layout changes. */
export const RUN_DIR_VERSION = 1;

const pad = (n: number) => String(n).padStart(2, '0');

/** A name part safe in a path: anything but letters, digits, '.', '_' and '-' becomes '-'. */
function safePart(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'x';
}

/** `runs/<YYYYMMDD-HHMMSS>-<domain>-<strategy>` in local time (relative to the working directory). */
export function defaultRunDir(domain: string, strategy: string, now: Date = new Date()): string {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `runs/${stamp}-${safePart(domain)}-${safePart(strategy)}`;
}

/** True when `dir` does not exist or is an empty directory. */
export function isEmptyOrMissingDir(dir: string): boolean {
  if (!existsSync(dir)) return true;
  return statSync(dir).isDirectory() && readdirSync(dir).length === 0;
}

/** True when `dir` holds a run's state file. */
export function looksLikeRunDir(dir: string): boolean {
  return existsSync(join(dir, RUN_FILES.state));
}
