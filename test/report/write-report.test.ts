import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Command } from 'commander';
import { RunStore } from '../../src/store/index.ts';
import { groundTruth, type GroundTruth } from '../../src/testbed/index.ts';
import { writeReport, type Report } from '../../src/report/index.ts';
import { registerReportCommand, reportCommand } from '../../src/cli/report-command.ts';
import { UserError } from '../../src/cli/errors.ts';

// A synthetic run of the small 'arts' testbed site, written through the real run store and
// scored against the real ground truth (no server needed: the truth is a pure function).
const ORIGIN = 'http://127.0.0.1:18100';
const TESTBED = { domain: 'arts', scale: 'small' as const, seed: 1, origin: ORIGIN };
const PER_QUERY = 28;
const QUERIES = 11; // query 3 fails; the other ten bring 28 new records each

let root: string;
let runDir: string;
let truth: GroundTruth;
let plan: { surface: { url: string; depth: number }[]; harvested: string[]; featured: string; formsOnPages: GroundTruth['forms'] };

async function writeSyntheticRun(dir: string) {
  truth = groundTruth(TESTBED);
  const store = await RunStore.create(dir, { domain: 'arts', strategy: 'random', seeds: [`${ORIGIN}/`], testbed: { domain: 'arts', scale: 'small', seed: 1, trouble: 'off', port: 18100 } }, {});
  // Surface: every truth surface page at depth ≤ 1, scored low — but the about page scores high.
  const surface = truth.surfacePages.filter((p) => p.depth <= 1);
  for (const p of surface) {
    const mislabelled = new URL(p.url).pathname === '/about';
    store.addPage({ url: p.url, depth: p.depth, kind: 'surface', via: p.depth === 0 ? 'seed' : 'link', score: mislabelled ? 0.85 : 0.1, status: 200 });
  }
  // A trap page (the endless calendar), labelled surface.
  store.addPage({ url: `${ORIGIN}/calendar/2031/01`, depth: 3, kind: 'surface', via: 'link', score: 0.1, status: 200 });
  // A featured record linked from the home page: the crawler thinks it is surface (score 0.3).
  const featured = truth.records.find((r) => r.featured)!.url;
  store.addPage({ url: featured, depth: 1, kind: 'surface', via: 'link', score: 0.3, status: 200 });

  const formsOnPages = truth.forms.filter((f) => surface.some((p) => p.url === f.pageUrl));
  for (const f of formsOnPages) {
    const depth = surface.find((p) => p.url === f.pageUrl)!.depth;
    store.trace({ action: 'form-found', input: { pageUrl: f.pageUrl, index: f.index, depth }, outcome: { formType: f.trueType, probability: 0.9, method: f.method } });
  }
  const searchForm = formsOnPages.find((f) => f.trueType === 'search')!;
  const formKey = `${searchForm.pageUrl}#form${searchForm.index}`;
  store.trace({ action: 'search-form', input: { formKey, pageUrl: searchForm.pageUrl, index: searchForm.index, depth: 1 } });

  const harvested = truth.records.filter((r) => !r.featured).slice(0, PER_QUERY * (QUERIES - 1)).map((r) => r.url);
  let next = 0;
  for (let q = 1; q <= QUERIES; q++) {
    const key = `q=term${q}`;
    store.trace({ action: 'submit', input: { formKey, values: { q: `term${q}` } } });
    store.addPage({ url: `${ORIGIN}/search/results?q=term${q}`, depth: 2, kind: 'result', via: 'form', score: 0.8, query: key, status: 200 });
    const found = q === 3 ? [] : harvested.slice(next, (next += PER_QUERY));
    for (const url of found) {
      store.addPage({ url, depth: 3, kind: 'record', via: 'record-link', score: 0.9, query: key, status: 200 });
      store.addRecord({ url, title: `record ${url}`, text: `text of ${url}`, attributes: {}, query: key, depth: 3 });
    }
    store.addQuery({ key, form: formKey, values: { q: `term${q}` }, terms: [`term${q}`], resultPages: 1, results: found.length, newRecords: found.length, failed: found.length === 0 });
  }
  store.trace({ action: 'error', input: { url: `${ORIGIN}/x` }, outcome: { message: 'timeout' } });
  store.setState('coordinator', { queriesIssued: QUERIES, errors: 1, formsFound: {}, formsSkipped: { login: 1 } });
  await store.checkpoint();
  await store.close();
  plan = { surface, harvested, featured, formsOnPages };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'surfacer-report-'));
  runDir = join(root, 'run');
  await writeSyntheticRun(runDir);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('writeReport against the testbed ground truth', () => {
  let report: Report;
  beforeAll(async () => {
    report = await writeReport(runDir, { testbed: TESTBED, wallSeconds: 5 });
  });

  it('writes report.json equal to what it returns', () => {
    const written = JSON.parse(readFileSync(join(runDir, 'report.json'), 'utf8'));
    expect(written).toEqual(JSON.parse(JSON.stringify(report)));
    expect(report.groundTruth).toMatchObject({ domain: 'arts', scale: 'small', seed: 1, origin: ORIGIN, records: truth.records.length });
  });

  it('counts the run', () => {
    const pages = plan.surface.length + 2 + QUERIES + plan.harvested.length;
    expect(report.totals.pagesFetched).toBe(pages);
    expect(report.totals.recordPages).toBe(plan.harvested.length);
    expect(report.totals.resultPages).toBe(QUERIES);
    expect(report.totals.recordsHarvested).toBe(plan.harvested.length);
    expect(report.totals.queriesIssued).toBe(QUERIES);
    expect(report.totals.queriesFailed).toBe(1);
    expect(report.totals.formsSubmitted).toEqual({ search: 1 });
    expect(report.totals.formsSkipped).toEqual({ login: 1 });
    expect(report.totals.errors).toBe(1);
    const byType: Record<string, number> = {};
    for (const f of plan.formsOnPages) byType[f.trueType] = (byType[f.trueType] ?? 0) + 1;
    expect(report.totals.formsFound).toEqual(byType);
    expect(report.timing).toEqual({ wallSeconds: 5, pagesPerSecond: pages / 5 });
  });

  it('measures coverage and the queries it took', () => {
    // 280 records by queries plus the featured one by a link.
    expect(report.hiddenRecordsHarvested).toBe(plan.harvested.length + 1);
    expect(report.coverage).toBeCloseTo((plan.harvested.length + 1) / truth.records.length, 12);
    const curve = report.coverageByQuery!;
    expect(curve).toHaveLength(QUERIES);
    expect(curve[1]!.records).toBe(2 * PER_QUERY);
    expect(curve[2]!.records).toBe(2 * PER_QUERY); // the failed query adds nothing
    expect(curve[QUERIES - 1]!.records).toBe(plan.harvested.length);
    // 90% of 300 is 270 records: reached only by the eleventh query (28 × 10 = 280).
    expect(report.queriesTo90).toBe(11);
    expect(report.queriesTo99).toBeNull();
  });

  it('labels pages by the truth and scores the crawler ranking', () => {
    expect(report.kindConfusion!['record']).toEqual({ record: plan.harvested.length });
    expect(report.kindConfusion!['result']).toEqual({ result: QUERIES });
    // The home page links the calendar (a trap) at depth 1: a surface page the truth calls trap.
    const isTrap = (url: string) => truth.trapPatterns.some((p) => new RegExp(p).test(url));
    const traps = plan.surface.filter((p) => isTrap(p.url)).length;
    const plainSurface = plan.surface.length - traps;
    expect(report.kindConfusion!['surface']).toEqual({ surface: plainSurface, trap: traps + 1, record: 1 });
    // Positives: results (0.8), records (0.9), featured (0.3). Negatives: surface (0.1), trap (0.1),
    // about (0.85). Misordered pairs: about above every result and the featured record.
    const positives = QUERIES + plan.harvested.length + 1;
    const negatives = plan.surface.length + 1;
    expect(report.roc!.positives).toBe(positives);
    expect(report.roc!.negatives).toBe(negatives);
    expect(report.roc!.auc).toBeCloseTo(1 - (QUERIES + 1) / (positives * negatives), 12);
    expect(report.precisionRecall!.averagePrecision).toBeGreaterThan(0.9);
    expect(report.precisionRecall!.averagePrecision).toBeLessThan(1);
    expect(report.kindAsDeepDetector!.precision).toBe(1);
    expect(report.kindAsDeepDetector!.recall).toBeCloseTo((positives - 1) / positives, 12);
    const surfaceTruth = truth.surfacePages.filter((p) => !isTrap(p.url)).length;
    expect(report.deepVsSurface).toMatchObject({ deepPages: positives, surfacePages: plainSurface, trapPages: traps + 1, otherPages: 0 });
    expect(report.deepVsSurface!.surfaceCoverage).toBeCloseTo(plainSurface / surfaceTruth, 12);
  });

  it('builds the per-depth tables from truth depths', () => {
    const truthSearch = truth.forms.filter((f) => f.trueType === 'search');
    const foundSearch = plan.formsOnPages.filter((f) => f.trueType === 'search').length;
    const rows = report.searchableFormsByDepth;
    expect(rows.reduce((n, r) => n + (r.truth ?? 0), 0)).toBe(truthSearch.length);
    expect(rows.reduce((n, r) => n + r.found, 0)).toBe(foundSearch);
    expect(rows[rows.length - 1]!.cumulativeFraction).toBeCloseTo(foundSearch / truthSearch.length, 12);
    const depth3 = report.deepFractionByDepth.find((r) => r.depth === 3)!;
    expect(depth3).toEqual({ depth: 3, pages: plan.harvested.length + 1, deepPages: plan.harvested.length, fraction: plan.harvested.length / (plan.harvested.length + 1) });
    const h3 = report.harvestRateByDepth.find((r) => r.depth === 3)!;
    expect(h3.records).toBe(plan.harvested.length);
    expect(report.harvestRateByDepth.find((r) => r.depth === 1)!.records).toBe(1); // the featured record
  });
});

