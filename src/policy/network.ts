/**
 * The actor-critic network, in the spirit of DW-A3C's encoder:
 *
 *   page text  ─ hashed token embeddings ─ 1-D convolution (width 3) ─ max over the page ─┐
 *   episode    ─ per step: action features + reward ─ LSTM ─ last hidden state ───────────┼─ dense ─ z (state)
 *   context    ─ form and site progress ─────────────────────────────────────────────────┘
 *
 *   candidate i ─ [its features ; mean embedding of its words ; result-page action features ; its yield estimate ; site evidence] ─┐
 *   z ──────────────────────────────────────────────────────────┴─ tanh(W_c x_i + W_z z + b) · v = score_i
 *
 *   score_i += prior_scale · prior_i   (queries: the yield model's expected new records relative to the step's best,
 *                                        blended with document frequency while much of the site is unseen;
 *                                        result-page actions: next page against the best query, `policy/prior.ts`)
 *
 *   actor: softmax over the step's scores (one per candidate, however many there are)
 *   critic: V(s) = w · z + b
 *
 * Parameters live in tfjs variables named after their role; they travel as plain JSON, so
 * an agent can load the coordinator's copy and send gradients back under the same names.
 * Embeddings are looked up through one-hot products, not `gather`: gather's gradient needs a
 * kernel the WebAssembly backend lacks.
 */
import type * as tfjs from '@tensorflow/tfjs';
import { createRng } from '../lvs/random.ts';
import { CANDIDATE_DIM, CANDIDATE_TOKENS, CONTEXT_DIM, HISTORY_DIM, HISTORY_PAGE_DIM, HISTORY_STEPS, PAGE_ACTION_DIM, PAGE_TOKENS, SITE_EVIDENCE_DIM, YIELD_ESTIMATE_DIM, VOCAB_BUCKETS } from './features.ts';
import type { CandidateInput, PlainTensors, StateInput } from './types.ts';

type Tf = typeof import('@tensorflow/tfjs');

const EMBED = 8;
const CONV = 16;
const CONV_WIDTH = 3;
const LSTM = 16;
const STATE = 32;
const HIDDEN = 32;

/** Every parameter's shape, by name: the architecture in one table. */
export const PARAMETER_SHAPES: Readonly<Record<string, readonly number[]>> = {
  embedding: [VOCAB_BUCKETS, EMBED],
  conv_w: [CONV_WIDTH * EMBED, CONV],
  conv_b: [CONV],
  // Input rows: history row (first HISTORY_DIM), h, then the history row's page-action flags.
  lstm_w: [HISTORY_DIM + LSTM + HISTORY_PAGE_DIM, 4 * LSTM],
  lstm_b: [4 * LSTM],
  state_w: [CONTEXT_DIM + CONV + LSTM, STATE],
  state_b: [STATE],
  // Input rows: candidate features, word embedding, result-page action features, the yield model's estimate, then the site's evidence.
  cand_w: [CANDIDATE_DIM + EMBED + PAGE_ACTION_DIM + YIELD_ESTIMATE_DIM + SITE_EVIDENCE_DIM, HIDDEN],
  cand_b: [HIDDEN],
  joint_w: [STATE, HIDDEN],
  actor_v: [HIDDEN, 1],
  critic_w: [STATE, 1],
  critic_b: [1],
  // How much the actor follows the yield model's ranking of the queries (a residual policy: the
  // network learns the correction on top of it, and this weight itself).
  prior_scale: [1],
};

/**
 * `prior_scale` of a new network: strong enough that, while the rest of the actor is near
 * uniform, the greedy query is the yield model's best (a query at half the best efficiency
 * scores 3 lower: e^-3 of the odds) — the policy starts where `adaptive` is and learns from there.
 */
export const INITIAL_PRIOR_SCALE = 6;

/**
 * Fresh parameters from a seed: uniform Glorot for weights, zeros for biases (LSTM forget gate +1).
 * `priorScale` 0 makes a policy that starts near uniform and must learn from its rewards whether
 * to follow the yield model (`train --prior-scale 0`: the sparse start WGE is meant for).
 */
export function initialParameters(seed: number, priorScale = INITIAL_PRIOR_SCALE): PlainTensors {
  const rng = createRng(seed * 7919 + 17);
  const out: PlainTensors = {};
  for (const [name, shape] of Object.entries(PARAMETER_SHAPES)) {
    const size = shape.reduce((a, b) => a * b, 1);
    let values: number[];
    // Drawn from no random numbers, so every other weight starts as it did before this parameter.
    if (name === 'prior_scale') values = [priorScale];
    else if (name.endsWith('_b')) {
      values = new Array<number>(size).fill(0);
      if (name === 'lstm_b') for (let i = LSTM; i < 2 * LSTM; i++) values[i] = 1;
    } else {
      // The site-evidence rows of cand_w start at zero and take no random numbers: a fresh network
      // from a seed is the one that seed gave before the input existed, and learns the input from 0.
      const zeroRows = name === 'cand_w' ? SITE_EVIDENCE_DIM : 0;
      const fanIn = shape[0]! - zeroRows;
      const fanOut = shape[1] ?? 1;
      // Embeddings are small so untrained buckets barely move the state; the actor starts near uniform.
      const limit = name === 'embedding' ? 0.1 : name === 'actor_v' ? 0.05 : Math.sqrt(6 / (fanIn + fanOut));
      values = Array.from({ length: fanIn * fanOut }, () => (rng() * 2 - 1) * limit);
      values.push(...new Array<number>(zeroRows * fanOut).fill(0));
    }
    out[name] = { shape: [...shape], values };
  }
  return out;
}

