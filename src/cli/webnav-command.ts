import { existsSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  AGENT_NAMES,
  bfsAgent,
  buildTask,
  evaluateAgent,
  hasModel,
  loadModel,
  loadTask,
  NeuralAgent,
  randomAgent,
  saveModel,
  siteSearchAgent,
  trainNeural,
  writeTask,
  DEFAULT_TASK,
  SPLITS,
  TRAIN_DEFAULTS,
  type AgentName,
  type NavAgent,
  type Split,
  type Task,
  type TrainOptions,
} from '../webnav/index.ts';
import { runLive } from '../webnav/live.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

function wholeNumber(name: string, min = 0) {
  return (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number ≥ ${min}`);
    return n;
  };
}

function openTask(dir: string): Task {
  try {
    return loadTask(dir);
  } catch (err) {
    throw new UserError(err instanceof Error ? err.message : String(err));
  }
}

const progress = (quiet: boolean) => (line: string) => {
  if (!quiet) process.stderr.write(`${line}\n`);
};

interface TrainCliOptions {
  epochs: number;
  rlEpisodes: number;
  seed: number;
  quiet: boolean;
}

async function train(task: Task, dir: string, opts: Partial<TrainCliOptions> & { quiet: boolean }): Promise<unknown> {
  const t: TrainOptions = { log: progress(opts.quiet) };
  if (opts.epochs !== undefined) t.epochs = opts.epochs;
  if (opts.rlEpisodes !== undefined) t.rlEpisodes = opts.rlEpisodes;
  t.seed = opts.seed ?? task.params.seed;
  const { model, report } = await trainNeural(task, t);
  const file = saveModel(dir, model, task.idf, t.seed, report);
  model.dispose();
  return { model: file, ...report };
}

export function registerWebnavCommand(program: Command): void {
  const webnav = program.command('webnav').description('goal-driven navigation tasks built from a crawl (WebNav, with search forms), and agents that solve them');

  webnav
    .command('build <run-dir>')
    .description('build a navigation task (graph, texts, examples, stats) from a crawl run directory')
    .requiredOption('--out <task-dir>', 'task directory to write')
    .option('--hops <Nh>', 'hop limit Nh (targets lie 2..Nh hops from the start)', wholeNumber('--hops', 2), DEFAULT_TASK.hops)
    .option('--query-sentences <Nq>', 'sentences per query Nq (drawn from the target page\'s top 5 by TF-IDF)', wholeNumber('--query-sentences', 1), DEFAULT_TASK.querySentences)
    .option('--max-links <Nn>', 'links an agent may follow from one page, Nn', wholeNumber('--max-links', 1), DEFAULT_TASK.maxLinks)
    .option('--seed <n>', 'seed (query sentences, splits)', wholeNumber('--seed'), DEFAULT_TASK.seed)
    .option('--no-forms', 'leave form submissions out of the graph (pages only a form reaches drop out)')
    .action((runDir: string, opts: { out: string; hops: number; querySentences: number; maxLinks: number; seed: number; forms: boolean }) => {
      if (!existsSync(runDir)) throw new UserError(`no such run directory: ${runDir}`);
      if (opts.querySentences > 5) throw new UserError('--query-sentences must be ≤ 5 (queries are drawn from the top 5 sentences)');
      let task;
      try {
        task = buildTask(runDir, { hops: opts.hops, querySentences: opts.querySentences, maxLinks: opts.maxLinks, seed: opts.seed, forms: opts.forms });
      } catch (err) {
        throw new UserError(err instanceof Error ? err.message : String(err));
      }
      if (!task.examples.length) throw new UserError(`${runDir}: no page qualifies as a target (2..${opts.hops} hops, ≥ ${opts.querySentences} sentences)`);
      writeTask(opts.out, task);
      emitJson({ task: opts.out, ...task.stats });
    });

  webnav
    .command('train <task-dir>')
    .description('train the neural agent on the train split (supervised, then REINFORCE); writes <task-dir>/model/model.json')
    .option('--epochs <n>', 'supervised epochs', wholeNumber('--epochs'), TRAIN_DEFAULTS.epochs)
    .option('--rl-episodes <n>', 'REINFORCE fine-tuning episodes (0 = none)', wholeNumber('--rl-episodes'), TRAIN_DEFAULTS.rlEpisodes)
    .option('--seed <n>', 'seed (default: the task\'s)', wholeNumber('--seed'))
    .option('--quiet', 'no progress on stderr', false)
    .action(async (dir: string, opts: TrainCliOptions) => {
      const task = openTask(dir);
      emitJson(await train(task, dir, opts));
    });

  webnav
    .command('eval <task-dir>')
    .description('evaluate an agent offline on a split; prints {agent, examples, success, successByHops, meanHops}')
    .addOption(new Option('--agent <name>', 'agent').choices([...AGENT_NAMES]).makeOptionMandatory())
    .option('--beam <K>', 'beam width of the neural agent (≤ Nn; default Nn)', wholeNumber('--beam', 1))
    .addOption(new Option('--split <split>', 'split to evaluate').choices([...SPLITS]).default('test'))
    .option('--seed <n>', 'seed of the random agent (default: the task\'s)', wholeNumber('--seed'))
    .option('--details', 'add success on targets behind forms / by links only, pages read, share of paths that submit a form', false)
    .option('--quiet', 'no training progress on stderr', false)
    .action(async (dir: string, opts: { agent: AgentName; beam?: number; split: Split; seed?: number; details: boolean; quiet: boolean }) => {
      const task = openTask(dir);
      if (opts.beam !== undefined && opts.beam > task.params.maxLinks) throw new UserError(`--beam ${opts.beam} exceeds the task's Nn (${task.params.maxLinks})`);
      let agent: NavAgent;
      let idf = task.idf;
      let model: NeuralAgent['model'] | undefined;
      if (opts.agent === 'neural') {
        // No model yet: train one first (and keep it), so eval alone reproduces a figure.
        if (!hasModel(dir)) {
          progress(opts.quiet)(`webnav eval: ${dir} has no model; training one (surfacer webnav train)`);
          await train(task, dir, { quiet: opts.quiet });
        }
        const loaded = await loadModel(dir);
        model = loaded.model;
        idf = loaded.idf;
        agent = new NeuralAgent(loaded.model, loaded.idf);
      } else agent = opts.agent === 'random' ? randomAgent : opts.agent === 'bfs' ? bfsAgent : siteSearchAgent;
      const r = await evaluateAgent(task, agent, { split: opts.split, ...(opts.beam !== undefined ? { beam: opts.beam } : {}), ...(opts.seed !== undefined ? { seed: opts.seed } : {}), idf });
      model?.dispose();
      const { details, ...result } = r;
      emitJson(opts.details ? { ...result, details } : result);
    });

  webnav
    .command('go <url>')
    .description('run the trained neural agent live in Chromium from <url>; prints the page it ends on and its path')
    .requiredOption('--query <text>', 'the text to find (a few sentences)')
    .option('--task <task-dir>', 'task directory holding the trained model (default $SURFACER_WEBNAV_TASK)')
    .option('--hops <Nh>', 'hop limit (default: the task\'s)', wholeNumber('--hops', 1))
    .option('--max-links <Nn>', 'links followed per page (default: the task\'s)', wholeNumber('--max-links', 1))
    .option('--beam <K>', 'beam width (≤ Nn)', wholeNumber('--beam', 1))
    .option('--max-candidates <n>', 'outgoing links peeked at per page (the first n)', wholeNumber('--max-candidates', 1), 40)
    .option('--no-forms', 'do not submit search forms')
    .action(async (url: string, opts: { query: string; task?: string; hops?: number; maxLinks?: number; beam?: number; maxCandidates: number; forms: boolean }) => {
      const dir = opts.task ?? process.env['SURFACER_WEBNAV_TASK'];
      if (!dir) throw new UserError('webnav go needs --task <task-dir> (a task with a trained model) or SURFACER_WEBNAV_TASK');
      if (!hasModel(dir)) throw new UserError(`${dir} has no trained model; run \`surfacer webnav train ${dir}\``);
      let start: URL;
      try {
        start = new URL(url);
      } catch {
        throw new UserError(`not a URL: ${url}`);
      }
      if (!/^https?:$/.test(start.protocol)) throw new UserError(`not an http(s) URL: ${url}`);
      if (!opts.query.trim()) throw new UserError('--query is empty');
      const task = openTask(dir);
      const maxLinks = opts.maxLinks ?? task.params.maxLinks;
      const beam = Math.min(opts.beam ?? maxLinks, maxLinks);
      const { model, idf } = await loadModel(dir);
      try {
        emitJson(await runLive(start.href, opts.query, { model, idf, hops: opts.hops ?? task.params.hops, maxLinks, beam, maxCandidates: opts.maxCandidates, forms: opts.forms }));
      } finally {
        model.dispose();
      }
    });
}
