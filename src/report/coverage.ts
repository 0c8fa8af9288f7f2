/**
 * Which records a run harvested, when (after which query) and at what depth, and the
 * coverage curve over queries. Pure functions over the run's rows.
 */
import { tryCanonicalUrl } from '../url/canonical.ts';
import type { RunPage, RunQuery, RunRecord } from './types.ts';

export interface HarvestedRecord {
  /** Canonical detail-page URL. */
  url: string;
  /** Shallowest depth at which its detail page was reached (null when no row said). */
  depth: number | null;
  /** Keys of the queries that led to it (records.jsonl `query`, or its record page's `query`). */
  queries: Set<string>;
}

/** A URL as the evaluator keys it: canonical, without fragment; null when unparsable. */
export function urlKey(url: string | undefined): string | null {
  return url ? tryCanonicalUrl(url) : null;
}

/**
 * The distinct records of a run, keyed by canonical URL. Every line of records.jsonl is one;
 * a fetched page is one too when `isRecordPage` says so (with ground truth: its URL is a
 * hidden record's detail page — a record fetched whose text extraction failed still counts).
 */
export function harvestedRecords(records: readonly RunRecord[], pages: readonly RunPage[], isRecordPage: (url: string) => boolean): Map<string, HarvestedRecord> {
  const out = new Map<string, HarvestedRecord>();
  const note = (url: string, depth: number | undefined, query: string | undefined) => {
    let r = out.get(url);
    if (!r) {
      r = { url, depth: null, queries: new Set() };
      out.set(url, r);
    }
    if (typeof depth === 'number' && (r.depth === null || depth < r.depth)) r.depth = depth;
    if (query) r.queries.add(query);
  };
  for (const r of records) {
    const url = urlKey(r.url);
    if (url) note(url, r.depth, r.query);
  }
  for (const p of pages) {
    for (const candidate of [p.url, p.finalUrl]) {
      const url = urlKey(candidate);
      if (url && isRecordPage(url)) {
        note(url, p.depth, p.query);
        break;
      }
    }
  }
  return out;
}

/** 1-based position of each query key's first issue in queries.jsonl order. */
export function queryOrder(queries: readonly RunQuery[]): Map<string, number> {
  const order = new Map<string, number>();
  queries.forEach((q, i) => {
    if (!order.has(q.key)) order.set(q.key, i + 1);
  });
  return order;
}

/**
 * Records reached after each query: point i counts the records whose earliest attributed
 * query was issued at or before query i. Records no issued query led to (reached by links,
 * or found by a query whose answer was never written) are not on the curve.
 */
export function recordsAfterEachQuery(harvested: Iterable<HarvestedRecord>, queries: readonly RunQuery[]): { query: number; key: string; records: number }[] {
  const order = queryOrder(queries);
  const firstAt = new Array<number>(queries.length + 2).fill(0);
  for (const r of harvested) {
    let first = Infinity;
    for (const key of r.queries) first = Math.min(first, order.get(key) ?? Infinity);
    if (first !== Infinity) firstAt[first]!++;
  }
  let running = 0;
  return queries.map((q, i) => {
    running += firstAt[i + 1]!;
    return { query: i + 1, key: q.key, records: running };
  });
}

/** Coverage after each query: records reached over `totalRecords` hidden records. */
export function coverageAfterEachQuery(harvested: Iterable<HarvestedRecord>, queries: readonly RunQuery[], totalRecords: number) {
  return recordsAfterEachQuery(harvested, queries).map((p) => ({ ...p, coverage: totalRecords ? p.records / totalRecords : 0 }));
}

/** The first query (1-based) at which the curve reaches `fraction`, or null if it never does. */
export function queriesToReach(curve: readonly { query: number; coverage: number }[], fraction: number): number | null {
  // A small tolerance: 27/30 must count as reaching 0.9 despite floating point.
  return curve.find((p) => p.coverage >= fraction - 1e-12)?.query ?? null;
}
