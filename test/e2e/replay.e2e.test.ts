/**
 * End-to-end: reproducing runs from their traces, as a user would from the command line.
 * A crawl of a built-in site is replayed step by step and gives the identical record set
 * and report; a deterministic crawl re-run with --from-trace gives the same again; the same
 * replay against the site built from another seed stops at the first page that differs.
 * A site whose results stay at one URL (their pages keyed by the query, origin percent-encoded)
 * reproduces the same on another port.
 * (That diff tells different runs apart is in test/report/diff-runs.test.ts.)
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLines, surfacer, tempDir } from './helpers.ts';

// Two queries: a form's first is the opening probe ("the"), which arts' basic search refuses.
const SMALL = ['--domain', 'arts', '--scale', 'tiny', '--max-depth', '1', '--max-queries', '2', '--testbed-port', '0', '--trouble', 'off', '--seed', '1', '--json'];

describe('reproducible runs (real Chromium)', { timeout: 600_000 }, () => {
  it('replay of a two-agent crawl is identical; another site seed stops at the first page that differs', async () => {
    const dir = tempDir('replay');
    const crawl = await surfacer(['crawl', ...SMALL, '--agents', '2', '--out', join(dir, 'run')], 300_000);
    expect(crawl.code, crawl.stderr).toBe(0);
    const summary = JSON.parse(crawl.stdout) as { totals: { recordsHarvested: number; queriesIssued: number } };
    expect(summary.totals.recordsHarvested).toBeGreaterThan(2);

    // The trace opens with what reproduces the run.
    const start = readLines<{ action: string; input: Record<string, unknown> }>(join(dir, 'run', 'trace.jsonl'))[0]!;
    expect(start.action).toBe('run-start');
    expect(start.input).toMatchObject({ seeds: { strategy: 1, testbed: 1 }, options: { domain: 'arts', maxQueries: 2 } });
    expect(Object.keys(start.input['models'] as object).length).toBeGreaterThanOrEqual(2);

    const replay = await surfacer(['replay', join(dir, 'run'), '--out', join(dir, 'replay'), '--json'], 300_000);
    expect(replay.code, replay.stderr).toBe(0);
    const r = JSON.parse(replay.stdout) as { matched: boolean; rowsReplayed: number; rowsRecorded: number };
    expect(r.matched).toBe(true);
    expect(r.rowsReplayed).toBe(r.rowsRecorded);
    const diff = await surfacer(['diff', join(dir, 'run'), join(dir, 'replay')]);
    expect(diff.code, diff.stdout).toBe(0);
    expect(diff.stdout).toMatch(/^same: \d+ records/);
    const records = (d: string) => readLines<{ url: string; hash: string }>(join(dir, d, 'records.jsonl')).map((x) => `${new URL(x.url).pathname} ${x.hash}`).sort();
    expect(records('replay')).toEqual(records('run'));

    // Same recording, site generated from another seed: a clear message naming the page.
    const diverged = await surfacer(['replay', join(dir, 'run'), '--out', join(dir, 'diverged'), '--testbed-seed', '2', '--playwright-trace']);
    expect(diverged.code).toBe(3);
    expect(diverged.stderr).toMatch(/replay diverged at trace row \d+ \(episode e1\): page http:\/\/127\.0\.0\.1:\d+\/ answered differently from the recording: /);
    const d = JSON.parse(readFileSync(join(dir, 'diverged', 'replay.json'), 'utf8')) as { matched: boolean; divergence: { url: string } };
    expect(d.matched).toBe(false);
    expect(new URL(d.divergence.url).pathname).toBe('/');
    // What the browser did in that episode, for Playwright's trace viewer.
    expect(statSync(join(dir, 'diverged', 'playwright', 'e1-attempt0.zip')).size).toBeGreaterThan(1000);
  });

  it('crawl --from-trace of a deterministic crawl gives the same run, message for message', async () => {
    const dir = tempDir('from-trace');
    const first = await surfacer(['crawl', ...SMALL, '--deterministic', '--out', join(dir, 'a')], 300_000);
    expect(first.code, first.stderr).toBe(0);
    const again = await surfacer(['crawl', '--from-trace', join(dir, 'a', 'trace.jsonl'), '--out', join(dir, 'b'), '--json'], 300_000);
    expect(again.code, again.stderr).toBe(0);
    const diff = await surfacer(['diff', join(dir, 'a'), join(dir, 'b'), '--json']);
    expect(diff.code, diff.stdout).toBe(0);
    expect((JSON.parse(diff.stdout) as { same: boolean }).same).toBe(true);
    // Message for message: the two traces agree on every digest.
    const digests = (d: string) => readLines<{ msg?: { digest: string } }>(join(dir, d, 'trace.jsonl')).flatMap((x) => (x.msg ? [x.msg.digest] : []));
    expect(digests('b')).toEqual(digests('a'));
  });

  it('replay of a run that learned with WGE follows the same workflows and gives the same run', async () => {
    const dir = tempDir('replay-wge');
    // Short episodes, so some of them go to workflows; one at a time, so which ones is fixed by the seed.
    const args = ['--domain', 'arts', '--scale', 'tiny', '--max-depth', '1', '--testbed-port', '0', '--trouble', 'off', '--seed', '1', '--json'];
    const learning = ['--strategy', 'a3c', '--model', 'fresh', '--wge', '--t-max', '2', '--episode-steps', '3', '--deterministic', '--max-queries', '6', '--max-pages', '100'];
    const first = await surfacer(['crawl', ...args, ...learning, '--out', join(dir, 'run')], 300_000);
    expect(first.code, first.stderr).toBe(0);
    const curve = (JSON.parse(first.stdout) as { policy: { curve: { actor: string }[] } }).policy.curve;
    expect(curve.some((c) => c.actor === 'workflow')).toBe(true);
    const start = readLines<{ action: string; input: { models: Record<string, string> } }>(join(dir, 'run', 'trace.jsonl'))[0]!;
    expect(Object.keys(start.input.models).some((k) => k.startsWith('demos/'))).toBe(true);
    const replay = await surfacer(['replay', join(dir, 'run'), '--out', join(dir, 'replay'), '--json'], 300_000);
    expect(replay.code, replay.stderr).toBe(0);
    const r = JSON.parse(replay.stdout) as { matched: boolean; rowsReplayed: number; rowsRecorded: number; modelsChanged: string[] };
    expect(r).toMatchObject({ matched: true, modelsChanged: [] });
    expect(r.rowsReplayed).toBe(r.rowsRecorded);
  });

  it('a site with script-built results reproduces on another port: the same digests, and a replay that matches', async () => {
    const dir = tempDir('other-port');
    // 40 pages reach all 8 result pages of the 3 queries and some records; the rest were record pages (82 in all).
    const args = ['--domain', 'computers', '--scale', 'tiny', '--max-depth', '1', '--max-queries', '3', '--max-pages', '40', '--testbed-port', '0', '--trouble', 'off', '--seed', '1', '--deterministic', '--json'];
    const first = await surfacer(['crawl', ...args, '--out', join(dir, 'a')], 300_000);
    expect(first.code, first.stderr).toBe(0);
    const rows = (d: string) => readLines<{ input?: { url?: string }; msg?: { digest: string } }>(join(dir, d, 'trace.jsonl'));
    // The case at stake: result pages keyed `?surfacer-result=` with the site's origin inside.
    expect(rows('a').some((x) => x.input?.url?.includes('surfacer-result=http%3A%2F%2F127.0.0.1%3A'))).toBe(true);
    const again = await surfacer(['crawl', '--from-trace', join(dir, 'a'), '--out', join(dir, 'b'), '--json'], 300_000);
    expect(again.code, again.stderr).toBe(0);
    const origin = (d: string) => new URL(readLines<{ url: string }>(join(dir, d, 'pages.jsonl'))[0]!.url).origin;
    expect(origin('b')).not.toBe(origin('a'));
    const digests = (d: string) => rows(d).flatMap((x) => (x.msg ? [x.msg.digest] : []));
    expect(digests('b')).toEqual(digests('a'));

    // The recorded port taken: the replay serves the site elsewhere and still matches.
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(Number(new URL(origin('a')).port), '127.0.0.1', done));
    try {
      const replay = await surfacer(['replay', join(dir, 'a'), '--out', join(dir, 'replay'), '--json'], 300_000);
      expect(replay.code, replay.stderr).toBe(0);
      expect(origin('replay')).not.toBe(origin('a'));
      expect(JSON.parse(replay.stdout)).toMatchObject({ matched: true, divergence: null });
    } finally {
      blocker.close();
    }
  });
});
