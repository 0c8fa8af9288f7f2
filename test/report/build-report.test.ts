import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src/report/build-report.ts';
import { renderReportHtml } from '../../src/report/html.ts';
import type { ReportInput, RunPage, RunTraceEvent, TruthPageKind, TruthView } from '../../src/report/types.ts';

const O = 'http://127.0.0.1:18100';

/** A hand-made world: home → /cat → /search (form); 10 hidden records /item/0..9; results at /results?q=…. */
const truth: TruthView = {
  domain: 'arts',
  scale: 'small',
  seed: 1,
  origin: O,
  recordUrls: Array.from({ length: 10 }, (_, i) => `${O}/item/${i}`),
  surfacePages: [
    { url: `${O}/`, depth: 0 },
    { url: `${O}/cat`, depth: 1 },
    { url: `${O}/search`, depth: 1 },
    { url: `${O}/about`, depth: 2 },
  ],
  searchForms: [
    { pageUrl: `${O}/`, index: 0, depth: 0 },
    { pageUrl: `${O}/search`, index: 0, depth: 1 },
  ],
  classify(url: string): TruthPageKind {
    const path = new URL(url).pathname;
    if (path.startsWith('/item/')) return 'record';
    if (path === '/results') return 'result';
    if (path.startsWith('/calendar/')) return 'trap';
    return this.surfacePages.some((p) => p.url === url) ? 'surface' : 'other';
  },
};

const page = (url: string, depth: number, kind: string, score: number, extra: Partial<RunPage> = {}): RunPage => ({ url, depth, kind, score, via: 'link', ...extra });

function sampleRun(): ReportInput {
  const pages: RunPage[] = [
    page(`${O}/`, 0, 'surface', 0.05),
    page(`${O}/cat`, 1, 'surface', 0.1),
    page(`${O}/search`, 1, 'surface', 0.2),
    page(`${O}/calendar/2024/05`, 2, 'surface', 0.15),
    // A featured record linked from the surface: the crawler calls it surface, truth says record.
    page(`${O}/item/9`, 2, 'surface', 0.6),
    page(`${O}/results?q=red`, 2, 'result', 0.9, { via: 'form', query: 'q=red' }),
    page(`${O}/results?q=blue`, 2, 'result', 0.9, { via: 'form', query: 'q=blue' }),
    // An in-place result view keyed with a fragment; the landing URL is the result page.
    page(`${O}/search#query=q%3Dgreen&page=1`, 2, 'result', 0.8, { via: 'form', query: 'q=green', finalUrl: `${O}/results?q=green` }),
    ...[0, 1, 2].map((i) => page(`${O}/item/${i}`, 3, 'record', 0.95, { via: 'record-link', query: 'q=red' })),
    ...[3, 4].map((i) => page(`${O}/item/${i}`, 3, 'record', 0.95, { via: 'record-link', query: 'q=blue' })),
    page(`${O}/item/5`, 3, 'record', 0.95, { via: 'record-link', query: 'q=green' }),
  ];
  const records = [
    ...[0, 1, 2].map((i) => ({ url: `${O}/item/${i}`, depth: 3, query: 'q=red' })),
    ...[3, 4].map((i) => ({ url: `${O}/item/${i}`, depth: 3, query: 'q=blue' })),
    // item 5: page fetched, record extraction missing — still harvested by its page.
    { url: `${O}/elsewhere/1`, depth: 3, query: 'q=blue' }, // not a hidden record
  ];
  const trace: RunTraceEvent[] = [
    { action: 'form-found', input: { pageUrl: `${O}/`, index: 0, depth: 0 }, outcome: { formType: 'search' } },
    { action: 'form-found', input: { pageUrl: `${O}/`, index: 1, depth: 0 }, outcome: { formType: 'login' } },
    { action: 'form-found', input: { pageUrl: `${O}/search`, index: 0, depth: 1 }, outcome: { formType: 'other' } },
    { action: 'form-found', input: { pageUrl: `${O}/cat`, index: 0, depth: 1 }, outcome: { formType: 'search' } },
    { action: 'error', input: { url: `${O}/x` }, outcome: { message: 'timeout' } },
  ];
  return {
    pages,
    records,
    queries: [
      { key: 'q=red', form: `${O}/#form0`, t: 1000, recordLinks: [0, 1, 2].map((i) => `${O}/item/${i}`) },
      { key: 'q=none', form: `${O}/#form0`, failed: true, t: 2000 },
      { key: 'q=blue', form: `${O}/#form0`, t: 3000, recordLinks: [2, 3, 4].map((i) => `${O}/item/${i}`) },
      { key: 'q=green', form: `${O}/#form0`, t: 11000, recordLinks: [5, 2, 3].map((i) => `${O}/item/${i}`) },
    ],
    trace,
    manifest: { domain: 'arts', strategy: 'adaptive', seeds: [`${O}/`] },
    coordinator: { queriesIssued: 4, errors: 1, formsSkipped: { 'search (POST, no --allow-post)': 1 } },
    generatedAt: '2024-01-01T00:00:00.000Z',
  };
}

