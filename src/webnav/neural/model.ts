/**
 * The neural navigator (in the spirit of WebNav's NeuAgent), in tfjs:
 * - page and query embeddings: hashed TF-IDF vectors times a learned matrix (tanh);
 * - a recurrent core (LSTM) over the path: page embedding + kind of the edge taken, its state
 *   started from the query embedding;
 * - one score per outgoing edge from an MLP over [core state, next page's embedding, its
 *   product with the query embedding, peek features], plus a linear term over the peek
 *   features — the agent peeks at the next page;
 * - a stop score from [core state, current page x query, stop features] (MLP + linear);
 * - a softmax over edges + stop.
 */
import type { Tensor, Variable } from '@tensorflow/tfjs';
import { createRng } from '../../lvs/random.ts';
import type { EdgeKind } from '../graph.ts';
import type { NavEdge } from '../env.ts';
import { EDGE_FEATURES, PREV_FEATURES, prevFeatures, STOP_FEATURES, type QueryFeaturizer, type Sparse } from './features.ts';

type Tf = typeof import('@tensorflow/tfjs');

export interface ModelConfig {
  /** Hash buckets of the text vectors. */
  hashDim: number;
  /** Embedding size. */
  embed: number;
  /** LSTM units. */
  units: number;
  /** Hidden units of the edge scorer. */
  edgeHidden: number;
  /** Hidden units of the stop scorer. */
  stopHidden: number;
}

export const DEFAULT_MODEL: ModelConfig = { hashDim: 1024, embed: 32, units: 32, edgeHidden: 32, stopHidden: 16 };

const PARAM_SHAPES = (c: ModelConfig): Record<string, number[]> => ({
  We: [c.hashDim, c.embed],
  be: [c.embed],
  Wq0: [c.embed, c.units],
  bq0: [c.units],
  Wx: [c.embed + PREV_FEATURES, 4 * c.units],
  Wh: [c.units, 4 * c.units],
  bl: [4 * c.units],
  E1h: [c.units, c.edgeHidden],
  E1x: [2 * c.embed + EDGE_FEATURES, c.edgeHidden],
  eb1: [c.edgeHidden],
  E2: [c.edgeHidden, 1],
  eb2: [1],
  Ew: [EDGE_FEATURES, 1],
  S1: [c.units + c.embed + STOP_FEATURES, c.stopHidden],
  sb1: [c.stopHidden],
  S2: [c.stopHidden, 1],
  sb2: [1],
  Sw: [STOP_FEATURES, 1],
});

/** Linear skip terms over the peek / stop features: zero at the start, learnt alongside the MLPs. */
const ZERO_INIT = new Set(['Ew', 'Sw']);

export interface StepInput {
  cur: string;
  prev: EdgeKind | null;
  /** Candidate edges scored at this step (may be empty where only the core state matters). */
  cands: NavEdge[];
  /** Index into cands of the edge taken, or -1 for stop. */
  action: number;
}

export interface Trajectory {
  feat: QueryFeaturizer;
  steps: StepInput[];
  weight: number;
}

/** A batch as flat typed arrays (B trajectories, T steps, C candidates, M distinct pages). */
export interface Batch {
  B: number;
  T: number;
  C: number;
  M: number;
  X: Float32Array;
  Q: Float32Array;
  cur: Int32Array;
  prevF: Float32Array;
  stepMask: Float32Array;
  cand: Int32Array;
  candF: Float32Array;
  candMask: Float32Array;
  stopF: Float32Array;
  action: Int32Array;
  weight: Float32Array;
}

function densify(vecs: Sparse[], dim: number): Float32Array {
  const out = new Float32Array(vecs.length * dim);
  vecs.forEach((v, r) => v.idx.forEach((k, j) => (out[r * dim + k] = v.val[j] as number)));
  return out;
}

