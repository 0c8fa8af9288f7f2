import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';
import cliProgress from 'cli-progress';
import { LVS_DOMAINS, isLvsDomain, loadLvsTable } from '../lvs/index.ts';
import { RUN_FILES, RunStore, TraceFileError, defaultRunDir, readRunStart, traceFileOf } from '../store/index.ts';
import { runProvenance, type RunProvenance } from './provenance.ts';
import { STRATEGY_NAMES, isStrategyName, type StrategyName } from '../strategies/index.ts';
import { probeSeed, resolveSeeds, SeedError } from '../coordinator/seeds.ts';
import type { Coordinator, CoordinatorConfig } from '../coordinator/coordinator.ts';
import { DEFAULT_POLICY, LEARNED_PARTS, learnsQueries, type LearnedParts, type PolicyLearner } from '../coordinator/policy-learner.ts';
import { INITIAL_PRIOR_SCALE } from '../policy/network.ts';
import { QUERY_PRIOR_UNITS, type QueryPriorUnit } from '../policy/prior.ts';
import { LINK_ACTING, ONLINE_ACTING, type LinkActing, type OnlineActing } from '../policy/action-choice.ts';
import { STOP_AFTER_ZERO_STREAK, STOP_AFTER_ZERO_STREAK_HARVESTED, STOP_MAX_UNSEEN_SHARE } from '../coordinator/policy-choices.ts';
import { SKIP_DRY_LISTS_AFTER } from '../coordinator/dry-lists.ts';
import { PROVEN_UNSEEN_MODES, type ProvenUnseenMode } from '../coordinator/proven-unseen.ts';
import { SCALES, type Scale, type TestbedHandle } from '../testbed/index.ts';
import { startBuiltInSite } from './builtin-site.ts';
import { readRunState } from './run-state.ts';
import { originsOf } from '../url/origins.ts';
import { DEFAULT_HOST_RATE, HostRateLimit } from '../browser/host-rate.ts';
import { writeReport } from '../report/index.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CrawlCliOptions {
  domain: string;
  /** The domain whose LVS table fills the forms (default: `domain`). */
  lvsDomain?: string;
  seeds?: string[];
  strategy: string;
  agents: number;
  maxDepth: number;
  maxQueries: number;
  /** Queries in a row without a new record after which a form is left. */
  patience?: number;
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
  /** Seed of the built-in site (default: --seed). */
  testbedSeed?: number;
  episodeSteps: number;
  episodeTime: number;
  /** One episode at a time in schedule order, episodes bounded by steps: same seed and config, same run. */
  deterministic?: boolean;
  /** Save a Playwright trace (zip) of every episode in <run>/playwright/. */
  playwrightTrace?: boolean;
  /** Write every agent message to the trace (default true; replay needs them). */
  traceMessages?: boolean;
  /** a3c: each next-query row of the trace lists every action offered and the inputs the network reads of it. */
  traceChoices?: boolean;
  /** Re-run the configuration recorded in this trace (file or run directory) from scratch. */
  fromTrace?: string;
  /** Which host's waiting episode goes next: Thompson sampling over hosts, or off (schedule order). */
  hostBandit?: 'thompson' | 'off';
  /** Restart exploration from the best pages of a learned weblog when explore runs dry, or off. */
  restarts?: 'weblog' | 'off';
  /** a3c: model directory to start from ('fresh': new parameters from --seed). */
  model?: string;
  /** a3c: act greedily and do not learn. */
  frozen?: boolean;
  /** a3c: workflow-guided exploration from the demonstrations in --demos. */
  wge?: boolean;
  demos?: string;
  /** a3c: decisions per gradient update. */
  tMax?: number;
  /** a3c: GAE's λ for the policy term's advantages (default 1: the n-step advantage). */
  gaeLambda?: number;
  learn?: LearnedParts;
  /** a3c learning links: the share of a surface-word query's new records its pages earn (default 0). */
  surfaceWordCredit?: number;
  learningRate?: number;
  pageDecisions?: boolean;
  /** a3c: dry queries in a row after which the policy may leave a form. */
  stopAfter?: number;
  /** a3c: the same, once Chao1 expects less than one of the site's records unseen. */
  stopAfterHarvested?: number;
  /** Dry queries from which a result list is cut once the site looks harvested (0: never). */
  skipDryListsAfter?: number;
  /** a3c: the largest share of the site's records estimated unseen (Chao1) at which the policy may leave a form. */
  stopMaxUnseen?: number;
  /** a3c with fresh parameters (`--model fresh`): the starting weight of the yield model's prior (`train --prior-scale`). */
  initialPriorScale?: number;
  /** a3c with fresh parameters (`--model fresh`): the actor reads candidate queries' words (default true; `train --no-candidate-words`). */
  candidateWords?: boolean;
  /** Record episodes go ahead of the pages queued before them (default: schedule order). */
  recordsFirst?: boolean;
  /** A keyword form's first query: the function word "the" (default), or off (the strategy's own; traces from before it). */
  openingProbe?: 'function-word' | 'off';
  /** a3c: what the yield part of the queries' prior ranks by (default `new-records`; `per-fetch`: runs before stop 76). */
  queryPrior?: QueryPriorUnit;
  /** a3c learning online: how its decisions are taken (the CLI's default: `greedy`; absent, as `train` leaves it: `draw`). */
  acting?: OnlineActing;
  /** a3c learning online: how surface links are decided (the CLI's default: `as-queries`; `draw`: as greedy crawls did before stop 78). */
  linkActing?: LinkActing;
  /** a3c: records the site's stated totals prove unseen keep the form and are hunted from the first proof (`hunt-at-once`, default), once the form runs dry (`hunt`: stop 79's runs) or not (`ignore`: runs before stop 79). */
  provenUnseen?: ProvenUnseenMode;
  /** Requests per second to any one host (unset: `DEFAULT_HOST_RATE` for remote hosts, loopback unlimited; 0: no rate). Crawl-delays apply either way. */
  hostRate?: number;
}

