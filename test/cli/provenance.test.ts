import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { demoHashes, modelHashes, runProvenance } from '../../src/cli/provenance.ts';
import { optionsForResume, optionsFromTrace, type CrawlCliOptions } from '../../src/cli/crawl-command.ts';

describe('run provenance (the trace’s run-start row)', () => {
  it('names the version, the commit, every seed and a hash per model file', () => {
    const p = runProvenance({ options: { domain: 'arts', seed: 3 }, config: { seed: 3 }, strategySeed: 3, testbedSeed: 5, deterministic: true });
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(p.surfacer.version).toBe(pkg.version);
    expect(p.surfacer.commit === null || /^[0-9a-f]{40}$/.test(p.surfacer.commit)).toBe(true);
    expect(p.seeds).toEqual({ strategy: 3, testbed: 5 });
    expect(Object.keys(p.models)).toEqual(expect.arrayContaining(['forms/form-type.json', 'forms/field-type.json']));
    for (const h of Object.values(p.models)) expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(modelHashes()).some((k) => k.includes('cv-'))).toBe(false);
  });

  it('hashes the demonstrations of a WGE run, and only then', () => {
    const demos = fileURLToPath(new URL('../../demos', import.meta.url));
    const p = runProvenance({ options: {}, config: {}, strategySeed: 1, testbedSeed: null, deterministic: false, demosDir: demos });
    const names = Object.keys(p.models).filter((k) => k.startsWith('demos/'));
    expect(names).toEqual(readdirSync(demos).filter((f) => f.endsWith('.json')).sort().map((f) => `demos/${f}`));
    const copy = mkdtempSync(join(tmpdir(), 'surfacer-demos-'));
    writeFileSync(join(copy, 'arts-keyword-search.json'), readFileSync(join(demos, 'arts-keyword-search.json'), 'utf8').replace('painting', 'sculpture'));
    expect(demoHashes(copy)['demos/arts-keyword-search.json']).not.toBe(p.models['demos/arts-keyword-search.json']);
    const plain = runProvenance({ options: {}, config: {}, strategySeed: 1, testbedSeed: null, deterministic: false });
    expect(Object.keys(plain.models).some((k) => k.startsWith('demos/'))).toBe(false);
  });
});

