/**
 * Every form a testbed site shows: its fields and true type (ground truth) and its HTML.
 * Labels come in the styles real sites use (label-for, wrapping label, placeholder only,
 * table-row text, aria-label), so a form classifier trained on the real web meets the
 * same variety here.
 */
import { hash32 } from './prng.ts';
import type { ExtraForm, SearchFormConfig, SiteConfig } from './sites.ts';
import type { DomainVocabulary } from './vocabulary.ts';

export type FormTrueType = 'search' | 'login' | 'registration' | 'password/login recovery' | 'contact/comment' | 'join mailing list' | 'order/add to cart' | 'other';
export type LabelStyle = 'for' | 'wrap' | 'placeholder' | 'table' | 'aria';
const LABEL_STYLES: readonly LabelStyle[] = ['for', 'wrap', 'placeholder', 'table', 'aria'];

export interface FieldSpec {
  name: string;
  type: 'text' | 'search' | 'email' | 'password' | 'select' | 'textarea' | 'checkbox' | 'number' | 'hidden' | 'radio';
  label: string;
  options?: { value: string; label: string }[];
  required?: boolean;
  value?: string;
}

export interface FormSpec {
  formId: string;
  trueType: FormTrueType;
  method: 'GET' | 'POST';
  /** Path the form submits to. */
  action: string;
  fields: FieldSpec[];
  submitLabel: string;
  /** Search kind for search forms; a short name of the form otherwise. */
  variant: string;
  labelStyle: LabelStyle;
  heading?: string;
  /** Built by client-side script: not in the served HTML. */
  scriptBuilt?: boolean;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function styleFor(domain: string, formId: string): LabelStyle {
  return LABEL_STYLES[hash32(`${domain}:${formId}`) % LABEL_STYLES.length]!;
}

const pretty = (slug: string): string => slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function categoryOptions(vocab: DomainVocabulary, first: string): FieldSpec['options'] {
  return [{ value: '', label: first }, ...vocab.categories.map((c) => ({ value: c, label: pretty(c) }))];
}

export function searchFormSpec(site: SiteConfig, form: SearchFormConfig, vocab: DomainVocabulary): FormSpec {
  const p = form.params;
  const [plural] = [vocab.recordNoun[1]];
  const fields: FieldSpec[] = [];
  const yearOptions = [{ value: '', label: 'Any year' }];
  for (let y = vocab.years[1]; y >= vocab.years[0]; y--) yearOptions.push({ value: String(y), label: String(y) });
  switch (form.kind) {
    case 'fulltext':
    case 'script':
      fields.push({ name: p.keyword, type: 'search', label: form.kind === 'script' ? `Search ${plural}` : `Search ${vocab.siteName}`, required: form.required });
      if (form.kind === 'script') fields.push({ name: p.category, type: 'select', label: pretty(p.category), options: categoryOptions(vocab, `All ${p.category}s`) });
      break;
    case 'title-only':
      fields.push({ name: p.keyword, type: 'text', label: `${pretty(vocab.recordNoun[0])} title contains`, required: form.required });
      break;
    case 'select-only':
      fields.push({ name: p.category, type: 'select', label: pretty(p.category), options: categoryOptions(vocab, `— choose a ${p.category} —`), required: true });
      fields.push({ name: p.year, type: 'select', label: 'Year', options: yearOptions });
      break;
    case 'multi-field':
      fields.push({ name: p.keyword, type: 'text', label: 'With all of the words' });
      fields.push({ name: p.category, type: 'select', label: pretty(p.category), options: categoryOptions(vocab, 'Any') });
      fields.push({ name: p.yearFrom, type: 'number', label: 'Year from' });
      fields.push({ name: p.yearTo, type: 'number', label: 'Year to' });
      if (vocab.price) {
        fields.push({ name: p.priceMin, type: 'number', label: 'Min price' });
        fields.push({ name: p.priceMax, type: 'number', label: 'Max price' });
      }
      break;
  }
  return {
    formId: form.formId,
    trueType: 'search',
    method: form.method,
    action: form.kind === 'script' ? form.pagePath : form.action,
    fields,
    submitLabel: form.kind === 'select-only' ? 'Show results' : 'Search',
    variant: form.kind,
    labelStyle: styleFor(site.domain, form.formId),
    heading: form.formId === 'advanced-search' ? 'Advanced search' : undefined,
    scriptBuilt: form.kind === 'script',
  };
}

/** Paths of the non-search forms and the pages they sit on. */
export const FORM_PATHS = {
  login: { page: '/login', action: '/account/login' },
  registration: { page: '/register', action: '/account/register' },
  recovery: { page: '/login/forgot', action: '/account/reset' },
  newsletter: { page: '/newsletter', action: '/newsletter/subscribe' },
  contact: { page: '/contact', action: '/contact/send' },
  order: { page: '/offers', action: '/cart/add' },
  poll: { page: '/poll', action: '/poll/vote' },
} as const;

export function loginForm(domain: string): FormSpec {
  const byEmail = hash32(domain) % 2 === 0;
  return {
    formId: 'login', trueType: 'login', method: 'POST', action: FORM_PATHS.login.action, heading: 'Sign in to your account',
    fields: [
      byEmail ? { name: 'email', type: 'email', label: 'Email address', required: true } : { name: 'username', type: 'text', label: 'Username', required: true },
      { name: 'password', type: 'password', label: 'Password', required: true },
      { name: 'remember', type: 'checkbox', label: 'Keep me signed in', value: '1' },
    ],
    submitLabel: 'Log in', variant: 'login', labelStyle: styleFor(domain, 'login'),
  };
}

export function registrationForm(domain: string): FormSpec {
  return {
    formId: 'registration', trueType: 'registration', method: 'POST', action: FORM_PATHS.registration.action, heading: 'Create an account',
    fields: [
      { name: 'full_name', type: 'text', label: 'Full name', required: true },
      { name: 'email', type: 'email', label: 'Email', required: true },
      { name: 'password', type: 'password', label: 'Choose a password', required: true },
      { name: 'password_confirm', type: 'password', label: 'Repeat password', required: true },
      { name: 'terms', type: 'checkbox', label: 'I agree to the terms of service', value: 'yes', required: true },
    ],
    submitLabel: 'Register', variant: 'registration', labelStyle: styleFor(domain, 'registration'),
  };
}

export function recoveryForm(domain: string): FormSpec {
  return {
    formId: 'password-recovery', trueType: 'password/login recovery', method: 'POST', action: FORM_PATHS.recovery.action, heading: 'Forgot your password?',
    fields: [{ name: 'email', type: 'email', label: 'Enter the email address of your account', required: true }],
    submitLabel: 'Send reset link', variant: 'password-recovery', labelStyle: styleFor(domain, 'password-recovery'),
  };
}

export function newsletterForm(domain: string, vocab: DomainVocabulary): FormSpec {
  const get = hash32(`${domain}:nl`) % 3 === 0;
  return {
    formId: 'newsletter', trueType: 'join mailing list', method: get ? 'GET' : 'POST', action: FORM_PATHS.newsletter.action, heading: `The ${vocab.siteName} newsletter`,
    fields: [
      { name: 'email', type: 'email', label: 'Your email', required: true },
      { name: 'frequency', type: 'select', label: 'How often', options: [{ value: 'weekly', label: 'Weekly digest' }, { value: 'monthly', label: 'Monthly' }] },
    ],
    submitLabel: 'Subscribe', variant: 'newsletter', labelStyle: styleFor(domain, 'newsletter'),
  };
}

export function contactForm(domain: string): FormSpec {
  return {
    formId: 'contact', trueType: 'contact/comment', method: 'POST', action: FORM_PATHS.contact.action, heading: 'Write to us',
    fields: [
      { name: 'name', type: 'text', label: 'Your name', required: true },
      { name: 'email', type: 'email', label: 'Email', required: true },
      { name: 'subject', type: 'select', label: 'Subject', options: [{ value: 'general', label: 'General question' }, { value: 'correction', label: 'Report an error' }, { value: 'press', label: 'Press' }] },
      { name: 'message', type: 'textarea', label: 'Message', required: true },
    ],
    submitLabel: 'Send message', variant: 'contact', labelStyle: styleFor(domain, 'contact'),
  };
}

export function orderForm(domain: string, product: { id: number; name: string }, index: number): FormSpec {
  return {
    formId: `order-${index + 1}`, trueType: 'order/add to cart', method: 'POST', action: FORM_PATHS.order.action, heading: product.name,
    fields: [
      { name: 'product_id', type: 'hidden', label: '', value: String(product.id) },
      { name: 'quantity', type: 'number', label: 'Quantity', value: '1' },
    ],
    submitLabel: 'Add to cart', variant: 'order', labelStyle: styleFor(domain, `order-${index}`),
  };
}

export function pollForm(domain: string, vocab: DomainVocabulary): FormSpec {
  return {
    formId: 'poll', trueType: 'other', method: 'POST', action: FORM_PATHS.poll.action, heading: 'Reader poll',
    fields: [{ name: 'choice', type: 'radio', label: `Favourite ${vocab.recordNoun[0]} category`, options: vocab.categories.slice(0, 4).map((c) => ({ value: c, label: pretty(c) })) }],
    submitLabel: 'Vote', variant: 'poll', labelStyle: 'wrap',
  };
}

export function extraFormPages(extra: ExtraForm): string {
  return extra === 'password-recovery' ? FORM_PATHS.recovery.page : extra === 'order' ? FORM_PATHS.order.page : FORM_PATHS.poll.page;
}

function control(field: FieldSpec, id: string, withPlaceholder: boolean, withAria: boolean): string {
  const req = field.required ? ' required' : '';
  const aria = withAria ? ` aria-label="${esc(field.label)}"` : '';
  const value = field.value !== undefined ? ` value="${esc(field.value)}"` : '';
  switch (field.type) {
    case 'select':
      return `<select id="${id}" name="${esc(field.name)}"${req}${aria}>${(field.options ?? []).map((o) => `<option value="${esc(o.value)}">${esc(o.label)}</option>`).join('')}</select>`;
    case 'textarea':
      return `<textarea id="${id}" name="${esc(field.name)}" rows="5"${withPlaceholder ? ` placeholder="${esc(field.label)}"` : ''}${req}${aria}></textarea>`;
    case 'radio':
      return (field.options ?? []).map((o, i) => `<label><input type="radio" name="${esc(field.name)}" value="${esc(o.value)}"${i === 0 ? ' checked' : ''}> ${esc(o.label)}</label>`).join(' ');
    default:
      return `<input type="${field.type}" id="${id}" name="${esc(field.name)}"${value}${withPlaceholder && field.type !== 'checkbox' ? ` placeholder="${esc(field.label)}"` : ''}${req}${aria}>`;
  }
}

/** The form's HTML in its label style. */
export function renderForm(spec: FormSpec): string {
  const rows: string[] = [];
  const style = spec.labelStyle;
  for (const field of spec.fields) {
    const id = `${spec.formId}-${field.name}`;
    if (field.type === 'hidden') {
      rows.push(control(field, id, false, false));
    } else if (field.type === 'checkbox' || field.type === 'radio') {
      rows.push(field.type === 'radio' ? `<fieldset><legend>${esc(field.label)}</legend>${control(field, id, false, false)}</fieldset>` : `<p><label>${control(field, id, false, false)} ${esc(field.label)}</label></p>`);
    } else if (style === 'for') {
      rows.push(`<p><label for="${id}">${esc(field.label)}</label> ${control(field, id, false, false)}</p>`);
    } else if (style === 'wrap') {
      rows.push(`<p><label>${esc(field.label)} ${control(field, id, false, false)}</label></p>`);
    } else if (style === 'table') {
      rows.push(`<tr><td>${esc(field.label)}:</td><td>${control(field, id, false, false)}</td></tr>`);
    } else {
      // Placeholder-only fields have no visible label; selects cannot hold one, so they get aria-label.
      const placeholder = style === 'placeholder' && field.type !== 'select';
      rows.push(`<span class="field">${control(field, id, placeholder, !placeholder)}</span> `);
    }
  }
  const hidden = rows.filter((r) => r.startsWith('<input type="hidden"'));
  const visible = rows.filter((r) => !r.startsWith('<input type="hidden"'));
  const body = style === 'table'
    ? `<table class="form-table">${visible.filter((r) => r.startsWith('<tr>')).join('')}</table>${visible.filter((r) => !r.startsWith('<tr>')).join('')}`
    : visible.join('\n');
  // Like the real web, some forms name themselves (id, role="search") and some do not, so
  // attributes alone never give the type away.
  const h = hash32(`${spec.formId}|${spec.action}|${spec.labelStyle}`);
  const id = h % 3 === 0 ? `frm${h % 997}` : `${spec.formId}-form`;
  const role = spec.trueType === 'search' && h % 2 === 0 ? ' role="search"' : '';
  const heading = spec.heading ? `<h2>${esc(spec.heading)}</h2>\n` : '';
  return `${heading}<form id="${id}" action="${esc(spec.action)}" method="${spec.method.toLowerCase()}"${role}>
${hidden.join('')}${body}
<button type="submit">${esc(spec.submitLabel)}</button>
</form>`;
}
