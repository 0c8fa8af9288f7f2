/**
 * `surfacer train`: trains the a3c policy on the built-in testbed sites of some domains. Each
 * step is a real crawl with `--strategy a3c` (agents acting and sending gradients, the
 * coordinator applying them) that starts from the model the previous crawl left; domains are
 * taken in turn until the policy has run the asked number of episodes and every domain has
 * been crawled once (a crawl can run 14 episodes, so stopping at the count alone would leave
 * the last domains of the list, and their kinds of search form, untrained). The model directory
 * gets the tfjs weights and a manifest with the training curve (reward per episode).
 * `--episodes 0` writes the untrained network (fresh parameters from `--seed`, the prior at
 * `--prior-scale`) as a model with 0 updates: the start every training shares, so a trained
 * model can be crawled against it (bench-results/frequency-prior/untrained/).
 * `--select-seeds` keeps, instead of the last parameters, the checkpoint that harvests most on
 * the training domains' sites at those seeds (train-selection.ts): by records per query, or, by
 * default with `--learn links`, by records per page (`--select-by`).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { LVS_DOMAINS, isLvsDomain } from '../lvs/index.ts';
import { DEFAULT_POLICY, LEARNED_PARTS, PolicyLearner, learnsQueries, type LearnedParts } from '../coordinator/policy-learner.ts';
import { loadModel, readsCandidateWords, type ModelManifest, type TrainedSite } from '../policy/checkpoint.ts';
import { INITIAL_PRIOR_SCALE } from '../policy/network.ts';
import { LINK_ACTING, ONLINE_ACTING, type LinkActing, type OnlineActing } from '../policy/action-choice.ts';
import { summariseCurve } from '../report/learning-curve.ts';
import { crawlCommand, learningRateOption, learnOption, nonNegativeNumberOption, unitIntervalOption, type CrawlCliOptions } from './crawl-command.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';
import { SCALES, type Scale } from '../testbed/index.ts';
import { checkSelectionSites, checkpointsToTry, selectCheckpoint, SELECTION_MEASURES, type Checkpoint, type SelectionMeasure, type SelectionRecord } from './train-selection.ts';

export interface TrainOptions {
  /** Required unless `episodes` is 0. */
  domains?: string[];
  episodes: number;
  out: string;
  wge: boolean;
  demos?: string;
  seed: number;
  maxQueries: number;
  /** Testbed scale of the training and selection crawls (default small). */
  scale?: Scale;
  agents: number;
  init?: string;
  json: boolean;
  learningRate: number;
  /** GAE's λ for the policy's advantages in every training crawl (default 1). */
  gaeLambda?: number;
  /** How the training crawls decide (default `draw`: on-policy A3C; `greedy`: the frozen rule, learnt from off-policy). */
  acting?: OnlineActing;
  /** How the training crawls decide surface links (`crawl --link-acting`; default: as `acting` says). */
  linkActing?: LinkActing;
  learn?: LearnedParts;
  keepRuns?: string;
  pageDecisions?: boolean;
  /** The share of a surface-word query's new records its pages earn in the link policy's returns (crawl --surface-word-credit). */
  surfaceWordCredit?: number;
  /** Every other training crawl fills its forms from another training domain's table (`foreignTable`). */
  foreignTables?: boolean;
  /** Every training crawl runs `crawl --deterministic`: the same seed and options train the same model, bit for bit. */
  deterministic?: boolean;
  /** Starting weight of the yield model's prior in fresh parameters (not with --init). */
  priorScale?: number;
  /** Fresh parameters read candidate queries' words (default true; false not with --init). */
  candidateWords?: boolean;
  /** Keep the checkpoint that harvests most on the training domains' sites at these seeds (train-selection.ts). */
  selectSeeds?: number[];
  /** Checkpoints tried: the start, every n-th crawl's model, the last. */
  selectEvery?: number;
  /** Query budget of each selection crawl. */
  selectQueries?: number;
  /** Selection crawls run at once. */
  selectParallel?: number;
  /** What the selection scores: records per query, or records per page (default: harvest-rate with `learn: links`, else records). */
  selectBy?: SelectionMeasure;
}

/** `--select-every`, `--select-queries` (the harness's cov@25) and `--select-parallel` when not given. */
const SELECT_DEFAULTS = { every: 5, queries: 25, parallel: 2 };

