import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../src/browser/index.ts';
import { snapshotHtml, snapshotPage } from '../../src/perceive/snapshot.ts';
import type { FieldSnapshot, FormSnapshot, PageSnapshot } from '../../src/perceive/types.ts';

const BASE = 'http://127.0.0.1/dir/page.html';

function formOf(html: string, index = 0): FormSnapshot {
  const form = snapshotHtml(html, BASE).forms[index];
  if (!form) throw new Error(`no form ${index} in snapshot`);
  return form;
}
function field(form: FormSnapshot, name: string): FieldSnapshot {
  const f = form.fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}; have ${form.fields.map((x) => x.name).join(',')}`);
  return f;
}

describe('field labels from stored HTML (each labelling style)', () => {
  it('<label for> (the control not inside it)', () => {
    const f = field(formOf('<form><label for="q1">Book title</label><div><input id="q1" name="title"></div></form>'), 'title');
    expect(f.labelSources.for).toBe('Book title');
    expect(f.label).toBe('Book title');
  });

  it('a wrapping <label>, without the control text', () => {
    const f = field(formOf('<form><label>Your e-mail <input name="mail" type="email" value="x@y.z"></label></form>'), 'mail');
    expect(f.labelSources.wrapping).toBe('Your e-mail');
    expect(f.label).toBe('Your e-mail');
    expect(f.labelSources.for).toBeUndefined();
  });

  it('aria-label, and aria-labelledby resolving ids', () => {
    const form = formOf('<form><span id="l1">Departure</span> <span id="l2">city</span><input name="from" aria-labelledby="l1 l2"><input name="to" aria-label="Arrival city"></form>');
    expect(field(form, 'from').labelSources.aria).toBe('Departure city');
    expect(field(form, 'to').labelSources.aria).toBe('Arrival city');
    expect(field(form, 'to').label).toBe('Arrival city');
  });

  it('placeholder and title when nothing else labels the field', () => {
    const form = formOf('<form><input name="q" placeholder="Search products"><input name="zip" title="Postal code"></form>');
    const q = field(form, 'q');
    expect(q.labelSources.placeholder).toBe('Search products');
    expect(q.placeholder).toBe('Search products');
    expect(q.label).toBe('Search products');
    expect(field(form, 'zip').labelSources.title).toBe('Postal code');
    expect(field(form, 'zip').label).toBe('Postal code');
  });

  it('nearest preceding text in document order (HiWE LITE)', () => {
    const form = formOf('<form><p>Author name:</p><input name="author"><br>Year <input name="year"></form>');
    expect(field(form, 'author').labelSources.nearestText).toBe('Author name:');
    expect(field(form, 'year').labelSources.nearestText).toBe('Year');
    expect(field(form, 'year').label).toBe('Year');
  });

  it('table-row labels: the text in the previous cell', () => {
    const html = '<form><table><tr><td><b>Last name</b></td><td><input name="ln"></td></tr><tr><th>City</th><td><select name="city"><option value="1">Paris</option><option value="2" selected>Oslo</option></select></td></tr></table></form>';
    const form = formOf(html);
    expect(field(form, 'ln').labelSources.nearestText).toBe('Last name');
    const city = field(form, 'city');
    expect(city.label).toBe('City');
    expect(city.options).toEqual([
      { value: '1', text: 'Paris', selected: false },
      { value: '2', text: 'Oslo', selected: true },
    ]);
  });

  it('explicit sources win over nearest text', () => {
    const f = field(formOf('<form>Some heading <label for="u">User name</label><input id="u" name="user" placeholder="jdoe"></form>'), 'user');
    expect(f.label).toBe('User name');
    expect(f.labelSources.placeholder).toBe('jdoe');
  });

  it('checkboxes take the text after them; radio groups are one field with options', () => {
    const form = formOf('<form><input type="checkbox" name="remember" checked> Remember me<br><fieldset><legend>Sort by</legend><input type="radio" name="sort" value="date"> Date <input type="radio" name="sort" value="price" checked> Price</fieldset></form>');
    const cb = field(form, 'remember');
    expect(cb.label).toBe('Remember me');
    expect(cb.checked).toBe(true);
    const radios = form.fields.filter((x) => x.name === 'sort');
    expect(radios).toHaveLength(1);
    expect(radios[0]!.label).toBe('Sort by');
    expect(radios[0]!.options?.map((o) => [o.value, o.selected])).toEqual([['date', false], ['price', true]]);
  });
});

describe('form snapshot from stored HTML', () => {
  const html = `<html><head><title>Shop</title></head><body><h2>Find a product</h2>
    <form id="s" action="/search?x=1" method="get" class="search-box"><input type="hidden" name="lang" value="en"><input name="q" required><input type="submit" value="Go"></form>
    <form action="https://login.example.org/in" method="post"><input name="u"><input type="password" name="p"><button>Sign in</button></form>
    <a href="/about#team">About</a><nav><a href="b.html">Next</a></nav></body></html>`;
  const snap: PageSnapshot = snapshotHtml(html, BASE);

  it('numbers forms, resolves actions and methods, collects submit texts', () => {
    expect(snap.title).toBe('Shop');
    expect(snap.forms.map((f) => f.index)).toEqual([0, 1]);
    const [s, l] = snap.forms as [FormSnapshot, FormSnapshot];
    expect(s.id).toBe('s');
    expect(s.method).toBe('GET');
    expect(new URL(s.action).pathname).toBe('/search');
    expect(s.className).toBe('search-box');
    expect(s.submitTexts).toEqual(['Go']);
    expect(s.surroundingText).toContain('Find a product');
    expect(l.method).toBe('POST');
    expect(l.action).toMatch(/^https:\/\/login\.example\.org\/in/);
    expect(l.submitTexts).toEqual(['Sign in']);
  });

  it('records type, order, hidden and required of each field', () => {
    const s = snap.forms[0]!;
    expect(s.fields.map((f) => [f.name, f.type, f.order, f.hidden])).toEqual([
      ['lang', 'hidden', 0, true],
      ['q', 'text', 1, false],
      ['', 'submit', 2, false],
    ]);
    expect(field(s, 'q').required).toBe(true);
    expect(field(s, 'lang').value).toBe('en');
  });

  it('gives selector hints that find the element again', () => {
    const { document } = parseHTML(html);
    for (const form of snap.forms) {
      for (const f of form.fields) {
        const found = document.querySelectorAll(f.selectorHint);
        expect(found.length, f.selectorHint).toBe(1);
        expect(found[0]!.getAttribute('name') ?? '', f.selectorHint).toBe(f.name);
      }
    }
  });

  it('makes links absolute and canonical, marking navigation links', () => {
    const about = snap.links.find((l) => l.text === 'About');
    const next = snap.links.find((l) => l.text === 'Next');
    expect(about?.href).toBe('http://127.0.0.1/about');
    expect(about?.inNav).toBe(false);
    expect(next?.href).toBe('http://127.0.0.1/dir/b.html');
    expect(next?.inNav).toBe(true);
  });
});

// A page with every labelling style, served on loopback, to compare the live snapshot with the stored one.
const LIVE_HTML = `<!doctype html><html><head><title>Live forms</title></head><body>
<h1>Library catalogue</h1>
<form id="search" action="/find" method="get">
  <label for="t">Title</label><input id="t" name="title">
  <label>Author <input name="author"></label>
  <input name="isbn" aria-label="ISBN number">
  <span id="yl">Year</span><input name="year" aria-labelledby="yl">
  <input name="kw" placeholder="Keywords">
  <input name="pub" title="Publisher">
  <table><tr><td>Subject</td><td><select name="subject"><option value="">Any</option><option value="art">Art</option></select></td></tr></table>
  <p>Language</p><input name="lang">
  <input type="checkbox" name="avail"> Available only
  <input type="submit" value="Search catalogue">
