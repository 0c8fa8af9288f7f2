import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BENCH_STRATEGIES, QUICK_TEST_DOMAINS, TEST_DOMAINS, TRAIN_DOMAINS, checkSupport, resolvePlan, strategiesFromHelp, trainingArgs } from '../../src/cli/bench-strategies.ts';
import { UserError } from '../../src/cli/errors.ts';
import { SITES, TESTBED_DOMAINS } from '../../src/testbed/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('bench strategies: the split', () => {
  it('10 train and 5 test domains, disjoint, covering the testbed, the test set one site of each search kind', () => {
    expect(TRAIN_DOMAINS).toHaveLength(10);
    expect(TEST_DOMAINS).toHaveLength(5);
    expect(new Set([...TRAIN_DOMAINS, ...TEST_DOMAINS])).toEqual(new Set(TESTBED_DOMAINS));
    const kinds = new Set(TEST_DOMAINS.map((d) => SITES[d].search[0]!.kind));
    expect(kinds).toEqual(new Set(['fulltext', 'title-only', 'select-only', 'multi-field', 'script']));
  });
});

describe('bench strategies: argument checks (no crawl runs)', () => {
  it('defaults: every strategy, the fixed split, 200 queries; --quick is smaller', () => {
    const full = resolvePlan({});
    expect(full).toMatchObject({ strategies: [...BENCH_STRATEGIES], trainDomains: [...TRAIN_DOMAINS], testDomains: [...TEST_DOMAINS], maxQueries: 200, parallel: 1, seed: 1 });
    const quick = resolvePlan({ quick: true });
    expect(quick.testDomains).toEqual([...QUICK_TEST_DOMAINS]);
    expect(quick.trainDomains).toEqual(['arts']);
    expect(quick.testDomains).toEqual(['news']);
    expect(quick.maxQueries).toBe(50);
    expect(quick.episodes).toBeLessThan(full.episodes);
    expect(quick.maxPages).toBeLessThan(full.maxPages);
    expect(quick.trainMaxQueries).toBe(4);
    // Two crawls at a time, so its 600-page crawls fit in 10 minutes; the full one runs one at a time unless told.
    expect([quick.parallel, full.parallel]).toEqual([2, 1]);
    expect(resolvePlan({ quick: true, parallel: '1' }).parallel).toBe(1);
    expect(full.trainMaxQueries).toBeUndefined();
    expect(resolvePlan({ trainMaxQueries: '5' }).trainMaxQueries).toBe(5);
    expect(full.a3cFrozen).toBe(false);
    expect(resolvePlan({ a3cFrozen: true }).a3cFrozen).toBe(true);
    expect(full.a3cPageDecisions).toBe(false);
    expect(resolvePlan({ a3cPageDecisions: true }).a3cPageDecisions).toBe(true);
    expect(full.deterministic).toBe(false);
    expect(resolvePlan({ deterministic: true }).deterministic).toBe(true);
    expect(resolvePlan({ quick: true, maxQueries: '20', strategies: 'random, adaptive,random' })).toMatchObject({ maxQueries: 20, strategies: ['random', 'adaptive'] });
  });

  it('unknown strategy: a clear UserError naming it and the choices', () => {
    expect(() => resolvePlan({ strategies: 'random,bogus' })).toThrow(UserError);
    expect(() => resolvePlan({ strategies: 'random,bogus' })).toThrow('unknown strategy "bogus" in --strategies; choose from: random, generic-frequency, adaptive, dla, jiang-rl, a3c, a3c-wge');
  });

  it('unknown domain, overlapping split, bad numbers', () => {
    expect(() => resolvePlan({ testDomains: 'news,atlantis' })).toThrow(/unknown testbed domain in --test-domains: atlantis/);
    expect(() => resolvePlan({ trainDomains: 'arts,news', testDomains: 'news' })).toThrow(/overlap \(news\)/);
    expect(() => resolvePlan({ maxQueries: '0' })).toThrow(/--max-queries must be a whole number ≥ 1/);
    expect(() => resolvePlan({ parallel: 'two' })).toThrow(/--parallel/);
    expect(() => resolvePlan({ scale: 'huge' })).toThrow(/--scale/);
  });

  it('--models: each selected a3c model must load and must not have trained on a test domain', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-models-'));
    try {
      cpSync(join(root, 'bench-results', 'checkpoint-selection', 'shipped-before'), join(dir, 'a3c'), { recursive: true });
      expect(resolvePlan({ strategies: 'random,a3c', models: dir }).models).toBe(dir);
      expect(() => resolvePlan({ strategies: 'a3c-wge', models: dir })).toThrow(/--models .*no policy model at .*a3c-wge/);
      // Not selected: not needed.
      expect(() => resolvePlan({ strategies: 'random', models: dir })).not.toThrow();
      // A model that names only its domains (saved before sites were kept) may not meet any of them.
      const manifestFile = join(dir, 'a3c', 'manifest.json');
      const { sites, ...legacy } = JSON.parse(readFileSync(manifestFile, 'utf8')) as { domains: string[]; sites?: unknown };
      expect(sites).toBeDefined();
      writeFileSync(manifestFile, JSON.stringify({ ...legacy, domains: [...legacy.domains, 'news'] }));
      expect(() => resolvePlan({ strategies: 'a3c', models: dir })).toThrow(/the a3c model trained on news, a test domain/);
      expect(() => resolvePlan({ strategies: 'a3c', models: dir, testDomains: 'arts', seed: '11' })).toThrow(/trained on arts, a test domain/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--models: a model that lists its training sites may be tested on other sites (seeds) of its training domains', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-models-'));
    try {
      // The model shipped until stop 54 trained on each training domain once, arts at testbed seed 1 … kids-and-teens at 10.
      cpSync(join(root, 'bench-results', 'checkpoint-selection', 'shipped-before'), join(dir, 'a3c-wge'), { recursive: true });
      const heldOut = resolvePlan({ strategies: 'a3c-wge', models: dir, testDomains: TRAIN_DOMAINS.join(','), seed: '11' });
      expect(heldOut.testDomains).toEqual(TRAIN_DOMAINS);
      expect(() => resolvePlan({ strategies: 'a3c-wge', models: dir, testDomains: 'arts,games', seed: '1' })).toThrow(/trained on arts \(seed 1\), a test site:/);
      expect(() => resolvePlan({ strategies: 'a3c-wge', models: dir, testDomains: 'business,games', seed: '4' })).toThrow(/trained on games \(seed 4\), a test site:/);
      expect(() => resolvePlan({ strategies: 'a3c-wge', models: dir, testDomains: 'business,games', seed: '3' })).not.toThrow();
      // Without --models the bench trains on the train domains itself, so they may not be tested.
      expect(() => resolvePlan({ strategies: 'a3c-wge', testDomains: 'arts', seed: '11' })).toThrow(/overlap \(arts\)/);
      // Nor on sites `train --select-seeds` chose the model on.
      const manifestFile = join(dir, 'a3c-wge', 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
      writeFileSync(manifestFile, JSON.stringify({ ...manifest, selectedOn: [{ domain: 'arts', seed: 11, scale: 'small' }] }));
      expect(() => resolvePlan({ strategies: 'a3c-wge', models: dir, testDomains: 'arts,games', seed: '11' })).toThrow(/trained on arts \(seed 11, chosen on with --select-seeds\), a test site:/);
      expect(() => resolvePlan({ strategies: 'a3c-wge', models: dir, testDomains: 'arts,games', seed: '12' })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--select-seeds: the models trained here are chosen on held-out sites of the train domains', () => {
    const plan = resolvePlan({ strategies: 'a3c,a3c-wge,adaptive', selectSeeds: '11,12', selectEvery: '3', parallel: '4' });
    expect(plan).toMatchObject({ selectSeeds: [11, 12], selectEvery: 3 });
    const args = trainingArgs(plan, 'a3c-wge', '/m', 2);
    expect(args.slice(args.indexOf('--select-seeds'))).toEqual(['--select-seeds', '11,12', '--select-parallel', '2', '--select-every', '3']);
    expect(args).toContain('--wge');
    // Without it, train keeps its last parameters, as before.
    const plain = resolvePlan({ strategies: 'a3c' });
    expect(plain.selectSeeds).toBeUndefined();
    expect(trainingArgs(plain, 'a3c', '/m', 1, 4)).toEqual(['train', '--domains', TRAIN_DOMAINS.join(','), '--episodes', '40', '--out', '/m', '--no-wge', '--seed', '1', '--json', '--max-queries', '4']);
    // One training alone gets the whole --parallel; never less than one crawl.
    expect(trainingArgs(resolvePlan({ selectSeeds: '11', parallel: '3' }), 'a3c', '/m', 1)).toEqual(expect.arrayContaining(['--select-parallel', '3']));
    expect(trainingArgs(resolvePlan({ selectSeeds: '11' }), 'a3c', '/m', 2)).toEqual(expect.arrayContaining(['--select-parallel', '1']));
  });

  it('--deterministic: the trainings run deterministic too, where this build\'s train can', () => {
    const plan = resolvePlan({ strategies: 'a3c,a3c-wge', deterministic: true });
    expect(trainingArgs(plan, 'a3c', '/m', 2, undefined, true)).toEqual(['train', '--domains', TRAIN_DOMAINS.join(','), '--episodes', '40', '--out', '/m', '--no-wge', '--seed', '1', '--json', '--deterministic']);
    expect(trainingArgs(plan, 'a3c', '/m', 2)).not.toContain('--deterministic');
    // The bench asks for it only where `train --help` offers it (an older build's train has no such option).
    const help = spawnSync(process.execPath, [join(root, 'bin/surfacer.js'), 'train', '--help'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(help.stdout).toMatch(/--deterministic\b/);
  });

  it('--select-seeds: refused where there is no training to choose in, or on sites the training crawls', () => {
    // The training's first round crawls train domain i at seed + i: health (the fifth) at 5.
    expect(() => resolvePlan({ selectSeeds: '5' })).toThrow(/--select-seeds: the model trains on health \(seed 5\)/);
    expect(() => resolvePlan({ selectSeeds: '11', seed: '3' })).toThrow(/the model trains on shopping \(seed 11\)/);
    expect(() => resolvePlan({ selectSeeds: '11', seed: '12' })).not.toThrow();
    expect(() => resolvePlan({ selectSeeds: '11,x' })).toThrow(/--select-seeds must be a whole number ≥ 0 \(got "x"\)/);
    expect(() => resolvePlan({ selectSeeds: ' , ' })).toThrow(/--select-seeds is empty/);
    expect(() => resolvePlan({ selectEvery: '2' })).toThrow(/--select-every needs --select-seeds/);
    expect(() => resolvePlan({ selectSeeds: '11', selectEvery: '0' })).toThrow(/--select-every must be a whole number ≥ 1/);
    const dir = mkdtempSync(join(tmpdir(), 'bench-models-'));
    try {
      cpSync(join(root, 'models', 'a3c-default'), join(dir, 'a3c-wge'), { recursive: true });
      expect(() => resolvePlan({ strategies: 'a3c-wge', models: dir, selectSeeds: '11' })).toThrow(/--select-seeds chooses among the checkpoints of the models trained here; with --models nothing is trained/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the strategy choices of `crawl --help`, wrapped over lines', () => {
    const help = `  --strategy <name>       query strategy (choices: "random",\n                          "generic-frequency", "adaptive", "jiang-rl", "bfs",\n                          "dla", default: "adaptive")\n  --agents <n>  agents (default: 4)`;
    expect(strategiesFromHelp(help)).toEqual(['random', 'generic-frequency', 'adaptive', 'jiang-rl', 'bfs', 'dla']);
  });

  it('a3c without `surfacer train`: fails for the a3c strategies only, and says how to run the rest', () => {
    const cli = { crawlStrategies: ['random', 'adaptive', 'a3c'], crawlModel: true, train: false, trainMaxQueries: false, trainDeterministic: false };
    expect(() => checkSupport(['random', 'adaptive'], cli)).not.toThrow();
    expect(() => checkSupport(['random', 'a3c-wge'], cli)).toThrow(/"a3c-wge": it needs the `surfacer train .*Run the others with --strategies random$/);
    expect(() => checkSupport(['dla'], cli)).toThrow(/"dla": not a strategy of `surfacer crawl`/);
  });

  it('the CLI prints the error on one line and exits 2 before any crawl', () => {
    const r = spawnSync(process.execPath, [join(root, 'bin/surfacer.js'), 'bench', 'strategies', '--strategies', 'random,bogus', '--json'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe('surfacer: unknown strategy "bogus" in --strategies; choose from: random, generic-frequency, adaptive, dla, jiang-rl, a3c, a3c-wge');
  });
});
