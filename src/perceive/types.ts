/**
 * The page snapshot: everything the crawler perceives of one page state, taken with a single
 * `page.evaluate` in a live page or from stored HTML by the same extraction code, so the
 * classifiers see identical input either way. Plain JSON throughout.
 */

export interface PageSnapshot {
  /** Canonical URL of the page state. */
  url: string;
  title: string;
  /** Visible text of the body (block elements on their own lines), truncated to MAX_TEXT. */
  text: string;
  /** h1–h3 texts in document order. */
  headings: string[];
  links: LinkSnapshot[];
  forms: FormSnapshot[];
  /** Buttons outside any form (script controls such as "Load more"). */
  buttons: ButtonSnapshot[];
}

export interface LinkSnapshot {
  /** Absolute, canonical URL. */
  href: string;
  text: string;
  rel?: string;
  /** Inside nav, header, footer or an element whose role/class says navigation. */
  inNav: boolean;
  /** Number of ancestors: a crude position in the page structure. */
  domDepth: number;
}

export interface ButtonSnapshot {
  text: string;
  id?: string;
  /** CSS selector that finds the element again in the live page. */
  selectorHint: string;
}

export interface FormSnapshot {
  /** 0-based index among the page's <form> elements. */
  index: number;
  id?: string;
  name?: string;
  /** Absolute action URL (the page URL when the form has none). */
  action: string;
  method: 'GET' | 'POST';
  enctype?: string;
  /** 'search' when the form is, or sits inside, an ARIA search landmark (role=search, <search>). */
  landmark?: 'search';
  className: string;
  /** Visible text inside the form. */
  text: string;
  /** Text just before the form (a heading or intro), up to ~200 characters. */
  surroundingText: string;
  /** Texts of its submit controls. */
  submitTexts: string[];
  fields: FieldSnapshot[];
  /** Outer HTML, only when asked for (stored for training and debugging). */
  html?: string;
}

export interface FieldLabelSources {
  for?: string;
  wrapping?: string;
  aria?: string;
  placeholder?: string;
  title?: string;
  /** Nearest preceding text in layout (live page) or document order (stored HTML): HiWE's LITE idea. */
  nearestText?: string;
}

export interface FieldSnapshot {
  /** Lower-case tag: input, select, textarea, button. */
  tag: string;
  /** Lower-case type attribute (input, button) or the tag for select/textarea. */
  type: string;
  name: string;
  id?: string;
  className?: string;
  /** The best label: for, wrapping, aria, nearest text, placeholder, title, in that order. */
  label: string;
  labelSources: FieldLabelSources;
  placeholder?: string;
  value?: string;
  required: boolean;
  /** Options of a select, or of a radio group (one FieldSnapshot for the group). */
  options?: { value: string; text: string; selected: boolean }[];
  checked?: boolean;
  /** type=hidden, or not rendered in a live page. */
  hidden: boolean;
  /** Position among the form's fields. */
  order: number;
  /** CSS selector that finds the element in the live page, for filling it. */
  selectorHint: string;
}

export const MAX_TEXT = 20_000;
