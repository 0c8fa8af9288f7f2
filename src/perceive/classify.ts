/**
 * The form-type and field-type classifiers as the crawler uses them: load the shipped
 * weights (models/forms/*.json) once, then classify a FormSnapshot synchronously in plain JS.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelFields, repoRoot } from './dataset.ts';
import { fieldBaseFeatures, formFeatures, withFormContext, type PageContext } from './features.ts';
import { FORM_TYPES, toFieldType, type FieldType, type FormType } from './labels.ts';
import { argmax, LinearModel, type LinearModelJson } from './linear-model.ts';
import { viterbi, type TransitionsJson } from './sequence.ts';
import type { FieldSnapshot, FormSnapshot } from './types.ts';

export { FIELD_TYPES, FORM_TYPES, type FieldType, type FormType } from './labels.ts';

export const FORM_MODEL_FILE = 'form-type.json';
export const FIELD_MODEL_FILE = 'field-type.json';

export interface FormModels {
  form: LinearModel;
  field: LinearModel;
  /** Transition scores (`transitions` in the field model file); without them each field is decided alone. */
  transitions?: TransitionsJson;
  dir: string;
}

export interface FieldClassification {
  name: string;
  label: string;
  type: FieldType;
  probabilities?: Record<string, number>;
}

export interface FormClassification {
  type: FormType;
  probabilities: Record<FormType, number>;
  fields: FieldClassification[];
  /** Set when markup, not the model, decided the type. */
  evidence?: 'search landmark';
}

export function defaultModelDir(): string {
  return process.env['SURFACER_FORMS_MODELS'] ?? join(repoRoot(), 'models', 'forms');
}

const cache = new Map<string, FormModels>();

/** Loads (once per directory) the form-type and field-type models. */
export function loadFormModels(dir: string = defaultModelDir()): FormModels {
  const hit = cache.get(dir);
  if (hit) return hit;
  const read = (file: string): FieldModelJson => JSON.parse(readFileSync(join(dir, file), 'utf8')) as FieldModelJson;
  const models = { ...formModelsFromJson(read(FORM_MODEL_FILE), read(FIELD_MODEL_FILE)), dir };
  cache.set(dir, models);
  return models;
}

/** Models built from JSON in memory (training, tests): not cached. */
export function formModelsFromJson(form: LinearModelJson, field: FieldModelJson): FormModels {
  const models: FormModels = { form: new LinearModel(form), field: new LinearModel(field), dir: '' };
  if (field.transitions) models.transitions = field.transitions;
  return models;
}

/** A field model file: the linear field model, and the optional transitions for the sequence decode. */
export interface FieldModelJson extends LinearModelJson {
  /** Field-type transitions for a Viterbi decode over the form's fields. */
  transitions?: TransitionsJson;
}

export interface ClassifyOptions {
  models?: FormModels;
  /** Include per-type probabilities for each field (top 3). */
  fieldProbabilities?: boolean;
}

export function classifyForm(form: FormSnapshot, page?: PageContext, opts: ClassifyOptions = {}): FormClassification {
  const models = opts.models ?? loadFormModels();
  const p = models.form.predict(formFeatures(form, page));
  const probabilities = Object.fromEntries(FORM_TYPES.map((t) => [t, 0])) as Record<FormType, number>;
  models.form.classes.forEach((c, i) => (probabilities[c as FormType] = Math.round((p[i] as number) * 1e4) / 1e4));
  let type = models.form.classes[argmax(p)] as FormType;
  // The page's author declared the form a search landmark: that outweighs a model trained on
  // forms that rarely carry the mark, unless the form asks for a password.
  const declaredSearch = form.landmark === 'search' && !form.fields.some((f) => f.type === 'password');
  if (declaredSearch && type !== 'search') {
    type = 'search';
    probabilities.search = Math.max(probabilities.search, 0.9);
  }
  const formProbs = probabilities as Record<string, number>;

  const visible = modelFields(form);
  const classes = models.field.classes;
  const visibleProbs = visible.map((field, i) => models.field.predict(withFormContext(fieldBaseFeatures(visible, i, form), field, formProbs)));
  // The types: the best sequence under the transitions, else each field's most likely type.
  const path = models.transitions ? viterbi(visibleProbs, models.transitions) : visibleProbs.map((p) => argmax(p));
  const byName = new Map<string, { probs: Float64Array; best: number }>();
  visible.forEach((field, i) => byName.set(field.name, { probs: visibleProbs[i] as Float64Array, best: path[i] as number }));
  const fields: FieldClassification[] = [];
  for (const field of form.fields) {
    if (!field.name) continue;
    if (field.type === 'hidden') {
      fields.push({ name: field.name, label: field.label, type: 'other' });
      continue;
    }
    let hit = byName.get(field.name);
    if (!hit || field.tag === 'button') {
      // A <button name=…> is not in the field list: classified alone, in its place.
      const { list, i } = contextOf(visible, form.fields, field);
      const p = models.field.predict(withFormContext(fieldBaseFeatures(list, i, form), field, formProbs));
      hit = { probs: p, best: argmax(p) };
    }
    const probs = hit.probs;
    const out: FieldClassification = { name: field.name, label: field.label, type: toFieldType(classes[hit.best] as string) };
    if (opts.fieldProbabilities) {
      const ranked = classes.map((c, k) => [c, probs[k] as number] as const).sort((a, b) => b[1] - a[1]).slice(0, 3);
      out.probabilities = Object.fromEntries(ranked.map(([c, v]) => [c, Math.round(v * 1e4) / 1e4]));
    }
    fields.push(out);
  }
  return declaredSearch ? { type, probabilities, fields, evidence: 'search landmark' } : { type, probabilities, fields };
}

/** The field list a field is classified in: the visible fields, with a <button> or repeated name put in its place. */
function contextOf(visible: FieldSnapshot[], all: FieldSnapshot[], field: FieldSnapshot): { list: FieldSnapshot[]; i: number } {
  const i = visible.indexOf(field);
  if (i >= 0) return { list: visible, i };
  const same = visible.findIndex((v) => v.name === field.name);
  if (same >= 0) return { list: visible, i: same };
  const list = all.filter((f) => visible.includes(f) || f === field);
  return { list, i: list.indexOf(field) };
}
