/**
 * `surfacer bench strategies`: every query strategy on the same testbed sites at equal query
 * and page budgets — coverage after 25/50/100/200 queries, queries to 90% and 99% coverage
 * next to the oracle (greedy set cover over the ground truth), harvest rate (overall and by
 * depth) and pages/s — averaged over the test domains.
 *
 * Split (fixed, so every run compares the same thing). The learned A3C models train on the
 * 10 train domains; every strategy is evaluated on the 5 test domains, one site of each
 * search kind of the testbed (src/testbed/sites.ts):
 *
 * | test site  | search form                                   | why                                   |
 * |------------|-----------------------------------------------|---------------------------------------|
 * | news       | full-text, GET, result cap 100, calendar trap | the plain keyword case                |
 * | sports     | title-only, GET, prev/next, archive trap      | keyword over titles only              |
 * | recreation | select-only (category + year), POST           | no keyword field at all               |
 * | home       | multi-field keyword + category + year + price | keyword and filters, load-more (JS)   |
 * | society    | script-built form, results by fetch()         | no form in the served HTML            |
 *
 * Train: arts, business, computers, games, health, reference, regional, science, shopping,
 * kids-and-teens — every one of those kinds again, on other sites and vocabularies.
 * `--quick` trains on arts alone and tests on news alone (full-text), at 50 queries and 600
 * pages per crawl, two crawls at a time, with 2 training episodes (why: below, at QUICK).
 *
 * Every evaluation is a real crawl in a child process (`surfacer crawl … --json --out DIR`)
 * whose DIR/report.json is read back; crawls run one at a time unless `--parallel N`. Every
 * strategy gets the same --max-queries, --max-pages, --agents, --time-limit and seed; POST
 * search forms are allowed for all (--allow-post: recreation, and three train sites, search by POST).
 * Conventions of the averages: src/report/strategy-compare.ts. Under the means, a3c-wge is paired
 * with each other strategy site by site, with a sign test (src/report/strategy-pairs.ts); `bench
 * combine` does the same over several seeds' results.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadLvsTable } from '../lvs/index.ts';
import { TESTBED_DOMAINS, SCALES, isScale, type Scale } from '../testbed/index.ts';
import type { OracleBound } from '../report/oracle-cover.ts';
import { siteOracle } from '../report/oracle-site.ts';
import { runMetricsOf, summariseOracle, summariseStrategy, type RunMetrics, type StrategySummary } from '../report/strategy-compare.ts';
import { strategyTable } from '../report/strategy-table.ts';
import { pairedComparison, pairedTable, type PairedComparison } from '../report/strategy-pairs.ts';
import type { Report } from '../report/types.ts';
import { finishedStep, markStepDone, otherCodeNote } from './bench-resume.ts';
import { lastLine, parseJsonOutput, pool, runSurfacer } from './bench-child.ts';
import { loadModel, type ModelManifest, type TrainedSite } from '../policy/checkpoint.ts';
import { UserError } from './errors.ts';
import { firstRoundSites } from './train-command.ts';
import { checkSelectionSites, type SelectionRecord } from './train-selection.ts';
import { writeText } from './output.ts';
import { surfacerVersion } from './provenance.ts';


export const BENCH_STRATEGIES = ['random', 'generic-frequency', 'adaptive', 'dla', 'jiang-rl', 'a3c', 'a3c-wge'] as const;
export type BenchStrategy = (typeof BENCH_STRATEGIES)[number];
const A3C_STRATEGIES: readonly BenchStrategy[] = ['a3c', 'a3c-wge'];

/** The strategy the issue's goals are about, paired against each other one site by site. */
export const PAIRED_SUBJECT: BenchStrategy = 'a3c-wge';

export const TRAIN_DOMAINS = ['arts', 'business', 'computers', 'games', 'health', 'reference', 'regional', 'science', 'shopping', 'kids-and-teens'] as const;
export const TEST_DOMAINS = ['news', 'sports', 'recreation', 'home', 'society'] as const;
export const QUICK_TRAIN_DOMAINS = ['arts'] as const;
export const QUICK_TEST_DOMAINS = ['news'] as const;

interface Budgets {
  maxQueries: number;
  maxPages: number;
  episodes: number;
  /** Query budget of each training crawl (`train --max-queries`; unset: train's default). */
  trainMaxQueries?: number;
  /** Crawls at once unless `--parallel` says (unset: 1). */
  parallel?: number;
}

const FULL: Budgets = { maxQueries: 200, maxPages: 2000, episodes: 40 };

