/**
 * The live environment: the same NavEnv over a real site in Chromium. A page is loaded (and
 * snapshotted) the first time the agent reads or peeks at it; its edges are its same-site
 * links (first `maxCandidates`) and, on a page with a search form, one submission per query
 * keyword (the agent peeks at a submission by making it). One Playwright page serves every
 * load, one at a time.
 */
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../browser/index.ts';
import { politeGoto } from '../agent/navigate.ts';
import { limitContextToStart } from '../coordinator/robots-delay.ts';
import { fillForm, submitForm } from '../agent/fill.ts';
import { searchFormInfo } from '../agent/search-form-info.ts';
import type { SearchFormInfo } from '../coordinator/messages.ts';
import { classifyForm, snapshotPage, type FormSnapshot, type PageSnapshot } from '../perceive/index.ts';
import { canonicalUrl, isSameSite } from '../url/canonical.ts';
import type { EdgeKind, NodeKind } from './graph.ts';
import type { NavEdge, NavEnv, NavPage } from './env.ts';
import { NeuralAgent } from './neural/agent.ts';
import type { NavModel } from './neural/model.ts';
import { keywords, tokens, type Idf } from './text.ts';

const PAGE_TEXT_CHARS = 5000;
const KEYWORDS_PER_FORM = 3;

interface LiveNode {
  url: string;
  snap: PageSnapshot;
  searchForms: { form: FormSnapshot; info: SearchFormInfo }[];
}

type Recipe = { kind: 'goto'; url: string } | { kind: 'form'; pageUrl: string; formIndex: number; values: Record<string, string> };

export interface LiveOptions {
  maxCandidates: number;
  forms: boolean;
  keywords: string[];
}

/** The field a keyword goes in: the one classified as the search query, else the first visible text box. */
function queryField(form: FormSnapshot, fieldTypes: Map<string, string>): string | undefined {
  const visible = form.fields.filter((f) => !f.hidden && f.name && (f.tag === 'textarea' || (f.tag === 'input' && ['text', 'search', ''].includes(f.type))));
  return (visible.find((f) => fieldTypes.get(f.name) === 'search query') ?? visible[0])?.name;
}

export class LiveEnv implements NavEnv {
  readonly start: string;
  private nodes = new Map<string, LiveNode>();
  private recipes = new Map<string, Recipe>();
  private kinds = new Map<string, NodeKind>();
  private queue: Promise<unknown> = Promise.resolve();
  private read = 0;
  private readonly host: string;

  constructor(private readonly tab: Page, startUrl: string, private readonly opts: LiveOptions) {
    this.start = canonicalUrl(startUrl);
    this.host = new URL(this.start).hostname;
    this.recipes.set(this.start, { kind: 'goto', url: this.start });
    this.kinds.set(this.start, 'surface');
  }

  get pagesRead(): number {
    return this.read;
  }

  /** Where a node id leads: a URL, or the form submission that produced it. */
  describe(id: string): { url: string; kind: NodeKind; title: string; via: string } {
    const n = this.nodes.get(id);
    const r = this.recipes.get(id);
    return { url: n?.url ?? (r?.kind === 'goto' ? r.url : id), kind: this.kinds.get(id) ?? 'surface', title: n?.snap.title ?? '', via: r?.kind === 'form' ? `form ${JSON.stringify(r.values)}` : 'link' };
  }

