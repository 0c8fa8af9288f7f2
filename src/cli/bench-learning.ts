/**
 * `surfacer bench learning`: does training pay off on sites the policy never saw? The
 * training curve alone cannot say — each training crawl is another site, and a site's reward
 * falls as it is exhausted — so this evaluates the checkpoints a training left (`surfacer
 * train --keep-runs DIR` keeps each crawl's run, and each run its `model/`) the same way:
 * every checkpoint, frozen (no learning: `crawl --frozen`), crawls the same held-out sites at the same
 * small budget, and the table shows coverage and reward per episode against training
 * episodes. The untrained start (fresh parameters from the training's seed) is checkpoint 0.
 *
 * Several trainings (`--checkpoints a,b`: say with and without --wge, same seed and domains)
 * share that start and are read against each other: how many training episodes each needed
 * before a checkpoint reached a held-out coverage (`--targets`). That is the question "does
 * WGE reach a given reward in fewer episodes" asked of the policy itself rather than of the
 * training curve, whose reward per episode mostly says which site was being crawled.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadModel, readsCandidateWords, type CurvePoint } from '../policy/checkpoint.ts';
import { INITIAL_PRIOR_SCALE } from '../policy/network.ts';
import { TESTBED_DOMAINS } from '../testbed/index.ts';
import { coverageAtQuery, runMetricsOf } from '../report/strategy-compare.ts';
import type { Report } from '../report/types.ts';
import { lastLine, parseJsonOutput, pool, runSurfacer } from './bench-child.ts';
import { UserError } from './errors.ts';
import { writeText } from './output.ts';

export interface LearningBenchOptions {
  /** One `train --keep-runs` folder, or several, comma-separated, to compare trainings. */
  checkpoints: string;
  /** Held-out mean coverages to report episodes-to-reach for (comma-separated). */
  targets?: string;
  testDomains?: string;
  maxQueries?: string;
  maxPages?: string;
  seed?: string;
  parallel?: string;
  json?: boolean;
  out?: string;
  keepRuns?: string;
}

interface Checkpoint {
  name: string;
  /** The training (its folder's name) this checkpoint is from; null for the shared untrained start. */
  training: string | null;
  /** Trained with workflow-guided exploration. */
  wge: boolean;
  /** Model folder, or 'fresh' for the untrained start. */
  model: string;
  episodes: number;
  updates: number;
  domains: string[];
  /** The prior weight the training started from; for the untrained start, the weight its fresh parameters get. */
  initialPriorScale?: number;
  /** The actor reads candidate queries' words (the model's setting; for the untrained start, the trainings'). Absent: yes. */
  candidateWords?: boolean;
}

interface DomainResult {
  coverage: number;
  coverageAt10: number;
  hiddenRecords: number;
  queriesIssued: number;
  /** Mean reward of the crawl's policy episodes (frozen: the policy's own choices). */
  meanEpisodeReward: number | null;
  episodes: number;
  error?: string;
}

type EvaluatedCheckpoint = Checkpoint & { perDomain: Record<string, DomainResult>; meanCoverage: number | null; meanEpisodeReward: number | null };

/** One training read as a whole: training episodes before its checkpoints reached each target. */
export interface TrainingReach {
  name: string;
  dir: string;
  wge: boolean;
  /** target coverage → training episodes of the first checkpoint (the untrained start included) at or above it; null if none. */
  episodesToReach: Record<string, number | null>;
}

export interface LearningBenchResult {
  checkpoints: EvaluatedCheckpoint[];
  trainings?: TrainingReach[];
  testDomains: string[];
  budgets: { maxQueries: number; maxPages: number; seed: number };
  conventions: Record<string, string>;
}