function wholeNumber(name: string, min: number) {
  return (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number ≥ ${min}`);
    return n;
  };
}

export function registerTrainCommand(program: Command): void {
  program
    .command('train')
    .description('train the a3c query policy by crawling the built-in testbed sites of some domains; writes a model directory')
    .option('--domains <list>', 'comma-separated ODP domains to train on (not with --episodes 0)', (v: string) => v.split(',').map((d) => d.trim()).filter(Boolean))
    .option('--episodes <n>', 'train until the policy has run this many harvest episodes (and every domain has been crawled once); 0: write the untrained network', wholeNumber('--episodes', 0), 60)
    .requiredOption('--out <dir>', 'model directory to write (e.g. models/<name>)')
    .option('--wge', 'workflow-guided exploration from the demonstrations (default)', true)
    .option('--no-wge', 'no workflow-guided exploration')
    .option('--surface-word-credit <share>', "the training crawls' link policy credits the pages that showed a surface-word query's words with this share of its new records (crawl --surface-word-credit; default 0)", unitIntervalOption('--surface-word-credit'))
    .option('--foreign-tables', "every other training crawl fills its forms from the next training domain's LVS table (crawl --lvs-domain): forms whose words do not fit their site, which run dry, so the link policy learns what reading more of the site brings them", false)
    .option('--demos <dir>', 'demonstrations for --wge (default: demos/)')
    .option('--seed <n>', 'random seed of the first crawl (then +1 per crawl) and of fresh parameters', wholeNumber('--seed', 0), 1)
    .option('--max-queries <n>', 'query budget of each training crawl', wholeNumber('--max-queries', 1), 40)
    .addOption(new Option('--scale <scale>', 'testbed scale of the training and selection crawls (the sites the manifest names carry it)').choices([...SCALES]).default(TRAIN_SCALE))
    .option('--agents <n>', 'parallel agents per crawl', wholeNumber('--agents', 1), 4)
    .option('--learning-rate <x>', 'Adam step size of the parameter server', learningRateOption('--learning-rate'), 0.005)
    .addOption(new Option('--acting <mode>', 'how the training crawls decide: draw (each decision drawn from the policy, on-policy A3C; links by a draw too) or greedy (as crawl\'s default: the best-scored query while the form pays, learnt from off-policy with V-trace, and the links a frozen crawl follows)').choices([...ONLINE_ACTING]).default('draw'))
    .addOption(new Option('--link-acting <mode>', 'how the training crawls decide surface links: as-queries (as --acting says) or draw (by a draw, exploring links while --acting greedy keeps the queries greedy)').choices([...LINK_ACTING]).default('as-queries'))
    .option('--gae-lambda <x>', "GAE's λ for the policy's advantages (1, the default: the n-step advantage R − V; lower leans on the critic)", unitIntervalOption('--gae-lambda'))
    .option('--learn <parts>', `what the training crawls learn: ${LEARNED_PARTS.join(', ')} (queries: the query network; links: which surface links to follow; the other part stays as in --init)`, learnOption('--learn'))
    .option('--page-decisions', 'the policy also learns to decide on each result page whether to read the next one', false)
    .option('--prior-scale <x>', `starting weight of the yield model's prior in fresh parameters (default ${INITIAL_PRIOR_SCALE}; 0: the policy starts near uniform and learns from its rewards alone whether to follow it)`, nonNegativeNumberOption('--prior-scale'))
    .option('--no-candidate-words', "fresh parameters: the policy scores candidate queries by their features alone, not their words (hashed embeddings; bench-results/candidate-words/)")
    .option('--init <dir>', 'start from this model instead of fresh parameters')
    .option('--select-seeds <list>', "keep not the last parameters but the checkpoint (the start included) that harvests most in its first --select-queries queries on the training domains' sites at these testbed seeds, crawled frozen and deterministic (sites the training does not crawl)", (v: string) => v.split(',').map((x) => {
      const n = Number(x.trim());
      if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('--select-seeds must list whole numbers ≥ 0');
      return n;
    }))
    .option('--select-every <n>', 'with --select-seeds: try the start, the model after every n-th training crawl, and the last', wholeNumber('--select-every', 1), SELECT_DEFAULTS.every)
    .option('--select-queries <n>', 'with --select-seeds: query budget of each selection crawl', wholeNumber('--select-queries', 1), SELECT_DEFAULTS.queries)
    .addOption(new Option('--select-by <measure>', 'with --select-seeds: records (the records harvested after each of the first --select-queries queries: which queries a checkpoint asks) or harvest-rate (records per page fetched: which pages it reads); default harvest-rate with --learn links, else records').choices([...SELECTION_MEASURES]))
    .option('--select-parallel <n>', 'with --select-seeds: selection crawls run at once', wholeNumber('--select-parallel', 1), SELECT_DEFAULTS.parallel)
    .option('--deterministic', 'each training crawl runs as `crawl --deterministic` (one episode at a time in schedule order): the same seed and options train the same model, bit for bit, where four agents at once differ from run to run (bench-results/wge-links/); slower', false)
    .option('--keep-runs <dir>', 'keep the training crawls\' run directories here (default: deleted)')
    .option('--json', 'print the result as JSON', false)
    .action(async (opts: TrainOptions) => {
      const result = await trainCommand(opts);
      if (opts.json) emitJson(result);
      else process.stdout.write(`${result.out}: ${result.episodes} episodes, ${result.updates} updates over ${result.crawls.length} crawls (${result.domains.join(', ')}); mean reward first/last fifth ${result.meanRewardFirstFifth.toFixed(3)} / ${result.meanRewardLastFifth.toFixed(3)}${result.selection ? `; kept the checkpoint after ${result.selection.chosen} crawls (${result.selection.keptUpdates} updates)` : ''}\n`);
    });
}

export async function trainCommand(opts: TrainOptions) {
  if (opts.init && opts.priorScale !== undefined) throw new UserError('--prior-scale sets fresh parameters; a model given with --init keeps its own prior weight');
  if (opts.init && opts.candidateWords === false) throw new UserError('--no-candidate-words sets fresh parameters; a model given with --init keeps the inputs it was trained with');
  if (opts.episodes === 0) return untrainedModel(opts);
  if (!opts.domains?.length) throw new UserError('--domains needs at least one domain');
  const domains = opts.domains;
  const scale = opts.scale ?? TRAIN_SCALE;
  for (const d of domains) if (!isLvsDomain(d)) throw new UserError(`unknown domain "${d}"; one of: ${LVS_DOMAINS.join(', ')}`);
  if (opts.selectBy && !opts.selectSeeds) throw new UserError('--select-by goes with --select-seeds: without selection the last parameters are kept');
  if (opts.selectSeeds) {
    if (!opts.selectSeeds.length) throw new UserError('--select-seeds needs at least one seed');
    checkSelectionSites(domains, opts.selectSeeds, [...firstRoundSites(domains, opts.seed, scale), ...(opts.init ? loadModel(opts.init).manifest.sites ?? [] : [])]);
  }
  // WGE's workflows run query episodes: a training that learns links only has nothing for them to guide.
  const wge = opts.wge && learnsQueries({ frozen: false, learn: opts.learn });
  if (opts.wge && !wge) process.stderr.write('surfacer train: --learn links: WGE guides the query network\'s episodes, which learn nothing here, so no workflow runs (the result says wge: false, and so does the model unless its start had WGE)\n');
  const work = opts.keepRuns ?? mkdtempSync(join(tmpdir(), 'surfacer-train-'));
  const crawls: TrainCrawl[] = [];
  let model = opts.init ?? 'fresh';
  let episodes = 0;
  // The curve a crawl reports includes the curve of the model it started from.
  let curveBefore = opts.init ? loadModel(opts.init).manifest.curve.length : 0;
  const started = Date.now();
  let selection: SelectionRecord | undefined;
  let trained: ModelManifest | undefined;
  try {
    const checkpoints: Checkpoint[] = [{ afterCrawls: 0, dir: opts.init ?? join(work, '000-start') }];
    if (opts.selectSeeds && !opts.init) await saveFreshParameters(opts, checkpoints[0]!.dir);
    for (let i = 0; episodes < opts.episodes || i < domains.length; i++) {
      const site = trainingSite(domains, opts.seed, i, scale);
      const domain = site.domain;
      // A later round of the domains could reach a selection seed (the first round was checked above): refused before it trains there.
      if (opts.selectSeeds && i >= domains.length) checkSelectionSites(domains, opts.selectSeeds, [site]);
      const crawl: CrawlCliOptions = {
        domain, strategy: 'a3c', agents: opts.agents, maxDepth: 7, maxQueries: opts.maxQueries, maxPages: 5000, timeLimit: 0,
        seed: site.seed, allowPost: true, json: true, scale, trouble: 'default', testbedPort: 0, episodeSteps: 20, episodeTime: 120,
        out: join(work, `${String(i + 1).padStart(3, '0')}-${domain}`), model, frozen: false, wge, demos: opts.demos, learningRate: opts.learningRate, pageDecisions: opts.pageDecisions,
        // Training explores by default: each decision drawn from the policy, on-policy A3C.
        acting: opts.acting ?? 'draw',
        ...(opts.linkActing ? { linkActing: opts.linkActing } : {}),
        ...(opts.gaeLambda === undefined ? {} : { gaeLambda: opts.gaeLambda }),
        ...(opts.learn ? { learn: opts.learn } : {}),
        ...(opts.deterministic ? { deterministic: true } : {}),
        ...(opts.foreignTables ? { lvsDomain: foreignTable(domains, i) } : {}),
        ...(opts.surfaceWordCredit ? { surfaceWordCredit: opts.surfaceWordCredit } : {}),
        // Only the first crawl starts from fresh parameters; the rest go on from its model.
        ...(model === 'fresh' && opts.priorScale !== undefined ? { initialPriorScale: opts.priorScale } : {}),
        ...(model === 'fresh' ? { candidateWords: opts.candidateWords !== false } : {}),
      };
      const summary = await crawlCommand(crawl);
      const fresh = summary.policy!.curve.slice(curveBefore);
      curveBefore = summary.policy!.curve.length;
      episodes += fresh.length;
      crawls.push({ domain, ...(crawl.lvsDomain ? { lvsDomain: crawl.lvsDomain } : {}), runDir: summary.runDir, coverage: summary.coverage, queries: summary.totals.queriesIssued, episodes: fresh.length, meanReward: fresh.length ? fresh.reduce((s, c) => s + c.reward, 0) / fresh.length : 0, wallSeconds: summary.wallSeconds });
      process.stderr.write(`surfacer train: ${domain}${crawl.lvsDomain ? ` (${crawl.lvsDomain}'s table)` : ''}: ${fresh.length} episodes (total ${episodes}/${opts.episodes}), coverage ${summary.coverage?.toFixed(3) ?? '-'}, ${summary.wallSeconds.toFixed(0)} s\n`);
      model = join(summary.runDir, 'model');
      checkpoints.push({ afterCrawls: i + 1, dir: model });
      if (fresh.length === 0 && i >= domains.length) throw new Error('training crawls ran no harvest episode: no search form was harvested');
    }
    trained = loadModel(model).manifest;
    if (opts.selectSeeds) {
      const tried = checkpointsToTry(checkpoints, opts.selectEvery ?? SELECT_DEFAULTS.every);
      process.stderr.write(`surfacer train: choosing among ${tried.length} checkpoints (after ${tried.map((c) => c.afterCrawls).join(', ')} crawls) on ${domains.length * opts.selectSeeds.length} sites at seeds ${opts.selectSeeds.join(', ')}\n`);
      selection = await selectCheckpoint(tried, { by: selectionMeasure(opts), domains, seeds: opts.selectSeeds, queries: opts.selectQueries ?? SELECT_DEFAULTS.queries, scale, agents: opts.agents, pageDecisions: opts.pageDecisions, parallel: opts.selectParallel ?? SELECT_DEFAULTS.parallel, work }, (line) => process.stderr.write(`surfacer train: ${line}\n`));
      process.stderr.write(`surfacer train: keeping the checkpoint after ${selection.chosen} crawls (${selection.by} scores ${selection.checkpoints.map((c) => `${c.afterCrawls}: ${c.score}`).join(', ')})\n`);
      cpSync(tried.find((c) => c.afterCrawls === selection!.chosen)!.dir, opts.out, { recursive: true });
      const manifestFile = join(opts.out, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ModelManifest;
      // The selection sites were read to choose this model: a bench must not test it on them either.
      const selectedOn: TrainedSite[] = opts.selectSeeds.flatMap((seed) => domains.map((domain) => ({ domain, seed, scale })));
      writeFileSync(manifestFile, `${JSON.stringify({ ...manifest, selectedOn, selection }, null, 2)}\n`);
    } else {
      cpSync(model, opts.out, { recursive: true });
    }
  } finally {
    if (!opts.keepRuns) rmSync(work, { recursive: true, force: true });
  }
  return trainResult(opts, { domains, wge, episodes, crawls, started, selection, trained });
}

/** `--select-by`, or its default: the pages where only the link policy learns, else the records per query. */
export function selectionMeasure(opts: Pick<TrainOptions, 'selectBy' | 'learn'>): SelectionMeasure {
  return opts.selectBy ?? (opts.learn === 'links' ? 'harvest-rate' : 'records');
}

/** The testbed scale training crawls (and selection crawls) use unless `--scale` says another. */
const TRAIN_SCALE: Scale = 'small';

/** The site `train`'s i-th crawl (from 0) trains on: the domains in turn, the testbed seed one higher each crawl. */
export function trainingSite(domains: readonly string[], seed: number, i: number, scale: Scale = TRAIN_SCALE): TrainedSite {
  return { domain: domains[i % domains.length]!, seed: seed + i, scale };
}

/**
 * `--foreign-tables`: the table training crawl `i` fills its forms from. Every other domain of a
 * round (the first, third, … in the first round; the second, fourth, … in the next, so each
 * domain gets both) takes the next domain's table; the rest their own. With one domain there is
 * no other table.
 */
export function foreignTable(domains: readonly string[], i: number): string | undefined {
  const n = domains.length;
  const domain = i % n;
  if (n < 2 || (domain + Math.floor(i / n)) % 2 === 1) return undefined;
  return domains[(domain + 1) % n];
}

/** The sites of the first round (each domain once), which every training crawls: known before it starts. */
export function firstRoundSites(domains: readonly string[], seed: number, scale: Scale = TRAIN_SCALE): TrainedSite[] {
  return domains.map((_, i) => trainingSite(domains, seed, i, scale));
}

/**
 * `--episodes 0`: the network before any update, saved by the learner the training crawls use
 * (`PolicyLearner.save`), so its weights are the ones the first training crawl would start from.
 */
async function untrainedModel(opts: TrainOptions) {
  if (opts.domains?.length) throw new UserError('--episodes 0 writes the untrained network and crawls no domain; leave out --domains');
  if (opts.init) throw new UserError('--episodes 0 writes fresh parameters; --init would copy a model unchanged');
  if (opts.selectSeeds) throw new UserError('--select-seeds chooses among training checkpoints; --episodes 0 trains none');
  const started = Date.now();
  await saveFreshParameters(opts, opts.out);
  return trainResult(opts, { domains: [], wge: false, episodes: 0, crawls: [], started });
}

async function saveFreshParameters(opts: TrainOptions, dir: string): Promise<void> {
  const learner = await PolicyLearner.create({ ...DEFAULT_POLICY, learningRate: opts.learningRate, initialPriorScale: opts.priorScale, candidateWords: opts.candidateWords !== false }, opts.seed);
  await learner.save(dir, { domains: [] });
}

type TrainCrawl = { domain: string; /** The domain whose table filled the forms, when not `domain`'s (`--foreign-tables`). */ lvsDomain?: string; runDir: string; coverage?: number; queries: number; episodes: number; meanReward: number; wallSeconds: number };

/**
 * The result `train` prints, read back from the model it wrote. Updates and curve are the
 * training's (its last model's): with `--select-seeds` the model kept may be an earlier one.
 */
function trainResult(opts: TrainOptions, run: { domains: string[]; wge: boolean; episodes: number; crawls: TrainCrawl[]; started: number; selection?: SelectionRecord; trained?: ModelManifest }) {
  const kept = loadModel(opts.out).manifest;
  const manifest = run.trained ?? kept;
  const curve = summariseCurve(manifest.curve.map((c) => c.reward));
  const { episodes, crawls, started } = run;
  return {
    out: opts.out,
    domains: run.domains,
    wge: run.wge,
    deterministic: !!opts.deterministic,
    // As the learner recorded it (policy-learner.ts), not worked out again here.
    initialPriorScale: opts.init ? undefined : (manifest.learning.initialPriorScale as number | undefined),
    candidateWords: readsCandidateWords(manifest),
    episodes,
    updates: manifest.updates,
    wallSeconds: (Date.now() - started) / 1000,
    meanRewardFirstFifth: curve.firstFifth,
    meanRewardLastFifth: curve.lastFifth,
    crawls,
    ...(run.selection ? { selection: { ...run.selection, keptUpdates: kept.updates } } : {}),
    curve: manifest.curve,
  };
}
