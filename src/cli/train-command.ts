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
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { LVS_DOMAINS } from '../lvs/index.ts';
import { DEFAULT_POLICY, PolicyLearner } from '../coordinator/policy-learner.ts';
import { loadModel, readsCandidateWords } from '../policy/checkpoint.ts';
import { INITIAL_PRIOR_SCALE } from '../policy/network.ts';
import { summariseCurve } from '../report/learning-curve.ts';
import { crawlCommand, priorScaleOption, type CrawlCliOptions } from './crawl-command.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

export interface TrainOptions {
  /** Required unless `episodes` is 0. */
  domains?: string[];
  episodes: number;
  out: string;
  wge: boolean;
  demos?: string;
  seed: number;
  maxQueries: number;
  agents: number;
  init?: string;
  json: boolean;
  learningRate: number;
  keepRuns?: string;
  pageDecisions?: boolean;
  /** Starting weight of the yield model's prior in fresh parameters (not with --init). */
  priorScale?: number;
  /** Fresh parameters read candidate queries' words (default true; false not with --init). */
  candidateWords?: boolean;
}

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
    .option('--demos <dir>', 'demonstrations for --wge (default: demos/)')
    .option('--seed <n>', 'random seed of the first crawl (then +1 per crawl) and of fresh parameters', wholeNumber('--seed', 0), 1)
    .option('--max-queries <n>', 'query budget of each training crawl', wholeNumber('--max-queries', 1), 40)
    .option('--agents <n>', 'parallel agents per crawl', wholeNumber('--agents', 1), 4)
    .option('--learning-rate <x>', 'Adam step size of the parameter server', (v: string) => {
      const x = Number(v);
      if (!(x > 0 && x < 1)) throw new InvalidArgumentError('--learning-rate must be a number in (0, 1)');
      return x;
    }, 0.005)
    .option('--page-decisions', 'the policy also learns to decide on each result page whether to read the next one', false)
    .option('--prior-scale <x>', `starting weight of the yield model's prior in fresh parameters (default ${INITIAL_PRIOR_SCALE}; 0: the policy starts near uniform and learns from its rewards alone whether to follow it)`, priorScaleOption('--prior-scale'))
    .option('--no-candidate-words', "fresh parameters: the policy scores candidate queries by their features alone, not their words (hashed embeddings; bench-results/candidate-words/)")
    .option('--init <dir>', 'start from this model instead of fresh parameters')
    .option('--keep-runs <dir>', 'keep the training crawls\' run directories here (default: deleted)')
    .option('--json', 'print the result as JSON', false)
    .action(async (opts: TrainOptions) => {
      const result = await trainCommand(opts);
      if (opts.json) emitJson(result);
      else process.stdout.write(`${result.out}: ${result.episodes} episodes, ${result.updates} updates over ${result.crawls.length} crawls (${result.domains.join(', ')}); mean reward first/last fifth ${result.meanRewardFirstFifth.toFixed(3)} / ${result.meanRewardLastFifth.toFixed(3)}\n`);
    });
}

