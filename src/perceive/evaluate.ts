/** Scoring models on annotated forms, and site-grouped cross-validation. */
import { classifyForm, formModelsFromJson, type FormModels } from './classify.ts';
import type { AnnotatedForm } from './dataset.ts';
import { groupKFold } from './folds.ts';
import { FIELD_TYPES, FORM_TYPES, toFieldType } from './labels.ts';
import { buildReport, type EvalReport, type Pair } from './metrics.ts';
import { prepare, trainModels, type TrainOptions } from './pipeline.ts';

/** Gold/predicted pairs for forms (duplicates dropped) and fields (fieldsAnnotated forms only, <button> skipped). */
export function predictPairs(items: AnnotatedForm[], models: FormModels): { forms: Pair[]; fields: Pair[] } {
  const forms: Pair[] = [];
  const fields: Pair[] = [];
  for (const item of items) {
    if (item.duplicate) continue;
    const result = classifyForm(item.form, item.page, { models });
    forms.push({ gold: item.formType, pred: result.type });
    if (!item.fieldsAnnotated) continue;
    const done = new Set<string>();
    // result.fields follows form.fields (named ones); the first field of a name stands for it.
    const named = item.form.fields.filter((f) => f.name);
    named.forEach((field, k) => {
      const gold = item.fieldTypes[field.name];
      const pred = result.fields[k];
      if (!gold || !pred || field.tag === 'button' || field.type === 'hidden' || done.has(field.name)) return;
      done.add(field.name);
      fields.push({ gold: toFieldType(gold), pred: pred.type });
    });
  }
  return { forms, fields };
}

export function evaluateModels(items: AnnotatedForm[], models: FormModels): EvalReport {
  const { forms, fields } = predictPairs(items, models);
  return buildReport(forms, fields, FORM_TYPES, FIELD_TYPES);
}

export interface CvResult extends EvalReport {
  folds: number;
  seed: number;
  sites: number;
  foldAccuracy: number[];
  foldFieldAccuracy: number[];
  seconds: number;
}

/** Site-grouped k-fold CV: each fold's models are trained without any form of the fold's sites. */
export async function crossValidate(items: AnnotatedForm[], folds = 5, seed = 1, opts: TrainOptions = {}): Promise<CvResult> {
  const t0 = performance.now();
  const unique = items.filter((i) => !i.duplicate);
  const prepared = prepare(unique);
  const foldOf = groupKFold(unique.map((i) => i.site), folds, seed);
  const forms: Pair[] = [];
  const fields: Pair[] = [];
  const foldAccuracy: number[] = [];
  const foldFieldAccuracy: number[] = [];
  for (let f = 0; f < folds; f++) {
    const trained = await trainModels(prepared.filter((_, i) => foldOf[i] !== f), { ...opts, seed });
    const models = formModelsFromJson(trained.form, trained.field);
    const pairs = predictPairs(unique.filter((_, i) => foldOf[i] === f), models);
    forms.push(...pairs.forms);
    fields.push(...pairs.fields);
    const acc = (ps: Pair[]): number => Math.round((ps.filter((p) => p.gold === p.pred).length / Math.max(1, ps.length)) * 1e4) / 1e4;
    foldAccuracy.push(acc(pairs.forms));
    foldFieldAccuracy.push(acc(pairs.fields));
  }
  const report = buildReport(forms, fields, FORM_TYPES, FIELD_TYPES);
  return {
    ...report,
    folds,
    seed,
    sites: new Set(unique.map((i) => i.site)).size,
    foldAccuracy,
    foldFieldAccuracy,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
  };
}
