/**
 * The CLI entry loads only the module of the command it runs (src/cli/main.ts): every command
 * must still be listed in the help, and a command must work when it is the only one loaded.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const surfacer = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin/surfacer.js'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });

describe('surfacer CLI entry', () => {
  it('lists every command in the overall help, in order', () => {
    const help = surfacer('--help');
    expect(help.status).toBe(0);
    const listed = [...help.stdout.matchAll(/^ {2}(\w+)\b/gm)].map((m) => m[1]);
    expect(listed).toEqual(['crawl', 'report', 'replay', 'diff', 'train', 'testbed', 'forms', 'bench', 'webnav', 'demo', 'help']);
  });

  it('runs a command loaded on its own, and says so on an unknown one', () => {
    const diff = surfacer('diff', '/no/such/run-a', '/no/such/run-b');
    expect(diff.status).toBe(2);
    expect(diff.stderr).toMatch(/^surfacer: \/no\/such\/run-a is not a Surfacer run directory/);
    const unknown = surfacer('crawlx');
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown command 'crawlx'/);
  });

  it('a starting prior weight goes only with fresh parameters, and must be a number ≥ 0; GAE λ lies in [0, 1]', () => {
    const crawl = surfacer('crawl', '--domain', 'arts', '--strategy', 'a3c', '--initial-prior-scale', '0');
    expect(crawl.status).toBe(2);
    expect(crawl.stderr).toMatch(/--initial-prior-scale sets fresh parameters; add --model fresh/);
    const train = surfacer('train', '--domains', 'arts', '--out', '/no/such/model', '--init', 'models/a3c-default', '--prior-scale', '0');
    expect(train.status).toBe(2);
    expect(train.stderr).toMatch(/--prior-scale sets fresh parameters/);
    const negative = surfacer('train', '--domains', 'arts', '--out', '/no/such/model', '--prior-scale', '-1');
    expect(negative.status).not.toBe(0);
    expect(negative.stderr).toMatch(/--prior-scale must be a number ≥ 0/);
    for (const command of [['crawl', '--domain', 'arts', '--strategy', 'a3c'], ['train', '--domains', 'arts', '--out', '/no/such/model']]) {
      const lambda = surfacer(...command, '--gae-lambda', '1.5');
      expect(lambda.status).not.toBe(0);
      expect(lambda.stderr).toMatch(/--gae-lambda must be a number in \[0, 1\]/);
      const learn = surfacer(...command, '--learn', 'everything');
      expect(learn.status).not.toBe(0);
      expect(learn.stderr).toMatch(/--learn must be one of all, queries, links/);
      const acting = surfacer(...command, '--acting', 'eager');
      expect(acting.status).not.toBe(0);
      expect(acting.stderr).toMatch(/--acting <mode>' argument 'eager' is invalid. Allowed choices are draw, greedy/);
    }
    const frozenLearning = surfacer('crawl', '--domain', 'arts', '--strategy', 'a3c', '--frozen', '--learn', 'links');
    expect(frozenLearning.status).toBe(2);
    expect(frozenLearning.stderr).toMatch(/a --frozen crawl learns nothing/);
    const words = surfacer('crawl', '--domain', 'arts', '--strategy', 'a3c', '--no-candidate-words');
    expect(words.status).toBe(2);
    expect(words.stderr).toMatch(/--no-candidate-words sets fresh parameters; add --model fresh/);
  });

  it('a host rate is a number of requests per second: ≥ 0 for crawl (0: none), > 0 for each of bench throughput\'s', () => {
    for (const bad of ['-1', 'fast', '']) {
      const crawl = surfacer('crawl', '--domain', 'arts', '--host-rate', bad);
      expect(crawl.status).not.toBe(0);
      expect(crawl.stderr).toMatch(/--host-rate must be a number ≥ 0/);
    }
    const bench = surfacer('bench', 'throughput', '--host-rate', '5,0');
    expect(bench.status).not.toBe(0);
    expect(bench.stderr).toMatch(/--host-rate must list requests per second > 0/);
  });

  it('--opening-probe is function-word or off', () => {
    const bad = surfacer('crawl', '--domain', 'arts', '--opening-probe', 'stopword');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--opening-probe <mode>' argument 'stopword' is invalid. Allowed choices are function-word, off/);
  });

  it('--query-prior is new-records or per-fetch', () => {
    const bad = surfacer('crawl', '--domain', 'arts', '--query-prior', 'per-page');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--query-prior <unit>' argument 'per-page' is invalid. Allowed choices are new-records, per-fetch/);
  });

  it('--proven-unseen takes hunt-at-once, hunt or ignore', () => {
    const bad = surfacer('crawl', '--domain', 'arts', '--strategy', 'a3c', '--proven-unseen', 'stop');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--proven-unseen <mode>' argument 'stop' is invalid. Allowed choices are hunt-at-once, hunt, ignore/);
  });

  it('--acting and --link-acting are only for a learning crawl', () => {
    const frozen = surfacer('crawl', '--domain', 'arts', '--strategy', 'a3c', '--frozen', '--acting', 'greedy');
    expect(frozen.status).toBe(2);
    expect(frozen.stderr).toMatch(/--acting says how a learning crawl decides; a --frozen crawl always acts greedily/);
    const frozenLinks = surfacer('crawl', '--domain', 'arts', '--strategy', 'a3c', '--frozen', '--link-acting', 'draw');
    expect(frozenLinks.status).toBe(2);
    expect(frozenLinks.stderr).toMatch(/--link-acting says how a learning crawl decides links; a --frozen crawl always follows them greedily/);
    const bad = surfacer('crawl', '--domain', 'arts', '--strategy', 'a3c', '--link-acting', 'greedy');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--link-acting <mode>' argument 'greedy' is invalid. Allowed choices are as-queries, draw/);
  });

  it('--trace-choices goes only with the learned policy and with message rows', () => {
    const adaptive = surfacer('crawl', '--domain', 'arts', '--strategy', 'adaptive', '--trace-choices');
    expect(adaptive.status).toBe(2);
    expect(adaptive.stderr).toMatch(/--trace-choices lists what the learned policy is offered; --strategy adaptive is offered nothing/);
    const quiet = surfacer('crawl', '--domain', 'arts', '--strategy', 'a3c', '--trace-choices', '--no-trace-messages');
    expect(quiet.status).toBe(2);
    expect(quiet.stderr).toMatch(/--trace-choices writes into the message rows of the trace/);
  });
});
