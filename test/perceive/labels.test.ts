import { describe, expect, it } from 'vitest';
import { snapshotHtml } from '../../src/perceive/snapshot.ts';
import type { FieldSnapshot } from '../../src/perceive/types.ts';

function fields(html: string): FieldSnapshot[] {
  const form = snapshotHtml(`<form action="/x">${html}</form>`, 'http://example.com/').forms[0];
  if (!form) throw new Error('no form');
  return form.fields;
}
function field(html: string, name: string): FieldSnapshot {
  const f = fields(html).find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
}

describe('field labels', () => {
  it('reads <label for>', () => {
    const f = field('<label for="e">E-mail address</label><div><input id="e" name="email"></div>', 'email');
    expect(f.labelSources.for).toBe('E-mail address');
    expect(f.label).toBe('E-mail address');
  });
  it('reads a wrapping label without the control itself', () => {
    const f = field('<label>Your name <input name="n" value="x"></label>', 'n');
    expect(f.labelSources.wrapping).toBe('Your name');
    expect(f.label).toBe('Your name');
  });
  it('reads aria-label and aria-labelledby', () => {
    expect(field('<input name="q" aria-label="Search the site">', 'q').labelSources.aria).toBe('Search the site');
    const f = field('<span id="lbl">Postal code</span><input name="zip" aria-labelledby="lbl">', 'zip');
    expect(f.labelSources.aria).toBe('Postal code');
    expect(f.label).toBe('Postal code');
  });
  it('falls back to placeholder and title', () => {
    const p = field('<input name="city" placeholder="City">', 'city');
    expect(p.labelSources.placeholder).toBe('City');
    expect(p.label).toBe('City');
    const t = field('<input name="phone" title="Phone number">', 'phone');
    expect(t.label).toBe('Phone number');
  });
  it('uses the nearest preceding text (LITE) before placeholder', () => {
    const f = field('<table><tr><td>Last name:</td><td><input name="ln" placeholder="e.g. Smith"></td></tr></table>', 'ln');
    expect(f.labelSources.nearestText).toBe('Last name:');
    expect(f.label).toBe('Last name:');
  });
  it('labels a checkbox by the text after it', () => {
    const f = field('<input type="checkbox" name="remember"> Remember me', 'remember');
    expect(f.label).toBe('Remember me');
  });
});
