/**
 * One testbed site as a plain node:http server on 127.0.0.1: surface pages, hidden record
 * pages, search result pages and JSON API, non-search form handlers, robots.txt, and the
 * configurable trouble (slow responses, first-time 5xx, 429 above a request rate). Every
 * form submission is logged with the form's true type.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalUrl, tryCanonicalUrl } from '../url/canonical.ts';
import type { FormSpec, FormTrueType } from './forms.ts';
import type { SiteModel } from './model.ts';
import { hash32 } from './prng.ts';
import { renderNotFound, renderRecord, renderResults, renderSearchError, renderSurfacePage, renderThanks, resultItems } from './render.ts';
import type { FormValues } from './search.ts';
import type { SearchFormConfig } from './sites.ts';

export interface SubmissionLogEntry {
  time: number;
  domain: string;
  /** The page the form was on, from the Referer header when the client sent one. */
  pageUrl?: string;
  formId: string;
  trueType: FormTrueType;
  method: 'GET' | 'POST';
  url: string;
  values: Record<string, string | string[]>;
}

export interface TroubleSettings {
  /** Result pages wait this long (ms, a deterministic pick per URL); detail pages one in four. */
  slowMs: [number, number];
  /** One GET URL in this many fails with 503 the first time it is asked for. */
  failOneIn: number;
  /** Requests per second per client before 429 with Retry-After. */
  ratePerSecond: number;
  /** robots.txt disallows /private/, /admin/ and /cart/. */
  robots: boolean;
}

export const DEFAULT_TROUBLE: TroubleSettings = { slowMs: [50, 300], failOneIn: 25, ratePerSecond: 40, robots: true };

export interface SiteServerOptions {
  trouble?: TroubleSettings;
  onSubmission(entry: SubmissionLogEntry): void;
  /** Every response the site sends (status and path), so tests can prove what a crawler asked for. */
  onResponse?(entry: { method: string; path: string; status: number }): void;
}

const MAX_BODY = 64 * 1024;

