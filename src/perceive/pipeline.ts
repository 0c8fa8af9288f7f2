/**
 * Training both models from annotated forms, and predicting with them. The field model
 * sees the form-type probabilities; while training it gets out-of-fold probabilities (from
 * form models that never saw the form) so it learns from the same kind of input it meets
 * on new sites. The field model file also carries field-type transition scores (from the
 * labelled field sequences) for a Viterbi decode over each form's fields (sequence.ts).
 */
import type { AnnotatedForm } from './dataset.ts';
import { modelFields } from './dataset.ts';
import { fieldBaseFeatures, formFeatures, withFormContext, type Features } from './features.ts';
import { groupKFold } from './folds.ts';
import { FIELD_TYPES, FORM_TYPES, toFieldType } from './labels.ts';
import type { FieldModelJson } from './classify.ts';
import { LinearModel, type LinearModelJson } from './linear-model.ts';
import { fitTransitions } from './sequence.ts';
import { trainLinear, type Example, type LinearTrainOptions } from './train-linear.ts';
import type { FieldSnapshot } from './types.ts';

export interface TrainOptions {
  seed?: number;
  /** Folds for the out-of-fold form probabilities the field model trains on. */
  innerFolds?: number;
  form?: LinearTrainOptions;
  field?: LinearTrainOptions;
  /** Field-type transitions for the Viterbi decode (false: none): weight and count smoothing. */
  transitions?: false | { weight?: number; smoothing?: number };
}

export const DEFAULT_TRANSITIONS = { weight: 0.2, smoothing: 0.1 };

export const DEFAULT_FORM_OPTIONS: LinearTrainOptions = { minCount: 2, epochs: 150, learningRate: 0.1, l2: 1e-3, classBalance: 0.3 };
export const DEFAULT_FIELD_OPTIONS: LinearTrainOptions = { minCount: 2, epochs: 150, learningRate: 0.1, l2: 5e-5, classBalance: 0.2 };

export interface TrainedModels {
  form: LinearModelJson;
  field: FieldModelJson;
}

/** Features computed once per form (they do not depend on the model). */
export interface PreparedForm {
  item: AnnotatedForm;
  formFeatures: Features;
  fields: FieldSnapshot[];
  fieldFeatures: Features[];
}

export function prepare(items: AnnotatedForm[]): PreparedForm[] {
  return items.map((item) => {
    const fields = modelFields(item.form);
    return {
      item,
      formFeatures: formFeatures(item.form, item.page),
      fields,
      fieldFeatures: fields.map((_, i) => fieldBaseFeatures(fields, i, item.form)),
    };
  });
}

export function formProbabilities(model: LinearModel, features: Features): Record<string, number> {
  const p = model.predict(features);
  return Object.fromEntries(model.classes.map((c, i) => [c, p[i] as number]));
}

export async function trainModels(data: PreparedForm[], opts: TrainOptions = {}): Promise<TrainedModels> {
  const seed = opts.seed ?? 1;
  const formOpts = { ...DEFAULT_FORM_OPTIONS, ...opts.form };
  const fieldOpts = { ...DEFAULT_FIELD_OPTIONS, ...opts.field };
  const formExamples = (subset: PreparedForm[]): Example[] => subset.map((d) => ({ features: d.formFeatures, label: d.item.formType }));
  const form = await trainLinear(formExamples(data), FORM_TYPES, formOpts);

  const k = Math.min(opts.innerFolds ?? 5, new Set(data.map((d) => d.item.site)).size);
  const oof: Record<string, number>[] = new Array(data.length);
  if (k >= 2) {
    const folds = groupKFold(data.map((d) => d.item.site), k, seed + 1000);
    for (let f = 0; f < k; f++) {
      const model = new LinearModel(await trainLinear(formExamples(data.filter((_, i) => folds[i] !== f)), FORM_TYPES, formOpts));
      data.forEach((d, i) => {
        if (folds[i] === f) oof[i] = formProbabilities(model, d.formFeatures);
      });
    }
  } else {
    const model = new LinearModel(form);
    data.forEach((d, i) => (oof[i] = formProbabilities(model, d.formFeatures)));
  }

  const fieldExamples: Example[] = [];
  data.forEach((d, i) => {
    d.fields.forEach((field, j) => {
      const label = d.item.fieldTypes[field.name];
      if (!label) return;
      fieldExamples.push({ features: withFormContext(d.fieldFeatures[j] as Features, field, oof[i] as Record<string, number>), label: toFieldType(label) });
    });
  });
  const field: FieldModelJson = await trainLinear(fieldExamples, FIELD_TYPES, fieldOpts);
  if (opts.transitions !== false) {
    const t = { ...DEFAULT_TRANSITIONS, ...opts.transitions };
    field.transitions = fitTransitions(labelSequences(data), FIELD_TYPES.length, t.weight, t.smoothing);
  }
  return { form, field };
}

/** Field-type sequences (class indices, in field order) of the forms whose fields are all labelled. */
export function labelSequences(data: PreparedForm[]): number[][] {
  const index = new Map<string, number>(FIELD_TYPES.map((t, i) => [t, i]));
  const out: number[][] = [];
  for (const d of data) {
    const labels = d.fields.map((f) => d.item.fieldTypes[f.name]);
    if (labels.length === 0 || labels.some((l) => !l)) continue;
    out.push(labels.map((l) => index.get(toFieldType(l as string)) as number));
  }
  return out;
}
