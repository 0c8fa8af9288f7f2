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

  // Options added after traces were recorded: a trace from before one re-runs as it ran, unless the option is typed;
  // a trace that recorded it keeps its own value.
  it.each([
    { added: 'the shorter dry streak', option: 'stopAfterHarvested', old: { strategy: 'a3c', stopAfter: 10 }, asRan: 10, typed: 5, recorded: 8 },
    { added: 'dry lists were cut', option: 'skipDryListsAfter', old: { strategy: 'adaptive' }, asRan: 0, typed: 5, recorded: 3 },
    { added: 'the opening probe', option: 'openingProbe', old: { strategy: 'adaptive' }, asRan: 'off', typed: 'function-word', recorded: 'function-word' },
    { added: 'the new-records prior', option: 'queryPrior', old: { strategy: 'a3c' }, asRan: 'per-fetch', typed: 'new-records', recorded: 'new-records' },
    { added: 'greedy acting while learning', option: 'acting', old: { strategy: 'a3c' }, asRan: 'draw', typed: 'greedy', recorded: 'greedy' },
    { added: 'greedy links while learning', option: 'linkActing', old: { strategy: 'a3c', acting: 'greedy' }, asRan: 'draw', typed: 'as-queries', recorded: 'as-queries' },
    { added: 'proven-unseen records were hunted', option: 'provenUnseen', old: { strategy: 'a3c', linkActing: 'as-queries' }, asRan: 'ignore', typed: 'hunt-at-once', recorded: 'hunt' },
    { added: 'candidate words could be left out', option: 'candidateWords', old: { strategy: 'a3c', model: 'fresh' }, asRan: true, typed: false, recorded: false },
  ])('re-runs a trace from before $added as it ran ($option = $asRan), unless told otherwise', ({ option, old, asRan, typed, recorded }) => {
    const d = mkdtempSync(join(tmpdir(), 'surfacer-from-trace-'));
    const write = (options: object) => writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options } })}\n`);
    const given = { fromTrace: d, out: '/new/run', json: true, [option]: typed } as unknown as CrawlCliOptions;
    const rerun = (typedNames: string[]) => (optionsFromTrace(given, new Set(['fromTrace', 'out', 'json', ...typedNames])) as unknown as Record<string, unknown>)[option];
    write({ domain: 'news', ...old });
    expect(rerun([])).toBe(asRan);
    expect(rerun([option])).toBe(typed);
    write({ domain: 'news', ...old, [option]: recorded });
    expect(rerun([])).toBe(recorded);
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
