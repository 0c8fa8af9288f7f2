/**
 * The paper's per-depth tables: average harvest ratio, searchable forms found, fraction of
 * deep pages. Pure functions; depth is the link depth from the seed (0 = the seed page).
 */
import type { DeepFractionRow, HarvestRateRow, SearchFormsRow } from './types.ts';

/** depths 0..max over every list given (empty lists give no rows). */
function depthRange(...lists: readonly (readonly number[])[]): number[] {
  let max = -1;
  for (const list of lists) for (const d of list) if (Number.isInteger(d) && d >= 0) max = Math.max(max, d);
  return Array.from({ length: max + 1 }, (_, d) => d);
}

function countBy(depths: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const d of depths) m.set(d, (m.get(d) ?? 0) + 1);
  return m;
}

/**
 * Average harvest ratio at each depth d: records whose detail page sat at depth d, over all
 * pages fetched at depth d (every kind: surface, result and record pages all cost a fetch).
 */
export function harvestRateByDepth(pageDepths: readonly number[], recordDepths: readonly number[]): HarvestRateRow[] {
  const pages = countBy(pageDepths);
  const records = countBy(recordDepths);
  return depthRange(pageDepths, recordDepths).map((depth) => {
    const p = pages.get(depth) ?? 0;
    const r = records.get(depth) ?? 0;
    return { depth, pages: p, records: r, harvestRate: p ? r / p : null };
  });
}

export interface FoundForm {
  pageUrl: string;
  index: number;
  depth: number;
  /** The crawler's classification. */
  formType: string;
}

export interface TruthSearchForm {
  pageUrl: string;
  index: number;
  depth: number;
}

const formId = (f: { pageUrl: string; index: number }) => `${f.pageUrl}#${f.index}`;

/**
 * Searchable forms by depth. A form the crawler saw at several depths counts once, at the
 * shallowest. With truth, `found` counts true search forms the crawler classified as search
 * (at the depth the crawler reached them) and the cumulative fraction is over all truth
 * search forms; without truth, `found` is the crawler's own count and the fraction is over
 * everything it found.
 */
export function searchableFormsByDepth(found: readonly FoundForm[], truthForms?: readonly TruthSearchForm[]): SearchFormsRow[] {
  const seen = new Map<string, FoundForm>();
  for (const f of found) {
    const prev = seen.get(formId(f));
    if (!prev || f.depth < prev.depth) seen.set(formId(f), f);
  }
  const classified = [...seen.values()].filter((f) => f.formType === 'search');
  const truthIds = truthForms ? new Set(truthForms.map(formId)) : undefined;
  const hits = truthIds ? classified.filter((f) => truthIds.has(formId(f))) : classified;
  const foundAt = countBy(hits.map((f) => f.depth));
  const classifiedAt = countBy(classified.map((f) => f.depth));
  const truthAt = truthForms ? countBy(truthForms.map((f) => f.depth)) : undefined;
  const denominator = truthForms ? truthForms.length : hits.length;
  let cumulative = 0;
  return depthRange(
    classified.map((f) => f.depth),
    (truthForms ?? []).map((f) => f.depth),
  ).map((depth) => {
    cumulative += foundAt.get(depth) ?? 0;
    return {
      depth,
      found: foundAt.get(depth) ?? 0,
      classifiedSearch: classifiedAt.get(depth) ?? 0,
      truth: truthAt ? (truthAt.get(depth) ?? 0) : null,
      cumulativeFraction: denominator ? cumulative / denominator : null,
    };
  });
}

/** Fraction of the pages fetched at each depth that are deep (result or record pages). */
export function deepFractionByDepth(pages: readonly { depth: number; deep: boolean }[]): DeepFractionRow[] {
  const all = countBy(pages.map((p) => p.depth));
  const deep = countBy(pages.filter((p) => p.deep).map((p) => p.depth));
  return depthRange(pages.map((p) => p.depth)).map((depth) => {
    const n = all.get(depth) ?? 0;
    const d = deep.get(depth) ?? 0;
    return { depth, pages: n, deepPages: d, fraction: n ? d / n : null };
  });
}