export async function trainCommand(opts: TrainOptions) {
  if (opts.init && opts.priorScale !== undefined) throw new UserError('--prior-scale sets fresh parameters; a model given with --init keeps its own prior weight');
  if (opts.init && opts.candidateWords === false) throw new UserError('--no-candidate-words sets fresh parameters; a model given with --init keeps the inputs it was trained with');
  if (opts.episodes === 0) return untrainedModel(opts);
  if (!opts.domains?.length) throw new UserError('--domains needs at least one domain');
  const domains = opts.domains;
  for (const d of domains) if (!(LVS_DOMAINS as readonly string[]).includes(d)) throw new UserError(`unknown domain "${d}"; one of: ${LVS_DOMAINS.join(', ')}`);
  const work = opts.keepRuns ?? mkdtempSync(join(tmpdir(), 'surfacer-train-'));
  const crawls: TrainCrawl[] = [];
  let model = opts.init ?? 'fresh';
  let episodes = 0;
  // The curve a crawl reports includes the curve of the model it started from.
  let curveBefore = opts.init ? loadModel(opts.init).manifest.curve.length : 0;
  const started = Date.now();
  try {
    for (let i = 0; episodes < opts.episodes || i < domains.length; i++) {
      const domain = domains[i % domains.length]!;
      const crawl: CrawlCliOptions = {
        domain, strategy: 'a3c', agents: opts.agents, maxDepth: 7, maxQueries: opts.maxQueries, maxPages: 5000, timeLimit: 0,
        seed: opts.seed + i, allowPost: true, json: true, scale: 'small', trouble: 'default', testbedPort: 0, episodeSteps: 20, episodeTime: 120,
        out: join(work, `${String(i + 1).padStart(3, '0')}-${domain}`), model, frozen: false, wge: opts.wge, demos: opts.demos, learningRate: opts.learningRate, pageDecisions: opts.pageDecisions,
        // Only the first crawl starts from fresh parameters; the rest go on from its model.
        ...(model === 'fresh' && opts.priorScale !== undefined ? { initialPriorScale: opts.priorScale } : {}),
        ...(model === 'fresh' ? { candidateWords: opts.candidateWords !== false } : {}),
      };
      const summary = await crawlCommand(crawl);
      const fresh = summary.policy!.curve.slice(curveBefore);
      curveBefore = summary.policy!.curve.length;
      episodes += fresh.length;
      crawls.push({ domain, runDir: summary.runDir, coverage: summary.coverage, queries: summary.totals.queriesIssued, episodes: fresh.length, meanReward: fresh.length ? fresh.reduce((s, c) => s + c.reward, 0) / fresh.length : 0, wallSeconds: summary.wallSeconds });
      process.stderr.write(`surfacer train: ${domain}: ${fresh.length} episodes (total ${episodes}/${opts.episodes}), coverage ${summary.coverage?.toFixed(3) ?? '-'}, ${summary.wallSeconds.toFixed(0)} s\n`);
      model = join(summary.runDir, 'model');
      if (fresh.length === 0 && i >= domains.length) throw new Error('training crawls ran no harvest episode: no search form was harvested');
    }
    cpSync(model, opts.out, { recursive: true });
  } finally {
    if (!opts.keepRuns) rmSync(work, { recursive: true, force: true });
  }
  return trainResult(opts, { domains, wge: opts.wge, episodes, crawls, started });
}

/**
 * `--episodes 0`: the network before any update, saved by the learner the training crawls use
 * (`PolicyLearner.save`), so its weights are the ones the first training crawl would start from.
 */
async function untrainedModel(opts: TrainOptions) {
  if (opts.domains?.length) throw new UserError('--episodes 0 writes the untrained network and crawls no domain; leave out --domains');
  if (opts.init) throw new UserError('--episodes 0 writes fresh parameters; --init would copy a model unchanged');
  const started = Date.now();
  const learner = await PolicyLearner.create({ ...DEFAULT_POLICY, learningRate: opts.learningRate, initialPriorScale: opts.priorScale, candidateWords: opts.candidateWords !== false }, opts.seed);
  await learner.save(opts.out, { domains: [] });
  return trainResult(opts, { domains: [], wge: false, episodes: 0, crawls: [], started });
}

type TrainCrawl = { domain: string; runDir: string; coverage?: number; queries: number; episodes: number; meanReward: number; wallSeconds: number };

/** The result `train` prints, read back from the model it wrote. */
function trainResult(opts: TrainOptions, run: { domains: string[]; wge: boolean; episodes: number; crawls: TrainCrawl[]; started: number }) {
  const { manifest } = loadModel(opts.out);
  const curve = summariseCurve(manifest.curve.map((c) => c.reward));
  const { episodes, crawls, started } = run;
  return {
    out: opts.out,
    domains: run.domains,
    wge: run.wge,
    // As the learner recorded it (policy-learner.ts), not worked out again here.
    initialPriorScale: opts.init ? undefined : (manifest.learning.initialPriorScale as number | undefined),
    candidateWords: readsCandidateWords(manifest),
    episodes,
    updates: manifest.updates,
    wallSeconds: (Date.now() - started) / 1000,
    meanRewardFirstFifth: curve.firstFifth,
    meanRewardLastFifth: curve.lastFifth,
    crawls,
    curve: manifest.curve,
  };
}
