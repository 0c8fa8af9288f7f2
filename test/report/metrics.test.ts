import { describe, expect, it } from 'vitest';
import { deepFractionByDepth, harvestRateByDepth, searchableFormsByDepth } from '../../src/report/by-depth.ts';
import { coverageAfterEachQuery, harvestedRecords, queriesToReach, recordsAfterEachQuery } from '../../src/report/coverage.ts';
import { formsSubmittedByType, foundForms } from '../../src/report/trace-forms.ts';
import type { RunPage, RunQuery, RunRecord, RunTraceEvent } from '../../src/report/types.ts';

const O = 'http://127.0.0.1:18100';
const item = (n: number) => `${O}/item/${n}`;

describe('harvested records and coverage', () => {
  const queries: RunQuery[] = ['q:a', 'q:b', 'q:c', 'q:d'].map((key) => ({ key }));

  it('dedupes records by canonical URL, keeps the shallowest depth and all queries', () => {
    const records: RunRecord[] = [
      { url: item(1), depth: 4, query: 'q:b' },
      { url: 'HTTP://127.0.0.1:18100/./item/1?', depth: 3, query: 'q:a' }, // another spelling of item 1
      { url: `${item(2)}#frag`, depth: 3, query: 'q:c' },
    ];
    const pages: RunPage[] = [{ url: item(3), depth: 2, kind: 'surface' }, { url: `${O}/about`, depth: 1, kind: 'surface' }];
    const h = harvestedRecords(records, pages, (u) => u.includes('/item/'));
    expect([...h.keys()].sort()).toEqual([item(1), item(2), item(3)]);
    expect(h.get(item(1))!.depth).toBe(3);
    expect([...h.get(item(1))!.queries].sort()).toEqual(['q:a', 'q:b']);
    expect(h.get(item(3))!.queries.size).toBe(0);
  });

  it('attributes each record to its earliest query and builds the cumulative curve', () => {
    const records: RunRecord[] = [
      { url: item(1), query: 'q:a' },
      { url: item(2), query: 'q:c' },
      { url: item(3), query: 'q:c' },
      { url: item(4), query: 'q:d' },
      { url: item(5) }, // reached by a link: not on the query curve
      { url: item(6), query: 'never-written' },
    ];
    const h = harvestedRecords(records, [], () => false);
    expect(recordsAfterEachQuery(h.values(), queries).map((p) => p.records)).toEqual([1, 1, 3, 4]);
    const curve = coverageAfterEachQuery(h.values(), queries, 5);
    expect(curve.map((p) => p.coverage)).toEqual([0.2, 0.2, 0.6, 0.8]);
    expect(curve[2]).toEqual({ query: 3, key: 'q:c', records: 3, coverage: 0.6 });
  });

  it('finds the first query reaching a coverage level, or null', () => {
    const curve = [0.1, 0.5, 0.9, 0.95, 1].map((coverage, i) => ({ query: i + 1, coverage }));
    expect(queriesToReach(curve, 0.9)).toBe(3);
    expect(queriesToReach(curve, 0.99)).toBe(5);
    expect(queriesToReach(curve.slice(0, 4), 0.99)).toBeNull();
    // 27/30 is 0.9 despite floating point.
    expect(queriesToReach([{ query: 7, coverage: 27 / 30 }], 0.9)).toBe(7);
  });

  it('counts a repeated query key at its first issue', () => {
    const h = harvestedRecords([{ url: item(1), query: 'q:b' }], [], () => false);
    expect(recordsAfterEachQuery(h.values(), [{ key: 'q:a' }, { key: 'q:b' }, { key: 'q:b' }]).map((p) => p.records)).toEqual([0, 1, 1]);
  });
});

