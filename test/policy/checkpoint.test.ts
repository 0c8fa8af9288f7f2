import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModel, loadOptimizer, saveModel, ModelFileError } from '../../src/policy/checkpoint.ts';
import { initialParameters, PARAMETER_SHAPES } from '../../src/policy/network.ts';
import { queryStepReward } from '../../src/policy/reward.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'surfacer-model-'));
  dirs.push(d);
  return d;
};
const meta = { createdAt: 'now', learning: { gamma: 0.99 }, seed: 3, updates: 12, episodes: 4, domains: ['arts'], wge: true, curve: [{ episode: 1, reward: 1.5, actor: 'policy' as const, decisions: 5 }] };

describe('policy model files', () => {
  it('round-trips parameters (float32) and the manifest with its curve', () => {
    const dir = tmp();
    const params = initialParameters(3);
    saveModel(dir, params, meta);
    const { params: back, manifest } = loadModel(dir);
    for (const [name, p] of Object.entries(params)) {
      expect(back[name]!.shape).toEqual(p.shape);
      back[name]!.values.forEach((v, i) => expect(v).toBeCloseTo(p.values[i]!, 6));
    }
    expect(manifest.curve).toEqual(meta.curve);
    expect(manifest.updates).toBe(12);
    expect(JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')).weightsManifest[0].paths).toEqual(['weights.bin']);
  });

  it('says clearly what is wrong with a missing or foreign model', () => {
    expect(() => loadModel(tmp())).toThrow(ModelFileError);
    const dir = tmp();
    saveModel(dir, initialParameters(1), meta);
    const model = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'));
    model.weightsManifest[0].weights[1].shape = [5, 5];
    writeFileSync(join(dir, 'model.json'), JSON.stringify(model));
    expect(() => loadModel(dir)).toThrow(/does not fit this network/);
  });

  it('loads a model saved before the result-page actions (the committed bench model), widened to this network', () => {
    const dir = join(import.meta.dirname, '../../bench-results/strategies/models/a3c');
    const stored = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')).weightsManifest[0].weights as { name: string; shape: number[] }[];
    const before = Object.fromEntries(stored.map((w) => [w.name, w.shape]));
    expect(before['cand_w']![0]).toBeLessThan(PARAMETER_SHAPES['cand_w']![0]!);
    const { params, widened } = loadModel(dir);
    expect(widened.sort()).toEqual(['cand_w', 'lstm_w', 'prior_scale']);
    // It predates the yield model's prior too: scale 0, so it scores as it did.
    expect(params['prior_scale']!.values).toEqual([0]);
    for (const name of widened.filter((n) => n !== 'prior_scale')) {
      const [oldRows, cols] = before[name]!;
      const p = params[name]!;
      expect(p.shape).toEqual([...PARAMETER_SHAPES[name]!]);
      // The rows it had come first, unchanged in place; the new inputs' rows are zero.
      expect(p.values.slice(oldRows! * cols!).every((v) => v === 0)).toBe(true);
      expect(p.values.slice(0, oldRows! * cols!).some((v) => v !== 0)).toBe(true);
    }
    const adam = loadOptimizer(dir)!;
    expect(adam.slots['m/cand_w']!.shape).toEqual([...PARAMETER_SHAPES['cand_w']!]);
    expect(adam.slots['v/lstm_w']!.shape).toEqual([...PARAMETER_SHAPES['lstm_w']!]);
    expect(adam.slots['m/prior_scale']!.values).toEqual([0]);
  });
});

describe('query step reward', () => {
  it('pays new records, charges every page read, duplicates, empty answers', () => {
    // 20 new of 20 listed on 2 pages: 2 + 0.04 − 2·0.05
    expect(queryStepReward({ newRecords: 20, results: 20, resultPages: 2, failed: false })).toBeCloseTo(1.94, 10);
    // 40 known records paged through on 4 pages: − 4·0.05 − 0.1, against − 0.15 for the same news in one page
    expect(queryStepReward({ newRecords: 0, results: 40, resultPages: 4, failed: false })).toBeCloseTo(-0.3, 10);
    // an answer that could not be read at all (0 pages) still costs its step
    expect(queryStepReward({ newRecords: 0, results: 0, resultPages: 0, failed: true })).toBeCloseTo(-0.25, 10);
    // 5 new of 10: 0.5 + 0.02 − 0.05 − 0.1·0.5
    expect(queryStepReward({ newRecords: 5, results: 10, resultPages: 1, failed: false })).toBeCloseTo(0.42, 10);
    // nothing listed: − 0.05 − 0.2
    expect(queryStepReward({ newRecords: 0, results: 0, resultPages: 1, failed: false })).toBeCloseTo(-0.25, 10);
    // all duplicates: − 0.05 − 0.1
    expect(queryStepReward({ newRecords: 0, results: 8, resultPages: 1, failed: false })).toBeCloseTo(-0.15, 10);
    // capped: a huge answer is worth 3 at most (+ pages)
    expect(queryStepReward({ newRecords: 500, results: 500, resultPages: 1, failed: false })).toBeCloseTo(2.97, 10);
  });
});
