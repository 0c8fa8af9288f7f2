/**
 * HTML of every testbed page: layout with title, navigation and footer; surface pages;
 * result pages (list, count, pagination of the site's kind); record detail pages; the
 * script-built search app; thank-you and error pages. Links are root-relative, so a page's
 * bytes do not depend on the port it is served on.
 */
import { renderForm, type FormSpec } from './forms.ts';
import type { SiteModel } from './model.ts';
import type { HiddenRecord } from './records.ts';
import type { FormValues } from './search.ts';
import type { SearchFormConfig } from './sites.ts';
import type { PageLink, SurfacePage } from './surface.ts';

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = 'body{font-family:sans-serif;margin:0 auto;max-width:60em;padding:0 1em}header nav ul,footer ul{list-style:none;padding:0}header nav li,footer li{display:inline;margin-right:1em}.result{margin:.6em 0}.error{color:#a00}';

function linkList(links: readonly PageLink[], cls: string): string {
  return `<ul class="${cls}">${links.map((l) => `<li><a href="${esc(l.href)}">${esc(l.text)}</a></li>`).join('')}</ul>`;
}

export function layout(model: SiteModel, title: string, main: string, extraHead = ''): string {
  const { vocab, surface } = model;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>${extraHead}
</head>
<body>
<header><a class="brand" href="/">${esc(vocab.siteName)}</a>
<nav aria-label="Main">${linkList(surface.navLinks, 'menu')}</nav>
</header>
<main>
${main}
</main>
<footer>${linkList(surface.footerLinks, 'footer-links')}<p>&copy; ${esc(vocab.siteName)}. All rights reserved.</p></footer>
</body>
</html>
`;
}

function formHtml(model: SiteModel, spec: FormSpec): string {
  if (!spec.scriptBuilt) return renderForm(spec);
  const config = model.config.search.find((f) => f.formId === spec.formId)!;
  return scriptSearchApp(config, spec);
}

export function renderSurfacePage(model: SiteModel, page: SurfacePage): string {
  const body: string[] = [`<h1>${esc(page.title)}</h1>`];
  for (const p of page.paragraphs) body.push(`<p>${esc(p)}</p>`);
  const internal = page.links.filter((l) => l.href.startsWith('/'));
  const external = page.links.filter((l) => !l.href.startsWith('/'));
  if (page.kind === 'home') {
    const featured = model.surface.featured.map((i) => ({ href: model.recordPaths[i]!, text: model.records[i]!.title }));
    body.push(`<section class="featured"><h2>Featured ${esc(model.vocab.recordNoun[1])}</h2>${linkList(featured, 'featured-list')}</section>`);
  }
  if (internal.length) body.push(`<section class="links"><h2>${page.kind === 'trap' ? 'Browse' : 'See also'}</h2>${linkList(internal, 'link-list')}</section>`);
  if (external.length) body.push(`<aside class="external">${linkList(external, 'external-links')}</aside>`);
  for (const form of page.forms) body.push(`<section class="form-block">${formHtml(model, form)}</section>`);
  return layout(model, page.title, body.join('\n'));
}

export function renderRecord(model: SiteModel, record: HiddenRecord): string {
  const { vocab } = model;
  const rows: [string, string][] = [
    ['Category', record.category],
    ['Year', String(record.year)],
    [vocab.creatorLabel, record.creator],
    ...(record.price !== undefined ? [['Price', `$${record.price}.00`] as [string, string]] : []),
    [vocab.extra.label, record.extra],
  ];
  return layout(model, `${record.title} — ${vocab.siteName}`, `<article class="record">
<h1>${esc(record.title)}</h1>
<dl class="attributes">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>
<p class="description">${esc(record.text)}</p>
</article>`);
}

/** Query string of a submission with another page number. */
function withPage(config: SearchFormConfig, values: FormValues, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (k === config.params.page || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  }
  if (page > 1) params.set(config.params.page, String(page));
  return params.toString();
}

export interface ResultView {
  hits: number[];
  matches: number;
  page: number;
}

export function resultItems(model: SiteModel, hits: readonly number[]): { id: number; title: string; url: string; snippet: string; year: number; category: string }[] {
  return hits.map((i) => {
    const r = model.records[i]!;
    return { id: r.id, title: r.title, url: model.recordPaths[i]!, snippet: r.text.slice(0, 140), year: r.year, category: r.category };
  });
}

function summary(config: SearchFormConfig, shown: number, from: number, total: number, matches: number): string {
  if (total === 0) return '<p class="summary">No results found. Try other words or fewer criteria.</p>';
  const capped = config.cap && matches > total ? ` (only the top ${config.cap} of ${matches} matches are shown)` : '';
  return `<p class="summary">Showing ${from}–${from + shown - 1} of ${total} results${capped}</p>`;
}

export function renderResults(model: SiteModel, config: SearchFormConfig, values: FormValues, view: ResultView): string {
  const total = view.hits.length;
  const pages = Math.max(1, Math.ceil(total / config.pageSize));
  const page = Math.min(Math.max(1, view.page), pages);
  const start = (page - 1) * config.pageSize;
  const shown = view.hits.slice(start, start + config.pageSize);
  const items = resultItems(model, shown);
  const q = config.params.keyword;
  const echo = typeof values[q] === 'string' && values[q] ? ` for “${esc(values[q] as string)}”` : '';
  const list = `<ol class="results" start="${start + 1}">${items.map((it) => `<li class="result"><a href="${esc(it.url)}">${esc(it.title)}</a><p class="snippet">${esc(it.snippet)}…</p><span class="meta">${it.year} · ${esc(it.category)}</span></li>`).join('')}</ol>`;
  const nav: string[] = [];
  const href = (p: number): string => `${config.action}?${withPage(config, values, p)}`;
  if (pages > 1 && config.pagination === 'numbered') {
    const links: string[] = [];
    if (page > 1) links.push(`<a rel="prev" href="${esc(href(page - 1))}">‹ Prev</a>`);
    // A window of page numbers around the current one, plus the first and last, as large sites show.
    let last = 0;
    for (let p = 1; p <= pages; p++) {
      if (p !== 1 && p !== pages && Math.abs(p - page) > 3) continue;
      if (p > last + 1) links.push('<span class="gap">…</span>');
      links.push(p === page ? `<strong>${p}</strong>` : `<a href="${esc(href(p))}">${p}</a>`);
      last = p;
    }
    if (page < pages) links.push(`<a rel="next" href="${esc(href(page + 1))}">Next ›</a>`);
    nav.push(`<nav class="pagination" aria-label="Result pages">${links.join(' ')}</nav>`);
  } else if (pages > 1 && config.pagination === 'prev-next') {
    const links: string[] = [];
    if (page > 1) links.push(`<a href="${esc(href(page - 1))}">« Previous</a>`);
    links.push(`<span>Page ${page} of ${pages}</span>`);
    if (page < pages) links.push(`<a href="${esc(href(page + 1))}">Next »</a>`);
    nav.push(`<nav class="pager">${links.join(' | ')}</nav>`);
  } else if (pages > 1 && config.pagination === 'buttons') {
    // Paging resubmits the search form with a hidden page field.
    const hidden = Object.entries(values).filter(([k]) => k !== config.params.page).flatMap(([k, v]) => (Array.isArray(v) ? v : [v ?? '']).map((one) => `<input type="hidden" name="${esc(k)}" value="${esc(one)}">`)).join('');
    const button = (p: number, label: string): string => `<form class="pager-form" action="${esc(config.action)}" method="${config.method.toLowerCase()}">${hidden}<input type="hidden" name="${esc(config.params.page)}" value="${p}"><button type="submit">${label}</button></form>`;
    nav.push(`<div class="pager">${page > 1 ? button(page - 1, 'Previous') : ''} <span>Page ${page} of ${pages}</span> ${page < pages ? button(page + 1, 'Next') : ''}</div>`);
  } else if (pages > 1 && config.pagination === 'load-more' && page < pages) {
    nav.push(`<button type="button" id="load-more" data-next="${page + 1}" data-query="${esc(withPage(config, values, 1))}">Load more results</button>
<script>
document.getElementById('load-more').addEventListener('click', async (event) => {
  const button = event.currentTarget;
  const next = Number(button.dataset.next);
  const query = button.dataset.query;
  const res = await fetch(${JSON.stringify(config.action)} + '?' + query + (query ? '&' : '') + ${JSON.stringify(config.params.page)} + '=' + next + '&format=json');
  const data = await res.json();
  const list = document.querySelector('ol.results');
  for (const item of data.results) {
    const li = document.createElement('li');
    li.className = 'result';
    const a = document.createElement('a');
    a.href = item.url;
    a.textContent = item.title;
    li.append(a);
    list.append(li);
  }
  document.querySelector('.summary').textContent = 'Showing 1–' + list.children.length + ' of ' + data.total + ' results';
  if (data.page >= data.pages) button.remove(); else button.dataset.next = String(next + 1);
});
</script>`);
  }
  return layout(model, `Search results — ${model.vocab.siteName}`, `<h1>Search results${echo}</h1>
${summary(config, shown.length, start + 1, total, view.matches)}
${list}
${nav.join('\n')}
<p><a href="${esc(config.pagePath)}">New search</a></p>`);
}

export function renderSearchError(model: SiteModel, config: SearchFormConfig, message: string): string {
  return layout(model, `Search error — ${model.vocab.siteName}`, `<h1>Search error</h1>
<p class="error" role="alert">${esc(message)}</p>
<p><a href="${esc(config.pagePath)}">Back to the search form</a></p>`);
}

export function renderThanks(model: SiteModel, spec: FormSpec): string {
  const what: Record<string, string> = {
    login: 'sign-in request', registration: 'registration', 'password/login recovery': 'password reset request',
    'contact/comment': 'message', 'join mailing list': 'subscription', 'order/add to cart': 'order', other: 'vote',
  };
  return layout(model, `Thank you — ${model.vocab.siteName}`, `<h1>Thank you</h1>
<p>We have received your ${what[spec.trueType] ?? 'submission'}.</p>
<p><a href="/">Back to the home page</a></p>`);
}

export function renderNotFound(model: SiteModel): string {
  return layout(model, 'Page not found', '<h1>Page not found</h1><p>The page you asked for does not exist.</p>');
}

/**
 * The client-side search app: the served HTML holds no form and no results; the script
 * builds the form, asks the JSON API and renders what it answers. Only a browser sees them.
 */
function scriptSearchApp(config: SearchFormConfig, spec: FormSpec): string {
  const app = { api: config.action, formId: spec.formId, fields: spec.fields, submitLabel: spec.submitLabel, page: config.params.page, keyword: config.params.keyword };
  return `<div id="search-app" data-spec="${esc(JSON.stringify(app))}"></div>
<noscript><p>This search needs JavaScript.</p></noscript>
<script>
(() => {
  const root = document.getElementById('search-app');
  const spec = JSON.parse(root.dataset.spec);
  const form = document.createElement('form');
  form.id = 'form-' + spec.formId;
  form.setAttribute('role', 'search');
  form.action = location.pathname;
  for (const f of spec.fields) {
    const label = document.createElement('label');
    label.textContent = f.label + ' ';
    let input;
    if (f.type === 'select') {
      input = document.createElement('select');
      for (const o of f.options) input.add(new Option(o.label, o.value));
    } else {
      input = document.createElement('input');
      input.type = f.type;
    }
    input.name = f.name;
    label.append(input);
    form.append(label, ' ');
  }
  const submit = document.createElement('button');
  submit.type = 'submit';
  submit.textContent = spec.submitLabel;
  form.append(submit);
  const status = document.createElement('p');
  status.className = 'summary';
  const list = document.createElement('ol');
  list.className = 'results';
  const pager = document.createElement('div');
  pager.className = 'pager';
  root.append(form, status, list, pager);

  async function run(params, page) {
    const query = new URLSearchParams(params);
    if (page > 1) query.set(spec.page, String(page));
    history.replaceState(null, '', location.pathname + '?' + new URLSearchParams(params).toString());
    const res = await fetch(spec.api + '?' + query.toString());
    const data = await res.json();
    list.replaceChildren();
    pager.replaceChildren();
    if (!res.ok) { status.textContent = data.error; status.className = 'summary error'; return; }
    status.className = 'summary';
    status.textContent = data.total === 0 ? 'No results found.' : 'Showing ' + data.from + '–' + data.to + ' of ' + data.total + ' results';
    list.start = data.from;
    for (const item of data.results) {
      const li = document.createElement('li');
      li.className = 'result';
      const a = document.createElement('a');
      a.href = item.url;
      a.textContent = item.title;
      const snippet = document.createElement('p');
      snippet.textContent = item.snippet;
      li.append(a, snippet);
      list.append(li);
    }
    if (data.page > 1) pager.append(button('Previous', () => run(params, data.page - 1)));
    if (data.page < data.pages) pager.append(button('Next', () => run(params, data.page + 1)));
  }
  function button(text, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.addEventListener('click', onClick);
    return b;
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const params = {};
    for (const [k, v] of new FormData(form)) if (v !== '') params[k] = String(v);
    run(params, 1);
  });
  const initial = new URLSearchParams(location.search);
  if ([...initial.keys()].length) {
    for (const [k, v] of initial) { const el = form.elements.namedItem(k); if (el) el.value = v; }
    run(Object.fromEntries(initial), 1);
  }
})();
</script>`;
}
