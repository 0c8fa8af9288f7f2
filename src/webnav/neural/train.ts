/**
 * Training the neural agent on a task's train split:
 * 1. supervised: maximise log p of each example path's edges and of stopping at its end
 *    (sampled softmax: the taken edge and up to `candidates - 1` other edges of the page);
 * 2. REINFORCE fine-tuning: sample navigations from the policy, reward 1 for stopping on a
 *    page that contains the query (plus a small shaping term, the stopped page's query
 *    recall), baseline = running mean reward; each sampled step's log p is weighted by the
 *    advantage.
 * The valid split picks between the supervised and the fine-tuned weights (beam search
 * success), so fine-tuning never makes the saved agent worse on held-out targets.
 */
import { initTf } from '../../perceive/tf-backend.ts';
import { createRng } from '../../lvs/random.ts';
import type { EdgeKind } from '../graph.ts';
import { OfflineEnv, PageReader, type NavEdge, type PageView } from '../env.ts';
import type { Task, TaskExample } from '../task.ts';
import { recall } from '../text.ts';
import { distinctEdges, NeuralAgent } from './agent.ts';
import { QueryFeaturizer, type Sparse } from './features.ts';
import { assemble, DEFAULT_MODEL, NavModel, type ModelConfig, type StepInput, type Trajectory } from './model.ts';

export interface TrainOptions {
  seed?: number;
  /** Supervised epochs over the train split. */
  epochs?: number;
  batchSize?: number;
  learningRate?: number;
  /** REINFORCE episodes (0: none). */
  rlEpisodes?: number;
  rlBatch?: number;
  rlLearningRate?: number;
  /** Candidates per step in training (the taken edge + sampled others). */
  candidates?: number;
  /** Beam width for the valid-split check (0: the task's Nn, as eval uses). */
  beam?: number;
  config?: Partial<ModelConfig>;
  log?: (line: string) => void;
}

export interface TrainReport {
  trainExamples: number;
  epochs: number;
  finalLoss: number;
  rlEpisodes: number;
  rlMeanReward: number;
  validSupervised: number;
  validFinetuned: number;
  kept: 'supervised' | 'finetuned';
  seconds: number;
  backend: string;
}

export const TRAIN_DEFAULTS = { seed: 1, epochs: 12, batchSize: 32, learningRate: 0.01, rlEpisodes: 256, rlBatch: 32, rlLearningRate: 0.0005, candidates: 24, beam: 0 } as const;

function sampleCandidates(edges: NavEdge[], keep: number, max: number, rng: () => number): { cands: NavEdge[]; action: number } {
  if (edges.length <= max) return { cands: edges, action: keep };
  const others = edges.map((_, i) => i).filter((i) => i !== keep);
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [others[i], others[j]] = [others[j] as number, others[i] as number];
  }
  const chosen = keep >= 0 ? [keep, ...others.slice(0, max - 1)] : others.slice(0, max);
  chosen.sort((a, b) => a - b);
  return { cands: chosen.map((i) => edges[i] as NavEdge), action: keep >= 0 ? chosen.indexOf(keep) : -1 };
}

export async function validSuccess(task: Task, agent: NeuralAgent, examples: readonly TaskExample[], beam: number): Promise<number> {
  if (!examples.length) return 0;
  let ok = 0;
  const views = new Map<string, PageView>();
  for (const ex of examples) {
    const r = await agent.navigate(new OfflineEnv(task), { text: ex.query, sentences: ex.sentences }, { hops: task.params.hops, maxLinks: task.params.maxLinks, beam }, { seed: 0, idf: agent.idf, views });
    if (ex.answers.includes(Number(r.path[r.path.length - 1]))) ok++;
  }
  return ok / examples.length;
}

