/**
 * `surfacer replay <run-dir> [--out <dir>]`: re-executes a recorded run against the same site
 * and writes a new run directory (with its report). Exit 0 when every recorded step came out
 * the same; exit 3, with the page and what differed, at the first step that did not.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { HostRateLimit, launchChromium } from '../browser/index.ts';
import type { CoordinatorConfig } from '../coordinator/coordinator.ts';
import { recordedMessageRows, replayRun, type ReplayOutcome } from '../coordinator/replay.ts';
import { loadLvsTable } from '../lvs/index.ts';
import { writeReport } from '../report/index.ts';
import { RunStore, readTrace, traceFileOf, type TraceEvent } from '../store/index.ts';
import type { TestbedHandle } from '../testbed/index.ts';
import { PortInUseError, startBuiltInSite, type TestbedPlan } from './builtin-site.ts';
import { readRunState, type RunState } from './run-state.ts';
import { originsOf } from '../url/origins.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';
import { runInputHashes, runProvenance, type RunProvenance } from './provenance.ts';
import { DEFAULT_DEMOS_DIR } from './crawl-command.ts';

interface ReplayCliOptions {
  out?: string;
  testbedSeed?: number;
  playwrightTrace: boolean;
  json: boolean;
}

/** What `replay --json` prints and replay.json holds: the replay's outcome, where it went, and its report's totals. */
export interface ReplaySummary extends Omit<ReplayOutcome, 'coordinator'> {
  runDir: string;
  replayOf: string;
  /** Model files whose hash differs from the recording's run-start row. */
  modelsChanged: string[];
  totals: unknown;
  coverage?: number;
}

/** Exit code of a replay that parted from its recording. */
export const DIVERGED_EXIT = 3;

export function registerReplayCommand(program: Command): void {
  program
    .command('replay')
    .description('re-execute a recorded run against the same site; stops at the first page that answers differently')
    .argument('<run-dir>', 'run directory of the recorded crawl')
    .option('--out <dir>', 'run directory of the replay (default <run-dir>-replay)')
    .option('--testbed-seed <n>', 'serve the built-in site from another seed (to see a divergence)', (v) => Number(v))
    .option('--playwright-trace', 'save a Playwright trace (zip) of every episode in <out>/playwright/', false)
    .option('--json', 'print the summary as JSON', false)
    .action(async (runDir: string, opts: ReplayCliOptions) => {
      const summary = await replayCommand(runDir, opts);
      if (opts.json) emitJson(summary);
      else process.stdout.write(`${summary.runDir}: replayed ${summary.rowsReplayed} of ${summary.rowsRecorded} recorded steps, ${summary.episodes} episodes (${summary.wallSeconds.toFixed(1)} s)${summary.matched ? ', identical to the recording' : ''}\n`);
      if (summary.divergence) {
        const d = summary.divergence;
        process.stderr.write(`surfacer: replay diverged at trace row ${d.seq}${d.episode ? ` (episode ${d.episode})` : ''}: ${d.message}\n`);
        process.exitCode = DIVERGED_EXIT;
      }
    });
}

interface RecordedRun extends RunState {
  dir: string;
  config: CoordinatorConfig;
  trace: TraceEvent[];
  provenance?: RunProvenance;
}

function readRecordedRun(runDir: string): RecordedRun {
  const dir = resolve(runDir);
  const { manifest, config } = readRunState(dir);
  if (!config) throw new UserError(`${runDir}/state.json has no config`);
  const trace = readTrace(traceFileOf(dir));
  const resumes = trace.filter((r) => r.action === 'run-resume').length;
  if (resumes) throw new UserError(`${runDir} was resumed ${resumes} time(s); replay re-executes runs made in one go (the coordinator's state after a kill is not in the trace)`);
  const start = trace.find((r) => r.action === 'run-start');
  return { dir, manifest, config, trace, provenance: start?.input as RunProvenance | undefined };
}

async function startSite(plan: TestbedPlan, seedOverride: number | undefined): Promise<TestbedHandle> {
  const wanted = { ...plan, seed: seedOverride ?? plan.seed };
  try {
    return await startBuiltInSite(wanted);
  } catch (err) {
    // The recorded port is taken: the same site elsewhere replays the same (digests name it {site}).
    if (err instanceof PortInUseError) return startBuiltInSite({ ...wanted, port: 0 });
    throw err;
  }
}

/**
 * A run that learned with WGE replays with the demonstrations it followed: the folder it
 * recorded, or this checkout's `demos/` when that folder is gone (a run made elsewhere); the
 * demonstrations' hashes then tell whether they are the same files.
 */