/** Queries in a row without a new record after which every strategy leaves a form. */
const DEFAULT_PATIENCE = 25;

/** The trained policy that ships with Surfacer: `--strategy a3c` starts from it unless --model says otherwise. */
export const DEFAULT_MODEL_DIR = join(repoRoot, 'models', 'a3c-default');

/** The WGE demonstrations that ship with Surfacer: `--wge` follows them unless --demos says otherwise. */
export const DEFAULT_DEMOS_DIR = join(repoRoot, 'demos');

/** Options a trace's run-start row holds that a re-run takes as they were (the rest are the user's). */
const RUN_ONLY_OPTIONS = new Set(['out', 'resume', 'fromTrace', 'json']);

function positiveInt(name: string) {
  return (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a whole number ≥ 0`);
    return n;
  };
}

/** A number ≥ 0: the starting weight of the yield model's prior in fresh a3c parameters (crawl and train share the check), the host rate. */
export function nonNegativeNumberOption(name: string) {
  return (v: string) => {
    const x = Number(v);
    if (!(v.trim() !== '' && Number.isFinite(x) && x >= 0)) throw new InvalidArgumentError(`${name} must be a number ≥ 0`);
    return x;
  };
}

/** A number in [0, 1]: GAE's λ, the surface-word credit (crawl and train share the check). */
export function unitIntervalOption(name: string) {
  return (v: string) => {
    const x = Number(v);
    if (!(v.trim() !== '' && x >= 0 && x <= 1)) throw new InvalidArgumentError(`${name} must be a number in [0, 1]`);
    return x;
  };
}

/** An Adam step size, in (0, 1) (crawl and train share the check). */
export function learningRateOption(name: string) {
  return (v: string) => {
    const x = Number(v);
    if (!(x > 0 && x < 1)) throw new InvalidArgumentError(`${name} must be a number in (0, 1)`);
    return x;
  };
}

/** What a learning a3c crawl learns (crawl and train share the check). */
export function learnOption(name: string) {
  return (v: string): LearnedParts => {
    if (!(LEARNED_PARTS as readonly string[]).includes(v)) throw new InvalidArgumentError(`${name} must be one of ${LEARNED_PARTS.join(', ')}`);
    return v as LearnedParts;
  };
}

export function registerCrawlCommand(program: Command): void {
  program
    .command('crawl')
    .description('crawl one ODP domain (by default its built-in testbed site) and write the run directory and report')
    .option('--domain <domain>', `ODP domain: ${LVS_DOMAINS.join(', ')} (required unless --from-trace or --resume)`)
    .option('--lvs-domain <domain>', "fill forms from this domain's LVS table instead of --domain's: a table whose words do not fit the site (how `train --foreign-tables` teaches the link policy what a form run dry needs)")
    .option('--seeds <fileOrUrl...>', 'seed URLs or seed files (default: seeds/<domain>.txt)')
    .addOption(new Option('--strategy <name>', 'query strategy').choices([...STRATEGY_NAMES]).default('adaptive'))
    .option('--agents <n>', 'parallel agents (browser pages)', positiveInt('--agents'), 4)
    .option('--max-depth <n>', 'link depth limit', positiveInt('--max-depth'), 7)
    .option('--max-queries <n>', 'query budget', positiveInt('--max-queries'), 200)
    .option('--max-pages <n>', 'page budget', positiveInt('--max-pages'), 5000)
    .option('--patience <n>', 'leave a form after this many queries in a row without a new record', positiveInt('--patience'), DEFAULT_PATIENCE)
    .option('--skip-dry-lists-after <n>', "once Chao1 over the result lists expects less than one of the site's records unseen and the form has had this many queries in a row without a new record, stop reading a result list whose next page is expected to bring fewer new records per fetch than the crawl's average (0 = read on by the rule)", positiveInt('--skip-dry-lists-after'), SKIP_DRY_LISTS_AFTER)
    .option('--time-limit <sec>', 'wall-clock limit for the whole crawl (0 = none)', positiveInt('--time-limit'), 0)
    .option('--seed <n>', 'random seed (strategies; the testbed too unless --testbed-seed)', positiveInt('--seed'), 1)
    .option('--out <dir>', 'run directory (default runs/<timestamp>-<domain>-<strategy>)')
    .option('--resume <dir>', 'continue a stopped or killed crawl in this run directory, with the options it started with (options given here override them)')
    .option('--allow-post', 'also submit POST search forms', false)
    .option('--host-rate <n>', `requests per second to any one host, page loads, submissions and their resources alike, across all agents (default ${DEFAULT_HOST_RATE} for remote hosts; the built-in testbed and other loopback hosts are held to a rate only when this is given; 0 = no rate; a robots.txt Crawl-delay is honoured either way)`, nonNegativeNumberOption('--host-rate'))
    .option('--json', 'quiet; print the summary as JSON', false)
    .addOption(new Option('--scale <scale>', 'testbed scale when crawling a built-in site').choices([...SCALES]).default('small'))
    .addOption(new Option('--trouble <mode>', 'testbed trouble (slow, 5xx, 429, robots)').choices(['default', 'on', 'off']).default('default'))
    .option('--testbed-seed <n>', 'seed of the built-in site (default: --seed)', positiveInt('--testbed-seed'))
    .option('--testbed-port <n>', 'port for the built-in site (default: the one in its seed file; 0 = any free port)', positiveInt('--testbed-port'))
    .option('--episode-steps <n>', 'steps per episode', positiveInt('--episode-steps'), 20)
    .option('--episode-time <sec>', 'time limit per episode (per agent)', positiveInt('--episode-time'), 120)
    .option('--deterministic', 'one episode at a time in schedule order, episodes bounded by steps only: the same seed and config give the same run', false)
    .option('--playwright-trace', 'save a Playwright trace (zip) of every episode in <run>/playwright/ (open with `npx playwright show-trace`)', false)
    .option('--no-trace-messages', 'trace only actions and errors, not every agent message (replay needs them)')
    .option('--trace-choices', "a3c: each next-query row of the trace lists every action offered to the policy with its features, the yield model's estimate and the prior (larger traces; for studying what the network could learn)", false)
    .option('--from-trace <trace>', 're-run, from scratch, the configuration recorded in a trace.jsonl (or run directory); options given here override it')
    .option('--records-first', 'open the records a result list names ahead of the pages queued before them, so a crawl cut short by pages or time holds more records (default: schedule order, the order `train` trains in)', false)
    .addOption(new Option('--opening-probe <mode>', 'a keyword form\'s first query: the function word "the" (lists the site up to its cap where the form matches it literally, or shows in one query that it drops such words), or off (the strategy chooses from the first)').choices(['function-word', 'off']).default('function-word'))
    .addOption(new Option('--acting <mode>', 'a3c without --frozen: how the policy decides while it learns, queries and surface links: greedy (as a --frozen crawl acts: the best-scored query while the form pays, drawn as it runs dry, and a link followed when worth more than skipping it; learnt from off-policy, the queries with V-trace\'s importance weights) or draw (each decision drawn from the policy, A3C as published; how `train` acts; it costs the crawl queries and pages, bench-results/online-acting/)').choices([...ONLINE_ACTING]).default('greedy'))
    .addOption(new Option('--proven-unseen <mode>', 'a3c: when the totals a form\'s result pages stated prove records unseen that the crawl holds no match of: hunt-at-once (from the first proof, the policy does not leave the form and asks the words those records likely hold), hunt (the same, but the asking starts only once the form has run dry, as stop 79\'s crawls did) or ignore (as crawls before stop 79 did)').choices([...PROVEN_UNSEEN_MODES]).default('hunt-at-once'))
    .addOption(new Option('--link-acting <mode>', 'a3c without --frozen: how surface links are decided while the link policy learns: as-queries (as --acting says) or draw (each link by a draw against the policy\'s probability, exploring links while the queries act greedily; how greedy crawls decided links before stop 78)').choices([...LINK_ACTING]).default('as-queries'))
    .addOption(new Option('--query-prior <unit>', "a3c: what the yield model's part of a query's prior ranks by: its expected new records (the result pages it lists are left to the read-on-or-back decisions), or new records per fetch with every result page counted (Ntoulas et al.'s cost; runs before stop 76)").choices([...QUERY_PRIOR_UNITS]).default('new-records'))
    .addOption(new Option('--host-bandit <mode>', "which host's waiting episode goes next: Thompson sampling over hosts (Anthelion), or off (schedule order)").choices(['thompson', 'off']).default('off'))
    .option('--model <dir>', "a3c: policy model to start from (default: the shipped models/a3c-default; 'fresh' = new parameters from --seed)")
    .option('--frozen', 'a3c: act with the model as loaded, no learning: the best-scored query while the form pays, a draw from the policy after queries with nothing new', false)
    .option('--wge', 'a3c: workflow-guided exploration from the demonstrations in --demos', false)
    .option('--demos <dir>', 'a3c with --wge: folder of demonstration JSON files', DEFAULT_DEMOS_DIR)
    .option('--stop-after <n>', `a3c: queries in a row without a new record after which the policy may leave a form ("stop"); at or above --patience it never does`, positiveInt('--stop-after'), STOP_AFTER_ZERO_STREAK)
    .option('--stop-after-harvested <n>', `a3c: the shorter dry streak after which the policy may leave a form once Chao1 over the result lists expects less than one of the site's records unseen; at or above --stop-after there is no shorter streak`, positiveInt('--stop-after-harvested'), STOP_AFTER_ZERO_STREAK_HARVESTED)
    .option('--stop-max-unseen <share>', 'a3c: the policy may leave a form only while at most this share of the site\'s records is estimated unseen (Chao1 over the result lists; 1 = ignore the estimate)', (v: string) => {
      const x = Number(v);
      if (!(x >= 0 && x <= 1)) throw new InvalidArgumentError('--stop-max-unseen must be a number in [0, 1]');
      return x;
    }, STOP_MAX_UNSEEN_SHARE)
    .option('--initial-prior-scale <x>', `a3c with --model fresh: the starting weight of the yield model's prior (default ${INITIAL_PRIOR_SCALE}; 0: a near-uniform policy)`, nonNegativeNumberOption('--initial-prior-scale'))
    .option('--no-candidate-words', "a3c with --model fresh: the policy scores candidate queries by their features alone, not their words; a model keeps the setting it was trained with")
    .option('--page-decisions', 'a3c: the policy also decides on each result page whether to read the next one (default: read on while it lists records the query has not shown)', false)
    .option('--t-max <n>', 'a3c: decisions per gradient update', positiveInt('--t-max'), DEFAULT_POLICY.tMax)
    .option('--gae-lambda <x>', "a3c: GAE's λ for the policy's advantages (1: the n-step advantage R − V; lower leans on the critic, less noise from later rewards)", unitIntervalOption('--gae-lambda'))
    .option('--learn <parts>', `a3c without --frozen: what the crawl learns: ${LEARNED_PARTS.join(', ')} (queries: the query network; links: which surface links to follow; the other part acts as loaded)`, learnOption('--learn'))
    .option('--learning-rate <x>', 'a3c: Adam step size of the parameter server', learningRateOption('--learning-rate'), DEFAULT_POLICY.learningRate)
    .option('--surface-word-credit <share>', 'a3c learning links: this share of the new records of a query offered for surface words goes to the pages that showed them, in the link policy\'s returns (default 0: none)', unitIntervalOption('--surface-word-credit'))
    .addOption(new Option('--restarts <mode>', 'when explore runs dry, restart it from the best pages of a TD(0)-learned weblog (Palotai et al.), or off').choices(['weblog', 'off']).default('off'))
    .action(async (opts: CrawlCliOptions, command: Command) => {
      const given = new Set(Object.keys(opts).filter((k) => command.getOptionValueSource(k) === 'cli'));
      if (opts.frozen && given.has('acting')) throw new UserError('--acting says how a learning crawl decides; a --frozen crawl always acts greedily');
      if (opts.frozen && given.has('linkActing')) throw new UserError('--link-acting says how a learning crawl decides links; a --frozen crawl always follows them greedily');
      const summary = await crawlCommand(opts.fromTrace ? optionsFromTrace(opts, given) : opts.resume ? optionsForResume(opts, given) : opts);
      if (opts.json) emitJson(summary);
      else process.stdout.write(`${summary.runDir}: ${summary.totals.pagesFetched} pages, ${summary.totals.recordsHarvested} records, ${summary.totals.queriesIssued} queries${summary.coverage !== undefined ? `, coverage ${summary.coverage.toFixed(3)}` : ''} (${summary.stoppedBy}, ${summary.wallSeconds.toFixed(1)} s)\n`);
    });
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/**
 * The options recorded in a trace, with the ones the user gave on this command line on top.
 * The run directory is always new (`--out`, or the default name).
 */
export function optionsFromTrace(opts: CrawlCliOptions, given: ReadonlySet<string>): CrawlCliOptions {
  return { ...withRecordedOptions(opts, given, opts.fromTrace!), out: opts.out, resume: undefined, fromTrace: opts.fromTrace };
}

/**
 * A resumed run goes on with the options it started with (the first row of its trace), with the
 * ones given on this command line on top: `crawl --resume <dir>` alone continues the same crawl
 * (strategy, model, budgets), not one with the defaults.
 */
export function optionsForResume(opts: CrawlCliOptions, given: ReadonlySet<string>): CrawlCliOptions {
  // Not a run (no trace): the resume itself says what is wrong with the directory.
  if (!existsSync(join(opts.resume!, RUN_FILES.trace))) return opts;
  return { ...withRecordedOptions(opts, given, opts.resume!), out: undefined, resume: opts.resume, fromTrace: undefined };
}

function withRecordedOptions(opts: CrawlCliOptions, given: ReadonlySet<string>, traceOrRun: string): CrawlCliOptions {
  let recorded: CrawlCliOptions;
  try {
    recorded = readRunStart<RunProvenance>(traceFileOf(traceOrRun)).options as unknown as CrawlCliOptions;
  } catch (err) {
    if (err instanceof TraceFileError) throw new UserError(err.message);
    throw err;
  }
  const merged: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(recorded)) if (!RUN_ONLY_OPTIONS.has(k)) merged[k] = v;
  // Traces from before the shorter dry streak (stop 33) re-run as they ran: with none.
  if (!('stopAfterHarvested' in recorded)) merged['stopAfterHarvested'] = recorded.stopAfter ?? STOP_AFTER_ZERO_STREAK;
  // Traces from before dry lists were cut (stop 34) re-run as they ran: reading on by the rule.
  if (!('skipDryListsAfter' in recorded)) merged['skipDryListsAfter'] = 0;
  // Traces from before candidate words could be left out (stop 52): fresh parameters read them.
  if (!('candidateWords' in recorded)) merged['candidateWords'] = true;
  // Traces from before the opening probe (stop 75) re-run without it.
  if (!('openingProbe' in recorded)) merged['openingProbe'] = 'off';
  // Traces from before the new-records prior (stop 76) re-run ranking per fetch.
  if (!('queryPrior' in recorded)) merged['queryPrior'] = 'per-fetch';
  // Traces from before --acting (stop 77) re-run as they ran: a learning crawl drew every decision.
  if (!('acting' in recorded)) merged['acting'] = 'draw';
  // Traces from before greedy links (stop 78) re-run as they ran: a learning crawl drew its links, whatever --acting said.
  if (!('linkActing' in recorded)) merged['linkActing'] = 'draw';
  // Traces from before proven-unseen records were hunted (stop 79) re-run ignoring them.
  if (!('provenUnseen' in recorded)) merged['provenUnseen'] = 'ignore';
  for (const k of given) merged[k] = (opts as unknown as Record<string, unknown>)[k];
  merged['json'] = opts.json;
  return merged as unknown as CrawlCliOptions;
}

export async function crawlCommand(opts: CrawlCliOptions) {
  // Recorded with the run, so a re-run from its trace decides links as it did (absent there: before stop 78, drawn).
  if (opts.strategy === 'a3c' && !opts.linkActing) opts = { ...opts, linkActing: 'as-queries' };
  if (opts.resume && !opts.domain) opts = { ...opts, domain: readRunState(opts.resume).manifest.domain };
  if (!opts.domain) throw new UserError('--domain is required (or --from-trace <trace>, or --resume <dir>)');
  if (!isLvsDomain(opts.domain)) throw new UserError(`unknown domain "${opts.domain}"; one of: ${LVS_DOMAINS.join(', ')}`);
  if (opts.lvsDomain !== undefined && !isLvsDomain(opts.lvsDomain)) throw new UserError(`unknown --lvs-domain "${opts.lvsDomain}"; one of: ${LVS_DOMAINS.join(', ')}`);
  if (!isStrategyName(opts.strategy)) throw new UserError(`unknown strategy "${opts.strategy}"`);
  if (opts.agents < 1) throw new UserError('--agents must be at least 1');
  // Only the learned policy is offered choices, and they are written with the messages.
  if (opts.traceChoices && opts.strategy !== 'a3c') throw new UserError(`--trace-choices lists what the learned policy is offered; --strategy ${opts.strategy} is offered nothing (use --strategy a3c)`);
  if (opts.traceChoices && opts.traceMessages === false) throw new UserError('--trace-choices writes into the message rows of the trace; it cannot go with --no-trace-messages');
  // Checked before any site starts: a bad model or prior weight is the user's, not the crawl's, error.
  const startModelDir = opts.strategy === 'a3c' ? policyModel(opts) : undefined;
  // A resumed learning crawl goes on from its own checkpoint rather than from where it started.
  const policyModelDir = opts.strategy === 'a3c' ? (learntSoFar(opts) ?? startModelDir) : undefined;
  const seedArgs = opts.seeds?.length ? opts.seeds : [join(repoRoot, 'seeds', `${opts.domain}.txt`)];
  let seeds;
  try {
    seeds = resolveSeeds(seedArgs);
  } catch (err) {
    if (err instanceof SeedError) throw new UserError(err.message);
    throw err;
  }

  // A resumed run continues against the same sites, at the same addresses, as it started.
  const saved = opts.resume ? readRunState(opts.resume).manifest : undefined;
  const testbedPlan = saved ? saved.testbed : seeds.testbedDomains.length ? { domain: seeds.testbedDomains[0]!, scale: opts.scale, seed: opts.testbedSeed ?? opts.seed, trouble: opts.trouble, port: opts.testbedPort ?? Number(new URL(seeds.urls[0]!).port) } : undefined;
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
      // Deterministic runs end episodes by steps only: the clock differs from run to run.
      episodeTimeLimitMs: opts.deterministic ? 0 : opts.episodeTime * 1000,
      maxResultPagesPerQuery: 20,
      allowPost: opts.allowPost,
      allowedHosts: [...new Set(urls.map((u) => new URL(u).hostname))],
      seed: opts.seed,
      patience: opts.patience ?? DEFAULT_PATIENCE,
      origins: originsOf(urls),
      digestEncodedOrigins: true,
      traceMessages: opts.traceMessages !== false,
      ...(opts.traceChoices ? { traceChoices: true } : {}),
      hostBandit: opts.hostBandit ?? 'off',
      policy: strategy === 'a3c' ? { model: policyModelDir, frozen: !!opts.frozen, tMax: Math.max(1, opts.tMax ?? DEFAULT_POLICY.tMax), learningRate: opts.learningRate ?? DEFAULT_POLICY.learningRate, ...(opts.gaeLambda === undefined ? {} : { gaeLambda: opts.gaeLambda }), ...(opts.learn ? { learn: opts.learn } : {}), ...(opts.surfaceWordCredit ? { surfaceWordShare: opts.surfaceWordCredit } : {}), ...(opts.pageDecisions ? { pageDecisions: true } : {}), stopAfter: opts.stopAfter, stopAfterHarvested: opts.stopAfterHarvested, stopMaxUnseen: opts.stopMaxUnseen, ...(opts.initialPriorScale === undefined ? {} : { initialPriorScale: opts.initialPriorScale }), ...(policyModelDir ? {} : { candidateWords: opts.candidateWords !== false }), queryPrior: opts.queryPrior ?? 'new-records', ...(opts.acting ? { acting: opts.acting } : {}), linkActing: opts.linkActing ?? 'as-queries', provenUnseen: opts.provenUnseen ?? 'hunt-at-once' } : undefined,
      restarts: opts.restarts ?? 'off',
      skipDryListsAfter: opts.skipDryListsAfter ?? SKIP_DRY_LISTS_AFTER,
      recordsFirst: !!opts.recordsFirst,
      openingProbe: opts.openingProbe !== 'off',
    };
    let store: RunStore;
    if (opts.resume) {
      if (!existsSync(opts.resume)) throw new UserError(`no run directory at ${opts.resume}`);
      store = await RunStore.resume(opts.resume);
    } else {
      const dir = opts.out ?? join(process.cwd(), defaultRunDir(opts.domain, strategy));
      store = await RunStore.create(dir, { domain: opts.domain, strategy, seeds: urls, testbed: testbedPlan ? { ...testbedPlan, port: new URL(urls[0]!).port ? Number(new URL(urls[0]!).port) : 80 } : undefined, fromTrace: opts.fromTrace }, config);
    }
    // The trace opens with how the run was made (each resume adds how it went on).
    const recordedOptions = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined));
    const wge = strategy === 'a3c' && opts.wge ? { demosDir: resolve(opts.demos ?? DEFAULT_DEMOS_DIR) } : undefined;
    if (wge && !learnsQueries(config.policy ?? DEFAULT_POLICY)) process.stderr.write(`surfacer: --wge guides the query network's episodes while it learns; ${opts.frozen ? 'a --frozen crawl learns nothing' : 'this crawl learns links only'}, so no workflow runs\n`);
    store.trace({ action: opts.resume ? 'run-resume' : 'run-start', input: runProvenance({ options: recordedOptions, config, strategySeed: opts.seed, testbedSeed: testbedPlan?.seed ?? null, deterministic: !!opts.deterministic, demosDir: wge?.demosDir }) });
    const bar = opts.json || !process.stderr.isTTY ? undefined : new cliProgress.SingleBar({ format: 'pages {pages} | results {results} | records {records} | queries {queries} | forms {forms} | {duration}s', stream: process.stderr }, cliProgress.Presets.shades_classic);
    bar?.start(1, 0, { pages: 0, results: 0, records: 0, queries: 0, forms: 0 });
    // A learning crawl leaves its model beside its report (`--model <run>/model` goes on from it), and at each checkpoint, for a resume.
    const saveLearnt = (learner: PolicyLearner) => learner.saveReplacing(join(store.dir, LEARNT_MODEL_DIR), { domains: [opts.domain], sites: testbedPlan ? [{ domain: testbedPlan.domain, seed: testbedPlan.seed, scale: testbedPlan.scale }] : [] });
    const hostRate = HostRateLimit.fromOption(opts.hostRate);
    let outcome;
    try {
      // Loaded here, after the options and seeds are checked: the browser and crawler libraries take seconds to load.
      const { runCrawl } = await import('../coordinator/crawl.ts');
      const learning = strategy === 'a3c' && !opts.frozen;
      outcome = await runCrawl({
        config,
        table: loadLvsTable(opts.lvsDomain ?? opts.domain),
        store,
        seeds: urls,
        agents: opts.agents,
        timeLimitSec: opts.timeLimit,
        resume: !!opts.resume,
        deterministic: !!opts.deterministic,
        playwrightTraceDir: opts.playwrightTrace ? join(store.dir, 'playwright') : undefined,
        hostRate,
        wge,
        ...(learning ? { checkpointModel: (c: Coordinator) => saveLearnt(c.learner!) } : {}),
        onProgress: (c) => {
          const n = store.counts();
          bar?.update(0, { pages: n.pages, results: n.pagesByKind['result'] ?? 0, records: n.records, queries: c.queriesIssued, forms: Object.values(c.formsFound).reduce((a, b) => a + b, 0) });
        },
      });
    } finally {
      bar?.stop();
    }
    const learner = outcome.coordinator.learner;
    const links = outcome.coordinator.learnLinks();
    if (links?.update) process.stderr.write(`surfacer: link policy learnt from ${links.update.samples} links (${links.update.followed} followed, mean return ${links.update.meanReturn})\n`);
    if (learner && !learner.config.frozen) await saveLearnt(learner);
    const report = await writeReport(store.dir, { testbed: testbedPlan ? { domain: testbedPlan.domain, scale: testbedPlan.scale, seed: testbedPlan.seed, origin: new URL(urls[0]!).origin } : undefined, wallSeconds: outcome.wallSeconds });
    await store.close();
    return { runDir: store.dir, policy: learner ? { model: learner.config.model ?? 'fresh', frozen: learner.config.frozen, ...(learner.config.frozen ? {} : { acting: learner.config.acting ?? 'draw', linkActing: learner.drawsLinks ? 'draw' : 'greedy' }), updates: learner.updates, episodes: learner.curve.length, curve: learner.curve, backend: learner.backend, links } : undefined, stoppedBy: outcome.stoppedBy, wallSeconds: outcome.wallSeconds, hostRate: hostRate.summary(), traceSeconds: outcome.coordinator.traceSeconds, episodes: outcome.episodes, failedEpisodes: outcome.failedEpisodes, totals: report.totals, coverage: report.coverage, submissionsByTrueType: testbed ? countBy(testbed.submissions().map((e) => e.trueType)) : undefined, testbedResponsesByStatus: testbed ? countBy(testbed.responses().map((r) => String(r.status))) : undefined };
  } finally {
    await testbed?.close();
  }
}