/**
 * --quick must finish in under 10 minutes on an idle 2-core machine. A crawl uses about one core
 * and costs about 7 CPU-seconds to start (tsx, Chromium, classifiers), and its first ~100 pages go
 * to the surface (links to the form, result pages) before records come in. So quick spends its
 * time on fewer, longer crawls, two at a time: one test site (news: full-text with a result cap,
 * where the choice of query matters), 600 pages, enough for every learned and greedy strategy to
 * reach 99 % there (at 250 pages every crawl stopped at the budget after 3 to 6 queries, so the
 * queries-to columns stayed empty). Measured on 2 cores: 5 min 24 s and 6 min 11 s in two runs (at 250 pages one at a time,
 * 3 min 20 s; at 600 pages one at a time, 9 min 32 s). Training runs whole crawls until it has its
 * episodes and has crawled every train domain once, so quick trains 2 episodes from one 4-query
 * crawl of one domain (each more domain would add a crawl), the two trainings side by side.
 */
const QUICK: Budgets = { maxQueries: 50, maxPages: 600, episodes: 2, trainMaxQueries: 4, parallel: 2 };

/** Options as commander hands them over (numbers still strings: `resolvePlan` checks them). */
export interface BenchStrategiesOptions {
  json?: boolean;
  quick?: boolean;
  out?: string;
  markdown?: string;
  strategies?: string;
  trainDomains?: string;
  testDomains?: string;
  maxQueries?: string;
  maxPages?: string;
  seed?: string;
  parallel?: string;
  episodes?: string;
  trainMaxQueries?: string;
  agents?: string;
  timeLimit?: string;
  scale?: string;
  trouble?: string;
  keepRuns?: string;
  models?: string;
  a3cFrozen?: boolean;
  a3cPageDecisions?: boolean;
  deterministic?: boolean;
  selectSeeds?: string;
  selectEvery?: string;
}

export interface BenchPlan {
  strategies: BenchStrategy[];
  trainDomains: string[];
  testDomains: string[];
  maxQueries: number;
  maxPages: number;
  seed: number;
  parallel: number;
  episodes: number;
  trainMaxQueries?: number;
  agents: number;
  timeLimit: number;
  scale: Scale;
  trouble: 'default' | 'on' | 'off';
  quick: boolean;
  json: boolean;
  out?: string;
  markdown?: string;
  keepRuns?: string;
  /** Evaluate the models in DIR/a3c and DIR/a3c-wge instead of training them. */
  models?: string;
  /** Evaluate the A3C models frozen: greedy while a form pays, no online learning (`crawl --frozen`). */
  a3cFrozen: boolean;
  /** The A3C policies also decide on each result page whether to read the next one (`crawl`/`train --page-decisions`). */
  a3cPageDecisions: boolean;
  /** Every crawl runs `--deterministic` (one episode at a time in schedule order), training crawls included: a strategy crawls a site the same way every time. */
  deterministic: boolean;
  /** The A3C models trained here keep the checkpoint that harvests most on the train domains' sites at these seeds (`train --select-seeds`). */
  selectSeeds?: number[];
  /** With selectSeeds: `train --select-every`. */
  selectEvery?: number;
}

