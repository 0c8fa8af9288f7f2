/**
 * What a run needs to be reproduced, written as the first row of its trace (`run-start`):
 * the Surfacer version and git commit, the command's full options and the coordinator's
 * config, the seed of every random source, and a hash of each model file the run loads
 * (and, for a WGE run, of each demonstration it follows).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultModelDir } from '../perceive/index.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunProvenance {
  surfacer: { version: string; commit: string | null; dirty: boolean | null };
  node: string;
  platform: string;
  argv: string[];
  /** The crawl command's options after defaults (what `--from-trace` runs again). */
  options: Record<string, unknown>;
  /** The coordinator's config as the crawl used it. */
  config: unknown;
  /** Seed of each random source: query choice (strategies, LVS sampling) and the built-in site. */
  seeds: { strategy: number; testbed: number | null };
  /** sha256 of each model file (form and field classifiers) and, with WGE, of each demonstration (`demos/<file>`). */
  models: Record<string, string>;
  deterministic: boolean;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
  } catch {
    return null; // not a git checkout (an installed package): the version still says which code ran
  }
}

export function surfacerVersion(): RunProvenance['surfacer'] {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const commit = git(['rev-parse', 'HEAD']);
  const status = commit === null ? null : git(['status', '--porcelain', '--untracked-files=no']);
  return { version: pkg.version, commit, dirty: status === null ? null : status.length > 0 };
}

/** sha256 of every model file in a folder (evaluation reports excluded). */
export function modelHashes(dir: string = defaultModelDir()): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json') || name.startsWith('cv-')) continue;
    out[`forms/${name}`] = createHash('sha256').update(readFileSync(join(dir, name))).digest('hex');
  }
  return out;
}

/** sha256 of each demonstration file a WGE run reads. */
export function demoHashes(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.json')) out[`demos/${name}`] = createHash('sha256').update(readFileSync(join(dir, name))).digest('hex');
  }
  return out;
}

/** The files a run's behaviour depends on besides the code: the form models, and a WGE run's demonstrations. */
export function runInputHashes(demosDir?: string): Record<string, string> {
  return { ...modelHashes(), ...(demosDir ? demoHashes(demosDir) : {}) };
}

export function runProvenance(input: { options: Record<string, unknown>; config: unknown; strategySeed: number; testbedSeed: number | null; deterministic: boolean; demosDir?: string }): RunProvenance {
  return {
    surfacer: surfacerVersion(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    argv: process.argv.slice(2),
    options: input.options,
    config: input.config,
    seeds: { strategy: input.strategySeed, testbed: input.testbedSeed },
    models: runInputHashes(input.demosDir),
    deterministic: input.deterministic,
  };
}
