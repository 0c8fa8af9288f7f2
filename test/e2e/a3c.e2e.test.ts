import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crawl, readLines, repoRoot, surfacer, tempDir } from './helpers.ts';
import { loadModel } from '../../src/policy/checkpoint.ts';
import { loadLinkPolicy } from '../../src/policy/link-policy.ts';

// The learned strategy end to end in Chromium: agents choose queries with their copy of the
// policy, send gradients, the coordinator applies them; with WGE some episodes follow
// workflows from the shipped demos. Then the model it leaves crawls again, frozen.
describe('a3c strategy (Chromium, testbed)', () => {
  it('learns while it crawls, leaves its model, and crawls frozen from it', async () => {
    const learning = await crawl('arts', { strategy: 'a3c', model: 'fresh', wge: true, demos: join(repoRoot, 'demos'), maxQueries: 6, maxDepth: 1, maxPages: 90, tMax: 3, scale: 'tiny', pageDecisions: true });
    expect(learning.totals.queriesIssued).toBeGreaterThan(0);
    expect(learning.totals.recordsHarvested).toBeGreaterThan(0);
    expect(learning.policy!.updates).toBeGreaterThan(0);
    // Options built in code (as `train` builds them) without `acting` draw each decision, A3C as published.
    expect(learning.policy!.acting).toBe('draw');
    expect(learning.policy!.linkActing).toBe('draw');
    expect(learning.policy!.curve.length).toBeGreaterThan(0);
    const trace = readLines(join(learning.runDir, 'trace.jsonl'));
    expect(trace.some((r) => r['action'] === 'gradients')).toBe(true);
    const claims = trace.filter((r) => r['action'] === 'claim-query');
    expect(claims.length).toBeGreaterThanOrEqual(learning.totals.queriesIssued);
    // Each claim says why: the probability the policy gave it (with its prior and rank among those offered).
    for (const c of claims) {
      const why = c['why'] as { probability: number; prior: number; rank: number; offered: number };
      expect(why.probability).toBeGreaterThan(0);
      expect(why.probability).toBeLessThanOrEqual(1);
      expect(why.rank).toBeGreaterThanOrEqual(1);
      expect(why.rank).toBeLessThanOrEqual(why.offered);
    }
    // With --page-decisions every result page read was a rewarded step: the agent asked which of its records were new.
    const pagesRead = readLines(join(learning.runDir, 'queries.jsonl')).reduce((n, q) => n + Number(q['resultPages'] ?? 0), 0);
    expect(pagesRead).toBeGreaterThan(0);
    expect(trace.filter((r) => r['action'] === 'listing').length).toBeGreaterThanOrEqual(pagesRead);
    const { manifest } = loadModel(join(learning.runDir, 'model'));
    expect(manifest.updates).toBe(learning.policy!.updates);
    expect(manifest.wge).toBe(true);
    // The link policy learnt from the surface links it followed or deferred, and is saved with the network.
    expect(learning.policy!.links!.update!.samples).toBeGreaterThan(0);
    expect(loadLinkPolicy(join(learning.runDir, 'model'))!.updates).toBe(1);

    const frozen = await crawl('arts', { strategy: 'a3c', model: join(learning.runDir, 'model'), frozen: true, maxQueries: 3, maxDepth: 1, maxPages: 60, scale: 'tiny' });
    expect(frozen.totals.queriesIssued).toBeGreaterThan(0);
    expect(frozen.policy!.updates).toBe(manifest.updates);
    expect(existsSync(join(frozen.runDir, 'model'))).toBe(false);
    const frozenTrace = readLines(join(frozen.runDir, 'trace.jsonl'));
    expect(frozenTrace.some((r) => r['action'] === 'gradients')).toBe(false);
  }, 480_000);

  it('--deterministic: the same seed gives the same decisions, gradients, parameters and run', async () => {
    const dir = tempDir('a3c-deterministic');
    const args = ['crawl', '--domain', 'arts', '--strategy', 'a3c', '--model', 'fresh', '--deterministic', '--seed', '3', '--max-queries', '3', '--max-pages', '45', '--max-depth', '1', '--t-max', '1', '--scale', 'tiny', '--testbed-port', '0', '--trouble', 'off', '--json'];
    for (const run of ['a', 'b']) {
      const r = await surfacer([...args, '--out', join(dir, run)], 300_000);
      expect(r.code, r.stderr).toBe(0);
      // The command line's default: act as a frozen crawl does, learn from it off-policy.
      const policy = JSON.parse(r.stdout).policy;
      expect(policy.acting).toBe('greedy');
      expect(policy.linkActing).toBe('greedy');
      // Links too: the fresh link policy values every link above skipping, so greedily it defers none (drawing defers about one in eight).
      expect(policy.links.followed).toBeGreaterThan(0);
      expect(policy.links.deferred).toBe(0);
    }
    const a = loadModel(join(dir, 'a', 'model'));
    expect(a.manifest.updates).toBeGreaterThan(0);
    // Bit for bit: the parameter server applied the same gradients in the same order.
    expect(readFileSync(join(dir, 'b', 'model', 'weights.bin')).equals(readFileSync(join(dir, 'a', 'model', 'weights.bin')))).toBe(true);
    // And the link policy: its draws are fixed by the seed and each URL, its update by the decisions.
    expect(readFileSync(join(dir, 'b', 'model', 'link-policy.json'), 'utf8')).toBe(readFileSync(join(dir, 'a', 'model', 'link-policy.json'), 'utf8'));
    const messages = (run: string) => readLines<{ action: string; msg?: { digest: string } }>(join(dir, run, 'trace.jsonl')).flatMap((x) => (x.msg ? [`${x.action} ${x.msg.digest}`] : []));
    const inA = messages('a');
    expect(inA.some((m) => m.startsWith('gradients '))).toBe(true);
    expect(messages('b')).toEqual(inA);
    const diff = await surfacer(['diff', join(dir, 'a'), join(dir, 'b'), '--json']);
    expect(diff.code, diff.stdout).toBe(0);
  }, 600_000);
});