/** The model an a3c crawl starts from; a starting prior weight makes sense only for fresh parameters. */
function policyModel(opts: CrawlCliOptions): string | undefined {
  const model = resolveModel(opts.model);
  if (model && opts.initialPriorScale !== undefined) throw new UserError(`--initial-prior-scale sets fresh parameters; add --model fresh (the model at ${model} keeps its own prior weight)`);
  if (model && opts.candidateWords === false) throw new UserError(`--no-candidate-words sets fresh parameters; add --model fresh (the model at ${model} keeps the inputs it was trained with)`);
  if (opts.frozen && opts.learn) throw new UserError('--learn says what a learning crawl learns; a --frozen crawl learns nothing');
  if (opts.frozen && opts.surfaceWordCredit) throw new UserError('--surface-word-credit shapes what a learning crawl learns; a --frozen crawl learns nothing');
  return model;
}

/** Where a learning crawl saves its model in its run directory. */
const LEARNT_MODEL_DIR = 'model';

/**
 * A resumed learning crawl goes on from the model its last checkpoint saved, not from the one it
 * started with: the updates before a kill are kept (with the link gate's samples, in the state).
 */
function learntSoFar(opts: CrawlCliOptions): string | undefined {
  if (!opts.resume || opts.frozen) return undefined;
  const dir = join(opts.resume, LEARNT_MODEL_DIR);
  // `.old`: killed between the two renames of a save (PolicyLearner.saveReplacing).
  return [dir, `${dir}.old`].find((d) => existsSync(join(d, 'manifest.json')));
}

/** `--model`: a directory, 'fresh', or (unset) the shipped default when there is one. */
function resolveModel(model: string | undefined): string | undefined {
  if (model === 'fresh') return undefined;
  if (model) {
    if (!existsSync(join(model, 'model.json'))) throw new UserError(`--model ${model}: no policy model there (model.json missing)`);
    return model;
  }
  return existsSync(join(DEFAULT_MODEL_DIR, 'model.json')) ? DEFAULT_MODEL_DIR : undefined;
}