  private serial<T>(f: () => Promise<T>): Promise<T> {
    const run = this.queue.then(f, f);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private load(id: string): Promise<LiveNode> {
    const hit = this.nodes.get(id);
    if (hit) return Promise.resolve(hit);
    return this.serial(async () => {
      const again = this.nodes.get(id);
      if (again) return again;
      const r = this.recipes.get(id);
      if (!r) throw new Error(`unknown page ${id}`);
      let url: string;
      if (r.kind === 'goto') {
        url = canonicalUrl((await politeGoto(this.tab, r.url)).finalUrl);
      } else {
        await politeGoto(this.tab, r.pageUrl);
        const snap0 = await snapshotPage(this.tab);
        const form = snap0.forms.find((f) => f.index === r.formIndex);
        if (!form) throw new Error(`the search form is gone from ${r.pageUrl}`);
        const cls = classifyForm(form, { url: snap0.url, title: snap0.title });
        const info = searchFormInfo(snap0.url, 0, form, cls);
        await fillForm(this.tab, info, r.values);
        const res = await submitForm(this.tab, info);
        url = canonicalUrl(res.finalUrl);
      }
      const snap = await snapshotPage(this.tab);
      const searchForms: LiveNode['searchForms'] = [];
      for (const form of snap.forms) {
        const cls = classifyForm(form, { url: snap.url, title: snap.title });
        if (cls.type !== 'search' || form.method !== 'GET') continue;
        searchForms.push({ form, info: searchFormInfo(snap.url, 0, form, cls) });
      }
      const node = { url, snap, searchForms };
      this.nodes.set(id, node);
      this.read++;
      return node;
    });
  }

  async page(id: string): Promise<NavPage> {
    const n = await this.load(id);
    return { id, url: n.url, kind: this.kinds.get(id) ?? 'surface', title: n.snap.title, text: n.snap.text.slice(0, PAGE_TEXT_CHARS), hasForm: this.opts.forms && n.searchForms.length > 0 };
  }

  async edges(id: string): Promise<NavEdge[]> {
    const n = await this.load(id);
    const here = this.kinds.get(id) ?? 'surface';
    const out: NavEdge[] = [];
    const seen = new Set<string>([n.url]);
    const curPath = new URL(n.url).pathname;
    for (const l of n.snap.links) {
      if (out.length >= this.opts.maxCandidates) break;
      if (/\bnofollow\b/i.test(l.rel ?? '')) continue;
      let u: URL;
      try {
        u = new URL(l.href);
      } catch {
        continue;
      }
      if (!/^https?:$/.test(u.protocol) || !isSameSite(u.hostname, this.host) || seen.has(l.href)) continue;
      seen.add(l.href);
      let kind: EdgeKind = 'link';
      if (here === 'result' && u.pathname === curPath && u.search) kind = 'pagination';
      else if (here === 'result' && !l.inNav) kind = 'record';
      if (!this.recipes.has(l.href)) this.recipes.set(l.href, { kind: 'goto', url: l.href });
      if (!this.kinds.has(l.href)) this.kinds.set(l.href, kind === 'pagination' ? 'result' : kind === 'record' ? 'record' : 'surface');
      out.push({ to: l.href, kind });
    }
    if (this.opts.forms) {
      for (const { form, info } of n.searchForms.slice(0, 1)) {
        const cls = new Map(info.fields.map((f) => [f.name, f.fieldType]));
        const field = queryField(form, cls);
        if (!field) continue;
        for (const kw of this.opts.keywords.slice(0, KEYWORDS_PER_FORM)) {
          const values: Record<string, string> = { [field]: kw };
          const fid = `form:${info.formKey}|${JSON.stringify(values)}`;
          this.recipes.set(fid, { kind: 'form', pageUrl: n.url, formIndex: form.index, values });
          this.kinds.set(fid, 'result');
          out.push({ to: fid, kind: 'form', label: kw });
        }
      }
    }
    return out;
  }
}

export interface RunLiveOptions {
  model: NavModel;
  idf: Idf;
  hops: number;
  maxLinks: number;
  beam: number;
  maxCandidates: number;
  forms: boolean;
  browser?: Browser;
}

export interface LiveRun {
  query: string;
  start: string;
  end: { url: string; title: string; kind: string };
  path: { url: string; kind: string; via: string; edge: EdgeKind | null }[];
  hops: number;
  pagesRead: number;
  /** The page it ended on contains the query's text (every sentence). */
  containsQuery: boolean;
}

export async function runLive(startUrl: string, query: string, o: RunLiveOptions): Promise<LiveRun> {
  const browser = o.browser ?? (await launchChromium());
  try {
    const context = await browser.newContext();
    // An automated walk, like a crawl: held to the per-host rate and robots.txt's Crawl-delay.
    await limitContextToStart(context, [startUrl]);
    const page = await context.newPage();
    const sentences = query.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
    const kw = keywords(tokens(query), o.idf, KEYWORDS_PER_FORM);
    const env = new LiveEnv(page, startUrl, { maxCandidates: o.maxCandidates, forms: o.forms, keywords: kw });
    const agent = new NeuralAgent(o.model, o.idf);
    const r = await agent.navigate(env, { text: query, sentences }, { hops: o.hops, maxLinks: o.maxLinks, beam: o.beam });
    const endId = r.path[r.path.length - 1] as string;
    const endPage = await env.page(endId);
    const norm = endPage.text.toLowerCase().replace(/\s+/g, ' ');
    const end = env.describe(endId);
    await context.close();
    return {
      query,
      start: env.start,
      end: { url: end.url, title: end.title, kind: end.kind },
      path: r.path.map((id, i) => ({ ...env.describe(id), edge: i > 0 ? (r.edgeKinds[i - 1] ?? null) : null })).map(({ url, kind, via, edge }) => ({ url, kind, via, edge })),
      hops: r.path.length - 1,
      pagesRead: env.pagesRead,
      containsQuery: sentences.every((s) => norm.includes(s.toLowerCase().replace(/\s+/g, ' '))),
    };
  } finally {
    if (!o.browser) await browser.close();
  }
}
