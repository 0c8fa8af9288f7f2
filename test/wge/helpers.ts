/** Small shared pieces of the WGE tests (kept apart from test/e2e/helpers.ts, which loads the whole crawler). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `surfacer-${prefix}-`));
}
