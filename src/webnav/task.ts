/**
 * A WebNav task directory: graph.json, texts.jsonl, examples.jsonl (with a split field) and
 * stats.json — built from a crawl's run directory, loadable without a browser.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonl, type PageEntry, type QueryEntry } from '../store/index.ts';
import { adjacency, buildGraph, EDGE_KINDS, NODE_KINDS, pathTo, shortestPaths, type EdgeKind, type GraphEdge, type SiteGraph } from './graph.ts';
import { selectQueries, splitByTarget, SPLITS, type Split } from './queries.ts';
import { computeIdf, normaliseForMatch, tokens, type Idf } from './text.ts';

export const TASK_VERSION = 1;
export const TASK_FILES = { graph: 'graph.json', texts: 'texts.jsonl', examples: 'examples.jsonl', stats: 'stats.json' } as const;

export interface TaskParams {
  /** Nh: hop limit. */
  hops: number;
  /** Nq: sentences per query. */
  querySentences: number;
  /** Nn: links an agent may follow from one page. */
  maxLinks: number;
  seed: number;
  forms: boolean;
  /** Run directory the task was built from. */
  source: string;
  /** Node kinds that may be targets. */
  targetKinds: string[];
}

export interface TaskExample {
  id: number;
  split: Split;
  /** Node the query was taken from. */
  target: number;
  targetUrl: string;
  targetKind: string;
  sentences: string[];
  query: string;
  /** Nodes whose text contains the query. */
  answers: number[];
  /** Example (shortest) path from the start to the nearest answer, as node ids. */
  path: number[];
  /** Kind of each edge of the path. */
  edgeKinds: EdgeKind[];
  hops: number;
  /** The example path submits a form (the answer is behind a search form). */
  behindForm: boolean;
}

export interface TaskStats {
  version: number;
  params: TaskParams;
  nodes: number;
  nodesByKind: Record<string, number>;
  edges: number;
  edgesByKind: Record<string, number>;
  queries: number;
  bySplit: Record<string, number>;
  behindForm: number;
  meanPathLength: number;
  pathLengths: Record<string, number>;
}

export interface TaskFiles {
  graph: SiteGraph & { version: number; params: TaskParams };
  texts: { id: number; url: string; kind: string; title: string; text: string }[];
  examples: TaskExample[];
  stats: TaskStats;
}

export interface BuildTaskOptions {
  hops?: number;
  querySentences?: number;
  maxLinks?: number;
  seed?: number;
  forms?: boolean;
  /** Node kinds that may be targets (default surface and record pages). */
  targetKinds?: string[];
}

export const DEFAULT_TASK = { hops: 4, querySentences: 4, maxLinks: 8, seed: 1 } as const;

/** Builds the task in memory from a crawl's pages and queries. */
export function buildTaskFromPages(pages: readonly PageEntry[], queries: readonly QueryEntry[], source: string, opts: BuildTaskOptions = {}): TaskFiles {
  const params: TaskParams = {
    hops: opts.hops ?? DEFAULT_TASK.hops,
    querySentences: opts.querySentences ?? DEFAULT_TASK.querySentences,
    maxLinks: opts.maxLinks ?? DEFAULT_TASK.maxLinks,
    seed: opts.seed ?? DEFAULT_TASK.seed,
    forms: opts.forms ?? true,
    source,
    targetKinds: opts.targetKinds ?? ['surface', 'record'],
  };
  const { graph, texts } = buildGraph(pages, queries, { forms: params.forms });
  const out = adjacency(graph);
  const { dist, parent } = shortestPaths(out, graph.start);
  const idf = computeIdf(texts.map((t) => tokens(t)));
  const candidates = graph.nodes.filter((n) => params.targetKinds.includes(n.kind)).map((n) => n.id);
  const selected = selectQueries({ texts, dist, candidates, querySentences: params.querySentences, maxHops: params.hops, seed: params.seed, idf });
  const split = splitByTarget(selected, params.seed);
  const examples: TaskExample[] = split.map((q, id) => {
    const edges = pathTo(parent, q.goal);
    return {
      id,
      split: q.split,
      target: q.target,
      targetUrl: (graph.nodes[q.target] as { url: string }).url,
      targetKind: (graph.nodes[q.target] as { kind: string }).kind,
      sentences: q.sentences,
      query: q.query,
      answers: q.answers,
      path: [graph.start, ...edges.map((e) => e.to)],
      edgeKinds: edges.map((e) => e.kind),
      hops: edges.length,
      behindForm: edges.some((e) => e.kind === 'form'),
    };
  });
  const stats = taskStats(graph, examples, params);
  return {
    graph: { version: TASK_VERSION, params, ...graph },
    texts: graph.nodes.map((n) => ({ id: n.id, url: n.url, kind: n.kind, title: n.title, text: texts[n.id] as string })),
    examples,
    stats,
  };
}