describe('per-depth tables', () => {
  it('computes the harvest ratio per depth over all pages fetched there', () => {
    const rows = harvestRateByDepth([0, 1, 1, 2, 3, 3, 3, 3], [3, 3, 3]);
    expect(rows).toEqual([
      { depth: 0, pages: 1, records: 0, harvestRate: 0 },
      { depth: 1, pages: 2, records: 0, harvestRate: 0 },
      { depth: 2, pages: 1, records: 0, harvestRate: 0 },
      { depth: 3, pages: 4, records: 3, harvestRate: 0.75 },
    ]);
    expect(harvestRateByDepth([], [])).toEqual([]);
    expect(harvestRateByDepth([0], [2])[2]).toEqual({ depth: 2, pages: 0, records: 1, harvestRate: null });
  });

  it('counts search forms found against the truth, each form once at its shallowest depth', () => {
    const found = [
      { pageUrl: `${O}/`, index: 0, depth: 0, formType: 'search' },
      { pageUrl: `${O}/`, index: 1, depth: 0, formType: 'login' },
      { pageUrl: `${O}/adv`, index: 0, depth: 3, formType: 'search' },
      { pageUrl: `${O}/adv`, index: 0, depth: 2, formType: 'search' },
      { pageUrl: `${O}/contact`, index: 0, depth: 1, formType: 'search' }, // a false positive
    ];
    const truth = [
      { pageUrl: `${O}/`, index: 0, depth: 0 },
      { pageUrl: `${O}/adv`, index: 0, depth: 2 },
      { pageUrl: `${O}/deep`, index: 0, depth: 4 },
      { pageUrl: `${O}/other`, index: 0, depth: 2 },
    ];
    const rows = searchableFormsByDepth(found, truth);
    expect(rows.map((r) => [r.depth, r.found, r.classifiedSearch, r.truth, r.cumulativeFraction])).toEqual([
      [0, 1, 1, 1, 0.25],
      [1, 0, 1, 0, 0.25],
      [2, 1, 1, 2, 0.5],
      [3, 0, 0, 0, 0.5],
      [4, 0, 0, 1, 0.5],
    ]);
    const own = searchableFormsByDepth(found);
    expect(own.map((r) => [r.found, r.truth, r.cumulativeFraction])).toEqual([
      [1, null, 1 / 3],
      [1, null, 2 / 3],
      [1, null, 1],
    ]);
  });

  it('computes the deep fraction per depth', () => {
    const rows = deepFractionByDepth([
      { depth: 0, deep: false },
      { depth: 2, deep: true },
      { depth: 2, deep: false },
      { depth: 2, deep: true },
    ]);
    expect(rows).toEqual([
      { depth: 0, pages: 1, deepPages: 0, fraction: 0 },
      { depth: 1, pages: 0, deepPages: 0, fraction: null },
      { depth: 2, pages: 3, deepPages: 2, fraction: 2 / 3 },
    ]);
  });
});

describe('forms from the trace', () => {
  const trace: RunTraceEvent[] = [
    { action: 'form-found', input: { pageUrl: `${O}/`, index: 0, depth: 0 }, outcome: { formType: 'search', probability: 0.9, method: 'GET' } },
    { action: 'form-found', input: { pageUrl: `${O}/login`, index: 0, depth: 1 }, outcome: { formType: 'login', probability: 0.8, method: 'POST' } },
    { action: 'form-found', input: { pageUrl: `${O}/x`, index: 2, depth: 2 }, outcome: { formType: 'other', probability: 0.6, method: 'GET' } },
    { action: 'search-form', input: { formKey: 'K1', pageUrl: `${O}/x`, index: 2 } },
    { action: 'submit', input: { formKey: `${O}/#form0`, values: { q: 'a' } } },
    { action: 'error', input: { url: `${O}/` }, outcome: { message: 'boom' } },
    { action: 'form-found', input: { pageUrl: 7 }, outcome: {} }, // malformed: ignored
  ];

  it('reads found forms and types the submitted ones by the crawler classification', () => {
    expect(foundForms(trace)).toHaveLength(3);
    const queries: RunQuery[] = [{ key: 'a', form: `${O}/#form0` }, { key: 'b', form: 'K1' }, { key: 'c', form: `${O}/#form0` }];
    expect(formsSubmittedByType(trace, queries, foundForms(trace))).toEqual({ search: 1, other: 1 });
  });
});
