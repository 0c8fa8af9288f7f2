/** The label sets of the form-type and field-type classifiers (names as in the Formasaurus data). */

export const FORM_TYPES = [
  'search',
  'login',
  'registration',
  'password/login recovery',
  'contact/comment',
  'join mailing list',
  'order/add to cart',
  'other',
] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** All field types of the dataset (OpenID never occurs in it, so it is left out). */
export const FIELD_TYPES = [
  'search query', 'search category / refinement', 'username', 'password', 'password confirmation',
  'email', 'email confirmation', 'username or email', 'first name', 'last name', 'middle name',
  'full name', 'submit button', 'captcha', 'honeypot', 'TOS confirmation', 'receive emails confirmation',
  'remember me checkbox', 'cancel button', 'reset/clear button', 'organization name', 'gender', 'day',
  'month', 'year', 'full date', 'time zone', 'DST', 'country', 'city', 'state', 'address', 'postal code',
  'phone', 'fax', 'url', 'about me text', 'comment text', 'comment title or subject', 'security question',
  'answer to security question', 'product quantity', 'style select', 'sorting option', 'other number',
  'other read-only', 'other',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

const FIELD_TYPE_SET = new Set<string>(FIELD_TYPES);

/** Maps a dataset field type onto FIELD_TYPES ('other' for anything unknown). */
export function toFieldType(name: string): FieldType {
  return (FIELD_TYPE_SET.has(name) ? name : 'other') as FieldType;
}

export function isFormType(name: string): name is FormType {
  return (FORM_TYPES as readonly string[]).includes(name);
}
