import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { benchCombine, combinedMarkdown, readStrategiesResult } from '../../src/cli/bench-combine.ts';
import { UserError } from '../../src/cli/errors.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(join(tmpdir(), 'bench-combine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small `bench strategies` result: two strategies on two domains of one testbed seed. */
function resultFile(name: string, seed: number, over: Record<string, unknown> = {}, strategies = ['a3c-wge', 'adaptive']): string {
  const domains = ['news', 'sports'];
  const summary = { harvestRateByDepth: [{ depth: 0, harvestRate: 0.4, domains: 2 }] };
  const data = {
    strategies: Object.fromEntries(strategies.map((s) => [s, summary])),
    oracle: { queriesTo90: 5, queriesTo99: 9, perDomain: Object.fromEntries(domains.map((d) => [d, { queriesTo90: 5, queriesTo99: 9, reachableShare: 1 }])) },
    trainDomains: ['arts'],
    testDomains: domains,
    a3cOnlineLearning: false,
    budgets: { maxQueries: 50, maxPages: 250 },
    testbed: { scale: 'small', seed, trouble: 'default' },
    runs: strategies.flatMap((s) => domains.map((d) => ({ strategy: s, domain: d, coverage: 1, coverageAt: { '25': s === 'a3c-wge' ? 0.9 : 0.8, '50': 1, '100': 1, '200': 1 }, queriesIssued: 30, pagesFetched: 100, queriesTo90: 10, queriesTo99: 20, harvestRate: 0.5, pagesPerSecond: 2 }))),
    codeCommits: ['abc'],
    ...over,
  };
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

describe('bench combine: what it refuses, before anything is written', () => {
  it('a missing file, a file that is not JSON, JSON that is not a bench strategies result', () => {
    expect(() => readStrategiesResult(join(dir, 'nope.json'))).toThrow(new UserError(`bench combine: no such file: ${join(dir, 'nope.json')}`));
    const text = join(dir, 'text.json');
    writeFileSync(text, 'not json');
    expect(() => readStrategiesResult(text)).toThrow(/is not JSON/);
    const report = join(dir, 'report.json');
    writeFileSync(report, JSON.stringify({ totals: {} }));
    expect(() => readStrategiesResult(report)).toThrow(/is not a `surfacer bench strategies` result/);
  });

  it('one result, the same seed twice, other budgets, another subject', () => {
    const one = resultFile('one.json', 1);
    expect(() => benchCombine([one])).toThrow(/at least two/);
    expect(() => benchCombine([one, resultFile('again.json', 1)])).toThrow(/both crawled testbed seed 1: the same sites would count twice/);
    expect(() => benchCombine([one, resultFile('budget.json', 2, { budgets: { maxQueries: 200, maxPages: 250 } })])).toThrow(/differ in budgets/);
    expect(() => benchCombine([one, resultFile('learning.json', 2, { a3cOnlineLearning: true })])).toThrow(/differ in a3cOnlineLearning/);
    expect(() => benchCombine([one, resultFile('deterministic.json', 2, { deterministic: true })])).toThrow(/differ in deterministic/);
    expect(() => benchCombine([one, resultFile('two.json', 2)], 'dla')).toThrow(/--subject dla is not among the results' strategies \(a3c-wge, adaptive\)/);
  });
});

describe('bench combine: the combined comparison', () => {
  it('means over both seeds, a per-site table and the paired verdicts', () => {
    const c = benchCombine([resultFile('s1.json', 1), resultFile('s3.json', 3, {}, ['a3c-wge', 'adaptive', 'random'])]);
    expect(c.seeds).toEqual([1, 3]);
    expect(c.testbed).toEqual({ seeds: [1, 3], scale: 'small', trouble: 'default' });
    expect(c.strategies['a3c-wge']!.coverageAt['25']).toBeCloseTo(0.9, 12);
    expect(c.paired!.against.adaptive!.coverageAt25).toMatchObject({ pairs: 4, ahead: 4, verdict: 'not decided' });
    const md = combinedMarkdown(c);
    expect(md).toContain('Combined: testbed seeds 1, 3');
    expect(md).toContain('each mean is over 4 sites, except: random crawled 2 of them.');
    expect(md).toContain('| per domain: cov@25 / cov@200 / queries→99% | news (seed 1) | sports (seed 1) | news (seed 3) | sports (seed 3) |');
    expect(md).toContain('| adaptive | cov@25 | 4 | 4 / 0 / 0 | +0.100 | 0.125 | 0.125 | not decided |');
  });

  it('the CLI: --json prints the combined result; a bad input is one line on stderr and exit 2', () => {
    const ok = spawnSync(process.execPath, [join(root, 'bin/surfacer.js'), 'bench', 'combine', resultFile('c1.json', 1), resultFile('c2.json', 2), '--json', '--markdown', join(dir, 'out.md')], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(ok.status).toBe(0);
    const json = JSON.parse(ok.stdout) as { strategies: Record<string, unknown>; oracle: unknown; trainDomains: string[]; testDomains: string[]; paired: { subject: string } };
    expect(Object.keys(json.strategies)).toEqual(['a3c-wge', 'adaptive']);
    expect(json.trainDomains).toEqual(['arts']);
    expect(json.paired.subject).toBe('a3c-wge');
    expect(readFileSync(join(dir, 'out.md'), 'utf8')).toContain('a3c-wge against each other strategy, site by site.');
    const bad = spawnSync(process.execPath, [join(root, 'bin/surfacer.js'), 'bench', 'combine', resultFile('d1.json', 1), join(dir, 'missing.json')], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim()).toBe(`surfacer: bench combine: no such file: ${join(dir, 'missing.json')}`);
  });
});