describe('buildReport with ground truth', () => {
  const report = buildReport({ ...sampleRun(), truth, wallSeconds: 8 });

  it('counts totals from the run files', () => {
    expect(report.totals).toMatchObject({
      pagesFetched: 14,
      surfacePages: 5,
      resultPages: 3,
      recordPages: 6,
      recordsHarvested: 6,
      queriesIssued: 4,
      queriesFailed: 1,
      formsFound: { search: 2, login: 1, other: 1 },
      formsSubmitted: { search: 1 },
      formsSkipped: { 'search (POST, no --allow-post)': 1 },
      errors: 1,
    });
    expect(report.timing).toEqual({ wallSeconds: 8, pagesPerSecond: 14 / 8 });
    expect(report.groundTruth).toMatchObject({ records: 10, surfacePages: 4, searchForms: 2 });
  });

  it('measures coverage of hidden records and its curve over queries', () => {
    // items 0–5 via queries, item 9 via a surface link; /elsewhere/1 is not a hidden record.
    expect(report.hiddenRecordsHarvested).toBe(7);
    expect(report.coverage).toBeCloseTo(0.7, 12);
    expect(report.coverageByQuery!.map((p) => p.records)).toEqual([3, 3, 5, 6]);
    expect(report.coverageByQuery!.map((p) => p.coverage)).toEqual([0.3, 0.3, 0.5, 0.6]);
    expect(report.queriesTo90).toBeNull();
    expect(report.recordsByQuery).toBeUndefined();
  });

  it('labels pages by the truth (fragment stripped, landing URL for in-place results)', () => {
    expect(report.kindConfusion).toEqual({
      surface: { surface: 3, trap: 1, record: 1 },
      result: { result: 3 },
      record: { record: 6 },
    });
    expect(report.deepVsSurface).toEqual({ deepPages: 10, surfacePages: 3, trapPages: 1, otherPages: 0, deepFraction: 10 / 13, surfaceCoverage: 3 / 4 });
    expect(report.kindAsDeepDetector).toEqual({ precision: 1, recall: 0.9, f1: (2 * 0.9) / 1.9 });
  });

  it('scores the crawler score against the truth label', () => {
    // Deep pages score 0.6–0.95, surface ones 0.05–0.2: a perfect ranking.
    expect(report.roc!.auc).toBe(1);
    expect(report.precisionRecall!.averagePrecision).toBe(1);
    expect(report.roc!.positives).toBe(10);
    expect(report.roc!.negatives).toBe(4);
  });

  it('builds the per-depth tables', () => {
    expect(report.deepFractionByDepth.map((r) => [r.depth, r.pages, r.deepPages])).toEqual([
      [0, 1, 0],
      [1, 2, 0],
      [2, 5, 4],
      [3, 6, 6],
    ]);
    expect(report.harvestRateByDepth.map((r) => [r.depth, r.pages, r.records, r.harvestRate])).toEqual([
      [0, 1, 0, 0],
      [1, 2, 0, 0],
      [2, 5, 1, 0.2],
      [3, 6, 6, 1],
    ]);
    // The search form on / is found; /search's form was classified 'other'; /cat's is a false positive.
    expect(report.searchableFormsByDepth.map((r) => [r.depth, r.found, r.classifiedSearch, r.truth, r.cumulativeFraction])).toEqual([
      [0, 1, 1, 1, 0.5],
      [1, 0, 1, 1, 0.5],
    ]);
  });
});

