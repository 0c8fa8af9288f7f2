import { describe, expect, it } from 'vitest';
import { fieldBaseFeatures, formFeatures, withFormContext, wordPieces } from '../../src/perceive/features.ts';
import { modelFields } from '../../src/perceive/dataset.ts';
import { snapshotHtml } from '../../src/perceive/snapshot.ts';
import { charNgrams, identTokens, textTokens } from '../../src/perceive/tokenize.ts';
import type { FormSnapshot } from '../../src/perceive/types.ts';

function form(html: string): FormSnapshot {
  const f = snapshotHtml(html, 'http://example.com/page').forms[0];
  if (!f) throw new Error('no form');
  return f;
}

const LOGIN = form('<form method="post" action="/session/new" class="loginForm"><input name="user_name"><input type="password" name="pwd"><input type="submit" value="Sign in"></form>');
const SIGNUP = form('<form method="post" action="/register"><input type="email" name="email"><input type="password" name="password"><input type="password" name="password2"><input type="submit" value="Create account"></form>');
const SEARCH = form('<form action="/search"><input type="search" name="q" placeholder="Search"><input type="submit" value="Go"></form>');

describe('tokenisers', () => {
  it('splits identifiers on camelCase, _ and -', () => {
    expect(identTokens('userName_first-x2')).toEqual(['user', 'name', 'first']);
    expect(identTokens('loginForm')).toEqual(['login', 'form']);
  });
  it('tokenises text with wink-nlp, lower-cased, without punctuation', () => {
    expect(textTokens('Sign in, please!')).toEqual(['sign', 'in', 'please']);
    expect(textTokens('Page 2')).toEqual(['page', '<num>']);
  });
  it('makes boundary-marked character 3-grams', () => {
    expect(charNgrams('ab')).toEqual(['^ab', 'ab$']);
  });
});

describe('form features', () => {
  it('counts password inputs', () => {
    expect(formFeatures(LOGIN).get('one password input')).toBe(1);
    expect(formFeatures(LOGIN).has('two password inputs')).toBe(false);
    expect(formFeatures(SIGNUP).get('two password inputs')).toBe(1);
    expect(formFeatures(SEARCH).has('one password input')).toBe(false);
    expect(formFeatures(SIGNUP).get('count:password')).toBeCloseTo(Math.log1p(2));
  });
  it('has method, action, class, submit text and placeholder features', () => {
    const login = formFeatures(LOGIN);
    expect(login.get('method:POST')).toBe(1);
    expect(login.get('action:session')).toBe(1);
    expect(login.get('attr:login')).toBe(1);
    expect(login.get('submit:sign')).toBe(1);
    const search = formFeatures(SEARCH, { url: 'http://example.com/catalog', title: 'Big Catalog' });
    expect(search.get('method:GET')).toBe(1);
    expect(search.get('placeholder:search')).toBe(1);
    expect(search.get('count:search')).toBeCloseTo(Math.log1p(1));
    expect(search.get('title:catalog')).toBe(1);
    expect(search.get('url:catalog')).toBe(1);
  });
});

describe('field features', () => {
  it('describes the field, its position and its neighbours', () => {
    const fields = modelFields(SIGNUP);
    expect(fields.map((f) => f.name)).toEqual(['email', 'password', 'password2']);
    const second = fieldBaseFeatures(fields, 2, SIGNUP);
    expect(second.get('type:password')).toBe(1);
    expect(second.get('sameTypeIdx:password:1')).toBe(1);
    expect(second.get('prev:type:password')).toBe(1);
    expect(second.get('next:none')).toBe(1);
    expect(second.get('formPasswords:2')).toBe(1);
    const first = fieldBaseFeatures(fields, 0, SIGNUP);
    expect(first.get('name:email')).toBe(1);
    expect(first.get('prev:none')).toBe(1);
  });
  it('adds the form-type probabilities and conjunctions with the likely type', () => {
    const fields = modelFields(SEARCH);
    const f = withFormContext(fieldBaseFeatures(fields, 0, SEARCH), fields[0]!, { search: 0.9, login: 0.1 });
    expect(f.get('formType:search')).toBe(0.9);
    expect(f.get('formTop:search|type:search')).toBe(1);
    expect(f.get('formTop:search|name:q')).toBeUndefined(); // one-letter names give no token
  });
  it('adds word pieces of the label that carry across languages', () => {
    expect(wordPieces(['brugernavn', 'of', '<num>'])).toEqual(['^bru', 'brug', 'ruge', 'uger', 'gern', 'erna', 'rnav', 'navn', 'avn$']);
    const f = form('<form><label for="u">Benutzername</label><input id="u" name="x"></form>');
    const fields = modelFields(f);
    expect(fieldBaseFeatures(fields, 0, f).get('label4:name')).toBe(1);
    expect(formFeatures(f).get('label4:name')).toBe(1);
  });
});
