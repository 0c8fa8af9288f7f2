import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groundTruth, SITES, startTestbed, TESTBED_DOMAINS, type GroundTruth, type TestbedHandle } from '../../src/testbed/index.ts';
import { siteModel } from '../../src/testbed/model.ts';
import type { SearchFormConfig } from '../../src/testbed/sites.ts';
import { canonicalUrl } from '../../src/url/canonical.ts';
import { hrefs, rareTitleWord } from './helpers.ts';

let testbed: TestbedHandle;
const truths = new Map<string, GroundTruth>();
const siteUrl = (domain: string): string => testbed.sites.find((s) => s.domain === domain)!.url;

beforeAll(async () => {
  testbed = await startTestbed({ port: 0, trouble: 'off' });
  for (const s of testbed.sites) truths.set(s.domain, groundTruth({ domain: s.domain, origin: s.url }));
});
afterAll(() => testbed?.close());

/** Submits a search form the way a browser would: GET with a query string, POST with a urlencoded body. */
function submit(base: string, form: SearchFormConfig, values: Record<string, string>, referer?: string): Promise<Response> {
  const body = new URLSearchParams(values).toString();
  const headers: Record<string, string> = referer ? { referer } : {};
  if (form.method === 'POST') return fetch(new URL(form.action, base), { method: 'POST', body, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
  return fetch(new URL(`${form.action}?${body}`, base), { headers });
}

function valuesFinding(domain: string, form: SearchFormConfig, recordIndex = 0): Record<string, string> {
  const record = siteModel(domain as never, 'small', 1).records[recordIndex]!;
  return form.kind === 'select-only' ? { [form.params.category]: record.category } : { [form.params.keyword]: rareTitleWord(record) };
}

describe('testbed over HTTP', () => {
  it('serves all 15 sites on 127.0.0.1 with an HTML home page', async () => {
    expect(testbed.sites.map((s) => s.domain)).toEqual([...TESTBED_DOMAINS]);
    for (const site of testbed.sites) {
      expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const res = await fetch(site.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain('<nav');
    }
  });

  it.each([...TESTBED_DOMAINS])('%s: a search returns results that link to record pages, and is logged as a search', async (domain) => {
    const base = siteUrl(domain);
    const truth = truths.get(domain)!;
    const records = new Set(truth.records.map((r) => r.url));
    const form = SITES[domain].search[0]!;
    const values = valuesFinding(domain, form);
    const before = testbed.submissions().length;
    let links: string[];
    if (form.kind === 'script') {
      const res = await fetch(new URL(`${form.action}?${new URLSearchParams(values)}`, base));
      expect(res.status).toBe(200);
      const data = (await res.json()) as { total: number; results: { url: string }[] };
      links = data.results.map((r) => r.url);
    } else {
      const res = await submit(base, form, values, canonicalUrl(form.pagePath, base));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/Showing 1–\d+ of \d+ results/);
      links = hrefs(html);
    }
    const recordLinks = links.map((h) => canonicalUrl(h, base)).filter((u) => records.has(u));
    expect(recordLinks.length).toBeGreaterThan(0);
    const detail = await fetch(recordLinks[0]!);
    expect(detail.status).toBe(200);
    const title = truth.records.find((r) => r.url === recordLinks[0])!.title;
    expect(await detail.text()).toContain(title.replace(/&/g, '&amp;'));
    const logged = testbed.submissions().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ domain, formId: form.formId, trueType: 'search', method: form.kind === 'script' ? 'GET' : form.method });
    if (form.kind !== 'script') expect(logged[0]!.pageUrl).toBe(canonicalUrl(form.pagePath, base));
  });

  it.each([...TESTBED_DOMAINS])('%s: every non-search form answers "thank you" and logs its true type', async (domain) => {
    const base = siteUrl(domain);
    const forms = truths.get(domain)!.forms.filter((f) => f.trueType !== 'search');
    expect(forms.length).toBeGreaterThanOrEqual(4);
    for (const f of forms) {
      // The form is really in the page's HTML at its index.
      const page = await (await fetch(f.pageUrl)).text();
      const actions = [...page.matchAll(/<form\b[^>]*\baction="([^"]*)"/g)].map((m) => canonicalUrl(m[1]!, base));
      expect(actions[f.index], `${f.pageUrl} #${f.index}`).toBe(f.action);
      // Hidden fields keep the value the page gives them (e.g. which product a cart form adds).
      const formHtml = page.split(/<form\b/)[f.index + 1]!.split('</form>')[0]!;
      const hiddenValue = (name: string): string => new RegExp(`type="hidden"[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(formHtml)![1]!;
      const values = new URLSearchParams(f.fields.map((x) => [x.name, x.type === 'hidden' ? hiddenValue(x.name) : x.type === 'email' ? 'a@example.invalid' : 'test']));
      const before = testbed.submissions().length;
      const res = f.method === 'POST'
        ? await fetch(f.action, { method: 'POST', body: values.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', referer: f.pageUrl } })
        : await fetch(`${f.action}?${values}`, { headers: { referer: f.pageUrl } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Thank you');
      const logged = testbed.submissions().slice(before);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ domain, formId: f.formId, trueType: f.trueType, method: f.method, pageUrl: f.pageUrl });
    }
  });

  it('answers every surface page of the truth with 200, and a link crawl finds exactly the truth depths', async () => {
    for (const domain of ['arts', 'games', 'regional']) {
      const base = siteUrl(domain);
      const truth = truths.get(domain)!;
      const expected = new Map(truth.surfacePages.map((p) => [p.url, p.depth]));
      const records = new Set(truth.records.map((r) => r.url));
      const traps = truth.trapPatterns.map((p) => new RegExp(p));
      // Breadth-first over served HTML, same host only; trap pages only as far as the truth lists them.
      const found = new Map<string, number>([[canonicalUrl(base), 0]]);
      const queue = [canonicalUrl(base)];
      for (let head = 0; head < queue.length; head++) {
        const url = queue[head]!;
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        for (const h of hrefs(await res.text())) {
          const next = canonicalUrl(h, url);
          if (!next.startsWith(base) || found.has(next) || records.has(next)) continue;
          if (traps.some((t) => t.test(next)) && !expected.has(next)) continue;
          found.set(next, found.get(url)! + 1);
          queue.push(next);
        }
      }
      expect(new Map([...found].sort())).toEqual(new Map([...expected].sort()));
      // Featured records are the only record links on the surface.
      expect(truth.records.filter((r) => r.featured)).toHaveLength(3);
    }
  });

  it('the script-built search shows nothing to a plain HTTP client', async () => {
    for (const domain of ['computers', 'society'] as const) {
      const base = siteUrl(domain);
      const form = SITES[domain].search[0]!;
      const records = new Set(truths.get(domain)!.records.map((r) => r.url));
      const html = await (await fetch(new URL(`${form.pagePath}?${new URLSearchParams(valuesFinding(domain, form))}`, base))).text();
      expect(html).not.toMatch(/<form/);
      expect(hrefs(html).map((h) => canonicalUrl(h, base)).filter((u) => records.has(u))).toEqual([]);
    }
  });

  it('pages through results by numbered links, prev/next links, form buttons and load-more', async () => {
    // numbered (games, select-only GET): page 2 lists other records than page 1
    const games = SITES.games.search[0]!;
    const p1 = await (await submit(siteUrl('games'), games, { [games.params.category]: 'strategy' })).text();
    const page2 = hrefs(p1).find((h) => /[?&]page=2\b/.test(h))!;
    expect(page2).toBeDefined();
    const p2 = await (await fetch(new URL(page2, siteUrl('games')))).text();
    const recs = (html: string): string[] => hrefs(html).filter((h) => h.startsWith('/game/'));
    expect(recs(p1)).toHaveLength(20);
    expect(recs(p2).filter((h) => recs(p1).includes(h))).toEqual([]);
    // buttons (recreation, POST): the pager is a form that resubmits with a hidden page field
    const rec = SITES.recreation.search[0]!;
    const r1 = await (await submit(siteUrl('recreation'), rec, { [rec.params.category]: 'hiking' })).text();
    expect(r1).toMatch(/<form class="pager-form" action="\/trips\/results" method="post"><input type="hidden" name="activity" value="hiking"><input type="hidden" name="page" value="2"><button type="submit">Next<\/button>/);
    const r2 = await (await submit(siteUrl('recreation'), rec, { [rec.params.category]: 'hiking', page: '2' })).text();
    expect(r2).toMatch(/Showing 21–/);
    // prev/next (science) and load-more (shopping) with its JSON continuation
    const sci = SITES.science.search[0]!;
    expect(await (await submit(siteUrl('science'), sci, { q: 'data' })).text()).toMatch(/>Next »<\/a>/);
    const shop = SITES.shopping.search[0]!;
    const s1 = await (await submit(siteUrl('shopping'), shop, { k: 'new' })).text();
    expect(s1).toMatch(/id="load-more"/);
    const more = (await (await fetch(new URL(`${shop.action}?k=new&page=2&format=json`, siteUrl('shopping')))).json()) as { page: number; results: unknown[]; total: number };
    expect(more.page).toBe(2);
    expect(more.results.length).toBeGreaterThan(0);
    expect(more.total).toBeLessThanOrEqual(100); // shopping caps queries at the top 100
  });

  it('answers empty or invalid queries with an error page and enforces method and required fields', async () => {
    const health = SITES.health.search[0]!;
    const empty = await submit(siteUrl('health'), health, { query: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/class="error"/);
    const stop = await submit(siteUrl('health'), health, { query: 'the of and' });
    expect(stop.status).toBe(400);
    const science = SITES.science.search[0]!;
    const scienceEmpty = await submit(siteUrl('science'), science, { q: '   ' });
    expect(scienceEmpty.status).toBe(200);
    expect(await scienceEmpty.text()).toMatch(/Please enter a search term/);
    const games = SITES.games.search[0]!;
    expect(await (await submit(siteUrl('games'), games, { year: '2001' })).text()).toMatch(/required/);
    expect((await fetch(new URL(`${SITES.business.search[0]!.action}?company_name=x`, siteUrl('business')))).status).toBe(405);
    const businessPage = await (await fetch(new URL(SITES.business.search[0]!.pagePath, siteUrl('business')))).text();
    expect(businessPage).toMatch(/name="company_name"[^>]*required/);
    expect((await fetch(new URL('/no/such/page', siteUrl('arts')))).status).toBe(404);
  });

  it('appends every submission to the JSONL log file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'testbed-log-'));
    const file = join(dir, 'sub', 'submissions.jsonl');
    const tb = await startTestbed({ domains: ['sports'], port: 0, trouble: 'off', submissionLog: file });
    try {
      const form = SITES.sports.search[0]!;
      await (await submit(tb.sites[0]!.url, form, { [form.params.keyword]: 'match' })).text();
      await (await fetch(new URL('/account/login', tb.sites[0]!.url), { method: 'POST', body: 'username=a&password=b' })).text();
      const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { trueType: string; values: Record<string, string> });
      expect(lines.map((l) => l.trueType)).toEqual(['search', 'login']);
      expect(lines[0]!.values).toEqual({ headline: 'match' });
      expect(lines).toEqual(JSON.parse(JSON.stringify(tb.submissions())));
    } finally {
      await tb.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
