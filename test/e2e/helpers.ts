/** Shared pieces of the end-to-end tests: real crawls in Chromium against testbed sites. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crawlCommand, type CrawlCliOptions } from '../../src/cli/crawl-command.ts';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `surfacer-${prefix}-`));
}

/** A crawl with the CLI's defaults, small budgets, and the built-in site on a free port. */
export function crawl(domain: string, overrides: Partial<CrawlCliOptions> = {}) {
  return crawlCommand({
    domain,
    strategy: 'adaptive',
    agents: 2,
    maxDepth: 7,
    maxQueries: 8,
    maxPages: 400,
    timeLimit: 150,
    seed: 1,
    out: join(tempDir(domain), 'run'),
    allowPost: false,
    json: true,
    scale: 'small',
    trouble: 'off',
    testbedPort: 0,
    episodeSteps: 20,
    episodeTime: 60,
    ...overrides,
  });
}

export function readLines<T = Record<string, unknown>>(file: string): T[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as T);
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `surfacer …` as a user would, in a child process. */
export function surfacer(args: string[], timeoutMs = 120_000): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/surfacer.js'), ...args], { cwd: repoRoot, env: { ...process.env, FORCE_COLOR: '0' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}
