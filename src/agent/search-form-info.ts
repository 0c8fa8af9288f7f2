/** What the coordinator (and the live WebNav agent) is told about a search form found on a page. */
import type { SearchFormInfo } from '../coordinator/messages.ts';
import type { classifyForm, FormSnapshot } from '../perceive/index.ts';
import { canonicalUrl } from '../url/canonical.ts';

export function formKeyOf(pageUrl: string, index: number): string {
  return `${canonicalUrl(pageUrl)}#form${index}`;
}

export function searchFormInfo(pageUrl: string, depth: number, form: FormSnapshot, result: ReturnType<typeof classifyForm>): SearchFormInfo {
  const typeByName = new Map(result.fields.map((f) => [f.name, f.type]));
  return {
    formKey: formKeyOf(pageUrl, form.index),
    pageUrl: canonicalUrl(pageUrl),
    index: form.index,
    method: form.method,
    action: form.action,
    depth,
    probability: result.probabilities[result.type] ?? 0,
    fields: form.fields.map((f) => ({
      name: f.name,
      label: f.label,
      tag: f.tag,
      type: f.type,
      fieldType: typeByName.get(f.name) ?? 'other',
      required: f.required,
      hidden: f.hidden,
      placeholder: f.placeholder,
      options: f.options,
      selectorHint: f.selectorHint,
    })),
  };
}
