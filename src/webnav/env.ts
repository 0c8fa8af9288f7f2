/**
 * What a navigating agent sees: the page it is on, the edges leading out of it, and — by
 * peeking — the pages those edges lead to. One interface for the offline task graph and the
 * live site in Chromium, so every agent runs unchanged on both.
 */
import type { EdgeKind, NodeKind } from './graph.ts';
import type { Task } from './task.ts';
import { containsQuery, normaliseForMatch, tfidfVector, tokens, type Idf } from './text.ts';

export interface NavPage {
  id: string;
  url: string;
  kind: NodeKind;
  title: string;
  text: string;
  /** The page has a search form (offline: it has form edges). */
  hasForm: boolean;
}

export interface NavEdge {
  to: string;
  kind: EdgeKind;
  /** Form edges: the submitted keywords. */
  label?: string;
}

export interface NavEnv {
  readonly start: string;
  page(id: string): Promise<NavPage>;
  edges(id: string): Promise<NavEdge[]>;
  /** Pages read so far (current pages and peeks). */
  readonly pagesRead: number;
}

export interface NavQuery {
  text: string;
  sentences: string[];
}

export interface NavLimits {
  /** Nh */
  hops: number;
  /** Nn: links followed from one page at most. */
  maxLinks: number;
  /** Beam width (neural), ≤ Nn. */
  beam: number;
}

export interface NavResult {
  /** Node ids from the start to the page the agent stopped on. */
  path: string[];
  edgeKinds: EdgeKind[];
  pagesRead: number;
}

export interface NavContext {
  seed: number;
  idf: Idf;
  /** Page views shared across queries on one environment (offline). */
  views?: Map<string, PageView>;
}

export interface NavAgent {
  readonly name: string;
  navigate(env: NavEnv, query: NavQuery, limits: NavLimits, ctx: NavContext): Promise<NavResult>;
}

/** The task graph as an environment. Node ids are the graph's numeric ids as strings. */
export class OfflineEnv implements NavEnv {
  readonly start: string;
  private read = new Set<string>();
  constructor(private readonly task: Task) {
    this.start = String(task.graph.start);
  }
  get pagesRead(): number {
    return this.read.size;
  }
  async page(id: string): Promise<NavPage> {
    return this.pageSync(id);
  }
  pageSync(id: string): NavPage {
    const n = Number(id);
    const node = this.task.graph.nodes[n];
    if (!node) throw new Error(`no node ${id}`);
    this.read.add(id);
    return { id, url: node.url, kind: node.kind, title: node.title, text: this.task.texts[n] ?? '', hasForm: (this.task.out[n] ?? []).some((e) => e.kind === 'form') };
  }
  async edges(id: string): Promise<NavEdge[]> {
    return this.edgesSync(id);
  }
  edgesSync(id: string): NavEdge[] {
    return (this.task.out[Number(id)] ?? []).map((e) => ({ to: String(e.to), kind: e.kind, ...(e.label !== undefined ? { label: e.label } : {}) }));
  }
}

/** Per-page text views, computed once per page. */
export interface PageView {
  page: NavPage;
  toks: string[];
  set: Set<string>;
  tfidf: Map<string, number>;
  norm: string;
}

export class PageReader {
  private cache = new Map<string, PageView>();
  /** `shared`: views computed for earlier queries on the same pages (offline evaluation); the page is still read from the environment, so it counts. */
  constructor(private readonly env: NavEnv, private readonly idf: Idf, private readonly shared?: Map<string, PageView>) {}
  async view(id: string): Promise<PageView> {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const page = await this.env.page(id);
    let v = this.shared?.get(id);
    if (!v) {
      const toks = tokens(page.text);
      v = { page, toks, set: new Set(toks), tfidf: tfidfVector(toks, this.idf), norm: normaliseForMatch(page.text) };
      this.shared?.set(id, v);
    }
    this.cache.set(id, v);
    return v;
  }
}

/** The stop rule of the non-learned agents: the page they read contains the query. */
export function pageHasQuery(view: PageView, query: NavQuery): boolean {
  return containsQuery(view.norm, query.sentences);
}
