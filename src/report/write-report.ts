/**
 * `writeReport`: reads a run directory, loads the testbed's ground truth when the run crawled
 * a built-in site, computes the report and writes `<runDir>/report.json` (and, on request,
 * `report.html`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildReport } from './build-report.ts';
import { renderReportHtml } from './html.ts';
import { readRunDir } from './read-run.ts';
import { loadTruth, type TestbedRef } from './truth.ts';
import type { Report } from './types.ts';

export interface WriteReportOptions {
  /** The built-in testbed site the run crawled; without it the report has no truth-based fields. */
  testbed?: TestbedRef;
  /** Wall time of the crawl; by default the span of the run's time stamps. */
  wallSeconds?: number;
  /** Also write report.html. */
  html?: boolean;
}

export async function writeReport(runDir: string, opts: WriteReportOptions = {}): Promise<Report> {
  const run = readRunDir(runDir);
  const truth = opts.testbed ? loadTruth(opts.testbed) : undefined;
  const report = buildReport({ ...run, truth, wallSeconds: opts.wallSeconds ?? storedWallSeconds(runDir) });
  writeFileSync(join(runDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  if (opts.html) writeFileSync(join(runDir, 'report.html'), renderReportHtml(report));
  return report;
}

/** The wall time a previous report of this run recorded (a re-run of `surfacer report` keeps it). */
function storedWallSeconds(runDir: string): number | undefined {
  try {
    const previous = JSON.parse(readFileSync(join(runDir, 'report.json'), 'utf8')) as Partial<Report>;
    const w = previous.timing?.wallSeconds;
    return typeof w === 'number' && w > 0 ? w : undefined;
  } catch {
    return undefined;
  }
}