function wgeOf(recorded: RecordedRun): { demosDir: string } | undefined {
  const options = recorded.provenance?.options ?? {};
  if (recorded.config.strategy !== 'a3c' || options['wge'] !== true) return undefined;
  const dir = typeof options['demos'] === 'string' && existsSync(options['demos']) ? options['demos'] : DEFAULT_DEMOS_DIR;
  if (!existsSync(dir)) throw new UserError(`${recorded.dir} learned with WGE from ${String(options['demos'])}, which is gone, and there is no demos/ folder here to replay it with`);
  return { demosDir: resolve(dir) };
}

/** The `--host-rate` the recorded crawl was given (undefined: none, the default applied). */
function recordedHostRate(recorded: RecordedRun): number | undefined {
  const rate = recorded.provenance?.options?.['hostRate'];
  return typeof rate === 'number' ? rate : undefined;
}

function freshDir(base: string): string {
  if (!existsSync(base)) return base;
  for (let i = 2; ; i++) if (!existsSync(`${base}-${i}`)) return `${base}-${i}`;
}

export async function replayCommand(runDir: string, opts: ReplayCliOptions): Promise<ReplaySummary> {
  const recorded = readRecordedRun(runDir);
  const rows = recordedMessageRows(recorded.trace);
  if (!rows.length) throw new UserError(`${runDir}'s trace has no agent messages (crawled with --no-trace-messages, or by Surfacer before 0.2): nothing to replay`);
  if (opts.testbedSeed !== undefined && (!Number.isInteger(opts.testbedSeed) || opts.testbedSeed < 0)) throw new UserError('--testbed-seed must be a whole number ≥ 0');
  const plan = recorded.manifest.testbed;
  if (!plan && opts.testbedSeed !== undefined) throw new UserError(`${runDir} did not crawl a built-in site; --testbed-seed does not apply`);
  const testbed = plan ? await startSite(plan, opts.testbedSeed) : undefined;
  let browser;
  try {
    const seeds = testbed ? testbed.sites.map((s) => s.url) : recorded.manifest.seeds;
    const origins = originsOf(seeds);
    const config: CoordinatorConfig = { ...recorded.config, origins, allowedHosts: [...new Set(seeds.map((u) => new URL(u).hostname))], traceMessages: true };
    const out = resolve(opts.out ?? freshDir(`${recorded.dir}-replay`));
    const wge = wgeOf(recorded);
    const livePlan = plan && testbed ? { ...plan, seed: opts.testbedSeed ?? plan.seed, port: Number(new URL(seeds[0]!).port) } : undefined;
    const store = await RunStore.create(out, { domain: recorded.manifest.domain, strategy: recorded.manifest.strategy, seeds, testbed: livePlan, replayOf: recorded.dir }, config);
    store.trace({ action: 'run-start', input: { ...runProvenance({ options: recorded.provenance?.options ?? {}, config, strategySeed: config.seed, testbedSeed: livePlan?.seed ?? null, deterministic: recorded.provenance?.deterministic ?? false, demosDir: wge?.demosDir }), replayOf: recorded.dir } });
    browser = await launchChromium();
    const outcome = await replayRun({
      rows,
      config,
      table: loadLvsTable(recorded.manifest.domain),
      store,
      seeds,
      browser,
      recordedOrigins: recorded.config.origins ?? [],
      wge,
      playwrightTraceDir: opts.playwrightTrace ? join(out, 'playwright') : undefined,
      // A replay sends the recorded crawl's requests again, to the same hosts: it keeps the same limit.
      hostRate: HostRateLimit.fromOption(recordedHostRate(recorded)),
    });
    const report = await writeReport(store.dir, { testbed: livePlan ? { domain: livePlan.domain, scale: livePlan.scale, seed: livePlan.seed, origin: origins[0]! } : undefined, wallSeconds: outcome.wallSeconds });
    await store.close();
    const { coordinator: _coordinator, ...result } = outcome;
    // Other model files classify differently: say so beside a divergence, it is the likely cause.
    const now = runInputHashes(wge?.demosDir);
    const modelsChanged = Object.keys({ ...recorded.provenance?.models, ...now }).filter((k) => recorded.provenance?.models && recorded.provenance.models[k] !== now[k]);
    if (result.divergence && modelsChanged.length) result.divergence = { ...result.divergence, message: `${result.divergence.message} (note: these model files differ from the recording's: ${modelsChanged.join(', ')})` };
    const summary: ReplaySummary = { runDir: store.dir, replayOf: recorded.dir, ...result, modelsChanged, totals: report.totals, coverage: report.coverage };
    writeFileSync(join(store.dir, 'replay.json'), `${JSON.stringify(summary, null, 2)}\n`);
    return summary;
  } finally {
    await browser?.close().catch(() => undefined);
    await testbed?.close();
  }
}