</form>
<form action="/login" method="post"><input name="user" placeholder="User"><input type="password" name="pw" placeholder="Password"><button type="submit">Log in</button></form>
</body></html>`;

let server: Server;
let pageUrl = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(LIVE_HTML);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/catalogue.html`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('live page snapshot', () => {
  it('gives the same forms, fields and labels as the stored HTML', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(pageUrl);
      const live = await snapshotPage(page);
      const stored = snapshotHtml(LIVE_HTML, pageUrl);
      const shape = (s: PageSnapshot) =>
        s.forms.map((f) => ({
          index: f.index, action: f.action, method: f.method, submitTexts: f.submitTexts,
          fields: f.fields.map((x) => ({ name: x.name, type: x.type, label: x.label, labelSources: x.labelSources, hidden: x.hidden, order: x.order, options: x.options })),
        }));
      expect(live.title).toBe('Live forms');
      expect(live.forms).toHaveLength(2);
      expect(shape(live)).toEqual(shape(stored));
      const labels = Object.fromEntries(live.forms[0]!.fields.map((f) => [f.name, f.label]));
      expect(labels).toMatchObject({ title: 'Title', author: 'Author', isbn: 'ISBN number', year: 'Year', kw: 'Keywords', pub: 'Publisher', subject: 'Subject', lang: 'Language', avail: 'Available only' });
      // The selector hints find the fields in the live page.
      for (const f of live.forms[0]!.fields.filter((x) => x.name)) {
        expect(await page.locator(f.selectorHint).count(), f.selectorHint).toBe(1);
      }
    } finally {
      await browser.close();
    }
  });
});
