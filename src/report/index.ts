/** The evaluator: metrics of a run against the testbed's ground truth, as JSON and HTML. */
export { buildReport } from './build-report.ts';
export { writeReport, type WriteReportOptions } from './write-report.ts';
export { renderReportHtml } from './html.ts';
export { readRunDir, RunDirError, type RunDirContents } from './read-run.ts';
export { loadTruth, truthViewOf, type TestbedRef } from './truth.ts';
export { rocCurve, precisionRecallCurve, type ScoredLabel, type RocPoint, type PrPoint } from './curves.ts';
export type * from './types.ts';
export { diffRuns, formatRunDiff, jsonDifferences, type RunDiff } from './diff-runs.ts';