describe('writeReport without ground truth', () => {
  it('reports the crawler’s own view and records per query', async () => {
    const report = await writeReport(runDir);
    expect(report.groundTruth).toBeNull();
    expect(report.coverage).toBeUndefined();
    expect(report.roc).toBeUndefined();
    expect(report.recordsByQuery!.map((p) => p.records)).toEqual(Array.from({ length: QUERIES }, (_, i) => PER_QUERY * (i < 2 ? i + 1 : i)));
    // The stored wall time of the previous report is kept.
    expect(report.timing.wallSeconds).toBe(5);
  });

  it('reads a run with a torn last line and says so', async () => {
    const dir = join(root, 'torn');
    mkdirSync(dir);
    for (const f of ['pages.jsonl', 'records.jsonl', 'queries.jsonl', 'trace.jsonl', 'state.json']) writeFileSync(join(dir, f), readFileSync(join(runDir, f)));
    appendFileSync(join(dir, 'pages.jsonl'), '{"url":"http://127.0.0.1:18100/half","dep');
    const report = await writeReport(dir, { testbed: TESTBED });
    expect(report.skippedLines).toEqual({ 'pages.jsonl': 1 });
    expect(report.totals.pagesFetched).toBe(plan.surface.length + 2 + QUERIES + plan.harvested.length);
  });
});

