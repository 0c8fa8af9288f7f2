/**
 * What the neural agent reads, as numbers: hashed TF-IDF vectors of pages and the query (the
 * model embeds them), and a few features of each (query, page) pair that a reader gets by
 * looking: how much of the query the page says, and the edge's kind and label.
 */
import type { EdgeKind } from '../graph.ts';
import { EDGE_KINDS, NODE_KINDS } from '../graph.ts';
import { labelMatch } from '../baselines.ts';
import { PageReader, pageHasQuery, type NavEdge, type NavQuery, type PageView } from '../env.ts';
import { cosine, hashedVector, recall, tfidfVector, tokens, type Idf } from '../text.ts';

export interface Sparse {
  idx: number[];
  val: number[];
}

/** Edge features: edge kind (4), next page kind (3), cos, recall, says the query, label match, next has form, next already on path. */
export const EDGE_FEATURES = EDGE_KINDS.length + NODE_KINDS.length + 6;
/** Stop features: cos, recall, says the query, page kind (3), has form. */
export const STOP_FEATURES = 3 + NODE_KINDS.length + 1;
/** Kind of the edge that led to the current page (4) or none. */
export const PREV_FEATURES = EDGE_KINDS.length;

export interface NodeInfo {
  vec: Sparse;
  cos: number;
  recall: number;
  /** The page says the query's sentences: what a reader sees, and what the baselines stop on. */
  says: boolean;
  kind: string;
  hasForm: boolean;
}

const oneHot = <T>(values: readonly T[], v: T | null | undefined): number[] => values.map((x) => (x === v ? 1 : 0));

/** One query against one environment: caches page views and features. */
export class QueryFeaturizer {
  readonly qToks: string[];
  readonly qTfidf: Map<string, number>;
  readonly qVec: Sparse;
  readonly qSet: Set<string>;
  private info = new Map<string, NodeInfo>();
  constructor(readonly reader: PageReader, readonly query: NavQuery, readonly idf: Idf, readonly dim: number, private readonly vecCache?: Map<string, Sparse>) {
    this.qToks = tokens(query.text);
    this.qTfidf = tfidfVector(this.qToks, idf);
    this.qVec = hashedVector(this.qTfidf, dim);
    this.qSet = new Set(this.qToks);
  }

  async node(id: string): Promise<NodeInfo> {
    const hit = this.info.get(id);
    if (hit) return hit;
    const v: PageView = await this.reader.view(id);
    let vec = this.vecCache?.get(id);
    if (!vec) {
      vec = hashedVector(v.tfidf, this.dim);
      this.vecCache?.set(id, vec);
    }
    const out: NodeInfo = { vec, cos: cosine(this.qTfidf, v.tfidf), recall: recall(this.qToks, v.set, this.idf), says: pageHasQuery(v, this.query), kind: v.page.kind, hasForm: v.page.hasForm };
    this.info.set(id, out);
    return out;
  }

  edgeFeatures(e: NavEdge, next: NodeInfo, onPath: boolean): number[] {
    return [
      ...oneHot(EDGE_KINDS, e.kind),
      ...oneHot(NODE_KINDS, next.kind),
      next.cos,
      next.recall,
      next.says ? 1 : 0,
      e.kind === 'form' ? labelMatch(e.label ?? '', this.qSet, this.idf) : 0,
      next.hasForm ? 1 : 0,
      onPath ? 1 : 0,
    ];
  }

  stopFeatures(cur: NodeInfo): number[] {
    return [cur.cos, cur.recall, cur.says ? 1 : 0, ...oneHot(NODE_KINDS, cur.kind), cur.hasForm ? 1 : 0];
  }
}

export function prevFeatures(kind: EdgeKind | null): number[] {
  return oneHot(EDGE_KINDS, kind);
}