export async function assemble(trajs: Trajectory[], dim: number): Promise<Batch> {
  const B = trajs.length;
  const T = Math.max(1, ...trajs.map((t) => t.steps.length));
  const C = Math.max(1, ...trajs.flatMap((t) => t.steps.map((s) => s.cands.length)));
  const nodeIndex = new Map<string, number>();
  const vecs: Sparse[] = [];
  const idOf = async (feat: QueryFeaturizer, id: string): Promise<number> => {
    const hit = nodeIndex.get(id);
    if (hit !== undefined) return hit;
    const info = await feat.node(id);
    nodeIndex.set(id, vecs.length);
    vecs.push(info.vec);
    return vecs.length - 1;
  };
  const cur = new Int32Array(B * T);
  const prevF = new Float32Array(B * T * PREV_FEATURES);
  const stepMask = new Float32Array(B * T);
  const cand = new Int32Array(B * T * C);
  const candF = new Float32Array(B * T * C * EDGE_FEATURES);
  const candMask = new Float32Array(B * T * C);
  const stopF = new Float32Array(B * T * STOP_FEATURES);
  const action = new Int32Array(B * T);
  const weight = new Float32Array(B);
  for (let b = 0; b < B; b++) {
    const tr = trajs[b] as Trajectory;
    weight[b] = tr.weight;
    const onPath = new Set<string>();
    for (let t = 0; t < T; t++) {
      const bt = b * T + t;
      const s = tr.steps[t];
      if (!s) {
        action[bt] = C;
        continue;
      }
      onPath.add(s.cur);
      stepMask[bt] = 1;
      cur[bt] = await idOf(tr.feat, s.cur);
      prevF.set(prevFeatures(s.prev), bt * PREV_FEATURES);
      const curInfo = await tr.feat.node(s.cur);
      stopF.set(tr.feat.stopFeatures(curInfo), bt * STOP_FEATURES);
      action[bt] = s.action < 0 ? C : s.action;
      for (let c = 0; c < s.cands.length; c++) {
        const e = s.cands[c] as NavEdge;
        const k = bt * C + c;
        cand[k] = await idOf(tr.feat, e.to);
        candMask[k] = 1;
        candF.set(tr.feat.edgeFeatures(e, await tr.feat.node(e.to), onPath.has(e.to)), k * EDGE_FEATURES);
      }
    }
  }
  return {
    B,
    T,
    C,
    M: vecs.length,
    X: densify(vecs, dim),
    Q: densify(trajs.map((t) => t.feat.qVec), dim),
    cur,
    prevF,
    stepMask,
    cand,
    candF,
    candMask,
    stopF,
    action,
    weight,
  };
}

let modelCount = 0;

export class NavModel {
  readonly vars: Record<string, Variable>;
  constructor(readonly tf: Tf, readonly config: ModelConfig, weights?: Record<string, Float32Array>, seed = 1) {
    const rng = createRng(seed);
    this.vars = {};
    for (const [name, shape] of Object.entries(PARAM_SHAPES(config))) {
      const size = shape.reduce((a, b) => a * b, 1);
      let data = weights?.[name];
      if (data && data.length !== size) throw new Error(`model weight ${name} has ${data.length} values, expected ${size}`);
      if (!data) {
        data = new Float32Array(size);
        if (shape.length === 2 && !ZERO_INIT.has(name)) {
          const limit = Math.sqrt(6 / ((shape[0] as number) + (shape[1] as number)));
          for (let i = 0; i < size; i++) data[i] = (rng() * 2 - 1) * limit;
        } else if (name === 'bl') {
          // forget-gate bias 1
          for (let i = config.units; i < 2 * config.units; i++) data[i] = 1;
        }
      }
      this.vars[name] = tf.variable(tf.tensor(data, shape), true, `webnav_${name}_${++modelCount}`);
    }
  }

  private v(name: string): Variable {
    return this.vars[name] as Variable;
  }

  /** Rows of E (trainable) at idx; the gradient is scattered back in JS (the wasm backend has no UnsortedSegmentSum). */
  private gatherRows(E: Tensor, idx: Int32Array): Tensor {
    const tf = this.tf;
    const f = tf.customGrad((...args: unknown[]) => {
      const x = args[0] as Tensor;
      const [M, D] = x.shape as [number, number];
      const value = tf.gather(x, tf.tensor1d(idx, 'int32'));
      return {
        value,
        gradFunc: (dy: Tensor) => {
          const d = dy.dataSync();
          const g = new Float32Array(M * D);
          for (let i = 0; i < idx.length; i++) {
            const r = (idx[i] as number) * D;
            const s = i * D;
            for (let j = 0; j < D; j++) g[r + j] = (g[r + j] as number) + (d[s + j] as number);
          }
          return tf.tensor2d(g, [M, D]);
        },
      };
    });
    return f(E) as Tensor;
  }