export async function trainNeural(task: Task, opts: TrainOptions = {}): Promise<{ model: NavModel; report: TrainReport }> {
  const o = { ...TRAIN_DEFAULTS, ...opts };
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const { tf, backend } = await initTf();
  const config: ModelConfig = { ...DEFAULT_MODEL, ...opts.config };
  const model = new NavModel(tf, config, undefined, o.seed);
  const rng = createRng(o.seed * 7 + 3);
  const env = new OfflineEnv(task);
  const views = new Map<string, PageView>();
  const reader = new PageReader(env, task.idf, views);
  const vecCache = new Map<string, Sparse>();
  const train = task.examples.filter((e) => e.split === 'train');
  const valid = task.examples.filter((e) => e.split === 'valid');
  const feats = new Map<number, QueryFeaturizer>();
  const featOf = (ex: TaskExample): QueryFeaturizer => {
    let f = feats.get(ex.id);
    if (!f) {
      f = new QueryFeaturizer(reader, { text: ex.query, sentences: ex.sentences }, task.idf, config.hashDim, vecCache);
      feats.set(ex.id, f);
    }
    return f;
  };
  const edgesOf = (id: string): NavEdge[] => distinctEdges(env.edgesSync(id));

  const supervised = (ex: TaskExample): Trajectory => {
    const steps: StepInput[] = ex.path.map((node, t) => {
      const edges = edgesOf(String(node));
      const next = ex.path[t + 1];
      const keep = next === undefined ? -1 : edges.findIndex((e) => e.to === String(next));
      const { cands, action } = sampleCandidates(edges, keep, o.candidates, rng);
      return { cur: String(node), prev: t > 0 ? ((ex.edgeKinds[t - 1] as EdgeKind) ?? null) : null, cands, action };
    });
    return { feat: featOf(ex), steps, weight: 1 };
  };

  const step = async (opt: ReturnType<Tf['train']['adam']>, trajs: Trajectory[]): Promise<number> => {
    const batch = await assemble(trajs, config.hashDim);
    const cost = opt.minimize(() => model.loss(batch) as never, true, Object.values(model.vars));
    const v = cost ? (await cost.data())[0] ?? 0 : 0;
    cost?.dispose();
    return v;
  };

  // 1. Supervised.
  const adam = tf.train.adam(o.learningRate);
  let finalLoss = 0;
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    const order = train.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    let sum = 0;
    let n = 0;
    for (let k = 0; k < order.length; k += o.batchSize) {
      const trajs = order.slice(k, k + o.batchSize).map((i) => supervised(train[i] as TaskExample));
      sum += await step(adam, trajs);
      n++;
    }
    finalLoss = n ? sum / n : 0;
    log(`webnav train: epoch ${epoch + 1}/${o.epochs} loss ${finalLoss.toFixed(4)}`);
  }
  const agent = new NeuralAgent(model, task.idf);
  const beam = o.beam || task.params.maxLinks;
  const validSupervised = await validSuccess(task, agent, valid, beam);
  log(`webnav train: valid success after supervised training ${validSupervised.toFixed(3)}`);
  const supervisedWeights = model.weights();

  // 2. REINFORCE fine-tuning.
  let rlMeanReward = 0;
  let validFinetuned = validSupervised;
  let kept: TrainReport['kept'] = 'supervised';
  if (o.rlEpisodes > 0 && train.length) {
    const rlAdam = tf.train.adam(o.rlLearningRate);
    let baseline = 0;
    let seen = 0;
    let rewardSum = 0;
    for (let done = 0; done < o.rlEpisodes; ) {
      const trajs: Trajectory[] = [];
      const rewards: number[] = [];
      for (let k = 0; k < o.rlBatch && done < o.rlEpisodes; k++, done++) {
        const ex = train[Math.floor(rng() * train.length)] as TaskExample;
        const feat = featOf(ex);
        const steps: StepInput[] = [];
        let cur = String(task.graph.start);
        let prev: EdgeKind | null = null;
        const onPath = new Set<string>([cur]);
        for (let t = 0; ; t++) {
          const edges = edgesOf(cur).filter((e) => !onPath.has(e.to));
          if (t >= task.params.hops || !edges.length) {
            steps.push({ cur, prev, cands: sampleCandidates(edges, -1, o.candidates - 1, rng).cands, action: -1 });
            break;
          }
          const trial: Trajectory = { feat, steps: [...steps, { cur, prev, cands: edges, action: -1 }], weight: 1 };
          const [d] = await model.lastStep([trial]);
          const probs = [...(d as { edges: number[] }).edges, (d as { stop: number }).stop].map(Math.exp);
          let u = rng() * probs.reduce((a, b) => a + b, 0);
          let pick = probs.length - 1;
          for (let i = 0; i < probs.length; i++) {
            u -= probs[i] as number;
            if (u <= 0) {
              pick = i;
              break;
            }
          }
          if (pick === edges.length) {
            steps.push({ cur, prev, ...sampleCandidates(edges, -1, o.candidates - 1, rng) });
            break;
          }
          const e = edges[pick] as NavEdge;
          steps.push({ cur, prev, ...sampleCandidates(edges, pick, o.candidates, rng) });
          cur = e.to;
          prev = e.kind;
          onPath.add(cur);
        }
        const success = ex.answers.includes(Number(cur));
        const view = await reader.view(cur);
        const r = (success ? 1 : 0) + 0.1 * recall(feat.qToks, view.set, task.idf);
        rewards.push(r);
        trajs.push({ feat, steps, weight: 0 });
      }
      const mean = rewards.reduce((a, b) => a + b, 0) / rewards.length;
      if (seen === 0) baseline = mean;
      rewards.forEach((r, i) => ((trajs[i] as Trajectory).weight = r - baseline));
      baseline = 0.8 * baseline + 0.2 * mean;
      seen += rewards.length;
      rewardSum += rewards.reduce((a, b) => a + b, 0);
      await step(rlAdam, trajs);
      log(`webnav train: REINFORCE ${done}/${o.rlEpisodes} mean reward ${mean.toFixed(3)}`);
    }
    rlMeanReward = seen ? rewardSum / seen : 0;
    validFinetuned = await validSuccess(task, agent, valid, beam);
    log(`webnav train: valid success after fine-tuning ${validFinetuned.toFixed(3)}`);
    if (validFinetuned >= validSupervised) kept = 'finetuned';
    else for (const [k, v] of Object.entries(model.vars)) v.assign(tf.tensor(supervisedWeights[k] as Float32Array, v.shape));
  }
  return {
    model,
    report: {
      trainExamples: train.length,
      epochs: o.epochs,
      finalLoss: Math.round(finalLoss * 1e4) / 1e4,
      rlEpisodes: o.rlEpisodes,
      rlMeanReward: Math.round(rlMeanReward * 1e4) / 1e4,
      validSupervised: Math.round(validSupervised * 1e4) / 1e4,
      validFinetuned: Math.round(validFinetuned * 1e4) / 1e4,
      kept,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      backend,
    },
  };
}

type Tf = typeof import('@tensorflow/tfjs');
