/**
 * The report of one run: a pure function of the run's rows and, for built-in testbed sites,
 * the ground truth. See `Report` in types.ts for every field's meaning.
 */
import { deepFractionByDepth, harvestRateByDepth, searchableFormsByDepth } from './by-depth.ts';
import { coverageAfterEachQuery, harvestedRecords, queriesToReach, recordsAfterEachQuery, urlKey, type HarvestedRecord } from './coverage.ts';
import { precisionRecallCurve, precisionRecallOf, rocCurve, thinPoints } from './curves.ts';
import { isDeepKind, truthKindOfPage } from './page-truth.ts';
import { formsByType, formsSubmittedByType, foundForms } from './trace-forms.ts';
import { unseenRecordsBySite } from './unseen-records.ts';
import type { KindConfusion, Report, ReportInput, ReportTotals, RunPage, TruthPageKind, TruthView } from './types.ts';

const validDepth = (d: unknown): d is number => typeof d === 'number' && Number.isInteger(d) && d >= 0;

/** One row per distinct page URL (the store already dedupes; a hand-merged run may not). */
function distinctPages(pages: readonly RunPage[]): RunPage[] {
  const seen = new Set<string>();
  return pages.filter((p) => (seen.has(p.url) ? false : (seen.add(p.url), true)));
}

/** Seconds between the first and last `t` stamp (milliseconds) of any row; null without stamps. */
function spanSeconds(...lists: readonly (readonly { t?: number }[])[]): number | null {
  let min = Infinity;
  let max = -Infinity;
  for (const list of lists) {
    for (const row of list) {
      if (typeof row.t !== 'number') continue;
      min = Math.min(min, row.t);
      max = Math.max(max, row.t);
    }
  }
  return max > min ? (max - min) / 1000 : null;
}

function totalsOf(input: ReportInput, pages: readonly RunPage[]): ReportTotals {
  const found = foundForms(input.trace);
  const byKind = (k: string) => pages.filter((p) => p.kind === k).length;
  const traceErrors = input.trace.filter((e) => e.action === 'error').length;
  const formsFound = found.length ? formsByType(found) : { ...(input.coordinator?.formsFound ?? {}) };
  return {
    pagesFetched: pages.length,
    surfacePages: byKind('surface'),
    resultPages: byKind('result'),
    recordPages: byKind('record'),
    recordsHarvested: new Set(input.records.map((r) => urlKey(r.url) ?? r.url)).size,
    queriesIssued: Math.max(input.queries.length, input.coordinator?.queriesIssued ?? 0),
    queriesFailed: input.queries.filter((q) => q.failed).length,
    formsFound,
    formsSubmitted: formsSubmittedByType(input.trace, input.queries, found),
    formsSkipped: { ...(input.coordinator?.formsSkipped ?? {}) },
    errors: Math.max(traceErrors, input.coordinator?.errors ?? 0),
  };
}

export function buildReport(input: ReportInput): Report {
  const pages = distinctPages(input.pages);
  const truth = input.truth;
  const totals = totalsOf(input, pages);
  const wallSeconds = input.wallSeconds ?? spanSeconds(input.pages, input.records, input.queries, input.trace);
  const depthPages = pages.filter((p) => validDepth(p.depth));
  const found = foundForms(input.trace);

  const report: Report = {
    version: 1,
    generatedAt: input.generatedAt ?? new Date().toISOString(),
    domain: input.manifest?.domain ?? truth?.domain ?? null,
    strategy: input.manifest?.strategy ?? null,
    seeds: [...(input.manifest?.seeds ?? [])],
    groundTruth: truth
      ? { domain: truth.domain, scale: truth.scale, seed: truth.seed, origin: truth.origin, records: truth.recordUrls.length, surfacePages: truth.surfacePages.length, searchForms: truth.searchForms.length }
      : null,
    totals,
    ...(input.skippedLines && Object.keys(input.skippedLines).length ? { skippedLines: { ...input.skippedLines } } : {}),
    timing: { wallSeconds, pagesPerSecond: wallSeconds ? pages.length / wallSeconds : null },
    harvestRateByDepth: [],
    searchableFormsByDepth: searchableFormsByDepth(found, truth?.searchForms),
    deepFractionByDepth: [],
  };
  const unseen = unseenRecordsBySite(input.queries);
  if (Object.keys(unseen).length) report.unseenRecords = unseen;

  if (!truth) {
    const harvested = harvestedRecords(input.records, [], () => false);
    report.recordsByQuery = recordsAfterEachQuery(harvested.values(), input.queries);
    report.harvestRateByDepth = harvestRateByDepth(depthPages.map((p) => p.depth), recordDepths(harvested.values()));
    report.deepFractionByDepth = deepFractionByDepth(depthPages.map((p) => ({ depth: p.depth, deep: isDeepKind(p.kind) })));
    return report;
  }

  Object.assign(report, truthMetrics(input, pages, depthPages, truth));
  return report;
}

