import { describe, expect, it } from 'vitest';
import { classifyForm, FIELD_TYPES, FORM_TYPES, loadFormModels } from '../../src/perceive/classify.ts';
import { snapshotHtml } from '../../src/perceive/snapshot.ts';
import type { FormSnapshot } from '../../src/perceive/types.ts';

function form(html: string): FormSnapshot {
  const f = snapshotHtml(html, 'http://shop.example.org/').forms[0];
  if (!f) throw new Error('no form');
  return f;
}

describe('shipped form models', () => {
  it('takes a declared search landmark as search, but never a form that asks for a password', () => {
    const selects = '<select name="activity"><option value="">choose</option><option>Hiking</option></select><select name="year"><option>2024</option></select><button type="submit">Show results</button>';
    const declared = classifyForm(form(`<form action="/r" method="post" role="search">${selects}</form>`));
    const inside = classifyForm(form(`<div role="search"><form action="/r" method="post">${selects}</form></div>`));
    const plain = classifyForm(form(`<form action="/r" method="post">${selects}</form>`));
    const login = classifyForm(form('<form role="search" method="post"><input name="user"><input type="password" name="pw"><input type="submit" value="Log in"></form>'));
    expect(declared.type).toBe('search');
    expect(declared.evidence).toBe('search landmark');
    expect(inside.type).toBe('search');
    expect(plain.evidence).toBeUndefined();
    expect(login.type).not.toBe('search');
  });

  // Load time is measured by `surfacer bench forms`, not asserted here.
  it('load and are cached', () => {
    const models = loadFormModels();
    expect(loadFormModels()).toBe(models);
    expect(models.form.classes).toEqual([...FORM_TYPES]);
    expect(models.field.classes).toEqual([...FIELD_TYPES]);
  });

  it('separates an obvious search, login and registration form', () => {
    const search = classifyForm(form('<form action="/search" method="get"><input type="text" name="q" placeholder="Search products"><input type="submit" value="Search"></form>'));
    const login = classifyForm(form('<form action="/login" method="post"><label for="u">Username</label><input id="u" name="username"><label for="p">Password</label><input id="p" type="password" name="password"><input type="submit" value="Log in"></form>'));
    const signup = classifyForm(
      form('<form action="/signup" method="post"><h3>Create your account</h3><label>Email <input type="email" name="email"></label><label>First name <input name="first_name"></label><label>Password <input type="password" name="password"></label><label>Confirm password <input type="password" name="password_confirm"></label><input type="submit" value="Register"></form>'),
    );
    expect(search.type).toBe('search');
    expect(search.probabilities.search).toBeGreaterThan(0.8);
    expect(login.type).toBe('login');
    expect(signup.type).toBe('registration');
    const sum = Object.values(login.probabilities).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 2);
    expect(search.fields.find((f) => f.name === 'q')?.type).toBe('search query');
    expect(login.fields.map((f) => f.type)).toEqual(['username', 'password']);
    expect(login.fields[0]?.label).toBe('Username');
    const types = Object.fromEntries(signup.fields.map((f) => [f.name, f.type]));
    expect(types['email']).toBe('email');
    expect(types['password']).toBe('password');
    expect(types['password_confirm']).toBe('password confirmation');
  });

  // Speed is a benchmark (`surfacer bench forms`), not a timed assertion; here, purity.
  it('classifies the same form the same way every time', () => {
    const f = form('<form action="/search"><input name="q"><select name="c"><option>All</option></select><input type="submit" value="Find"></form>');
    const first = JSON.stringify(classifyForm(f));
    for (let i = 0; i < 50; i++) expect(JSON.stringify(classifyForm(f))).toBe(first);
  });
});