export function registerBenchStrategies(bench: Command): void {
  bench
    .command('strategies')
    .description('every query strategy (random, generic-frequency, adaptive, dla, jiang-rl, a3c, a3c-wge) on held-out testbed sites at equal budgets, next to the greedy-set-cover oracle')
    .option('--json', 'print the JSON result (default: the Markdown table)', false)
    .option('--quick', `smaller comparison (train ${QUICK_TRAIN_DOMAINS.join(',')}; test ${QUICK_TEST_DOMAINS.join(',')}; ${QUICK.maxQueries} queries, ${QUICK.maxPages} pages, ${QUICK.episodes} training episodes, ${QUICK.parallel} crawls at once)`, false)
    .option('--out <file>', 'also write the JSON here')
    .option('--markdown <file>', 'also write the Markdown table here')
    .option('--strategies <list>', `comma-separated, of: ${BENCH_STRATEGIES.join(', ')} (default: all)`)
    .option('--train-domains <list>', `domains the A3C models train on (default: ${TRAIN_DOMAINS.join(',')})`)
    .option('--test-domains <list>', `domains every strategy is evaluated on (default: ${TEST_DOMAINS.join(',')})`)
    .option('--max-queries <n>', `query budget per crawl (default: ${FULL.maxQueries}; --quick ${QUICK.maxQueries})`)
    .option('--max-pages <n>', `page budget per crawl (default: ${FULL.maxPages}; --quick ${QUICK.maxPages})`)
    .option('--seed <n>', 'seed of the crawls, the training and the testbed sites', '1')
    .option('--parallel <n>', `crawls at once (default: 1; --quick ${QUICK.parallel})`)
    .option('--episodes <n>', `training episodes per A3C model (default: ${FULL.episodes}; --quick ${QUICK.episodes})`)
    .option('--train-max-queries <n>', `query budget of each training crawl (default: train's own; --quick ${QUICK.trainMaxQueries})`)
    .option('--agents <n>', 'agents (browser pages) per crawl', '4')
    .option('--time-limit <sec>', 'wall-clock limit per crawl, the same for every strategy (0 = none)', '0')
    .option('--scale <s>', `testbed scale: ${SCALES.join(', ')}`, 'small')
    .option('--trouble <mode>', 'testbed trouble: default, on, off', 'default')
    .option('--models <dir>', 'evaluate the models in DIR/a3c and DIR/a3c-wge (from `surfacer train`) instead of training them here')
    .option('--a3c-frozen', 'crawl with the A3C models frozen (crawl --frozen: greedy while a form pays, no learning) instead of learning online', false)
    .option('--a3c-page-decisions', 'the A3C policies also decide, on each result page, whether to read the next one (crawl and train --page-decisions; the other strategies read on by the rule)', false)
    .option('--deterministic', 'every crawl runs --deterministic (one episode at a time in schedule order), the training crawls of a3c and a3c-wge too (train --deterministic): the same code crawls a site the same way every time and trains the same models, so two versions compare site by site without run-to-run noise; slower, and the agents no longer query blind in parallel', false)
    .option('--select-seeds <list>', "the A3C models trained here keep not their last parameters but the checkpoint (the start included) that harvests most on the train domains' sites at these testbed seeds (train --select-seeds: early stopping on sites the training does not crawl; not with --models)")
    .option('--select-every <n>', 'with --select-seeds: try the start, the model after every n-th training crawl, and the last (train --select-every; default: train\'s own)')
    .option('--keep-runs <dir>', 'keep every run directory (and the trained models) under this folder; a later bench with the same folder reuses every crawl and training it finished with the same arguments')
    .action(async (opts: BenchStrategiesOptions) => {
      const plan = resolvePlan(opts);
      const result = await benchStrategies(plan);
      const markdown = strategyTable({ ...result, maxQueries: plan.maxQueries, maxPages: plan.maxPages }) + (result.paired ? `\n${pairedTable(result.paired)}\n` : '');
      const json = `${JSON.stringify(result, null, 2)}\n`;
      if (plan.out) writeText(plan.out, json);
      if (plan.markdown) writeText(plan.markdown, markdown);
      process.stdout.write(plan.json ? json : markdown);
      if (result.runs.some((r) => r.error)) process.exitCode = 1;
    });
}

function list(value: string | undefined, what: string): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw new UserError(`${what} is empty`);
  return [...new Set(items)];
}

function wholeNumber(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UserError(`${name} must be a whole number ≥ ${min} (got "${value}")`);
  return n;
}

function domains(value: string | undefined, fallback: readonly string[], option: string): string[] {
  const ds = list(value, option) ?? [...fallback];
  const unknown = ds.filter((d) => !(TESTBED_DOMAINS as readonly string[]).includes(d));
  if (unknown.length) throw new UserError(`unknown testbed domain${unknown.length > 1 ? 's' : ''} in ${option}: ${unknown.join(', ')}; the testbed has: ${TESTBED_DOMAINS.join(', ')}`);
  return ds;
}

/** Checks the command line and fills in the defaults; throws a UserError (before any crawl) on a bad option. */
export function resolvePlan(opts: BenchStrategiesOptions): BenchPlan {
  const quick = !!opts.quick;
  const base = quick ? QUICK : FULL;
  const names = list(opts.strategies, '--strategies') ?? [...BENCH_STRATEGIES];
  const unknown = names.filter((s) => !(BENCH_STRATEGIES as readonly string[]).includes(s));
  if (unknown.length) throw new UserError(`unknown strateg${unknown.length > 1 ? 'ies' : 'y'} ${unknown.map((s) => `"${s}"`).join(', ')} in --strategies; choose from: ${BENCH_STRATEGIES.join(', ')}`);
  const trainDomains = domains(opts.trainDomains, quick ? QUICK_TRAIN_DOMAINS : TRAIN_DOMAINS, '--train-domains');
  const testDomains = domains(opts.testDomains, quick ? QUICK_TEST_DOMAINS : TEST_DOMAINS, '--test-domains');
  // Models trained here crawl the train domains; with --models the models' own record of what they trained on is checked instead (checkedModels).
  const overlap = trainDomains.filter((d) => testDomains.includes(d));
  if (overlap.length && opts.models === undefined) throw new UserError(`train and test domains overlap (${overlap.join(', ')}): the models must be evaluated on sites they did not train on`);
  const scale = opts.scale ?? 'small';
  if (!isScale(scale)) throw new UserError(`--scale must be one of ${SCALES.join(', ')} (got "${scale}")`);
  const trouble = opts.trouble ?? 'default';
  if (trouble !== 'default' && trouble !== 'on' && trouble !== 'off') throw new UserError(`--trouble must be default, on or off (got "${trouble}")`);
  const seed = wholeNumber(opts.seed, 1, '--seed', 0);
  const selection = selectionOptions(opts, trainDomains, seed);
  return {
    strategies: names as BenchStrategy[],
    trainDomains,
    testDomains,
    maxQueries: wholeNumber(opts.maxQueries, base.maxQueries, '--max-queries', 1),
    maxPages: wholeNumber(opts.maxPages, base.maxPages, '--max-pages', 1),
    seed,
    parallel: wholeNumber(opts.parallel, base.parallel ?? 1, '--parallel', 1),
    episodes: wholeNumber(opts.episodes, base.episodes, '--episodes', 1),
    ...((opts.trainMaxQueries ?? base.trainMaxQueries) !== undefined ? { trainMaxQueries: wholeNumber(opts.trainMaxQueries, base.trainMaxQueries ?? 0, '--train-max-queries', 1) } : {}),
    agents: wholeNumber(opts.agents, 4, '--agents', 1),
    timeLimit: wholeNumber(opts.timeLimit, 0, '--time-limit', 0),
    scale,
    trouble,
    quick,
    json: !!opts.json,
    out: opts.out,
    markdown: opts.markdown,
    keepRuns: opts.keepRuns,
    a3cFrozen: !!opts.a3cFrozen,
    a3cPageDecisions: !!opts.a3cPageDecisions,
    deterministic: !!opts.deterministic,
    ...selection,
    ...(opts.models !== undefined ? { models: checkedModels(resolve(opts.models), names as BenchStrategy[], testDomains, seed) } : {}),
  };
}

