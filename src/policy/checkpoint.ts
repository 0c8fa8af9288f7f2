/**
 * A trained policy on disk, in tfjs's weights format: `model.json` (a weights manifest naming
 * each tensor's shape and dtype, as `tf.io` writes it) + `weights.bin` (the float32 values in
 * manifest order), and `manifest.json`: how it was made (architecture, learning settings,
 * seed, updates, episodes, domains, WGE) and its training curve. Next to them, the parameter
 * server's optimiser state (`optimizer.json` + `optimizer.bin`: Adam's step count and moment
 * estimates), so training that goes on from a model — the next crawl of `surfacer train` —
 * continues one optimisation instead of restarting Adam, whose first bias-corrected steps
 * move every parameter by about the full learning rate.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARAMETER_SHAPES, widenParameters } from './network.ts';
import type { PlainTensors } from './types.ts';

export const MODEL_FORMAT = 'surfacer-a3c-policy';

export interface CurvePoint {
  /** Episode number in the model's whole training (1-based). */
  episode: number;
  /** Sum of the episode's rewards. */
  reward: number;
  /** Who chose the actions. */
  actor: 'policy' | 'workflow';
  decisions: number;
  domain?: string;
}

export interface ModelManifest {
  format: typeof MODEL_FORMAT;
  createdAt: string;
  architecture: Record<string, readonly number[]>;
  learning: Record<string, number | string | boolean>;
  seed: number;
  /** Gradient updates applied. */
  updates: number;
  /** Episodes trained on. */
  episodes: number;
  domains: string[];
  /**
   * Every testbed site the model trained on, start model's included (a testbed site is a domain
   * at a seed): what `bench strategies --models` checks test sites against. Absent in models
   * saved before it was kept, and in a model that went on from one without it: then only the
   * domains are known.
   */
  sites?: TrainedSite[];
  /**
   * The sites `train --select-seeds` crawled to choose this model among its checkpoints (it did
   * not learn on them, but was picked for how it did there): a bench must not test it on them
   * either. Carried on by training that goes on from it.
   */
  selectedOn?: TrainedSite[];
  wge: boolean;
  /**
   * Whether the actor reads each candidate query's words (their hashed embeddings). Absent in
   * models saved before it could be left out: they read them. A property of the model, like its
   * weights: training that goes on from it keeps it.
   */
  candidateWords?: boolean;
  curve: CurvePoint[];
  [extra: string]: unknown;
}

/** Whether a model's actor reads candidate queries' words: its manifest says, or it predates the setting and does. */
export function readsCandidateWords(manifest: Pick<ModelManifest, 'candidateWords'>): boolean {
  return manifest.candidateWords ?? true;
}

/** One testbed site a model trained on. */
export interface TrainedSite {
  domain: string;
  /** The testbed seed: the same domain at another seed is another site (other records, other pages). */
  seed: number;
  scale: string;
}

export class ModelFileError extends Error {}