function recordDepths(records: Iterable<HarvestedRecord>): number[] {
  const out: number[] = [];
  for (const r of records) if (validDepth(r.depth)) out.push(r.depth);
  return out;
}

function truthMetrics(input: ReportInput, pages: readonly RunPage[], depthPages: readonly RunPage[], truth: TruthView): Partial<Report> {
  const hidden = new Set(truth.recordUrls);
  const all = harvestedRecords(input.records, pages, (url) => hidden.has(url));
  const harvested = [...all.values()].filter((r) => hidden.has(r.url));
  const coverageByQuery = coverageAfterEachQuery(harvested, input.queries, hidden.size);

  const kinds = new Map<RunPage, TruthPageKind>(pages.map((p) => [p, truthKindOfPage(truth, p)]));
  const kindOf = (p: RunPage) => kinds.get(p)!;

  // Deep-page identification: the crawler's score (ROC, PR) and its hard kind.
  const scored = pages.filter((p) => typeof p.score === 'number' && Number.isFinite(p.score)).map((p) => ({ score: p.score!, positive: isDeepKind(kindOf(p)) }));
  const roc = rocCurve(scored);
  const pr = precisionRecallCurve(scored);
  const kindConfusion: KindConfusion = {};
  for (const p of pages) {
    const row = (kindConfusion[String(p.kind)] ??= {});
    row[kindOf(p)] = (row[kindOf(p)] ?? 0) + 1;
  }

  // Deep vs surface pages retrieved, and how much of the surface web the crawl saw.
  const counts = { deep: 0, surface: 0, trap: 0, other: 0 };
  for (const p of pages) {
    const k = kindOf(p);
    if (isDeepKind(k)) counts.deep++;
    else counts[k as 'surface' | 'trap' | 'other']++;
  }
  // Trap pages are in the truth's surface list only up to an arbitrary cut: not in the denominator.
  const surfaceTruth = new Set(truth.surfacePages.filter((s) => truth.classify(s.url) === 'surface').map((s) => s.url));
  const surfaceSeen = new Set<string>();
  for (const p of pages) {
    for (const u of [urlKey(p.url), urlKey(p.finalUrl)]) if (u && surfaceTruth.has(u)) surfaceSeen.add(u);
  }

  return {
    coverage: hidden.size ? harvested.length / hidden.size : 0,
    hiddenRecordsHarvested: harvested.length,
    coverageByQuery,
    queriesTo90: queriesToReach(coverageByQuery, 0.9),
    queriesTo99: queriesToReach(coverageByQuery, 0.99),
    harvestRateByDepth: harvestRateByDepth(
      depthPages.map((p) => p.depth),
      recordDepths(harvested),
    ),
    deepFractionByDepth: deepFractionByDepth(depthPages.map((p) => ({ depth: p.depth, deep: isDeepKind(kindOf(p)) }))),
    precisionRecall: { points: thinPoints(pr.points), averagePrecision: pr.averagePrecision, positives: pr.positives },
    roc: { points: thinPoints(roc.points), auc: roc.auc, positives: roc.positives, negatives: roc.negatives },
    kindConfusion,
    kindAsDeepDetector: precisionRecallOf(
      pages.map((p) => isDeepKind(String(p.kind))),
      pages.map((p) => isDeepKind(kindOf(p))),
    ),
    deepVsSurface: {
      deepPages: counts.deep,
      surfacePages: counts.surface,
      trapPages: counts.trap,
      otherPages: counts.other,
      deepFraction: counts.deep + counts.surface ? counts.deep / (counts.deep + counts.surface) : null,
      surfaceCoverage: surfaceTruth.size ? surfaceSeen.size / surfaceTruth.size : null,
    },
  };
}