/**
 * --select-seeds and --select-every, checked before any crawl: they choose among the checkpoints
 * of a training, so there must be one (not --models), and the selection sites must be sites the
 * training does not crawl. The training's first round (`firstRoundSites`) is known now;
 * `train` itself refuses a later round that would reach one, before it trains there.
 */
function selectionOptions(opts: BenchStrategiesOptions, trainDomains: readonly string[], seed: number): Pick<BenchPlan, 'selectSeeds' | 'selectEvery'> {
  if (opts.selectSeeds === undefined) {
    if (opts.selectEvery !== undefined) throw new UserError('--select-every needs --select-seeds');
    return {};
  }
  if (opts.models !== undefined) throw new UserError('--select-seeds chooses among the checkpoints of the models trained here; with --models nothing is trained (a model chosen by `train --select-seeds` keeps its selection in its manifest)');
  const selectSeeds = list(opts.selectSeeds, '--select-seeds')!.map((v) => wholeNumber(v, 0, '--select-seeds', 0));
  checkSelectionSites(trainDomains, selectSeeds, firstRoundSites(trainDomains, seed));
  return { selectSeeds, ...(opts.selectEvery !== undefined ? { selectEvery: wholeNumber(opts.selectEvery, 0, '--select-every', 1) } : {}) };
}

/**
 * --models DIR: each selected A3C strategy's model must load and must not have trained on a test
 * site. A test site is a test domain at the bench's seed. A model that lists its training sites
 * (`sites` in the manifest) may be tested on other sites of its training domains (held-out
 * seeds); one that lists only its domains may not be tested on those domains at all.
 */
function checkedModels(dir: string, strategies: readonly BenchStrategy[], testDomains: readonly string[], seed: number): string {
  for (const s of strategies.filter((x) => A3C_STRATEGIES.includes(x))) {
    let manifest: ModelManifest;
    try {
      manifest = loadModel(join(dir, s)).manifest;
    } catch (err) {
      throw new UserError(`--models ${dir}: ${(err as Error).message} (expected a model from \`surfacer train\` in ${join(dir, s)})`);
    }
    const seen = trainedTestSites(manifest, testDomains, seed);
    const what = manifest.sites ? (seen.length > 1 ? 'test sites' : 'a test site') : seen.length > 1 ? 'test domains' : 'a test domain';
    if (seen.length) throw new UserError(`--models ${dir}: the ${s} model trained on ${seen.join(', ')}, ${what}: it must be evaluated on sites it did not train on${manifest.sites ? '' : ' (its manifest names the domains it trained on, not their sites)'}`);
  }
  return dir;
}

/**
 * The test sites (test domains at `seed`) a model trained or was chosen on: by its sites when it lists them, else any of its domains.
 * The scale is not compared: the same domain and seed at another scale may share records, so it counts as the same site.
 */
function trainedTestSites(manifest: Pick<ModelManifest, 'domains' | 'sites' | 'selectedOn'>, testDomains: readonly string[], seed: number): string[] {
  if (!manifest.sites) return manifest.domains.filter((d) => testDomains.includes(d));
  const at = (sites: readonly TrainedSite[]) => sites.filter((t) => t.seed === seed && testDomains.includes(t.domain));
  // Sites a model was chosen on (`train --select-seeds`) count as trained on.
  return [...new Set([...at(manifest.sites).map((t) => `${t.domain} (seed ${t.seed})`), ...at(manifest.selectedOn ?? []).map((t) => `${t.domain} (seed ${t.seed}, chosen on with --select-seeds)`)])];
}

