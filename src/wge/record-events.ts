/**
 * From what the instrumentation saw to a demo step: the form and field are classified with
 * the crawler's own perceive/ models (on the snapshot taken in the page at the moment of the
 * action), the action is named (a list link after a search opens a result, a pager control
 * goes to the next page) and a typed value is traced to its LVS label when the table has it.
 */
import { matchFieldToLvs } from '../lvs/match.ts';
import type { LvsTable } from '../lvs/types.ts';
import { classifyForm, type FormClassification } from '../perceive/classify.ts';
import type { FormSnapshot } from '../perceive/types.ts';
import { tryCanonicalUrl } from '../url/canonical.ts';
import { PREV_TEXT } from './pager-text.ts';
import type { Box, DemoStep, PageElement, Region } from './types.ts';

/** An element as surfacerDescribe (page-scripts.ts) reports it. */
export interface RawElement {
  tag: string;
  inputType?: string;
  name?: string;
  id?: string;
  text?: string;
  href?: string;
  rel?: string;
  region?: Region;
  formIndex?: number;
  layout?: Box;
}

/** One action as the instrumentation reports it. */
export interface RawDemoEvent {
  kind: 'type' | 'select' | 'submit' | 'click';
  url: string;
  title: string;
  element: RawElement;
  value?: string;
  optionValue?: string;
  /** The acted-on form, from the page snapshot at the moment of the action. */
  form?: FormSnapshot;
}

export interface EventContext {
  /** The site domain's LVS table, to name where typed values came from. */
  lvs?: LvsTable;
  /** A query has been submitted earlier in the demo: list links from here on are results. */
  searched: boolean;
  /** Form classifier; perceive/'s by default (tests may pass another). */
  classify?: (form: FormSnapshot, page: { url: string; title: string }) => FormClassification;
}

function canonicalForm(form: FormSnapshot): FormSnapshot {
  return { ...form, action: tryCanonicalUrl(form.action) ?? form.action };
}

/** The element as a demo describes it: perceived types and label, plus text and layout. */
function describeElement(ev: RawDemoEvent, ctx: EventContext): PageElement {
  const raw = ev.element;
  const el: PageElement = { tag: raw.tag };
  if (raw.inputType && raw.inputType !== raw.tag) el.inputType = raw.inputType;
  if (ev.form) {
    const page = { url: tryCanonicalUrl(ev.url) ?? ev.url, title: ev.title };
    const cls = (ctx.classify ?? ((f, p) => classifyForm(f, p)))(canonicalForm(ev.form), page);
    el.formType = cls.type;
    const field = raw.name ? ev.form.fields.find((f) => f.name === raw.name) : raw.id ? ev.form.fields.find((f) => f.id === raw.id) : undefined;
    if (field?.label) el.label = field.label;
    const type = raw.name ? cls.fields.find((f) => f.name === raw.name)?.type : undefined;
    if (type) el.fieldType = type;
  }
  if (raw.text) el.text = raw.text;
  if (raw.name) el.name = raw.name;
  if (raw.href) el.href = tryCanonicalUrl(raw.href) ?? raw.href;
  if (raw.region) el.region = raw.region;
  if (raw.formIndex !== undefined) el.formIndex = raw.formIndex;
  if (raw.layout) el.layout = raw.layout;
  return el;
}

/** The LVS label whose values hold `value`: the label the field matches first, else any. */
function lvsLabelOf(value: string, ev: RawDemoEvent, table: LvsTable): string | undefined {
  const v = value.trim().toLowerCase();
  if (!v) return undefined;
  const has = (values: { value: string }[]): boolean => values.some((w) => w.value.toLowerCase() === v);
  const field = ev.form?.fields.find((f) => f.name === ev.element.name);
  if (field) {
    const match = matchFieldToLvs(field, table);
    if ((match.kind === 'keyword' || match.kind === 'lvs') && match.label && has(match.label.values)) return match.label.label;
  }
  return table.labels.find((l) => has(l.values))?.label;
}

/** The demo step for one raw event, or null for clicks that are no demo action (a "previous" link, a plain button). */
export function eventToStep(ev: RawDemoEvent, ctx: EventContext): DemoStep | null {
  const element = describeElement(ev, ctx);
  const base = { element, url: tryCanonicalUrl(ev.url) ?? ev.url };
  const prevLike = PREV_TEXT.test(element.text ?? '');
  switch (ev.kind) {
    case 'type': {
      const value = ev.value ?? '';
      const label = ctx.lvs ? lvsLabelOf(value, ev, ctx.lvs) : undefined;
      return { action: 'type', ...base, value, ...(label ? { valueSource: 'lvs' as const, lvsLabel: label } : {}) };
    }
    case 'select':
      return { action: 'select', ...base, value: ev.value ?? '', ...(ev.optionValue !== undefined ? { optionValue: ev.optionValue } : {}), valueSource: 'options' };
    case 'submit':
      // A pager's "Next" button resubmits the search form: that is paging, not a new query.
      return { action: element.region === 'pagination' && !prevLike ? 'next-page' : 'submit', ...base };
    case 'click':
      if (element.region === 'pagination') return prevLike ? null : { action: 'next-page', ...base };
      if (element.tag !== 'a') return null;
      return { action: element.region === 'list' && ctx.searched ? 'open-result' : 'follow-link', ...base };
  }
}