describe('crawl --from-trace options', () => {
  it('takes the recorded options, with what the user typed on top and a new run directory', () => {
    const d = mkdtempSync(join(tmpdir(), 'surfacer-from-trace-'));
    const recorded = { domain: 'games', strategy: 'random', agents: 2, maxQueries: 7, seed: 9, out: '/old/run', json: false, deterministic: true };
    writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options: recorded } })}\n`);
    const typed = { fromTrace: d, out: '/new/run', json: true, maxQueries: 3, strategy: 'adaptive' } as unknown as CrawlCliOptions;
    const o = optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json', 'maxQueries']));
    expect(o).toMatchObject({ domain: 'games', strategy: 'random', agents: 2, maxQueries: 3, seed: 9, out: '/new/run', json: true, deterministic: true });
    expect(o.resume).toBeUndefined();
  });

  it('re-runs a trace from before the shorter dry streak without one, unless told otherwise', () => {
    const d = mkdtempSync(join(tmpdir(), 'surfacer-from-trace-'));
    const write = (options: object) => writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options } })}\n`);
    const typed = { fromTrace: d, out: '/new/run', json: true, stopAfterHarvested: 5 } as unknown as CrawlCliOptions;
    write({ domain: 'news', strategy: 'a3c', stopAfter: 10 });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).stopAfterHarvested).toBe(10);
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json', 'stopAfterHarvested'])).stopAfterHarvested).toBe(5);
    write({ domain: 'news', strategy: 'a3c', stopAfter: 12, stopAfterHarvested: 8 });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).stopAfterHarvested).toBe(8);
  });

  it('re-runs a trace from before dry lists were cut without cutting them, unless told otherwise', () => {
    const d = mkdtempSync(join(tmpdir(), 'surfacer-from-trace-'));
    const write = (options: object) => writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options } })}\n`);
    const typed = { fromTrace: d, out: '/new/run', json: true, skipDryListsAfter: 5 } as unknown as CrawlCliOptions;
    write({ domain: 'news', strategy: 'adaptive' });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).skipDryListsAfter).toBe(0);
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json', 'skipDryListsAfter'])).skipDryListsAfter).toBe(5);
    write({ domain: 'news', strategy: 'adaptive', skipDryListsAfter: 3 });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).skipDryListsAfter).toBe(3);
  });

  it('re-runs a trace from before the opening probe without it, unless told otherwise', () => {
    const d = mkdtempSync(join(tmpdir(), 'surfacer-from-trace-'));
    const write = (options: object) => writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options } })}\n`);
    const typed = { fromTrace: d, out: '/new/run', json: true, openingProbe: 'function-word' } as unknown as CrawlCliOptions;
    write({ domain: 'news', strategy: 'adaptive' });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).openingProbe).toBe('off');
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json', 'openingProbe'])).openingProbe).toBe('function-word');
    write({ domain: 'news', strategy: 'adaptive', openingProbe: 'function-word' });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).openingProbe).toBe('function-word');
  });

  it('re-runs a trace from before the new-records prior ranking per fetch, unless told otherwise', () => {
    const d = mkdtempSync(join(tmpdir(), 'surfacer-from-trace-'));
    const write = (options: object) => writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options } })}\n`);
    const typed = { fromTrace: d, out: '/new/run', json: true, queryPrior: 'new-records' } as unknown as CrawlCliOptions;
    write({ domain: 'news', strategy: 'a3c' });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).queryPrior).toBe('per-fetch');
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json', 'queryPrior'])).queryPrior).toBe('new-records');
    write({ domain: 'news', strategy: 'a3c', queryPrior: 'new-records' });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).queryPrior).toBe('new-records');
  });

  it('re-runs a trace from before candidate words could be left out with fresh parameters that read them, unless told otherwise', () => {
    const d = mkdtempSync(join(tmpdir(), 'surfacer-from-trace-'));
    const write = (options: object) => writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options } })}\n`);
    const typed = { fromTrace: d, out: '/new/run', json: true, candidateWords: false } as unknown as CrawlCliOptions;
    write({ domain: 'news', strategy: 'a3c', model: 'fresh' });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).candidateWords).toBe(true);
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json', 'candidateWords'])).candidateWords).toBe(false);
    write({ domain: 'news', strategy: 'a3c', model: 'fresh', candidateWords: false });
    expect(optionsFromTrace(typed, new Set(['fromTrace', 'out', 'json'])).candidateWords).toBe(false);
  });
});

describe('crawl --resume options', () => {
  it('goes on with the options the run started with, with what the user typed on top, in the same directory', () => {
    const d = mkdtempSync(join(tmpdir(), 'surfacer-resume-'));
    const recorded = { domain: 'arts', strategy: 'a3c', model: 'fresh', agents: 2, maxQueries: 7, seed: 9, out: d, json: false };
    writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options: recorded } })}\n`);
    // commander's defaults (strategy random, 4 agents) are not what the user typed: the run's own options win over them.
    const typed = { resume: d, json: true, strategy: 'random', agents: 4, maxQueries: 20 } as unknown as CrawlCliOptions;
    const o = optionsForResume(typed, new Set(['resume', 'json', 'maxQueries']));
    expect(o).toMatchObject({ domain: 'arts', strategy: 'a3c', model: 'fresh', agents: 2, maxQueries: 20, seed: 9, json: true, resume: d });
    expect(o.out).toBeUndefined();
    expect(o.fromTrace).toBeUndefined();
    // No trace: not a run; the resume itself reports it.
    const empty = mkdtempSync(join(tmpdir(), 'surfacer-resume-'));
    expect(optionsForResume({ ...typed, resume: empty }, new Set(['resume']))).toEqual({ ...typed, resume: empty });
  });
});
