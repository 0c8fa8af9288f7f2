/**
 * The site graph of a WebNav task, built from a crawl's saved pages: nodes are the pages
 * (surface, result and record pages), edges are what leads from one to another — links,
 * form submissions (labelled with the query that was submitted), result-page pagination and
 * result-list entries (result -> record).
 */
import type { PageEntry, QueryEntry } from '../store/index.ts';
import { tryCanonicalUrl } from '../url/canonical.ts';
import { valuesOfQueryKey } from '../coordinator/query-key.ts';

export type EdgeKind = 'link' | 'form' | 'pagination' | 'record';
export const EDGE_KINDS: readonly EdgeKind[] = ['link', 'form', 'pagination', 'record'];
export type NodeKind = 'surface' | 'result' | 'record';
export const NODE_KINDS: readonly NodeKind[] = ['surface', 'result', 'record'];

export interface GraphNode {
  id: number;
  url: string;
  kind: NodeKind;
  title: string;
}

export interface GraphEdge {
  from: number;
  to: number;
  kind: EdgeKind;
  /** Form edges: the submitted values, space-joined (what a user would have typed). */
  label?: string;
  /** Form edges: the crawl's query key. */
  query?: string;
}

export interface SiteGraph {
  start: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface BuiltGraph {
  graph: SiteGraph;
  /** Page text by node id. */
  texts: string[];
}

export interface GraphOptions {
  /** Keep form edges (default true). Without them, pages only a form reaches drop out. */
  forms?: boolean;
  /** Start URL; default the crawl's seed page. */
  start?: string;
}

export function formLabel(values: Record<string, string>): string {
  return Object.values(values)
    .filter((v) => typeof v === 'string' && v.trim())
    .join(' ');
}

function nodeKind(kind: string): NodeKind {
  return kind === 'result' || kind === 'record' ? kind : 'surface';
}

export function buildGraph(pages: readonly PageEntry[], queries: readonly QueryEntry[], opts: GraphOptions = {}): BuiltGraph {
  const forms = opts.forms ?? true;
  const byUrl = new Map<string, number>();
  const kept: PageEntry[] = [];
  for (const p of pages) {
    const url = tryCanonicalUrl(p.url) ?? p.url;
    if (byUrl.has(url)) continue;
    byUrl.set(url, kept.length);
    kept.push({ ...p, url });
  }
  kept.forEach((p, i) => {
    const f = typeof p.finalUrl === 'string' ? tryCanonicalUrl(p.finalUrl) : null;
    if (f && !byUrl.has(f)) byUrl.set(f, i);
  });
  const resolve = (u: unknown): number | undefined => {
    if (typeof u !== 'string') return undefined;
    return byUrl.get(tryCanonicalUrl(u) ?? u);
  };
  const queryValues = new Map(queries.map((q) => [q.key, q.values ?? valuesOfQueryKey(q.key)]));

  let start = opts.start !== undefined ? resolve(opts.start) : undefined;
  if (opts.start !== undefined && start === undefined) throw new Error(`start page ${opts.start} is not among the crawl's pages`);
  start ??= kept.findIndex((p) => p.via === 'seed');
  if (start < 0) start = kept.findIndex((p) => p.depth === 0);
  if (start < 0) throw new Error('the crawl has no seed page');

  // Out-edges per page, in order: its links as the page lists them, then the edges the crawl
  // recorded (`from`) that no link covers (form submissions, script-driven pagination).
  const out: GraphEdge[][] = kept.map(() => []);
  const has = new Set<string>();
  const add = (e: GraphEdge): void => {
    const k = `${e.from}>${e.to}`;
    if (e.from === e.to) return;
    if (has.has(k)) {
      if (e.kind === 'form') {
        const list = out[e.from] as GraphEdge[];
        const i = list.findIndex((x) => x.to === e.to);
        if (i >= 0) list[i] = e;
      }
      return;
    }
    has.add(k);
    (out[e.from] as GraphEdge[]).push(e);
  };
  kept.forEach((p, i) => {
    for (const l of Array.isArray(p.links) ? (p.links as unknown[]) : []) {
      const j = resolve(l);
      if (j === undefined) continue;
      const q = kept[j] as PageEntry;
      let kind: EdgeKind = 'link';
      if (p.kind === 'result' && q.kind === 'result' && p.query && p.query === q.query) kind = 'pagination';
      else if (p.kind === 'result' && q.kind === 'record') kind = 'record';
      add({ from: i, to: j, kind });
    }
  });
  kept.forEach((q, j) => {
    const i = resolve(q.from);
    if (i === undefined) return;
    if (q.via === 'form') {
      if (!forms) return;
      const values = q.query ? (queryValues.get(q.query) ?? valuesOfQueryKey(q.query)) : {};
      add({ from: i, to: j, kind: 'form', label: formLabel(values), ...(q.query ? { query: q.query } : {}) });
    } else if (q.via === 'pagination') add({ from: i, to: j, kind: 'pagination' });
    else if (q.via === 'record-link') add({ from: i, to: j, kind: 'record' });
    else add({ from: i, to: j, kind: 'link' });
  });

  // Keep what the start reaches, renumbered in crawl order.
  const reach = new Set<number>([start]);
  const stack = [start];
  while (stack.length) {
    const u = stack.pop() as number;
    for (const e of out[u] as GraphEdge[]) {
      if (!reach.has(e.to)) {
        reach.add(e.to);
        stack.push(e.to);
      }
    }
  }
  const order = [...reach].sort((a, b) => a - b);
  const newId = new Map(order.map((old, k) => [old, k]));
  const nodes: GraphNode[] = order.map((old, k) => {
    const p = kept[old] as PageEntry;
    return { id: k, url: p.url, kind: nodeKind(p.kind), title: typeof p.title === 'string' ? p.title : '' };
  });
  const edges: GraphEdge[] = [];
  for (const old of order) {
    for (const e of out[old] as GraphEdge[]) {
      const to = newId.get(e.to);
      if (to === undefined) continue;
      edges.push({ ...e, from: newId.get(old) as number, to });
    }
  }
  const texts = order.map((old) => {
    const t = (kept[old] as PageEntry).text;
    return typeof t === 'string' ? t : '';
  });
  return { graph: { start: newId.get(start) as number, nodes, edges }, texts };
}

/** Out-edges by node, in the graph's order. */
export function adjacency(graph: SiteGraph): GraphEdge[][] {
  const out: GraphEdge[][] = graph.nodes.map(() => []);
  for (const e of graph.edges) out[e.from]?.push(e);
  return out;
}

/** Hop distance from `from` to every node (-1: unreachable) and BFS parents (first edge wins). */
export function shortestPaths(out: readonly (readonly GraphEdge[])[], from: number): { dist: number[]; parent: (GraphEdge | null)[] } {
  const dist = out.map(() => -1);
  const parent: (GraphEdge | null)[] = out.map(() => null);
  dist[from] = 0;
  const queue = [from];
  for (let h = 0; h < queue.length; h++) {
    const u = queue[h] as number;
    for (const e of out[u] ?? []) {
      if (dist[e.to] !== -1) continue;
      dist[e.to] = (dist[u] as number) + 1;
      parent[e.to] = e;
      queue.push(e.to);
    }
  }
  return { dist, parent };
}

/** Edges of the shortest path start -> target found by `shortestPaths` (empty when target = start). */
export function pathTo(parent: readonly (GraphEdge | null)[], target: number): GraphEdge[] {
  const path: GraphEdge[] = [];
  let e = parent[target] ?? null;
  while (e) {
    path.push(e);
    e = parent[e.from] ?? null;
  }
  return path.reverse();
}