/**
 * The `surfacer train` command line of one A3C model. `trainings` run side by side, so their
 * selection crawls share the bench's `--parallel` between them.
 */
export function trainingArgs(plan: BenchPlan, strategy: BenchStrategy, dir: string, trainings: number, trainMaxQueries?: number, deterministic = false): string[] {
  return [
    'train', '--domains', plan.trainDomains.join(','), '--episodes', String(plan.episodes), '--out', dir, strategy === 'a3c-wge' ? '--wge' : '--no-wge', '--seed', String(plan.seed), '--json',
    // The trainings too: else two --deterministic benches train different models and differ after all.
    ...(deterministic ? ['--deterministic'] : []),
    ...(plan.a3cPageDecisions ? ['--page-decisions'] : []),
    ...(trainMaxQueries !== undefined ? ['--max-queries', String(trainMaxQueries)] : []),
    ...(plan.selectSeeds
      ? ['--select-seeds', plan.selectSeeds.join(','), '--select-parallel', String(Math.max(1, Math.floor(plan.parallel / Math.max(1, trainings)))), ...(plan.selectEvery !== undefined ? ['--select-every', String(plan.selectEvery)] : [])]
      : []),
  ];
}

/** What this build's CLI offers: crawl strategies, `crawl --model`, `surfacer train`. */
export interface CliSupport {
  crawlStrategies: string[];
  crawlModel: boolean;
  train: boolean;
  /** `train --max-queries` exists. */
  trainMaxQueries: boolean;
  /** `train --deterministic` exists. */
  trainDeterministic: boolean;
}

/** The strategy choices in `crawl --help` ("--strategy <name> … (choices: "a", "b", default: …)"). */
export function strategiesFromHelp(help: string): string[] {
  const flat = help.replace(/\s+/g, ' ');
  const m = /--strategy <[^>]*>.*?\(choices: ([^)]*)\)/.exec(flat);
  if (!m) return [];
  return [...m[1]!.split('default:')[0]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!);
}

async function probeCli(): Promise<CliSupport> {
  const [crawl, train] = await Promise.all([runSurfacer(['crawl', '--help']), runSurfacer(['train', '--help'])]);
  return {
    crawlStrategies: strategiesFromHelp(crawl.stdout),
    crawlModel: /--model\b/.test(crawl.stdout),
    train: train.code === 0 && /--domains\b/.test(train.stdout),
    trainMaxQueries: train.code === 0 && /--max-queries\b/.test(train.stdout),
    trainDeterministic: train.code === 0 && /--deterministic\b/.test(train.stdout),
  };
}

/** Throws a UserError naming every selected strategy this build cannot run yet. */
export function checkSupport(strategies: readonly BenchStrategy[], cli: CliSupport): void {
  const problems: string[] = [];
  const runnable: string[] = [];
  for (const s of strategies) {
    if (A3C_STRATEGIES.includes(s)) {
      const missing = [
        ...(cli.train ? [] : ['the `surfacer train --domains … --episodes N --out DIR [--wge|--no-wge] --json` command']),
        ...(cli.crawlStrategies.includes('a3c') ? [] : ['`crawl --strategy a3c`']),
        ...(cli.crawlModel ? [] : ['`crawl --model DIR`']),
      ];
      if (missing.length) problems.push(`"${s}": it needs ${missing.join(' and ')}, which this build does not have yet`);
      else runnable.push(s);
    } else if (!cli.crawlStrategies.includes(s)) {
      problems.push(`"${s}": not a strategy of \`surfacer crawl\` in this build (it offers: ${cli.crawlStrategies.join(', ') || 'none found'})`);
    } else runnable.push(s);
  }
  if (problems.length) {
    throw new UserError(`cannot run ${problems.join('; ')}.${runnable.length ? ` Run the others with --strategies ${runnable.join(',')}` : ''}`);
  }
}

// ---------------------------------------------------------------------------------------
// The bench

export interface RunRow {
  strategy: string;
  domain: string;
  seconds: number;
  cpuSeconds: number | null;
  stoppedBy?: string;
  coverage?: number;
  coverageAt?: RunMetrics['coverageAt'];
  coverageMeanTo25?: number;
  queriesIssued?: number;
  pagesFetched?: number;
  queriesTo90?: number | null;
  queriesTo99?: number | null;
  harvestRate?: number | null;
  pagesPerSecond?: number | null;
  /** Git commit of the code that crawled (a resumed bench may reuse crawls of older code). */
  commit?: string | null;
  error?: string;
}

