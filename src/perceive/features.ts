/**
 * Sparse, readable features of a form and of its fields, in the spirit of Formasaurus:
 * element counts by type, method, action/class/id tokens and character 3-grams, submit
 * texts, labels and placeholders, form text, page title and URL. A feature is a name and a
 * value (1 for indicators); the models keep a vocabulary of the names seen in training.
 */
import type { FieldSnapshot, FormSnapshot } from './types.ts';
import { charNgrams, identTokens, textTokens, urlTokens } from './tokenize.ts';

export type Features = Map<string, number>;


export interface PageContext {
  url: string;
  title: string;
}

function add(f: Features, name: string, value = 1): void {
  f.set(name, (f.get(name) ?? 0) + value);
}
function addAll(f: Features, prefix: string, tokens: Iterable<string>): void {
  for (const t of tokens) f.set(prefix + t, 1);
}

const COUNTED_TYPES = ['text', 'password', 'email', 'hidden', 'checkbox', 'radio', 'select', 'textarea', 'submit', 'search', 'image', 'button', 'tel', 'file', 'number', 'url', 'date'];

/** The submittable, labelled fields (what Formasaurus annotates): named, not hidden inputs, selects, textareas. */
export function isVisibleField(f: FieldSnapshot): boolean {
  return !!f.name && f.tag !== 'button' && f.type !== 'hidden';
}