/** Checkpoints of `train --keep-runs` folders, each in training order, after the one untrained start they share. */
export function trainingCheckpoints(...dirs: string[]): Checkpoint[] {
  const trained = dirs.map((d) => trainedCheckpoints(d));
  // The shared start must be the trainings' start: fresh parameters with the prior weight they began with.
  // (Models from before the weight was recorded started from the default.)
  const scales = [...new Set(trained.map((runs) => runs[0]!.initialPriorScale ?? INITIAL_PRIOR_SCALE))];
  if (scales.length > 1) throw new UserError(`--checkpoints: the trainings started from different prior weights (${scales.join(', ')}), so they share no untrained start`);
  const words = [...new Set(trained.map((runs) => runs[0]!.candidateWords))];
  if (words.length > 1) throw new UserError('--checkpoints: some trainings read candidate queries\' words and some do not, so they share no untrained start');
  const untrained: Checkpoint = { name: 'untrained', training: null, wge: false, model: 'fresh', episodes: 0, updates: 0, domains: [], initialPriorScale: scales[0] ?? INITIAL_PRIOR_SCALE, candidateWords: words[0] ?? true };
  return [untrained, ...trained.flat()];
}

/** The trained checkpoints of one `train --keep-runs` folder, in training order. */
function trainedCheckpoints(dir: string): Checkpoint[] {
  if (!existsSync(dir)) throw new UserError(`--checkpoints ${dir}: no such folder (expected the --keep-runs folder of \`surfacer train\`)`);
  const runs = readdirSync(dir).filter((n) => existsSync(join(dir, n, 'model', 'model.json'))).sort();
  if (!runs.length) throw new UserError(`--checkpoints ${dir}: no training run with a model/ in it (expected the --keep-runs folder of \`surfacer train\`)`);
  return runs.map((name) => {
    const { manifest } = loadModel(join(dir, name, 'model'));
    const scale = manifest.learning.initialPriorScale;
    return { name, training: basename(dir), wge: manifest.wge, model: join(dir, name, 'model'), episodes: manifest.episodes, updates: manifest.updates, domains: manifest.domains, ...(typeof scale === 'number' ? { initialPriorScale: scale } : {}), candidateWords: readsCandidateWords(manifest) };
  });
}

/**
 * Per training, the training episodes of its first checkpoint (in training order, after the
 * shared untrained start) whose mean held-out coverage reached each target.
 */
export function episodesToReach(checkpoints: readonly EvaluatedCheckpoint[], trainings: readonly { name: string; dir: string; wge: boolean }[], targets: readonly number[]): TrainingReach[] {
  const start = checkpoints.find((c) => c.training === null);
  return trainings.map((t) => {
    const path = [...(start ? [start] : []), ...checkpoints.filter((c) => c.training === t.name)];
    const reach = Object.fromEntries(targets.map((target) => [String(target), path.find((c) => c.meanCoverage !== null && c.meanCoverage >= target)?.episodes ?? null]));
    return { ...t, episodesToReach: reach };
  });
}

function parseTargets(value: string | undefined): number[] {
  const targets = (value ?? DEFAULT_TARGETS).split(',').map((t) => t.trim()).filter(Boolean).map(Number);
  if (!targets.length || targets.some((t) => !Number.isFinite(t) || t <= 0 || t > 1)) throw new UserError(`--targets must be coverages in (0, 1], comma-separated (got "${value}")`);
  return targets;
}

const DEFAULT_TARGETS = '0.6,0.7,0.8';