describe('surfacer report', () => {
  it('scores a testbed run from its manifest and writes a self-contained HTML page', async () => {
    const report = await reportCommand(runDir, { html: true });
    expect(report.groundTruth?.origin).toBe(ORIGIN);
    expect(report.coverage).toBeCloseTo((plan.harvested.length + 1) / truth.records.length, 12);
    const html = readFileSync(join(runDir, 'report.html'), 'utf8');
    expect((html.match(/<svg/g) ?? []).length).toBe(6);
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?[^"'\s>]*(?:https?:|\/\/)/i);
  });

  it('prints the JSON through the registered command', async () => {
    const program = new Command().exitOverride();
    registerReportCommand(program);
    const out: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
    try {
      await program.parseAsync(['node', 'surfacer', 'report', runDir]);
    } finally {
      write.mockRestore();
    }
    const printed = JSON.parse(out.join('')) as Report;
    expect(printed.totals.queriesIssued).toBe(QUERIES);
    expect(printed.queriesTo90).toBe(11);
  });

  it('rejects a missing or non-run directory with a one-line UserError', async () => {
    await expect(reportCommand(join(root, 'nope'), { html: false })).rejects.toThrow(UserError);
    await expect(reportCommand(join(root, 'nope'), { html: false })).rejects.toThrow(/no run directory/);
    const empty = join(root, 'empty');
    mkdirSync(empty);
    await expect(reportCommand(empty, { html: false })).rejects.toThrow(/not a Surfacer run directory/);
    expect(existsSync(join(empty, 'report.json'))).toBe(false);
  });
});
