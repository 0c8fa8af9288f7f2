/**
 * WGE's data: demonstrations as abstract state–action pairs. A step says what was done
 * (follow a link, type, select, submit, open a result, go to the next page) and describes
 * the element acted on the way the crawler perceives it (form type, field type, label, text,
 * layout), never by a selector, so a demo generalises to other pages and sites.
 */
import type { CandidateSource } from '../strategies/types.ts';

export const DEMO_ACTIONS = ['follow-link', 'type', 'select', 'submit', 'open-result', 'next-page'] as const;
export type DemoAction = (typeof DEMO_ACTIONS)[number];

/** Page coordinates (CSS pixels, scroll included) of an element's bounding box. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where on the page an element sits, as the recorder sees it: a result-like repeated list,
 * pagination controls, navigation (nav/header/footer), a form, or other content.
 */
export type Region = 'list' | 'pagination' | 'nav' | 'form' | 'content';

/** An element as perceived: what WGE's constraints read (demo steps and live page elements alike). */
export interface PageElement {
  /** Lower-case tag: a, input, select, textarea, button. */
  tag: string;
  /** Lower-case input type (text, search, submit …) or the tag for select/textarea. */
  inputType?: string;
  /** Type of the enclosing form, by the crawler's form classifier. */
  formType?: string;
  /** Field type, by the crawler's field classifier. */
  fieldType?: string;
  /** Label text of the field, as perceive/ computes it. */
  label?: string;
  /** Visible text of a link or button. */
  text?: string;
  /** name attribute. */
  name?: string;
  href?: string;
  region?: Region;
  /** 0-based index among the page's forms, when inside one. */
  formIndex?: number;
  layout?: Box;
}

export interface DemoStep {
  action: DemoAction;
  element: PageElement;
  /** Text typed, or the option text chosen. */
  value?: string;
  /** The chosen option's value attribute (select). */
  optionValue?: string;
  /** Where the value came from, when known: an LVS table value, a drop-down's options … */
  valueSource?: CandidateSource;
  /** The LVS label the value belongs to (with valueSource 'lvs'). */
  lvsLabel?: string;
  /** Page the action was taken on. */
  url?: string;
}

export interface Demo {
  name: string;
  /** ODP domain of the site (selects the LVS table when the value's source was worked out). */
  domain?: string;
  startUrl?: string;
  /** ISO time of recording. */
  recordedAt: string;
  steps: DemoStep[];
}