interface TrainingRow {
  /** A model given with --models instead of trained here: its folder and training domains. */
  model?: string;
  trainedOn?: string[];
  seconds: number;
  cpuSeconds: number | null;
  episodes: number;
  /** Query budget of each training crawl (null: train's default). */
  maxQueriesPerCrawl: number | null;
  curve?: unknown;
  /** `train --select-seeds`: the checkpoints tried, their scores and the one kept (`chosen`, in training crawls). */
  selection?: SelectionRecord & { keptUpdates?: number };
  error?: string;
}

export interface StrategiesBenchResult {
  strategies: Record<string, StrategySummary>;
  oracle: ReturnType<typeof summariseOracle> & { perDomain: Record<string, Omit<OracleBound, 'firstPicks'> & { firstPicks: string[] }>; method: string };
  trainDomains: string[];
  testDomains: string[];
  a3cOnlineLearning: boolean;
  /** The A3C policies decided on each result page whether to read on (`--a3c-page-decisions`); the others read on by the rule. */
  a3cPageDecisions: boolean;
  /** Every crawl ran `--deterministic`. */
  deterministic: boolean;
  training?: Record<string, unknown>;
  trainingRuns?: Record<string, TrainingRow>;
  budgets: { maxQueries: number; maxPages: number; agents: number; timeLimitSeconds: number; trainingEpisodes: number; trainingMaxQueries: number | null; allowPost: true };
  testbed: { scale: Scale; seed: number; trouble: string };
  quick: boolean;
  parallel: number;
  conventions: Record<string, string>;
  runs: RunRow[];
  /** The commits whose code ran the crawls: more than one means a resumed bench mixed code versions. */
  codeCommits: string[];
  /** a3c-wge against each other strategy, site by site (when a3c-wge and another strategy crawled). */
  paired?: PairedComparison;
  wallSeconds: number;
}

function progress(line: string): void {
  process.stderr.write(`bench strategies: ${line}\n`);
}

/** When and how far a model was trained: enough to tell a retrained model from the one a crawl used. */
function modelStamp(dir: string): string {
  const { manifest } = loadModel(dir);
  return `${manifest.createdAt} ${manifest.updates} updates ${manifest.episodes} episodes`;
}

