// One model's held-out crawls, read from DIR/PREFIX-<site>/report.json: the reports by site (e.g. "arts-11").
// Shared by compare.ts and ../noise-floor/groups.ts; the reports are untyped JSON, read as each script needs.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function readCrawlSet(path: string): Map<string, any> {
  const dir = dirname(path);
  const prefix = `${basename(path)}-`;
  const runs = readdirSync(dir).filter((n) => n.startsWith(prefix) && !n.includes('.'));
  return new Map(runs.map((n) => [n.slice(prefix.length), JSON.parse(readFileSync(join(dir, n, 'report.json'), 'utf8'))]));
}