function valuesOf(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function createSiteServer(model: SiteModel, opts: SiteServerOptions): Server {
  const trouble = opts.trouble;
  const searchByAction = new Map<string, SearchFormConfig>(model.config.search.map((f) => [f.action, f]));
  // Several forms may share an action (add-to-cart per product): their hidden fields tell them apart.
  const otherForms = new Map<string, FormSpec[]>();
  for (const page of model.surface.pages.values()) for (const f of page.forms) if (f.trueType !== 'search') otherForms.set(f.action, [...(otherForms.get(f.action) ?? []), f]);
  const whichForm = (forms: FormSpec[], params: URLSearchParams): FormSpec =>
    forms.find((f) => f.fields.every((x) => x.type !== 'hidden' || params.get(x.name) === x.value)) ?? forms[0]!;
  const failedOnce = new Set<string>();
  const recent = new Map<string, number[]>();
  const cache = new Map<string, string>();

  const send = (res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8', headers: Record<string, string> = {}): void => {
    opts.onResponse?.({ method: res.req.method ?? 'GET', path: new URL(res.req.url ?? '/', 'http://testbed.local').pathname, status });
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', ...headers });
    res.end(res.req.method === 'HEAD' ? undefined : body);
  };

  function rateLimited(req: IncomingMessage): boolean {
    if (!trouble) return false;
    const client = req.socket.remoteAddress ?? '?';
    const now = Date.now();
    const times = (recent.get(client) ?? []).filter((t) => now - t < 1000);
    times.push(now);
    recent.set(client, times);
    return times.length > trouble.ratePerSecond;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const canonical = canonicalUrl(req.url ?? '/', 'http://testbed.local');
    const u = new URL(canonical);
    const path = u.pathname + u.search;
    if (rateLimited(req)) return send(res, 429, '<h1>Too many requests</h1><p>Slow down and retry later.</p>', undefined, { 'retry-after': '1' });
    if (trouble && method === 'GET' && path !== '/' && path !== '/robots.txt' && hash32(`${model.seed}:${path}`) % trouble.failOneIn === 0 && !failedOnce.has(path)) {
      failedOnce.add(path);
      return send(res, 503, '<h1>Service temporarily unavailable</h1><p>Please retry.</p>', undefined, { 'retry-after': '1' });
    }
    const slow = (share: number): Promise<void> => {
      if (!trouble) return Promise.resolve();
      const h = hash32(`slow:${path}`);
      if (h % share !== 0) return Promise.resolve();
      const [lo, hi] = trouble.slowMs;
      return sleep(lo + (h >>> 8) % (hi - lo + 1));
    };

    if (u.pathname === '/robots.txt') {
      const rules = trouble?.robots ? 'Disallow: /private/\nDisallow: /admin/\nDisallow: /cart/\n' : 'Disallow:\n';
      return send(res, 200, `User-agent: *\n${rules}`, 'text/plain; charset=utf-8');
    }

    const search = searchByAction.get(u.pathname);
    if (search) {
      const scriptApi = search.kind === 'script';
      if (!scriptApi && method !== search.method && !(method === 'HEAD' && search.method === 'GET')) return send(res, 405, '<h1>Method not allowed</h1>', undefined, { allow: search.method });
      const params = method === 'POST' ? new URLSearchParams(await readBody(req)) : u.searchParams;
      const values = valuesOf(params);
      const json = scriptApi || params.get('format') === 'json';
      const logged = { ...values };
      logSubmission(req, search.formId, 'search', method === 'POST' ? 'POST' : 'GET', canonical, logged);
      await slow(1);
      const formValues: FormValues = { ...values };
      delete formValues['format'];
      const outcome = model.engine.run(search, formValues);
      const page = Math.max(1, Number.parseInt(params.get(search.params.page) ?? '1', 10) || 1);
      if (json) {
        if (!outcome.ok) return send(res, 400, JSON.stringify({ error: outcome.error }), 'application/json');
        const pages = Math.max(1, Math.ceil(outcome.hits.length / search.pageSize));
        const p = Math.min(page, pages);
        const from = (p - 1) * search.pageSize;
        const shown = outcome.hits.slice(from, from + search.pageSize);
        return send(res, 200, JSON.stringify({ total: outcome.hits.length, matches: outcome.matches, page: p, pages, from: from + 1, to: from + shown.length, results: resultItems(model, shown) }), 'application/json');
      }
      if (!outcome.ok) return send(res, outcome.status, renderSearchError(model, search, outcome.error));
      delete formValues[search.params.page];
      return send(res, 200, renderResults(model, search, formValues, { hits: outcome.hits, matches: outcome.matches, page }));
    }

    const candidates = otherForms.get(u.pathname);
    if (candidates) {
      const expected = candidates[0]!.method;
      if (method !== expected) return send(res, 405, '<h1>Method not allowed</h1>', undefined, { allow: expected });
      const params = method === 'POST' ? new URLSearchParams(await readBody(req)) : u.searchParams;
      const other = whichForm(candidates, params);
      logSubmission(req, other.formId, other.trueType, other.method, canonical, valuesOf(params));
      return send(res, 200, renderThanks(model, other));
    }

    if (method !== 'GET' && method !== 'HEAD') return send(res, 405, '<h1>Method not allowed</h1>', undefined, { allow: 'GET' });
    const recordIndex = model.recordIndexByPath.get(path);
    if (recordIndex !== undefined) {
      await slow(4);
      return send(res, 200, renderRecord(model, model.records[recordIndex]!));
    }
    let html = cache.get(path);
    if (html === undefined) {
      const page = model.page(path);
      if (page) {
        html = renderSurfacePage(model, page);
        if (page.kind !== 'trap') cache.set(path, html);
      }
    }
    if (html !== undefined) return send(res, 200, html);
    return send(res, 404, renderNotFound(model));
  }

  function logSubmission(req: IncomingMessage, formId: string, trueType: FormTrueType, method: 'GET' | 'POST', url: string, values: Record<string, string | string[]>): void {
    const referer = req.headers.referer;
    const pageUrl = referer ? tryCanonicalUrl(referer) ?? undefined : undefined;
    const host = req.headers.host ?? '127.0.0.1';
    opts.onSubmission({ time: Date.now(), domain: model.domain, ...(pageUrl ? { pageUrl } : {}), formId, trueType, method, url: canonicalUrl(url.replace('http://testbed.local', `http://${host}`)), values });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, `<h1>Internal error</h1><p>${String((err as Error).message ?? err).replace(/</g, '&lt;')}</p>`);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  return server;
}

/** Listens on 127.0.0.1 (never any other interface); resolves with the bound port. */
export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