export async function benchStrategies(plan: BenchPlan): Promise<StrategiesBenchResult> {
  const t0 = performance.now();
  const { commit, dirty } = surfacerVersion();
  const codeCommit = commit === null ? null : `${commit}${dirty ? '+dirty' : ''}`;
  const cli = await probeCli();
  checkSupport(plan.strategies, cli);

  const root = plan.keepRuns ? resolve(plan.keepRuns) : mkdtempSync(join(tmpdir(), 'surfacer-bench-strategies-'));
  mkdirSync(root, { recursive: true });
  try {
    // The oracle first: it takes well under a second a site, and needs no browser.
    const oraclePerDomain: StrategiesBenchResult['oracle']['perDomain'] = {};
    for (const domain of plan.testDomains) {
      const extraKeywords = loadLvsTable(domain).labels.flatMap((l) => l.values.map((v) => v.value));
      const bound = siteOracle({ domain, scale: plan.scale, seed: plan.seed, extraKeywords });
      oraclePerDomain[domain] = { ...bound, firstPicks: bound.firstPicks.map((p) => `${p.key} (+${p.gain})`) };
      progress(`oracle on ${domain}: ${bound.queriesTo90} queries to 90%, ${bound.queriesTo99} to 99% of the ${bound.reachable}/${bound.records} reachable records`);
    }

    // The two A3C models, trained on the train domains (only when selected), side by side:
    // training times are not among the figures, and the two are independent.
    const models: Partial<Record<BenchStrategy, string>> = {};
    const training: Record<string, unknown> = {};
    const trainingRuns: Record<string, TrainingRow> = {};
    const toTrain = plan.strategies.filter((s) => A3C_STRATEGIES.includes(s));
    await pool(toTrain, Math.max(2, plan.parallel), async (s) => {
      if (plan.models) {
        const dir = join(plan.models, s);
        const { manifest } = loadModel(dir);
        models[s] = dir;
        training[s] = manifest.curve;
        trainingRuns[s] = { seconds: 0, cpuSeconds: null, episodes: manifest.episodes, maxQueriesPerCrawl: null, model: dir, trainedOn: manifest.domains, ...(manifest.selection ? { selection: manifest.selection as SelectionRecord } : {}) };
        progress(`${s}: evaluating the model trained before in ${dir} (${manifest.episodes} episodes on ${manifest.domains.join(', ')})`);
        return;
      }
      const dir = join(root, `model-${s}`);
      const trainQueries = plan.trainMaxQueries !== undefined && cli.trainMaxQueries ? plan.trainMaxQueries : undefined;
      const args = trainingArgs(plan, s, dir, toTrain.length, trainQueries, plan.deterministic && cli.trainDeterministic);
      const before = plan.keepRuns ? finishedStep<{ row: TrainingRow; curve?: unknown }>(dir, args) : undefined;
      if (before) {
        models[s] = dir;
        trainingRuns[s] = before.row;
        if (before.curve !== undefined) training[s] = before.curve;
        progress(`train ${s}: reusing the model trained before in ${dir}`);
        return;
      }
      const r = await runSurfacer(args);
      const row: TrainingRow = { seconds: r.seconds, cpuSeconds: r.cpuSeconds, episodes: plan.episodes, maxQueriesPerCrawl: trainQueries ?? null };
      if (r.code !== 0) {
        row.error = lastLine(r.stderr) || `train exited with ${r.code}`;
        progress(`train ${s} on ${plan.trainDomains.join(',')}: FAILED after ${r.seconds.toFixed(1)} s: ${row.error}`);
      } else {
        models[s] = dir;
        try {
          const out = parseJsonOutput(r.stdout) as { curve?: unknown; selection?: TrainingRow['selection'] };
          if (out && typeof out === 'object' && 'curve' in out) training[s] = out.curve;
          if (out && typeof out === 'object' && out.selection) row.selection = out.selection;
        } catch {
          // a model was written; the summary just could not be read
        }
        progress(`train ${s} on ${plan.trainDomains.join(',')}: ${r.seconds.toFixed(1)} s`);
        if (plan.keepRuns) markStepDone(dir, args, { row, ...(training[s] !== undefined ? { curve: training[s] } : {}) });
      }
      trainingRuns[s] = row;
    });

    // Every strategy on every test domain, domain by domain (drift on a shared machine then hits every strategy alike).
    const tasks = plan.testDomains.flatMap((domain) => plan.strategies.map((strategy) => ({ domain, strategy })));
    const runs: RunRow[] = new Array(tasks.length);
    const metrics: (RunMetrics | undefined)[] = new Array(tasks.length);
    let done = 0;
    await pool(tasks, plan.parallel, async ({ domain, strategy }, i) => {
      if (A3C_STRATEGIES.includes(strategy) && !models[strategy]) {
        runs[i] = { strategy, domain, seconds: 0, cpuSeconds: null, error: `no ${strategy} model: ${trainingRuns[strategy]?.error ?? 'training failed'}` };
        progress(`[${++done}/${tasks.length}] ${strategy} on ${domain}: skipped (no model)`);
        return;
      }
      const dir = join(root, `${strategy}-${domain}`);
      const args = [
        'crawl', '--domain', domain, '--strategy', A3C_STRATEGIES.includes(strategy) ? 'a3c' : strategy,
        '--max-queries', String(plan.maxQueries), '--max-pages', String(plan.maxPages), '--agents', String(plan.agents), '--time-limit', String(plan.timeLimit),
        '--scale', plan.scale, '--trouble', plan.trouble, '--testbed-port', '0', '--seed', String(plan.seed), '--allow-post', '--json', '--out', dir,
        ...(plan.deterministic ? ['--deterministic'] : []),
        ...(models[strategy] ? ['--model', models[strategy]!, ...(plan.a3cFrozen ? ['--frozen'] : ['--acting', 'greedy']), ...(plan.a3cPageDecisions ? ['--page-decisions'] : [])] : []),
      ];
      // A crawl's receipt also names the model it started from, so a retrained model is evaluated again.
      const receiptKey = models[strategy] ? [...args, `model ${modelStamp(models[strategy]!)}`] : args;
      const before = plan.keepRuns ? finishedStep<RunRow>(dir, receiptKey) : undefined;
      if (before && existsSync(join(dir, 'report.json'))) {
        metrics[i] = runMetricsOf(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report, strategy, domain);
        // A receipt of older code lacks the figures added since; the report has them.
        runs[i] = { ...before, coverageMeanTo25: metrics[i]!.coverageMeanTo25 };
        progress(`[${++done}/${tasks.length}] ${strategy} on ${domain}: reusing the crawl done before in ${dir}${otherCodeNote(before.commit, codeCommit)}`);
        return;
      }
      rmSync(dir, { recursive: true, force: true });
      const r = await runSurfacer(args);
      const row: RunRow = { strategy, domain, seconds: r.seconds, cpuSeconds: r.cpuSeconds, commit: codeCommit };
      try {
        if (r.code !== 0) throw new Error(lastLine(r.stderr) || `crawl exited with ${r.code}`);
        const summary = parseJsonOutput(r.stdout) as { stoppedBy?: string };
        const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
        const m = runMetricsOf(report, strategy, domain);
        metrics[i] = m;
        Object.assign(row, {
          stoppedBy: summary.stoppedBy, coverage: m.coverage, coverageAt: m.coverageAt, coverageMeanTo25: m.coverageMeanTo25, queriesIssued: m.queriesIssued, pagesFetched: m.pagesFetched,
          queriesTo90: m.queriesTo90, queriesTo99: m.queriesTo99, harvestRate: m.harvestRate, pagesPerSecond: m.pagesPerSecond,
        });
        if (plan.keepRuns) markStepDone(dir, receiptKey, row);
        progress(`[${++done}/${tasks.length}] ${strategy} on ${domain}: ${r.seconds.toFixed(1)} s, coverage ${m.coverage.toFixed(3)} (${m.queriesIssued} queries, ${m.pagesFetched} pages, stopped by ${summary.stoppedBy ?? '?'})`);
      } catch (err) {
        row.error = (err as Error).message;
        progress(`[${++done}/${tasks.length}] ${strategy} on ${domain}: FAILED after ${r.seconds.toFixed(1)} s: ${row.error}`);
      }
      runs[i] = row;
      if (!plan.keepRuns) rmSync(dir, { recursive: true, force: true });
    });

    const strategies: Record<string, StrategySummary> = {};
    for (const s of plan.strategies) {
      const mine = tasks.map((t, i) => ({ t, m: metrics[i] })).filter((x) => x.t.strategy === s);
      strategies[s] = summariseStrategy(
        mine.flatMap((x) => (x.m ? [x.m] : [])),
        mine.filter((x) => !x.m).map((x) => x.t.domain),
      );
    }
    return {
      strategies,
      oracle: {
        ...summariseOracle(Object.values(oraclePerDomain)),
        perDomain: oraclePerDomain,
        method: 'greedy set cover over the ground truth: candidates are every keyword query (each word of the records\' full text and each LVS value) and every single select option, per search form, other fields empty; queriesTo90/99 = greedy picks to cover 90%/99% of the records some candidate reaches (reachableShare of all); optimumAtLeast90/99 = certified lower bound ceil(greedy / H(min(k, largest set)))',
      },
      trainDomains: plan.trainDomains,
      testDomains: plan.testDomains,
      a3cOnlineLearning: !plan.a3cFrozen,
      a3cPageDecisions: plan.a3cPageDecisions,
      deterministic: plan.deterministic,
      ...(Object.keys(training).length ? { training } : {}),
      ...(toTrain.length ? { trainingRuns } : {}),
      budgets: { maxQueries: plan.maxQueries, maxPages: plan.maxPages, agents: plan.agents, timeLimitSeconds: plan.timeLimit, trainingEpisodes: plan.episodes, trainingMaxQueries: plan.trainMaxQueries ?? null, allowPost: true },
      testbed: { scale: plan.scale, seed: plan.seed, trouble: plan.trouble },
      quick: plan.quick,
      parallel: plan.parallel,
      conventions: {
        coverageAt: 'coverage of all hidden records after query k (the report\'s coverageByQuery); a crawl that issued fewer than k queries (strategy out of queries, patience ended, page or time budget) carries its last value forward (coverageAtCarried counts those domains per k); no query at all is 0',
        coverageMeanTo25: 'per crawl: mean of coverage after query 1, 2, …, 25 (the area under the coverage-by-query curve up to query 25, over 25; carried forward like coverageAt): coverage at equal queries over the whole start of the crawl, which still separates strategies when every one is at (nearly) 100% by query 25; mean over domains',
        queriesTo: 'per crawl: first query at which coverage reached 90%/99%, null if never; averaged over the domains that reached it (…Reached says how many of `domains`)',
        harvestRate: 'hidden records harvested / pages fetched (every kind), mean over domains; harvestRateByDepth: mean over the domains that fetched pages at that depth',
        pagesPerSecond: 'pages fetched / crawl wall time (report timing), mean over domains',
        a3c: plan.a3cFrozen
          ? 'a3c and a3c-wge are evaluated frozen (crawl --model DIR --frozen): each query is the one the model scores best while the form pays; after k queries in a row without a new record it is drawn from the policy with probability min(1, 2k/patience), never drawn as "stop"; "stop" (offered from 12 such queries while at most 1 % of the site\'s records is estimated unseen by Chao1 over the result lists, its prior the crawl\'s records per page so far) is taken when it is the best-scored action; nothing is learnt during the crawl'
          : 'a3c and a3c-wge are evaluated with online learning on (crawl --model DIR --acting greedy, crawl\'s default without --frozen): queries are chosen as a frozen crawl chooses them, and the network keeps learning from them off-policy (V-trace); before stop 77 they were drawn from the policy\'s probabilities',
        oracle: 'the oracle\'s 90%/99% are of the records some single query reaches; the strategies\' are of all hidden records',
      },
      runs,
      codeCommits: [...new Set(runs.map((r) => r.commit ?? 'unknown'))],
      ...(plan.strategies.includes(PAIRED_SUBJECT) && plan.strategies.length > 1 ? { paired: pairedComparison(runs, PAIRED_SUBJECT) } : {}),
      wallSeconds: (performance.now() - t0) / 1000,
    };
  } finally {
    if (!plan.keepRuns) rmSync(root, { recursive: true, force: true });
  }
}