  /** Log-probabilities [B, T, C + 1] over the candidates and stop (index C). */
  logProbs(b: Batch): Tensor {
    const tf = this.tf;
    const c = this.config;
    const D = c.embed;
    const U = c.units;
    const X = tf.tensor2d(b.X, [b.M, c.hashDim]);
    const E = tf.tanh(tf.add(tf.matMul(X, this.v('We')), this.v('be')));
    const qE = tf.tanh(tf.add(tf.matMul(tf.tensor2d(b.Q, [b.B, c.hashDim]), this.v('We')), this.v('be')));
    const curE = this.gatherRows(E, b.cur).reshape([b.B, b.T, D]);
    const prevF = tf.tensor3d(b.prevF, [b.B, b.T, PREV_FEATURES]);
    let h = tf.tanh(tf.add(tf.matMul(qE, this.v('Wq0')), this.v('bq0')));
    let cell = tf.zerosLike(h);
    const hs: Tensor[] = [];
    for (let t = 0; t < b.T; t++) {
      const x = tf.concat([curE.slice([0, t, 0], [b.B, 1, D]).reshape([b.B, D]), prevF.slice([0, t, 0], [b.B, 1, PREV_FEATURES]).reshape([b.B, PREV_FEATURES])], 1);
      const gates = tf.add(tf.add(tf.matMul(x, this.v('Wx')), tf.matMul(h, this.v('Wh'))), this.v('bl'));
      const [gi, gf, gg, go] = tf.split(gates, 4, 1) as [Tensor, Tensor, Tensor, Tensor];
      cell = tf.add(tf.mul(tf.sigmoid(gf), cell), tf.mul(tf.sigmoid(gi), tf.tanh(gg)));
      h = tf.mul(tf.sigmoid(go), tf.tanh(cell));
      hs.push(h);
    }
    const H = tf.stack(hs, 1); // [B, T, U]

    // Edge scores: the first layer splits into a core-state part (once per step) and a
    // candidate part (once per candidate), added by broadcasting.
    const candE = this.gatherRows(E, b.cand).reshape([b.B, b.T, b.C, D]);
    const qB = qE.reshape([b.B, 1, 1, D]);
    const candF = tf.tensor4d(b.candF, [b.B, b.T, b.C, EDGE_FEATURES]);
    const candX = tf.concat([candE, tf.mul(candE, qB), candF], 3).reshape([b.B * b.T * b.C, 2 * D + EDGE_FEATURES]);
    const candPart = tf.matMul(candX, this.v('E1x')).reshape([b.B, b.T, b.C, c.edgeHidden]);
    const hPart = tf.matMul(H.reshape([b.B * b.T, U]), this.v('E1h')).reshape([b.B, b.T, 1, c.edgeHidden]);
    const z = tf.relu(tf.add(tf.add(candPart, hPart), this.v('eb1')));
    const linear = tf.matMul(candF.reshape([b.B * b.T * b.C, EDGE_FEATURES]), this.v('Ew'));
    const edgeScore = tf.add(tf.add(tf.matMul(z.reshape([b.B * b.T * b.C, c.edgeHidden]), this.v('E2')), this.v('eb2')), linear).reshape([b.B, b.T, b.C]);
    const masked = tf.add(edgeScore, tf.mul(tf.sub(tf.tensor3d(b.candMask, [b.B, b.T, b.C]), 1), 1e9));

    const stopF = tf.tensor3d(b.stopF, [b.B, b.T, STOP_FEATURES]);
    const stopX = tf.concat([H, tf.mul(curE, qE.reshape([b.B, 1, D])), stopF], 2).reshape([b.B * b.T, U + D + STOP_FEATURES]);
    const stopLinear = tf.matMul(stopF.reshape([b.B * b.T, STOP_FEATURES]), this.v('Sw'));
    const stopScore = tf.add(tf.add(tf.matMul(tf.relu(tf.add(tf.matMul(stopX, this.v('S1')), this.v('sb1'))), this.v('S2')), this.v('sb2')), stopLinear).reshape([b.B, b.T, 1]);
    return tf.logSoftmax(tf.concat([masked, stopScore], 2));
  }

  /** -sum over trajectories of weight x sum over steps of log p(action), / B. */
  loss(b: Batch): Tensor {
    const tf = this.tf;
    const lp = this.logProbs(b);
    const oh = tf.oneHot(tf.tensor1d(b.action, 'int32'), b.C + 1).reshape([b.B, b.T, b.C + 1]);
    const picked = tf.sum(tf.mul(lp, oh), 2); // [B, T]
    const perTraj = tf.sum(tf.mul(picked, tf.tensor2d(b.stepMask, [b.B, b.T])), 1);
    return tf.neg(tf.div(tf.sum(tf.mul(perTraj, tf.tensor1d(b.weight))), b.B));
  }

  /** The last step's distribution for each trajectory: log p(stop) and log p(each candidate). */
  async lastStep(trajs: Trajectory[]): Promise<{ stop: number; edges: number[] }[]> {
    const tf = this.tf;
    const batch = await assemble(trajs, this.config.hashDim);
    const lp = tf.tidy(() => this.logProbs(batch));
    const data = (await lp.data()) as Float32Array;
    lp.dispose();
    const { T, C } = batch;
    return trajs.map((tr, b) => {
      const t = tr.steps.length - 1;
      const base = (b * T + t) * (C + 1);
      const last = tr.steps[t] as StepInput;
      return { stop: data[base + C] as number, edges: last.cands.map((_, c) => data[base + c] as number) };
    });
  }

  weights(): Record<string, Float32Array> {
    return Object.fromEntries(Object.entries(this.vars).map(([k, v]) => [k, v.dataSync() as Float32Array]));
  }

  dispose(): void {
    for (const v of Object.values(this.vars)) v.dispose();
  }
}

export function encodeWeights(w: Record<string, Float32Array>): Record<string, string> {
  return Object.fromEntries(Object.entries(w).map(([k, v]) => [k, Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')]));
}

export function decodeWeights(w: Record<string, string>): Record<string, Float32Array> {
  return Object.fromEntries(
    Object.entries(w).map(([k, s]) => {
      const buf = Buffer.from(s, 'base64');
      const copy = new Uint8Array(buf.byteLength);
      copy.set(buf);
      return [k, new Float32Array(copy.buffer)];
    }),
  );
}
