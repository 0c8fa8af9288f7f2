/**
 * Forms as the run's trace tells them: every form the crawler saw (`form-found`, typed by its
 * classifier) and the forms it submitted queries on (`search-form` / `submit` events and the
 * `form` key of queries.jsonl).
 */
import { tryCanonicalUrl } from '../url/canonical.ts';
import type { FoundForm } from './by-depth.ts';
import type { RunQuery, RunTraceEvent } from './types.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every `form-found` event as { pageUrl (canonical), index, depth, formType }. */
export function foundForms(trace: readonly RunTraceEvent[]): FoundForm[] {
  const out: FoundForm[] = [];
  for (const e of trace) {
    if (e.action !== 'form-found' || !isObject(e.input) || !isObject(e.outcome)) continue;
    const pageUrl = typeof e.input['pageUrl'] === 'string' ? tryCanonicalUrl(e.input['pageUrl']) : null;
    const index = e.input['index'];
    const depth = e.input['depth'];
    const formType = e.outcome['formType'];
    if (pageUrl && typeof index === 'number' && typeof depth === 'number' && typeof formType === 'string') out.push({ pageUrl, index, depth, formType });
  }
  return out;
}

/** Distinct forms by the crawler's type (a form seen twice counts once). */
export function formsByType(forms: readonly FoundForm[]): Record<string, number> {
  const typeOf = new Map<string, string>();
  for (const f of forms) typeOf.set(`${f.pageUrl}#${f.index}`, f.formType);
  const out: Record<string, number> = {};
  for (const t of typeOf.values()) out[t] = (out[t] ?? 0) + 1;
  return out;
}

/**
 * The page and index a form key names. Keys are written by the agent as
 * `<canonical page URL>#form<index>`; a `search-form` event also gives them explicitly.
 */
function parseFormKey(key: string): { pageUrl: string; index: number } | null {
  const m = /^(.*)#form(\d+)$/.exec(key);
  const pageUrl = m ? tryCanonicalUrl(m[1]!) : null;
  return m && pageUrl ? { pageUrl, index: Number(m[2]) } : null;
}

/**
 * Distinct forms that queries were issued on, by the type the crawler's classifier gave them
 * (from `form-found`; a submitted form the trace never typed counts as 'search', the only
 * type the crawler submits).
 */
export function formsSubmittedByType(trace: readonly RunTraceEvent[], queries: readonly RunQuery[], found: readonly FoundForm[]): Record<string, number> {
  const typeOf = new Map(found.map((f) => [`${f.pageUrl}#${f.index}`, f.formType]));
  const located = new Map<string, { pageUrl: string; index: number }>();
  for (const e of trace) {
    if (e.action !== 'search-form' || !isObject(e.input)) continue;
    const { formKey, pageUrl, index } = e.input;
    const page = typeof pageUrl === 'string' ? tryCanonicalUrl(pageUrl) : null;
    if (typeof formKey === 'string' && page && typeof index === 'number') located.set(formKey, { pageUrl: page, index });
  }
  const submitted = new Set<string>();
  for (const q of queries) if (q.form) submitted.add(q.form);
  for (const e of trace) if (e.action === 'submit' && isObject(e.input) && typeof e.input['formKey'] === 'string') submitted.add(e.input['formKey']);
  const out: Record<string, number> = {};
  for (const key of submitted) {
    const at = located.get(key) ?? parseFormKey(key);
    const type = (at && typeOf.get(`${at.pageUrl}#${at.index}`)) ?? 'search';
    out[type] = (out[type] ?? 0) + 1;
  }
  return out;
}