/**
 * Inputs added after models were trained (result-page actions, the yield estimate, then the site's evidence) got their
 * weight rows last in `lstm_w` and `cand_w`. A model saved before has fewer rows there: zero rows for the new
 * inputs make it score every query and stop exactly as it did, and leave the new actions to
 * learning. A model from before the yield model's prior gets `prior_scale` 0, for the same
 * reason. Returns the names widened; anything else that does not fit is left for the caller
 * to reject. Works for Adam's moments too (`m/<name>`, `v/<name>`: zero moments).
 */
export function widenParameters(params: PlainTensors): string[] {
  const widened: string[] = [];
  // Models from before the yield model's prior: a zero scale, so they score exactly as they did.
  const hasPrior = Object.keys(params).some((k) => k.replace(/^[mv]\//, '') === 'prior_scale');
  if (!hasPrior && 'cand_w' in params) {
    params.prior_scale = { shape: [1], values: [0] };
    widened.push('prior_scale');
  }
  if (!hasPrior && 'm/cand_w' in params) {
    params['m/prior_scale'] = { shape: [1], values: [0] };
    params['v/prior_scale'] = { shape: [1], values: [0] };
  }
  for (const [key, p] of Object.entries(params)) {
    const shape = PARAMETER_SHAPES[key.replace(/^[mv]\//, '')];
    if (!shape || p.shape.length !== 2 || shape.length !== 2 || p.shape[1] !== shape[1] || p.shape[0]! >= shape[0]!) continue;
    params[key] = { shape: [...shape], values: [...p.values, ...new Array<number>((shape[0]! - p.shape[0]!) * shape[1]!).fill(0)] };
    widened.push(key);
  }
  return widened;
}

export interface PolicyOutput {
  logits: tfjs.Tensor1D;
  value: tfjs.Scalar;
}

let networks = 0;

export class PolicyNetwork {
  /** tfjs variable names are global: each network's are its own. */
  private readonly prefix = `policy${++networks}/`;
  readonly variables = new Map<string, tfjs.Variable>();

  constructor(
    private readonly tf: Tf,
    params: PlainTensors,
  ) {
    for (const [name, shape] of Object.entries(PARAMETER_SHAPES)) {
      const p = params[name];
      if (!p) throw new Error(`policy parameters lack "${name}"`);
      if (p.shape.join('x') !== shape.join('x')) throw new Error(`policy parameter "${name}" has shape [${p.shape}], the network expects [${shape}]`);
      this.variables.set(name, tf.variable(tf.tensor(p.values, [...shape]), true, `${this.prefix}${name}`));
    }
  }

  /** Loads other values into the same variables (an agent taking the coordinator's new parameters). */
  load(params: PlainTensors): void {
    for (const [name, v] of this.variables) {
      const p = params[name];
      if (!p) throw new Error(`policy parameters lack "${name}"`);
      v.assign(this.tf.tensor(p.values, v.shape));
    }
  }

  private v(name: string): tfjs.Variable {
    return this.variables.get(name)!;
  }

  /** Embedding of each token id, shape [ids, EMBED]: a one-hot product (wasm has no gather gradient). */
  private embed(ids: readonly number[]): tfjs.Tensor2D {
    const tf = this.tf;
    return tf.matMul(tf.oneHot(tf.tensor1d([...ids], 'int32'), VOCAB_BUCKETS).toFloat(), this.v('embedding'));
  }

  /** Mean embedding of each row of token ids (0 = padding, left out of the mean). */
  private embedRows(rows: readonly (readonly number[])[], width: number): tfjs.Tensor2D {
    const tf = this.tf;
    const ids = rows.flatMap((r) => Array.from({ length: width }, (_, i) => r[i] ?? 0));
    const mask = tf.tensor2d(ids.map((id) => (id > 0 ? 1 : 0)), [ids.length, 1]);
    const emb = tf.mul(this.embed(ids), mask).reshape([rows.length, width, EMBED]);
    const counts = tf.tensor2d(rows.map((r) => Math.max(1, r.slice(0, width).filter((id) => id > 0).length)), [rows.length, 1]);
    return tf.div(tf.sum(emb, 1), counts) as tfjs.Tensor2D;
  }

  /** The state vector z, shape [1, STATE]. */
  encodeState(state: StateInput): tfjs.Tensor2D {
    const tf = this.tf;
    // Page: embeddings → convolution as one product over stacked windows → max over positions.
    const page = this.embed(Array.from({ length: PAGE_TOKENS }, (_, i) => state.pageTokens[i] ?? 0));
    const positions = PAGE_TOKENS - CONV_WIDTH + 1;
    const windows = tf.concat(Array.from({ length: CONV_WIDTH }, (_, k) => tf.slice(page, [k, 0], [positions, EMBED])), 1);
    const conv = tf.relu(tf.add(tf.matMul(windows, this.v('conv_w')), this.v('conv_b')));
    const pooled = tf.max(conv, 0).reshape([1, CONV]);
    // History: an LSTM over the most recent steps, oldest first.
    let h: tfjs.Tensor2D = tf.zeros([1, LSTM]);
    let c: tfjs.Tensor2D = tf.zeros([1, LSTM]);
    for (const row of state.history.slice(-HISTORY_STEPS)) {
      const x = tf.tensor2d([Array.from({ length: HISTORY_DIM }, (_, i) => row[i] ?? 0)]);
      const flags = tf.tensor2d([Array.from({ length: HISTORY_PAGE_DIM }, (_, i) => row[HISTORY_DIM + i] ?? 0)]);
      const gates = tf.add(tf.matMul(tf.concat([x, h, flags], 1), this.v('lstm_w')), this.v('lstm_b'));
      const [i, f, o, g] = tf.split(gates, 4, 1) as [tfjs.Tensor2D, tfjs.Tensor2D, tfjs.Tensor2D, tfjs.Tensor2D];
      c = tf.add(tf.mul(tf.sigmoid(f), c), tf.mul(tf.sigmoid(i), tf.tanh(g)));
      h = tf.mul(tf.sigmoid(o), tf.tanh(c));
    }
    const context = tf.tensor2d([Array.from({ length: CONTEXT_DIM }, (_, i) => state.context[i] ?? 0)]);
    return tf.tanh(tf.add(tf.matMul(tf.concat([context, pooled, h], 1), this.v('state_w')), this.v('state_b'))) as tfjs.Tensor2D;
  }

  /** Scores of the candidates and V(s). Call inside tf.tidy or a gradient function. */
  forward(state: StateInput, candidates: readonly CandidateInput[]): PolicyOutput {
    if (!candidates.length) throw new RangeError('the policy needs at least one candidate');
    const tf = this.tf;
    const z = this.encodeState(state);
    const features = tf.tensor2d(candidates.map((c) => Array.from({ length: CANDIDATE_DIM }, (_, i) => c.features[i] ?? 0)));
    const words = this.embedRows(candidates.map((c) => c.tokens), CANDIDATE_TOKENS);
    const page = tf.tensor2d(candidates.map((c) => Array.from({ length: PAGE_ACTION_DIM }, (_, i) => c.page?.[i] ?? 0)));
    const yields = tf.tensor2d(candidates.map((c) => Array.from({ length: YIELD_ESTIMATE_DIM }, (_, i) => c.yieldEstimate?.[i] ?? 0)));
    const evidence = tf.tensor2d(candidates.map((c) => Array.from({ length: SITE_EVIDENCE_DIM }, (_, i) => c.siteEvidence?.[i] ?? 0)));
    const x = tf.concat([features, words, page, yields, evidence], 1);
    const hidden = tf.tanh(tf.add(tf.add(tf.matMul(x, this.v('cand_w')), this.v('cand_b')), tf.matMul(z, this.v('joint_w'))));
    const prior = tf.tensor1d(candidates.map((c) => c.prior ?? 0));
    const logits = tf.add(tf.matMul(hidden, this.v('actor_v')).reshape([candidates.length]), tf.mul(prior, this.v('prior_scale'))) as tfjs.Tensor1D;
    const value = tf.add(tf.matMul(z, this.v('critic_w')), this.v('critic_b')).reshape([]) as tfjs.Scalar;
    return { logits, value };
  }

  /** Probabilities and V(s) as numbers, for acting. */
  evaluate(state: StateInput, candidates: readonly CandidateInput[]): { probabilities: number[]; value: number } {
    return this.tf.tidy(() => {
      const { logits, value } = this.forward(state, candidates);
      return { probabilities: Array.from(this.tf.softmax(logits).dataSync()), value: value.dataSync()[0]! };
    });
  }

  /**
   * Gradients of `loss` (built from this network's forward passes) for every parameter, as
   * plain JSON under the parameters' names, and the loss's value.
   */
  gradients(loss: () => tfjs.Scalar): { loss: number; grads: PlainTensors } {
    const tf = this.tf;
    const { value, grads } = tf.variableGrads(loss, [...this.variables.values()]);
    const out: PlainTensors = {};
    for (const [name, v] of this.variables) {
      const g = grads[v.name];
      out[name] = { shape: [...v.shape], values: g ? Array.from(g.dataSync()) : new Array<number>(v.size).fill(0) };
    }
    const lossValue = value.dataSync()[0]!;
    value.dispose();
    for (const g of Object.values(grads)) g.dispose();
    return { loss: lossValue, grads: out };
  }

  parameters(): PlainTensors {
    return Object.fromEntries([...this.variables].map(([k, v]) => [k, { shape: [...v.shape], values: Array.from(v.dataSync()) }]));
  }

  dispose(): void {
    for (const v of this.variables.values()) v.dispose();
  }
}
