import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formModelsFromJson, loadFormModels, classifyForm } from '../../src/perceive/classify.ts';
import { defaultDatasetPath, loadDataset } from '../../src/perceive/dataset.ts';
import { evaluateModels } from '../../src/perceive/evaluate.ts';
import { groupKFold } from '../../src/perceive/folds.ts';
import { prepare, trainModels } from '../../src/perceive/pipeline.ts';

process.env['SURFACER_TF_QUIET'] = '1';
const DATA = defaultDatasetPath();
const haveData = existsSync(DATA);

describe('site-grouped folds', () => {
  it('keeps each site in one fold, is seeded, and balances folds', () => {
    const groups = ['a', 'a', 'b', 'c', 'c', 'c', 'd', 'e', 'f', 'f'];
    const folds = groupKFold(groups, 3, 7);
    expect(groupKFold(groups, 3, 7)).toEqual(folds);
    for (const g of new Set(groups)) expect(new Set(folds.filter((_, i) => groups[i] === g)).size).toBe(1);
    const sizes = [0, 1, 2].map((f) => folds.filter((x) => x === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
});

describe.skipIf(!haveData)('training and evaluation on train.jsonl', () => {
  const items = haveData ? loadDataset(DATA) : [];

  it('eval prints the documented shape for a slice', () => {
    const slice = items.slice(0, 80);
    const report = evaluateModels(slice, loadFormModels());
    expect(report.forms).toBe(slice.filter((i) => !i.duplicate).length);
    expect(report.accuracy).toBeGreaterThan(0.5);
    expect(report.accuracy).toBeLessThanOrEqual(1);
    for (const s of Object.values(report.perClass)) {
      expect(Object.keys(s).sort()).toEqual(['f1', 'precision', 'recall', 'support']);
    }
    expect(report.fields.count).toBeGreaterThan(0);
    expect(report.fields.accuracy).toBeGreaterThan(0.5);
    expect(Object.keys(report.fields.perType).length).toBeGreaterThan(3);
  });

  it('trains small seeded models reproducibly that learn search vs login', async () => {
    const subset = items.filter((i) => !i.duplicate && (i.formType === 'search' || i.formType === 'login')).slice(0, 60);
    const opts = { seed: 3, innerFolds: 2, form: { epochs: 25 }, field: { epochs: 25 } };
    const a = await trainModels(prepare(subset), opts);
    const b = await trainModels(prepare(subset), opts);
    expect(a.form.weights).toEqual(b.form.weights);
    expect(a.field.vocab).toEqual(b.field.vocab);
    const models = formModelsFromJson(a.form, a.field);
    const correct = subset.filter((i) => classifyForm(i.form, i.page, { models }).type === i.formType).length;
    expect(correct / subset.length).toBeGreaterThan(0.9);
  }, 30_000);
});
