/**
 * `surfacer report <dir> [--html]`: (re)computes a run's report from its directory, prints
 * the JSON and writes report.json (and report.html with --html). A run of a built-in testbed
 * site is scored against its ground truth: the manifest names the site, scale and seed, and
 * the seeds' origin is where the site was served.
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import { readRunDir, RunDirError, writeReport, type TestbedRef } from '../report/index.ts';
import { TESTBED_DOMAINS, isScale, type Scale } from '../testbed/index.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

interface ReportCliOptions {
  html: boolean;
  out?: string;
}

export function registerReportCommand(program: Command): void {
  program
    .command('report')
    .description('compute the report of a run directory (against ground truth for built-in testbed sites)')
    .argument('<dir>', 'run directory')
    .option('--html', 'also write <dir>/report.html (self-contained, inline SVG charts)', false)
    .option('--out <file>', 'also write the JSON here')
    .action(async (dir: string, opts: ReportCliOptions) => {
      const report = await reportCommand(dir, opts);
      emitJson(report, opts.out);
      if (opts.html) process.stderr.write(`wrote ${join(dir, 'report.html')}\n`);
    });
}

export async function reportCommand(dir: string, opts: { html: boolean }) {
  let testbed: TestbedRef | undefined;
  try {
    testbed = testbedOf(dir);
    return await writeReport(dir, { testbed, html: opts.html });
  } catch (err) {
    if (err instanceof RunDirError) throw new UserError(err.message);
    throw err;
  }
}

/** The testbed site a run crawled, from its manifest; undefined for any other site. */
function testbedOf(dir: string): TestbedRef | undefined {
  const { manifest } = readRunDir(dir);
  const t = manifest?.testbed;
  if (!t) return undefined;
  if (!(TESTBED_DOMAINS as readonly string[]).includes(t.domain)) throw new UserError(`${dir}: manifest names an unknown testbed site "${t.domain}"`);
  if (!isScale(t.scale)) throw new UserError(`${dir}: manifest has an unknown testbed scale "${t.scale}"`);
  const seed = manifest?.seeds?.[0];
  if (!seed) throw new UserError(`${dir}: manifest names a testbed site but no seed URL`);
  let origin: string;
  try {
    origin = new URL(seed).origin;
  } catch {
    throw new UserError(`${dir}: manifest seed "${seed}" is not a URL`);
  }
  return { domain: t.domain, scale: t.scale as Scale, seed: t.seed, origin };
}
