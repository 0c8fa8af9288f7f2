/**
 * The testbed's ground truth, reduced to what the evaluator needs. `report/` is the one
 * crawler-side folder that may read it (see test/boundaries).
 */
import { classifyTruthUrl, groundTruth, type GroundTruth, type Scale } from '../testbed/index.ts';
import { canonicalUrl } from '../url/canonical.ts';
import type { TruthPageKind, TruthView } from './types.ts';

export interface TestbedRef {
  domain: string;
  scale: Scale;
  seed: number;
  /** Origin the site was served at (the seeds' origin): truth URLs are built on it. */
  origin: string;
}

export function truthViewOf(truth: GroundTruth): TruthView {
  const depthOf = new Map(truth.surfacePages.map((p) => [canonicalUrl(p.url), p.depth]));
  const searchForms: { pageUrl: string; index: number; depth: number }[] = [];
  // Every search form sits on a surface page, which has a link depth; a form on an
  // unreachable page could never be found by crawling, so it is left out.
  for (const f of truth.forms) {
    const pageUrl = canonicalUrl(f.pageUrl);
    const depth = depthOf.get(pageUrl);
    if (f.trueType === 'search' && depth !== undefined) searchForms.push({ pageUrl, index: f.index, depth });
  }
  const cache = new Map<string, TruthPageKind>();
  return {
    domain: truth.domain,
    scale: truth.scale,
    seed: truth.seed,
    origin: truth.origin,
    recordUrls: truth.records.map((r) => canonicalUrl(r.url)),
    surfacePages: truth.surfacePages.map((p) => ({ url: canonicalUrl(p.url), depth: p.depth })),
    searchForms,
    classify(url: string): TruthPageKind {
      let kind = cache.get(url);
      if (!kind) {
        kind = classifyTruthUrl(truth, url) as TruthPageKind;
        cache.set(url, kind);
      }
      return kind;
    },
  };
}

export function loadTruth(ref: TestbedRef): TruthView {
  return truthViewOf(groundTruth({ domain: ref.domain, scale: ref.scale, seed: ref.seed, origin: ref.origin }));
}