/** Form-level features for the form-type model. */
export function formFeatures(form: FormSnapshot, page?: PageContext): Features {
  const f: Features = new Map();
  const counts = new Map<string, number>();
  for (const field of form.fields) {
    const t = field.tag === 'button' ? `button-${field.type}` : field.type;
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  for (const t of COUNTED_TYPES) {
    const n = counts.get(t) ?? 0;
    // Counts as log1p (Formasaurus uses raw counts; the log keeps big forms from dominating).
    if (n > 0) add(f, `count:${t}`, Math.log1p(n));
    add(f, `n:${t}=${Math.min(n, 3)}`);
  }
  const visible = form.fields.filter(isVisibleField).length;
  add(f, `n:visible=${Math.min(visible, 8)}`);
  add(f, 'count:visible', Math.log1p(visible));
  const pw = counts.get('password') ?? 0;
  if (pw === 1) add(f, 'one password input');
  if (pw === 2) add(f, 'two password inputs');
  if (pw > 2) add(f, 'many password inputs');
  add(f, `method:${form.method}`);
  if (form.enctype) add(f, `enctype:${form.enctype.toLowerCase()}`);

  addAll(f, 'action:', urlTokens(form.action));
  const attrs = [form.className, form.id ?? '', form.name ?? ''].join(' ');
  addAll(f, 'attr:', identTokens(attrs));
  for (const a of [form.className, form.id, form.name]) if (a) addAll(f, 'attr3:', charNgrams(a));
  try {
    const path = new URL(form.action).pathname;
    addAll(f, 'action3:', charNgrams(path.slice(-40)));
  } catch {
    /* a non-URL action has no path */
  }

  for (const s of form.submitTexts) addAll(f, 'submit:', textTokens(s));
  for (const s of form.submitTexts) addAll(f, 'submit4:', wordPieces(textTokens(s)));
  if (form.submitTexts.length === 0) add(f, 'no submit text');
  addAll(f, 'text:', textTokens(form.text));
  if (form.surroundingText) addAll(f, 'around:', textTokens(form.surroundingText));

  for (const field of form.fields) {
    if (field.type === 'hidden') continue;
    addAll(f, 'fname:', identTokens(field.name));
    addAll(f, 'fattr:', identTokens(`${field.id ?? ''} ${field.className ?? ''}`));
    if (field.placeholder) addAll(f, 'placeholder:', textTokens(field.placeholder));
    if (field.label) addAll(f, 'label:', textTokens(field.label));
    if (field.label) addAll(f, 'label4:', wordPieces(textTokens(field.label)));
  }
  if (page) {
    addAll(f, 'title:', textTokens(page.title));
    addAll(f, 'url:', urlTokens(page.url));
  }
  return f;
}

/** Features of one field that do not depend on the form type. `fields` are the form's visible fields. */
export function fieldBaseFeatures(fields: FieldSnapshot[], i: number, form: FormSnapshot): Features {
  const f: Features = new Map();
  const field = fields[i] as FieldSnapshot;
  own(f, '', field);
  add(f, `idx:${Math.min(i, 6)}`);
  add(f, `fromEnd:${Math.min(fields.length - 1 - i, 6)}`);
  add(f, `nfields:${Math.min(fields.length, 8)}`);
  // Which of its kind it is: the second password is usually its confirmation.
  let sameBefore = 0;
  let sameTotal = 0;
  for (let j = 0; j < fields.length; j++) {
    if ((fields[j] as FieldSnapshot).type === field.type) {
      sameTotal++;
      if (j < i) sameBefore++;
    }
  }
  add(f, `sameTypeIdx:${field.type}:${Math.min(sameBefore, 3)}`);
  add(f, `sameTypeTotal:${field.type}:${Math.min(sameTotal, 3)}`);
  const pw = fields.filter((x) => x.type === 'password').length;
  add(f, `formPasswords:${Math.min(pw, 3)}`);
  add(f, `method:${form.method}`);
  const prev = fields[i - 1];
  const next = fields[i + 1];
  if (prev) neighbour(f, 'prev:', prev);
  else add(f, 'prev:none');
  if (next) neighbour(f, 'next:', next);
  else add(f, 'next:none');
  for (const s of form.submitTexts) addAll(f, 'formSubmit:', textTokens(s));
  return f;
}

function own(f: Features, p: string, field: FieldSnapshot): void {
  add(f, `${p}tag:${field.tag}`);
  add(f, `${p}type:${field.type}`);
  const nameTokens = identTokens(field.name);
  addAll(f, `${p}name:`, nameTokens);
  if (nameTokens.length === 0) add(f, `${p}name:<none>`);
  addAll(f, `${p}name3:`, charNgrams(field.name.replace(/\[\]$/, '').slice(-30)));
  addAll(f, `${p}id:`, identTokens(field.id));
  addAll(f, `${p}class:`, identTokens(field.className));
  const label = textTokens(field.label);
  addAll(f, `${p}label:`, label);
  if (label.length === 0) add(f, `${p}label:<none>`);
  addAll(f, `${p}label4:`, wordPieces(label));
  const src = field.labelSources;
  if (src.placeholder) addAll(f, `${p}placeholder:`, textTokens(src.placeholder));
  if (src.title) addAll(f, `${p}title:`, textTokens(src.title));
  if (src.nearestText && src.nearestText !== field.label) addAll(f, `${p}near:`, textTokens(src.nearestText));
  if (field.required) add(f, `${p}required`);
  if (field.value && /^(submit|button|image|reset)$/.test(field.type)) addAll(f, `${p}value:`, textTokens(field.value));
  else if (field.value) add(f, `${p}hasValue`);
  if (field.options) {
    add(f, `${p}options:${Math.min(field.options.length, 5) === 5 ? '5+' : field.options.length}`);
    const texts = field.options.slice(0, 6).map((o) => o.text).join(' ');
    addAll(f, `${p}option:`, textTokens(texts));
    if (field.options.length >= 28 && field.options.length <= 32) add(f, `${p}options:days`);
    if (field.options.length === 12 || field.options.length === 13) add(f, `${p}options:months`);
    if (field.options.length > 150) add(f, `${p}options:many`);
  }
  if (field.checked) add(f, `${p}checked`);
}

/**
 * Character 4-grams of the first 8 words (of 4+ letters): word pieces that carry across
 * languages and compounds ("Brugernavn", "Benutzername" and "username" share "navn"/"name").
 */
export function wordPieces(tokens: string[]): string[] {
  const out: string[] = [];
  for (const t of tokens.slice(0, 8)) if (t.length >= 4 && t !== '<num>') out.push(...charNgrams(t, 4));
  return out;
}

function neighbour(f: Features, p: string, field: FieldSnapshot): void {
  add(f, `${p}type:${field.type}`);
  addAll(f, `${p}name:`, identTokens(field.name));
  addAll(f, `${p}label:`, textTokens(field.label));
}

/** Adds the form-type probabilities, and the input type and name tokens conjoined with the likely form type. */
export function withFormContext(base: Features, field: FieldSnapshot, formProbs: Record<string, number>): Features {
  const f: Features = new Map(base);
  let best = '';
  let bestP = -1;
  for (const [t, p] of Object.entries(formProbs)) {
    f.set(`formType:${t}`, p);
    if (p > bestP) {
      best = t;
      bestP = p;
    }
  }
  f.set(`formTop:${best}|type:${field.type}`, 1);
  for (const t of identTokens(field.name)) f.set(`formTop:${best}|name:${t}`, 1);
  return f;
}