export function taskStats(graph: SiteGraph, examples: readonly TaskExample[], params: TaskParams): TaskStats {
  const count = <T extends string>(keys: readonly T[], values: T[]): Record<string, number> => {
    const o: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
    for (const v of values) o[v] = (o[v] ?? 0) + 1;
    return o;
  };
  const lengths: Record<string, number> = {};
  for (const e of examples) lengths[String(e.hops)] = (lengths[String(e.hops)] ?? 0) + 1;
  return {
    version: TASK_VERSION,
    params,
    nodes: graph.nodes.length,
    nodesByKind: count(NODE_KINDS, graph.nodes.map((n) => n.kind)),
    edges: graph.edges.length,
    edgesByKind: count(EDGE_KINDS, graph.edges.map((e) => e.kind)),
    queries: examples.length,
    bySplit: count(SPLITS, examples.map((e) => e.split)),
    behindForm: examples.filter((e) => e.behindForm).length,
    meanPathLength: examples.length ? Math.round((examples.reduce((s, e) => s + e.hops, 0) / examples.length) * 1000) / 1000 : 0,
    pathLengths: lengths,
  };
}

/** Reads a crawl's run directory and builds the task. */
export function buildTask(runDir: string, opts: BuildTaskOptions = {}): TaskFiles {
  const pagesFile = join(runDir, 'pages.jsonl');
  if (!existsSync(pagesFile)) throw new Error(`${runDir} has no pages.jsonl: not a crawl run directory`);
  const pages = readJsonl<PageEntry>(pagesFile);
  const qFile = join(runDir, 'queries.jsonl');
  const queries = existsSync(qFile) ? readJsonl<QueryEntry>(qFile) : [];
  if (!pages.some((p) => typeof p.text === 'string' && p.text)) throw new Error(`${runDir}: its pages carry no text (crawled before pages kept their text); crawl again`);
  return buildTaskFromPages(pages, queries, runDir, opts);
}

export function writeTask(dir: string, task: TaskFiles): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, TASK_FILES.graph), `${JSON.stringify(task.graph)}\n`);
  writeFileSync(join(dir, TASK_FILES.texts), task.texts.map((t) => JSON.stringify(t)).join('\n') + '\n');
  writeFileSync(join(dir, TASK_FILES.examples), task.examples.map((e) => JSON.stringify(e)).join('\n') + '\n');
  writeFileSync(join(dir, TASK_FILES.stats), `${JSON.stringify(task.stats, null, 2)}\n`);
}

export function readTaskFiles(dir: string): TaskFiles {
  for (const f of Object.values(TASK_FILES)) if (!existsSync(join(dir, f))) throw new Error(`${dir} is not a WebNav task directory (no ${f}); build one with \`surfacer webnav build\``);
  return {
    graph: JSON.parse(readFileSync(join(dir, TASK_FILES.graph), 'utf8')) as TaskFiles['graph'],
    texts: readJsonl(join(dir, TASK_FILES.texts)),
    examples: readJsonl(join(dir, TASK_FILES.examples)),
    stats: JSON.parse(readFileSync(join(dir, TASK_FILES.stats), 'utf8')) as TaskStats,
  };
}

/** A loaded task with the derived views every agent uses. */
export interface Task {
  dir?: string;
  params: TaskParams;
  graph: SiteGraph;
  out: GraphEdge[][];
  texts: string[];
  /** normaliseForMatch of each text. */
  norm: string[];
  toks: string[][];
  tokSets: Set<string>[];
  idf: Idf;
  examples: TaskExample[];
}

export function taskFromFiles(files: TaskFiles, dir?: string): Task {
  const texts = files.texts.map((t) => t.text);
  const toks = texts.map((t) => tokens(t));
  const graph: SiteGraph = { start: files.graph.start, nodes: files.graph.nodes, edges: files.graph.edges };
  return {
    ...(dir ? { dir } : {}),
    params: files.graph.params,
    graph,
    out: adjacency(graph),
    texts,
    norm: texts.map(normaliseForMatch),
    toks,
    tokSets: toks.map((t) => new Set(t)),
    idf: computeIdf(toks),
    examples: files.examples,
  };
}

export function loadTask(dir: string): Task {
  return taskFromFiles(readTaskFiles(dir), dir);
}
