import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';
import cliProgress from 'cli-progress';
import { LVS_DOMAINS, loadLvsTable } from '../lvs/index.ts';
import { RunStore, defaultRunDir } from '../store/index.ts';
import { STRATEGY_NAMES, isStrategyName, type StrategyName } from '../strategies/index.ts';
import { probeSeed, resolveSeeds, SeedError } from '../coordinator/seeds.ts';
import { runCrawl } from '../coordinator/crawl.ts';
import type { CoordinatorConfig } from '../coordinator/coordinator.ts';
import { startTestbed, TESTBED_DOMAINS, type Scale, type TestbedHandle } from '../testbed/index.ts';
import { writeReport } from '../report/index.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CrawlCliOptions {
  domain: string;
  seeds?: string[];
  strategy: string;
  agents: number;
  maxDepth: number;
  maxQueries: number;
  maxPages: number;
  timeLimit: number;
  seed: number;
  out?: string;
  resume?: string;
  allowPost: boolean;
  json: boolean;
  scale: Scale;
  trouble: 'default' | 'on' | 'off';
  testbedPort?: number;
  episodeSteps: number;
  episodeTime: number;
}

function positiveInt(name: string) {
  return (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a whole number ≥ 0`);
    return n;
  };
}

export function registerCrawlCommand(program: Command): void {
  program
    .command('crawl')
    .description('crawl one ODP domain (by default its built-in testbed site) and write the run directory and report')
    .requiredOption('--domain <domain>', `ODP domain: ${LVS_DOMAINS.join(', ')}`)
    .option('--seeds <fileOrUrl...>', 'seed URLs or seed files (default: seeds/<domain>.txt)')
    .addOption(new Option('--strategy <name>', 'query strategy').choices([...STRATEGY_NAMES]).default('adaptive'))
    .option('--agents <n>', 'parallel agents (browser pages)', positiveInt('--agents'), 4)
    .option('--max-depth <n>', 'link depth limit', positiveInt('--max-depth'), 7)
    .option('--max-queries <n>', 'query budget', positiveInt('--max-queries'), 200)
    .option('--max-pages <n>', 'page budget', positiveInt('--max-pages'), 5000)
    .option('--time-limit <sec>', 'wall-clock limit for the whole crawl (0 = none)', positiveInt('--time-limit'), 0)
    .option('--seed <n>', 'random seed (strategies; the testbed too unless --testbed-seed)', positiveInt('--seed'), 1)
    .option('--out <dir>', 'run directory (default runs/<timestamp>-<domain>-<strategy>)')
    .option('--resume <dir>', 'continue a stopped or killed crawl in this run directory')
    .option('--allow-post', 'also submit POST search forms', false)
    .option('--json', 'quiet; print the summary as JSON', false)
    .addOption(new Option('--scale <scale>', 'testbed scale when crawling a built-in site').choices(['small', 'medium', 'large']).default('small'))
    .addOption(new Option('--trouble <mode>', 'testbed trouble (slow, 5xx, 429, robots)').choices(['default', 'on', 'off']).default('default'))
    .option('--testbed-port <n>', 'port for the built-in site (default: the one in its seed file; 0 = any free port)', positiveInt('--testbed-port'))
    .option('--episode-steps <n>', 'steps per episode', positiveInt('--episode-steps'), 20)
    .option('--episode-time <sec>', 'time limit per episode (per agent)', positiveInt('--episode-time'), 120)
    .action(async (opts: CrawlCliOptions) => {
      const summary = await crawlCommand(opts);
      if (opts.json) emitJson(summary);
      else process.stdout.write(`${summary.runDir}: ${summary.totals.pagesFetched} pages, ${summary.totals.recordsHarvested} records, ${summary.totals.queriesIssued} queries${summary.coverage !== undefined ? `, coverage ${summary.coverage.toFixed(3)}` : ''} (${summary.stoppedBy}, ${summary.wallSeconds.toFixed(1)} s)\n`);
    });
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

interface TestbedPlan {
  domain: string;
  scale: Scale;
  seed: number;
  trouble: 'default' | 'on' | 'off';
  port: number;
}

async function startBuiltInSite(plan: TestbedPlan): Promise<TestbedHandle> {
  const index = (TESTBED_DOMAINS as readonly string[]).indexOf(plan.domain);
  if (index < 0) throw new UserError(`seed file names an unknown testbed site: ${plan.domain}`);
  try {
    return plan.port === 0
      ? await startTestbed({ domains: [plan.domain], scale: plan.scale, seed: plan.seed, port: 0, trouble: plan.trouble })
      : await startTestbed({ domains: [plan.domain], scale: plan.scale, seed: plan.seed, portBase: plan.port - index, trouble: plan.trouble });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE' || /EADDRINUSE|in use/i.test((err as Error).message)) throw new UserError(`port ${plan.port} for the built-in ${plan.domain} site is in use; stop the other process or pass --testbed-port 0`);
    throw err;
  }
}

function readManifest(dir: string): { seeds: string[]; testbed?: TestbedPlan } {
  const file = join(dir, 'state.json');
  if (!existsSync(file)) throw new UserError(`${dir} is not a Surfacer run directory (no state.json)`);
  const state = JSON.parse(readFileSync(file, 'utf8')) as { manifest?: { seeds: string[]; testbed?: TestbedPlan } };
  if (!state.manifest) throw new UserError(`${dir}/state.json has no manifest`);
  return state.manifest;
}

export async function crawlCommand(opts: CrawlCliOptions) {
  if (!(LVS_DOMAINS as readonly string[]).includes(opts.domain)) throw new UserError(`unknown domain "${opts.domain}"; one of: ${LVS_DOMAINS.join(', ')}`);
  if (!isStrategyName(opts.strategy)) throw new UserError(`unknown strategy "${opts.strategy}"`);
  if (opts.agents < 1) throw new UserError('--agents must be at least 1');
  const seedArgs = opts.seeds?.length ? opts.seeds : [join(repoRoot, 'seeds', `${opts.domain}.txt`)];
  let seeds;
  try {
    seeds = resolveSeeds(seedArgs);
  } catch (err) {
    if (err instanceof SeedError) throw new UserError(err.message);
    throw err;
  }

  // A resumed run continues against the same sites, at the same addresses, as it started.
  const saved = opts.resume ? readManifest(opts.resume) : undefined;
  const testbedPlan = saved ? saved.testbed : seeds.testbedDomains.length ? { domain: seeds.testbedDomains[0]!, scale: opts.scale, seed: opts.seed, trouble: opts.trouble, port: opts.testbedPort ?? Number(new URL(seeds.urls[0]!).port) } : undefined;
  let testbed: TestbedHandle | undefined;
  try {
    let urls = saved ? saved.seeds : seeds.urls;
    if (testbedPlan) {
      // The built-in site runs in this process; the seed file only names it and its port.
      testbed = await startBuiltInSite(testbedPlan);
      urls = testbed.sites.map((s) => s.url);
    }
    const problems = (await Promise.all(urls.map((u) => probeSeed(u)))).filter((p): p is string => p !== null);
    if (problems.length === urls.length) throw new UserError(problems[0]!);

    const strategy = opts.strategy as StrategyName;
    const config: CoordinatorConfig = {
      strategy,
      maxDepth: opts.maxDepth,
      maxQueries: opts.maxQueries,
      maxPages: opts.maxPages,
      maxStepsPerEpisode: opts.episodeSteps,
      episodeTimeLimitMs: opts.episodeTime * 1000,
      maxResultPagesPerQuery: 20,
      allowPost: opts.allowPost,
      allowedHosts: [...new Set(urls.map((u) => new URL(u).hostname))],
      seed: opts.seed,
      patience: 25,
    };
    let store: RunStore;
    if (opts.resume) {
      if (!existsSync(opts.resume)) throw new UserError(`no run directory at ${opts.resume}`);
      store = await RunStore.resume(opts.resume);
    } else {
      const dir = opts.out ?? join(process.cwd(), defaultRunDir(opts.domain, strategy));
      store = await RunStore.create(dir, { domain: opts.domain, strategy, seeds: urls, testbed: testbedPlan ? { ...testbedPlan, port: new URL(urls[0]!).port ? Number(new URL(urls[0]!).port) : 80 } : undefined }, config);
    }
    const bar = opts.json || !process.stderr.isTTY ? undefined : new cliProgress.SingleBar({ format: 'pages {pages} | results {results} | records {records} | queries {queries} | forms {forms} | {duration}s', stream: process.stderr }, cliProgress.Presets.shades_classic);
    bar?.start(1, 0, { pages: 0, results: 0, records: 0, queries: 0, forms: 0 });
    let outcome;
    try {
      outcome = await runCrawl({
        config,
        table: loadLvsTable(opts.domain),
        store,
        seeds: urls,
        agents: opts.agents,
        timeLimitSec: opts.timeLimit,
        resume: !!opts.resume,
        onProgress: (c) => {
          const n = store.counts();
          bar?.update(0, { pages: n.pages, results: n.pagesByKind['result'] ?? 0, records: n.records, queries: c.queriesIssued, forms: Object.values(c.formsFound).reduce((a, b) => a + b, 0) });
        },
      });
    } finally {
      bar?.stop();
    }
    const report = await writeReport(store.dir, { testbed: testbedPlan ? { domain: testbedPlan.domain, scale: testbedPlan.scale, seed: testbedPlan.seed, origin: new URL(urls[0]!).origin } : undefined, wallSeconds: outcome.wallSeconds });
    await store.close();
    return { runDir: store.dir, stoppedBy: outcome.stoppedBy, wallSeconds: outcome.wallSeconds, episodes: outcome.episodes, failedEpisodes: outcome.failedEpisodes, totals: report.totals, coverage: report.coverage, submissionsByTrueType: testbed ? countBy(testbed.submissions().map((e) => e.trueType)) : undefined, testbedResponsesByStatus: testbed ? countBy(testbed.responses().map((r) => String(r.status))) : undefined };
  } finally {
    await testbed?.close();
  }
}
