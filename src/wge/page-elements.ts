/**
 * A live page's elements as WGE constraints see them: the enumeration in the page gives tag,
 * text, region and layout; perceive/'s snapshot and classifiers add form type, field type
 * and label — the same way the recorder described the demo's elements.
 */
import type { Locator, Page } from 'playwright';
import { classifyForm } from '../perceive/classify.ts';
import { snapshotPage } from '../perceive/snapshot.ts';
import { ELEMENT_ATTR, ENUMERATE_SOURCE } from './page-scripts.ts';
import type { RawElement } from './record-events.ts';
import type { PageElement } from './types.ts';

export interface LiveElement extends PageElement {
  /** Position in the enumeration: `locate(page, i)` finds it again. */
  index: number;
}

export async function livePageElements(page: Page): Promise<LiveElement[]> {
  const raw = (await page.evaluate(ENUMERATE_SOURCE)) as RawElement[];
  const snap = await snapshotPage(page);
  const forms = snap.forms.map((form) => ({ form, cls: classifyForm(form, { url: snap.url, title: snap.title }) }));
  return raw.map((r, index) => {
    const el: LiveElement = { index, tag: r.tag };
    if (r.inputType) el.inputType = r.inputType;
    const f = r.formIndex !== undefined ? forms[r.formIndex] : undefined;
    if (f) {
      el.formType = f.cls.type;
      const field = r.name ? f.form.fields.find((x) => x.name === r.name) : r.id ? f.form.fields.find((x) => x.id === r.id) : undefined;
      if (field?.label) el.label = field.label;
      const type = r.name ? f.cls.fields.find((x) => x.name === r.name)?.type : undefined;
      if (type) el.fieldType = type;
    }
    if (r.text) el.text = r.text;
    if (r.name) el.name = r.name;
    if (r.href) el.href = r.href;
    if (r.region) el.region = r.region;
    if (r.formIndex !== undefined) el.formIndex = r.formIndex;
    if (r.layout) el.layout = r.layout;
    return el;
  });
}

export function locate(page: Page, index: number): Locator {
  return page.locator(`[${ELEMENT_ATTR}="${index}"]`);
}
