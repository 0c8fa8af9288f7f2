/**
 * Reading annotated forms in the train.jsonl format (Formasaurus data, see its README):
 * each line's HTML becomes a FormSnapshot by the same snapshot code the crawler uses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshotHtml } from './snapshot.ts';
import type { FieldSnapshot, FormSnapshot } from './types.ts';
import { isFormType, type FormType } from './labels.ts';
import { isVisibleField, type PageContext } from './features.ts';

export interface DatasetLine {
  id: string;
  url: string;
  host?: string;
  site?: string;
  formType: string;
  fields: Record<string, string>;
  fieldsAnnotated: boolean;
  duplicateOf: string | null;
  html: string;
  pageTitle?: string;
}

export interface AnnotatedForm {
  id: string;
  site: string;
  formType: FormType;
  form: FormSnapshot;
  page: PageContext;
  /** Dataset field name -> field type. */
  fieldTypes: Record<string, string>;
  fieldsAnnotated: boolean;
  duplicate: boolean;
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `SURFACER_FORMS_DATA`, else `<repo>/../shared/datasets/forms/train.jsonl`. */
export function defaultDatasetPath(): string {
  return process.env['SURFACER_FORMS_DATA'] ?? join(REPO_ROOT, '..', 'shared', 'datasets', 'forms', 'train.jsonl');
}

export function repoRoot(): string {
  return REPO_ROOT;
}

export function parseDatasetLine(text: string, lineNo = 0): DatasetLine {
  const raw = JSON.parse(text) as Partial<DatasetLine>;
  if (typeof raw.html !== 'string' || typeof raw.url !== 'string' || typeof raw.formType !== 'string') {
    throw new Error(`line ${lineNo}: needs html, url and formType`);
  }
  return {
    id: raw.id ?? `line-${lineNo}`,
    url: raw.url,
    host: raw.host,
    site: raw.site,
    formType: raw.formType,
    fields: raw.fields ?? {},
    fieldsAnnotated: raw.fieldsAnnotated ?? false,
    duplicateOf: raw.duplicateOf ?? null,
    html: raw.html,
    pageTitle: raw.pageTitle ?? '',
  };
}

export function toAnnotatedForm(line: DatasetLine): AnnotatedForm | undefined {
  const form = snapshotHtml(line.html, line.url).forms[0];
  if (!form || !isFormType(line.formType)) return undefined;
  let site = line.site ?? line.host;
  if (!site) {
    try {
      site = new URL(line.url).hostname;
    } catch {
      site = line.url;
    }
  }
  return {
    id: line.id,
    site,
    formType: line.formType,
    form,
    page: { url: line.url, title: line.pageTitle ?? '' },
    fieldTypes: line.fields,
    fieldsAnnotated: line.fieldsAnnotated,
    duplicate: line.duplicateOf != null,
  };
}

/** Reads a JSONL file of annotated forms. Duplicates are kept but marked; callers drop them. */
export function loadDataset(path: string): AnnotatedForm[] {
  if (!existsSync(path)) throw new Error(`no such file: ${path}`);
  const out: AnnotatedForm[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (!text.trim()) return;
      const item = toAnnotatedForm(parseDatasetLine(text, i + 1));
      if (item) out.push(item);
    });
  return out;
}

/**
 * The fields the field model sees for a form: named, not type=hidden, not <button>, one per
 * name (radio groups and repeated checkbox names count once, as in the dataset).
 */
export function modelFields(form: FormSnapshot): FieldSnapshot[] {
  const seen = new Set<string>();
  const out: FieldSnapshot[] = [];
  for (const f of form.fields) {
    if (!isVisibleField(f) || seen.has(f.name)) continue;
    seen.add(f.name);
    out.push(f);
  }
  return out;
}
