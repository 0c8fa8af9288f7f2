/**
 * `surfacer train --episodes 0`: the untrained network, written as a model with no update, so a
 * trained model can be crawled against the start it was trained from. (Training itself crawls
 * the testbed: test/e2e/a3c.e2e.test.ts learns while crawling, test/e2e/train-selection.e2e.test.ts runs `train`.)
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { foreignTable, selectionMeasure, trainCommand, type TrainOptions } from '../../src/cli/train-command.ts';
import { loadModel } from '../../src/policy/checkpoint.ts';
import { initialParameters } from '../../src/policy/network.ts';
import type { PlainTensors } from '../../src/policy/types.ts';
import { tempDir } from '../e2e/helpers.ts';

const options = (out: string, more: Partial<TrainOptions> = {}): TrainOptions => ({
  episodes: 0, out, wge: true, seed: 1, maxQueries: 40, agents: 4, json: true, learningRate: 0.005, ...more,
});

/** The parameters as a float32 weights file holds them. */
const asSaved = (params: PlainTensors) => Object.fromEntries(Object.entries(params).map(([k, t]) => [k, { shape: t.shape, values: t.values.map(Math.fround) }]));

describe('train --episodes 0', () => {
  it('writes the fresh parameters of its seed and prior weight as a model with no update', async () => {
    const dir = tempDir('untrained');
    const result = await trainCommand(options(join(dir, 'seed3'), { seed: 3, priorScale: 2 }));
    expect(result).toMatchObject({ domains: [], wge: false, episodes: 0, updates: 0, initialPriorScale: 2, crawls: [], curve: [] });
    const { params, manifest } = loadModel(join(dir, 'seed3'));
    expect(manifest).toMatchObject({ seed: 3, updates: 0, episodes: 0, domains: [], sites: [], wge: false, candidateWords: true, curve: [] });
    expect(manifest.learning).toMatchObject({ initialPriorScale: 2, learningRate: 0.005 });
    expect(params).toEqual(asSaved(initialParameters(3, 2)));
    // Another seed, other parameters: the model is the seed's, not a fixed one.
    await trainCommand(options(join(dir, 'seed4'), { seed: 4, priorScale: 2 }));
    expect(loadModel(join(dir, 'seed4')).params).not.toEqual(params);
    // --no-candidate-words: the same weights, and a model that says its actor does not read the candidates' words.
    const wordless = await trainCommand(options(join(dir, 'wordless'), { seed: 3, priorScale: 2, candidateWords: false }));
    expect(wordless.candidateWords).toBe(false);
    expect(loadModel(join(dir, 'wordless')).manifest.candidateWords).toBe(false);
    expect(loadModel(join(dir, 'wordless')).params).toEqual(params);
  });

  it('says what is wrong with domains or a model to start from, and writes nothing', async () => {
    const dir = tempDir('untrained-bad');
    await expect(trainCommand(options(join(dir, 'a'), { domains: ['arts'] }))).rejects.toThrow(/--episodes 0 writes the untrained network and crawls no domain/);
    await expect(trainCommand(options(join(dir, 'b'), { init: 'models/a3c-default' }))).rejects.toThrow(/--episodes 0 writes fresh parameters/);
    await expect(trainCommand(options(join(dir, 'c'), { episodes: 5 }))).rejects.toThrow(/--domains needs at least one domain/);
    await expect(trainCommand(options(join(dir, 'd'), { episodes: 5, domains: ['arts'], init: 'models/a3c-default', candidateWords: false }))).rejects.toThrow(/--no-candidate-words sets fresh parameters/);
    await expect(trainCommand(options(join(dir, 'e'), { selectSeeds: [11] }))).rejects.toThrow(/--select-seeds chooses among training checkpoints/);
    // The second domain is crawled at seed 2: not a site to choose on.
    await expect(trainCommand(options(join(dir, 'f'), { episodes: 5, domains: ['arts', 'games'], selectSeeds: [11, 2] }))).rejects.toThrow(/--select-seeds: the model trains on games \(seed 2\)/);
    // Nor a site the model given with --init trained on (the one shipped until stop 54 crawled games at seed 4).
    await expect(trainCommand(options(join(dir, 'g'), { episodes: 5, domains: ['games'], init: 'bench-results/checkpoint-selection/shipped-before', selectSeeds: [4] }))).rejects.toThrow(/--select-seeds: the model trains on games \(seed 4\)/);
    await expect(trainCommand(options(join(dir, 'h'), { episodes: 5, domains: ['arts'], selectBy: 'harvest-rate' }))).rejects.toThrow(/--select-by goes with --select-seeds/);
    for (const d of ['a', 'b', 'c', 'd', 'h']) expect(() => loadModel(join(dir, d))).toThrow(/no policy model/);
  });
});

describe('train --select-by', () => {
  it('scores by the pages where only the link policy learns, else by the records per query, unless told', () => {
    expect(selectionMeasure({ learn: 'links' })).toBe('harvest-rate');
    expect(selectionMeasure({})).toBe('records');
    expect(selectionMeasure({ learn: 'queries' })).toBe('records');
    expect(selectionMeasure({ learn: 'all', selectBy: 'harvest-rate' })).toBe('harvest-rate');
  });
});

describe('train --foreign-tables', () => {
  it("gives every other crawl the next domain's table, and each domain both kinds over two rounds", () => {
    const domains = ['arts', 'business', 'computers'];
    const tables = Array.from({ length: 6 }, (_, i) => foreignTable(domains, i));
    // Crawl i is of domain i mod 3: arts at 0 (business's) and 3 (own), business at 1 (own) and 4 (computers'), computers at 2 (arts') and 5 (own).
    expect(tables).toEqual(['business', undefined, 'arts', undefined, 'computers', undefined]);
    const ten = ['arts', 'business', 'computers', 'games', 'health', 'reference', 'regional', 'science', 'shopping', 'kids-and-teens'];
    expect(ten.map((_, i) => foreignTable(ten, i))).toEqual(['business', undefined, 'games', undefined, 'reference', undefined, 'science', undefined, 'kids-and-teens', undefined]);
    expect(foreignTable(['arts'], 1)).toBeUndefined();
  });
});