export function saveModel(dir: string, params: PlainTensors, manifest: Omit<ModelManifest, 'format' | 'architecture'>): void {
  mkdirSync(dir, { recursive: true });
  const names = Object.keys(PARAMETER_SHAPES);
  const total = names.reduce((n, k) => n + params[k]!.values.length, 0);
  const data = new Float32Array(total);
  let offset = 0;
  for (const k of names) {
    data.set(params[k]!.values, offset);
    offset += params[k]!.values.length;
  }
  writeFileSync(join(dir, 'weights.bin'), Buffer.from(data.buffer));
  const model = { format: MODEL_FORMAT, weightsManifest: [{ paths: ['weights.bin'], weights: names.map((name) => ({ name, shape: params[name]!.shape, dtype: 'float32' })) }] };
  writeFileSync(join(dir, 'model.json'), `${JSON.stringify(model, null, 2)}\n`);
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify({ format: MODEL_FORMAT, architecture: PARAMETER_SHAPES, ...manifest }, null, 2)}\n`);
}

/**
 * The model in `dir`. `widened` names the parameters a model from before the result-page
 * actions lacked rows in (see `widenParameters`): it then acts as it did until it learns them.
 */
export function loadModel(dir: string): { params: PlainTensors; manifest: ModelManifest; widened: string[] } {
  const modelFile = join(dir, 'model.json');
  if (!existsSync(modelFile)) throw new ModelFileError(`no policy model at ${dir} (model.json missing)`);
  let model: { format?: string; weightsManifest?: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[] };
  let manifest: ModelManifest;
  try {
    model = JSON.parse(readFileSync(modelFile, 'utf8'));
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  } catch (err) {
    throw new ModelFileError(`policy model at ${dir} is unreadable: ${(err as Error).message}`);
  }
  if (model.format !== MODEL_FORMAT) throw new ModelFileError(`${modelFile} is not a Surfacer policy (format ${model.format ?? 'missing'})`);
  const group = model.weightsManifest?.[0];
  if (!group) throw new ModelFileError(`${modelFile} has no weights manifest`);
  const buf = readFileSync(join(dir, group.paths[0]!));
  const data = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const params: PlainTensors = {};
  let offset = 0;
  for (const w of group.weights) {
    const size = w.shape.reduce((a, b) => a * b, 1);
    if (offset + size > data.length) throw new ModelFileError(`${dir}/weights.bin is shorter than its manifest says`);
    params[w.name] = { shape: w.shape, values: Array.from(data.subarray(offset, offset + size)) };
    offset += size;
  }
  const widened = widenParameters(params);
  for (const [name, shape] of Object.entries(PARAMETER_SHAPES)) {
    if (params[name]?.shape.join('x') !== shape.join('x')) throw new ModelFileError(`policy model at ${dir} does not fit this network: parameter "${name}" is [${params[name]?.shape ?? 'missing'}], expected [${shape}]`);
  }
  return { params, manifest, widened };
}

/** Adam's state: its step count and, per parameter, the moment estimates `m/<name>` and `v/<name>`. */
export interface OptimizerState {
  optimizer: 'adam';
  iterations: number;
  slots: PlainTensors;
}

export function saveOptimizer(dir: string, state: OptimizerState): void {
  const names = Object.keys(state.slots);
  const data = new Float32Array(names.reduce((n, k) => n + state.slots[k]!.values.length, 0));
  let offset = 0;
  for (const k of names) {
    data.set(state.slots[k]!.values, offset);
    offset += state.slots[k]!.values.length;
  }
  writeFileSync(join(dir, 'optimizer.bin'), Buffer.from(data.buffer));
  const slots = names.map((name) => ({ name, shape: state.slots[name]!.shape }));
  writeFileSync(join(dir, 'optimizer.json'), `${JSON.stringify({ optimizer: state.optimizer, iterations: state.iterations, slots }, null, 2)}\n`);
}

/** The optimiser state saved with a model, or undefined for models saved without one. */
export function loadOptimizer(dir: string): OptimizerState | undefined {
  const file = join(dir, 'optimizer.json');
  if (!existsSync(file)) return undefined;
  let meta: { optimizer: string; iterations: number; slots: { name: string; shape: number[] }[] };
  try {
    meta = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ModelFileError(`optimiser state at ${dir} is unreadable: ${(err as Error).message}`);
  }
  if (meta.optimizer !== 'adam') throw new ModelFileError(`${file}: optimiser "${meta.optimizer}", expected adam`);
  const buf = readFileSync(join(dir, 'optimizer.bin'));
  const data = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const slots: PlainTensors = {};
  let offset = 0;
  for (const s of meta.slots) {
    const size = s.shape.reduce((a, b) => a * b, 1);
    if (offset + size > data.length) throw new ModelFileError(`${dir}/optimizer.bin is shorter than optimizer.json says`);
    slots[s.name] = { shape: s.shape, values: Array.from(data.subarray(offset, offset + size)) };
    offset += size;
  }
  widenParameters(slots);
  return { optimizer: 'adam', iterations: meta.iterations, slots };
}
