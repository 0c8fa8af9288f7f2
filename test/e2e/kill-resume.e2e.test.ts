/**
 * End-to-end: a crawl killed with SIGKILL mid-harvest and resumed with `--resume` ends with
 * the same record set an uninterrupted crawl of the site gets — every hidden record of this
 * select-only site (its drop-downs are exhausted either way) — with none written twice.
 * The tiny scale (60 records) keeps the whole crawl, twice started, to a minute or two.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundTruth } from '../../src/testbed/index.ts';
import { readLines, repoRoot, surfacer, tempDir } from './helpers.ts';
import { loadModel } from '../../src/policy/checkpoint.ts';
import type { SavedLinkGate } from '../../src/coordinator/link-gate.ts';

const lineCount = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);

describe('crawl: kill and resume (real Chromium)', { timeout: 600_000 }, () => {
  it('loses nothing and duplicates nothing', async () => {
    const run = join(tempDir('resume'), 'run');
    // Its own process group, so the kill takes its Chromium down with it, as a crash would.
    const child = spawn(process.execPath, [join(repoRoot, 'bin/surfacer.js'), 'crawl', '--domain', 'games', '--scale', 'tiny', '--agents', '3', '--testbed-port', '0', '--json', '--out', run], { cwd: repoRoot, detached: true, stdio: 'ignore' });
    const exited = new Promise((r) => child.on('exit', r));
    const deadline = Date.now() + 240_000;
    while (lineCount(join(run, 'records.jsonl')) < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    const atKill = lineCount(join(run, 'records.jsonl'));
    expect(atKill).toBeGreaterThanOrEqual(20);

    const resumed = await surfacer(['crawl', '--domain', 'games', '--resume', run, '--json'], 400_000);
    expect(resumed.stderr.split('\n').filter((l) => l.startsWith('surfacer:'))).toEqual([]);
    expect(resumed.code).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { stoppedBy: string; coverage: number; runDir: string };
    expect(summary.stoppedBy).toBe('finished');

    const records = readLines<{ url: string }>(join(run, 'records.jsonl'));
    const pages = readLines<{ url: string }>(join(run, 'pages.jsonl'));
    const queries = readLines<{ key: string }>(join(run, 'queries.jsonl'));
    expect(new Set(records.map((r) => r.url)).size).toBe(records.length);
    expect(new Set(pages.map((p) => p.url)).size).toBe(pages.length);
    expect(new Set(queries.map((q) => q.key)).size).toBe(queries.length);
    expect(records.length).toBeGreaterThan(atKill);

    const origin = new URL(readLines<{ url: string }>(join(run, 'pages.jsonl'))[0]!.url).origin;
    const hidden = new Set(groundTruth({ domain: 'games', scale: 'tiny', seed: 1, origin }).records.map((r) => r.url));
    const harvested = new Set(records.map((r) => r.url).filter((u) => hidden.has(u)));
    expect(harvested.size).toBe(hidden.size);
    expect(summary.coverage).toBe(1);
  });

  it('a learning crawl goes on from the model and link decisions of its last checkpoint', async () => {
    const run = join(tempDir('resume-learning'), 'run');
    const child = spawn(process.execPath, [join(repoRoot, 'bin/surfacer.js'), 'crawl', '--domain', 'arts', '--strategy', 'a3c', '--model', 'fresh', '--scale', 'tiny', '--max-depth', '1', '--max-queries', '12', '--t-max', '3', '--testbed-port', '0', '--json', '--out', run], { cwd: repoRoot, detached: true, stdio: 'ignore' });
    let exitedEarly = false;
    const exited = new Promise((r) => child.on('exit', () => r((exitedEarly = true))));
    // Each checkpoint (every 25 episodes) saves the model learnt so far: wait for one with a harvest episode on its curve.
    const learnt = () => {
      try {
        return (JSON.parse(readFileSync(join(run, 'model', 'manifest.json'), 'utf8')) as { curve: unknown[] }).curve.length > 0;
      } catch {
        return false; // not saved yet, or between the renames of a save
      }
    };
    const deadline = Date.now() + 240_000;
    while (!learnt() && !exitedEarly && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(exitedEarly, 'the crawl ended before a checkpoint with a harvest episode').toBe(false);
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    const atKill = loadModel(join(run, 'model')).manifest;
    expect(atKill.curve.length).toBeGreaterThan(0);
    const gateOf = () => (JSON.parse(readFileSync(join(run, 'state.json'), 'utf8')) as { state: { coordinator: { linkGate: SavedLinkGate } } }).state.coordinator.linkGate;
    const rewardedAtKill = gateOf().rewards.map(([url]) => url);
    expect(rewardedAtKill.length).toBeGreaterThan(0);

    const resumed = await surfacer(['crawl', '--domain', 'arts', '--resume', run, '--json'], 400_000);
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { policy: { model: string } };
    expect(summary.policy.model).toBe(join(run, 'model'));
    const final = loadModel(join(run, 'model')).manifest;
    // One curve across the kill: the episodes before it, then those after; the site listed once.
    expect(final.curve.length).toBeGreaterThan(atKill.curve.length);
    expect(final.curve.slice(0, atKill.curve.length)).toEqual(atKill.curve);
    expect(final.updates).toBeGreaterThanOrEqual(atKill.updates);
    expect(final.sites).toHaveLength(1);
    // The link policy's returns still hold the pages fetched before the kill (they are not fetched again).
    const rewardedAtEnd = new Set(gateOf().rewards.map(([url]) => url));
    expect(rewardedAtKill.filter((url) => !rewardedAtEnd.has(url))).toEqual([]);
  });
});
