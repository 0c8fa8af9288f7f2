/**
 * A loopback site for the end-to-end tests whose search must be scoped to a section: a keyword
 * field and a required "Section" drop-down, both needed. No built-in testbed site has such a
 * form (their drop-downs offer "any", or have no keyword field beside them), and changing one
 * would move every benchmark figure, so this site is the tests' own: three sections of match
 * reports titled with words of the sports LVS table, ten to a result page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SECTIONS = ['cup', 'league', 'youth'] as const;
export type Section = (typeof SECTIONS)[number];

const SPORTS = ['Football', 'Soccer', 'Basketball', 'Baseball', 'Tennis', 'Golf', 'Cricket', 'Rugby'];
const EVENTS = ['final', 'semifinal', 'derby', 'replay', 'qualifier'];
const PAGE_SIZE = 10;

export interface ScopedRecord {
  id: number;
  section: Section;
  title: string;
}

/** Eight reports per section, each sport once: every table word matches in every section. */
export const SCOPED_RECORDS: readonly ScopedRecord[] = SECTIONS.flatMap((section, s) =>
  SPORTS.map((sport, i) => ({ id: s * SPORTS.length + i + 1, section, title: `${sport} ${EVENTS[(i + s) % EVENTS.length]} report` })),
);

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/search">Search the archive</a></nav><main>${body}</main></body></html>`;

const SEARCH_FORM = `<h1>Search the match archive</h1>
<form action="/search/results" method="get">
  <label for="q">Search reports</label> <input type="search" id="q" name="q" required>
  <label for="section">Section</label>
  <select id="section" name="section" required>
    <option value="">— choose a section —</option>
    ${SECTIONS.map((s) => `<option value="${s}">${s[0]!.toUpperCase()}${s.slice(1)}</option>`).join('')}
  </select>
  <button type="submit">Search</button>
</form>`;

function results(url: URL): { status: number; html: string } {
  const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
  const section = url.searchParams.get('section') ?? '';
  if (!q) return { status: 200, html: page('Search', `<p class="error">Please enter a search term.</p>${SEARCH_FORM}`) };
  if (!SECTIONS.includes(section as Section)) return { status: 200, html: page('Search', `<p class="error">Please choose a section.</p>${SEARCH_FORM}`) };
  const words = q.split(/\s+/);
  const hits = SCOPED_RECORDS.filter((r) => r.section === section && words.every((w) => r.title.toLowerCase().split(' ').includes(w)));
  if (!hits.length) return { status: 200, html: page('No results', `<p>No results found for "${q}".</p>${SEARCH_FORM}`) };
  const n = Math.max(1, Number(url.searchParams.get('page') ?? '1'));
  const shown = hits.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE);
  const next = n * PAGE_SIZE < hits.length ? `<a href="/search/results?q=${encodeURIComponent(q)}&section=${section}&page=${n + 1}" rel="next">Next page</a>` : '';
  const list = shown.map((r) => `<li><a href="/reports/${r.id}">${r.title}</a></li>`).join('');
  return { status: 200, html: page(`Results for ${q}`, `<p>${hits.length} results</p><ol class="results">${list}</ol>${next}`) };
}

function respond(url: URL): { status: number; html: string } {
  if (url.pathname === '/') return { status: 200, html: page('Club match archive', `<h1>Club match archive</h1><p>Match reports from the cup, the league and the youth teams.</p><p><a href="/search">Search the archive</a></p>`) };
  if (url.pathname === '/search') return { status: 200, html: page('Search the archive', SEARCH_FORM) };
  if (url.pathname === '/search/results') return results(url);
  const record = /^\/reports\/(\d+)$/.exec(url.pathname);
  const r = record && SCOPED_RECORDS.find((x) => x.id === Number(record[1]));
  if (r) return { status: 200, html: page(r.title, `<article><h1>${r.title}</h1><p>Section: ${r.section}. A full account of the match, with the line-ups and the scorers.</p></article>`) };
  return { status: 404, html: page('Not found', '<p>Not found.</p>') };
}

/** Serves the site on a free loopback port; `close` stops it. */
export async function startScopedSearchSite(): Promise<{ origin: string; server: Server; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    const { status, html } = respond(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server, close: () => new Promise<void>((done) => server.close(() => done())) };
}