describe('buildReport without ground truth', () => {
  const report = buildReport(sampleRun());

  it('has no truth-based fields and counts by the crawler labels', () => {
    expect(report.groundTruth).toBeNull();
    for (const field of ['coverage', 'coverageByQuery', 'queriesTo90', 'roc', 'precisionRecall', 'deepVsSurface', 'kindConfusion'] as const) expect(report[field]).toBeUndefined();
    expect(report.totals.pagesFetched).toBe(14);
    expect(report.deepFractionByDepth.map((r) => r.deepPages)).toEqual([0, 0, 3, 6]);
    // records.jsonl only: 6 records, 3 after query 1, 6 after query 3 (q=blue brought 3).
    expect(report.recordsByQuery!.map((p) => p.records)).toEqual([3, 3, 6, 6]);
    expect(report.harvestRateByDepth[3]).toEqual({ depth: 3, pages: 6, records: 6, harvestRate: 1 });
    expect(report.searchableFormsByDepth.map((r) => [r.found, r.truth])).toEqual([
      [1, null],
      [1, null],
    ]);
  });

  it('estimates from the result lists how many records none of them showed (Chao1), hand-worked', () => {
    // Listed: items 0, 1, 4, 5 once, item 3 twice, item 2 three times → 4·3 / (2·2) = 3 unseen of 9.
    expect(Object.keys(report.unseenRecords!)).toEqual([O]);
    const u = report.unseenRecords![O]!;
    expect(u).toMatchObject({ listed: 6, listedOnce: 4, listedTwice: 1, estimatedUnseen: 3 });
    expect(u.estimatedCoverage).toBeCloseTo(6 / 9, 12);
  });

  it('takes wall time from the time stamps when not given', () => {
    expect(report.timing.wallSeconds).toBe(10);
    expect(report.timing.pagesPerSecond).toBeCloseTo(1.4, 12);
  });
});

describe('HTML report', () => {
  const figures = ['forms-by-depth', 'deep-fraction-by-depth', 'roc', 'precision-recall', 'coverage-by-query', 'harvest-rate-by-depth'];

  for (const withTruth of [true, false]) {
    it(`is one self-contained page with an SVG per figure (${withTruth ? 'with' : 'without'} truth)`, () => {
      const html = renderReportHtml(buildReport({ ...sampleRun(), truth: withTruth ? truth : undefined }));
      expect(html.startsWith('<!doctype html>')).toBe(true);
      for (const id of figures) expect(html).toMatch(new RegExp(`<figure id="${id}"><svg[^>]*>`));
      expect((html.match(/<svg/g) ?? []).length).toBe(figures.length);
      // Nothing is loaded from anywhere: no src/href/url() with a URL, no script, no link tag.
      expect(html).not.toMatch(/\b(?:src|href|xlink:href)\s*=\s*["']?[^"'\s>]*(?:https?:|\/\/)/i);
      expect(html).not.toMatch(/url\(/i);
      expect(html).not.toMatch(/<(?:script|link|img|iframe)\b/i);
      // Seeds appear as text only, escaped.
      expect(html).toContain(`${O}/`);
      expect(html).toContain(withTruth ? 'coverage of hidden records' : 'not a testbed site');
    });
  }

  it('escapes text taken from the run', () => {
    const html = renderReportHtml(buildReport({ ...sampleRun(), manifest: { domain: '<b>arts</b>', strategy: 'a&b', seeds: [] } }));
    expect(html).toContain('&lt;b&gt;arts&lt;/b&gt;');
    expect(html).not.toContain('<b>arts</b>');
    expect(html).toContain('a&amp;b');
  });
});