function whole(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UserError(`${name} must be a whole number ≥ ${min} (got "${value}")`);
  return n;
}

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export async function benchLearning(opts: LearningBenchOptions): Promise<LearningBenchResult> {
  const seed = whole(opts.seed, 1, '--seed', 0);
  const maxQueries = whole(opts.maxQueries, 25, '--max-queries', 1);
  const maxPages = whole(opts.maxPages, 400, '--max-pages', 1);
  const parallel = whole(opts.parallel, 1, '--parallel', 1);
  const testDomains = (opts.testDomains ?? 'news,sports').split(',').map((d) => d.trim()).filter(Boolean);
  const unknown = testDomains.filter((d) => !(TESTBED_DOMAINS as readonly string[]).includes(d));
  if (unknown.length) throw new UserError(`unknown testbed domain in --test-domains: ${unknown.join(', ')}`);
  const targets = parseTargets(opts.targets);
  const dirs = opts.checkpoints.split(',').map((d) => d.trim()).filter(Boolean).map((d) => resolve(d));
  if (!dirs.length) throw new UserError('--checkpoints needs a folder');
  const names = dirs.map((d) => basename(d));
  if (new Set(names).size !== names.length) throw new UserError(`--checkpoints: the folders need different names, which tell the trainings apart (got ${names.join(', ')})`);
  const checkpoints = trainingCheckpoints(...dirs);
  const several = dirs.length > 1;
  const seen = [...new Set(checkpoints.flatMap((c) => c.domains))].filter((d) => testDomains.includes(d));
  if (seen.length) throw new UserError(`the checkpoints trained on ${seen.join(', ')}: evaluate on sites they did not train on`);

  const root = opts.keepRuns ? resolve(opts.keepRuns) : mkdtempSync(join(tmpdir(), 'surfacer-bench-learning-'));
  mkdirSync(root, { recursive: true });
  const tasks = checkpoints.flatMap((c) => testDomains.map((domain) => ({ c, domain })));
  const results = new Map<string, DomainResult>();
  let done = 0;
  try {
    await pool(tasks, parallel, async ({ c, domain }) => {
      const dir = join(root, `${several && c.training ? `${c.training}-` : ''}${c.name}-${domain}`);
      rmSync(dir, { recursive: true, force: true });
      const r = await runSurfacer([
        'crawl', '--domain', domain, '--strategy', 'a3c', '--model', c.model, '--frozen', '--max-queries', String(maxQueries), '--max-pages', String(maxPages),
        '--seed', String(seed), '--testbed-port', '0', '--allow-post', '--json', '--out', dir,
        ...(c.model === 'fresh' && c.initialPriorScale !== undefined ? ['--initial-prior-scale', String(c.initialPriorScale)] : []),
        ...(c.model === 'fresh' && c.candidateWords === false ? ['--no-candidate-words'] : []),
      ]);
      let result: DomainResult;
      try {
        if (r.code !== 0) throw new Error(lastLine(r.stderr) || `crawl exited with ${r.code}`);
        const summary = parseJsonOutput(r.stdout) as { policy?: { curve: CurvePoint[] } };
        const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
        const m = runMetricsOf(report, 'a3c', domain);
        // The crawl's own episodes follow the model's training curve in the summary.
        const mine = (summary.policy?.curve ?? []).filter((p) => p.episode > c.episodes).map((p) => p.reward);
        result = {
          coverage: m.coverage,
          coverageAt10: coverageAtQuery(report.coverageByQuery ?? [], 10),
          hiddenRecords: m.hiddenRecordsHarvested,
          queriesIssued: m.queriesIssued,
          meanEpisodeReward: mean(mine),
          episodes: mine.length,
        };
      } catch (err) {
        result = { coverage: 0, coverageAt10: 0, hiddenRecords: 0, queriesIssued: 0, meanEpisodeReward: null, episodes: 0, error: (err as Error).message };
      }
      results.set(`${c.training}/${c.name} ${domain}`, result);
      process.stderr.write(`bench learning: [${++done}/${tasks.length}] ${several && c.training ? `${c.training}/` : ''}${c.name} (${c.episodes} episodes) on ${domain}: ${result.error ? `FAILED: ${result.error}` : `coverage ${result.coverage.toFixed(3)}, reward/episode ${result.meanEpisodeReward?.toFixed(2) ?? '–'}`} (${r.seconds.toFixed(0)} s)\n`);
      if (!opts.keepRuns) rmSync(dir, { recursive: true, force: true });
    });
  } finally {
    if (!opts.keepRuns) rmSync(root, { recursive: true, force: true });
  }
  const evaluated = checkpoints.map((c) => {
    const perDomain = Object.fromEntries(testDomains.map((d) => [d, results.get(`${c.training}/${c.name} ${d}`)!]));
    const ok = Object.values(perDomain).filter((r) => !r.error);
    return {
      ...c,
      perDomain,
      meanCoverage: mean(ok.map((r) => r.coverage)),
      meanEpisodeReward: mean(ok.flatMap((r) => (r.meanEpisodeReward === null ? [] : [r.meanEpisodeReward]))),
    };
  });
  const trainings = dirs.map((dir, i) => ({ name: names[i]!, dir, wge: checkpoints.some((c) => c.training === names[i] && c.wge) }));
  return {
    checkpoints: evaluated,
    trainings: episodesToReach(evaluated, trainings, targets),
    testDomains,
    budgets: { maxQueries, maxPages, seed },
    conventions: {
      crawl: 'each checkpoint crawls each test site frozen (greedy choices, no learning) with the same seed and budgets',
      coverage: 'share of the site\'s hidden records harvested by the end of the crawl; coverageAt10: after query 10',
      meanEpisodeReward: 'mean total reward of the crawl\'s harvest episodes (src/policy/reward.ts)',
      episodesToReach: 'per training: the training episodes (workflow episodes included) of its first checkpoint, the untrained start included, whose mean coverage over the test domains reached the target; null if none did',
    },
  };
}

export function learningTable(result: LearningBenchResult): string {
  const several = (result.trainings?.length ?? 0) > 1;
  const first = several ? '| training ' : '';
  const head = `${first}| checkpoint | training episodes | updates | ${result.testDomains.map((d) => `${d} coverage`).join(' | ')} | mean coverage | reward / episode |`;
  const rule = `${several ? '|---' : ''}|---|---:|---:|${result.testDomains.map(() => '---:').join('|')}|---:|---:|`;
  const fmt = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : x.toFixed(3));
  const rows = result.checkpoints.map((c) => `${several ? `| ${c.training ?? '(shared start)'} ` : ''}| ${c.name} | ${c.episodes} | ${c.updates} | ${result.testDomains.map((d) => (c.perDomain[d]!.error ? 'failed' : fmt(c.perDomain[d]!.coverage))).join(' | ')} | ${fmt(c.meanCoverage)} | ${fmt(c.meanEpisodeReward)} |`);
  const out = [head, rule, ...rows, '', `${result.budgets.maxQueries} queries, ${result.budgets.maxPages} pages per crawl, seed ${result.budgets.seed}; frozen checkpoints.`];
  if (several) {
    const targets = Object.keys(result.trainings![0]!.episodesToReach);
    out.push(
      '',
      `| training episodes to reach mean coverage | ${targets.join(' | ')} |`,
      `|---|${targets.map(() => '---:').join('|')}|`,
      ...result.trainings!.map((t) => `| ${t.name}${t.wge ? ' (WGE)' : ''} | ${targets.map((k) => t.episodesToReach[k] ?? '–').join(' | ')} |`),
      '',
      'Episodes count every training episode, workflow episodes included; a target is reached at the first checkpoint at or above it.',
    );
  }
  return `${out.join('\n')}\n`;
}

export function registerBenchLearning(bench: Command): void {
  bench
    .command('learning')
    .description("evaluate a training's checkpoints (train --keep-runs DIR), frozen, on held-out testbed sites: does the policy get better with training?")
    .requiredOption('--checkpoints <dirs>', 'the --keep-runs folder of `surfacer train`; several, comma-separated, to compare trainings (same seed and domains, e.g. with and without --wge)')
    .option('--targets <list>', 'held-out mean coverages: with several trainings, the episodes each needed to reach them', DEFAULT_TARGETS)
    .option('--test-domains <list>', 'held-out domains to evaluate on', 'news,sports')
    .option('--max-queries <n>', 'query budget per crawl', '25')
    .option('--max-pages <n>', 'page budget per crawl', '400')
    .option('--seed <n>', "seed of the crawls (and of the untrained start: use the training's)", '1')
    .option('--parallel <n>', 'crawls at once', '1')
    .option('--keep-runs <dir>', 'keep the evaluation crawls here')
    .option('--out <file>', 'also write the JSON here')
    .option('--json', 'print JSON (default: a Markdown table)', false)
    .action(async (opts: LearningBenchOptions) => {
      const result = await benchLearning(opts);
      const json = `${JSON.stringify(result, null, 2)}\n`;
      if (opts.out) writeText(opts.out, json);
      process.stdout.write(opts.json ? json : learningTable(result));
    });
}
