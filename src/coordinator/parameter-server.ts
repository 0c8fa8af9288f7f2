/**
 * The coordinator's parameter server for A3C: it holds the shared parameters and the one
 * optimiser state, applies the gradients agents send (clipped to a global norm), and hands
 * back the new parameters with a version number. Tensors cross the message interface as
 * plain JSON (`shape` + `values`), so agents can live in other threads or processes.
 *
 * Arrival order is the asynchronous A3C of the paper; `RoundRobinApplier` fixes the order
 * (agent 0, 1, …, n−1, 0, …) for `--deterministic` runs, where the same seed and config must
 * give the same parameters.
 */
import type * as tfjs from '@tensorflow/tfjs';

type Tf = typeof import('@tensorflow/tfjs');

import type { PlainTensor, PlainTensors } from '../policy/types.ts';
import type { OptimizerState } from '../policy/checkpoint.ts';

export type { PlainTensor, PlainTensors };

export interface ParameterServerOptions {
  optimizer: 'rmsprop' | 'adam' | 'sgd';
  learningRate: number;
  /** Gradients are scaled down so their global L2 norm is at most this (default 40, as in A3C). */
  clipNorm?: number;
}

export function toPlain(t: tfjs.Tensor): PlainTensor {
  return { shape: [...t.shape], values: Array.from(t.dataSync()) };
}

let instances = 0;

export class ParameterServer {
  /** tfjs variable names are global: each server's are its own. */
  private readonly prefix = `ps${++instances}/`;
  private readonly variables = new Map<string, tfjs.Variable>();
  private readonly optimizer: tfjs.Optimizer;
  private readonly clipNorm: number;
  private readonly kind: ParameterServerOptions['optimizer'];
  /** Bumped by every gradient applied. */
  version = 0;

  constructor(
    private readonly tf: Tf,
    initial: PlainTensors,
    opts: ParameterServerOptions,
  ) {
    for (const [name, p] of Object.entries(initial)) this.variables.set(name, tf.variable(tf.tensor(p.values, p.shape), true, `${this.prefix}${name}`));
    this.optimizer = opts.optimizer === 'adam' ? tf.train.adam(opts.learningRate) : opts.optimizer === 'rmsprop' ? tf.train.rmsprop(opts.learningRate, 0.99, 0, 0.1) : tf.train.sgd(opts.learningRate);
    this.clipNorm = opts.clipNorm ?? 40;
    this.kind = opts.optimizer;
  }

  /** The current parameters, as agents receive them. */
  parameters(): { version: number; tensors: PlainTensors } {
    return { version: this.version, tensors: Object.fromEntries([...this.variables].map(([k, v]) => [k, toPlain(v)])) };
  }

  /** Applies one agent's gradients now; returns the new version and the norm before clipping. */
  apply(gradients: PlainTensors): { version: number; norm: number } {
    for (const name of Object.keys(gradients)) if (!this.variables.has(name)) throw new Error(`gradient for unknown parameter "${name}"`);
    const tf = this.tf;
    const norm = tf.tidy(() => {
      // Every parameter, always in the server's order: tfjs keeps optimiser slots by position in
      // the gradient map, so a missing or reordered name would pair a parameter with another's moments.
      const grads: Record<string, tfjs.Tensor> = {};
      for (const [name, v] of this.variables) {
        const g = gradients[name];
        if (g && g.values.length !== v.size) throw new Error(`gradient for "${name}" has ${g.values.length} values, the parameter ${v.size}`);
        grads[`${this.prefix}${name}`] = g ? tf.tensor(g.values, v.shape) : tf.zerosLike(v);
      }
      const n = Math.sqrt(Object.values(grads).reduce((s, g) => s + (tf.sum(tf.square(g)).dataSync()[0] ?? 0), 0));
      const scale = n > this.clipNorm ? this.clipNorm / n : 1;
      const clipped = Object.fromEntries(Object.entries(grads).map(([k, g]) => [k, scale === 1 ? g : tf.mul(g, scale)]));
      this.optimizer.applyGradients(clipped as tfjs.NamedTensorMap);
      return n;
    });
    this.version++;
    return { version: this.version, norm };
  }

  /** Adam's step count and moments, keyed `m/<parameter>`, `v/<parameter>` (undefined for other optimisers). */
  async optimizerState(): Promise<OptimizerState | undefined> {
    if (this.kind !== 'adam') return undefined;
    const [iter, ...slots] = await this.optimizer.getWeights();
    const tensors: PlainTensors = {};
    for (const w of slots) {
      // tfjs names a slot after its variable: "<prefix><parameter>/m".
      const [param, moment] = [w.name.slice(this.prefix.length, w.name.lastIndexOf('/')), w.name.slice(w.name.lastIndexOf('/') + 1)];
      tensors[`${moment}/${param}`] = toPlain(w.tensor);
    }
    return { optimizer: 'adam', iterations: iter ? (iter.tensor.dataSync()[0] ?? 0) : 0, slots: tensors };
  }

  /** Continues from a saved optimiser state (same parameters, same shapes); before any gradient is applied. */
  async restoreOptimizer(state: OptimizerState): Promise<void> {
    if (this.kind !== 'adam') throw new Error(`optimiser state is for adam, this server uses ${this.kind}`);
    if (state.iterations === 0 || !Object.keys(state.slots).length) return;
    const tf = this.tf;
    const slot = (moment: 'm' | 'v', name: string, v: tfjs.Variable): { name: string; tensor: tfjs.Tensor } => {
      const s = state.slots[`${moment}/${name}`];
      if (!s || s.shape.join('x') !== v.shape.join('x')) throw new Error(`saved optimiser state has no ${moment} of shape [${v.shape}] for "${name}"`);
      return { name: `${this.prefix}${name}/${moment}`, tensor: tf.tensor(s.values, s.shape) };
    };
    const entries = [...this.variables];
    await this.optimizer.setWeights([
      { name: 'iter', tensor: tf.scalar(state.iterations, 'int32') },
      ...entries.map(([name, v]) => slot('m', name, v)),
      ...entries.map(([name, v]) => slot('v', name, v)),
    ]);
  }

  dispose(): void {
    for (const v of this.variables.values()) v.dispose();
    this.optimizer.dispose();
  }
}

/**
 * Applies gradients in a fixed turn order instead of arrival order: a gradient waits until its
 * agent's turn, is applied, and the turn passes on. Agents that stop leave the rotation.
 */
export class RoundRobinApplier {
  private readonly order: string[];
  private turn = 0;
  private readonly waiting = new Map<string, { gradients: PlainTensors; resolve: (r: { version: number; norm: number }) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly server: ParameterServer,
    agents: readonly string[],
  ) {
    this.order = [...agents];
  }

  submit(agent: string, gradients: PlainTensors): Promise<{ version: number; norm: number }> {
    if (!this.order.includes(agent)) return Promise.reject(new Error(`agent ${agent} is not in the rotation`));
    if (this.waiting.has(agent)) return Promise.reject(new Error(`agent ${agent} already has gradients waiting`));
    const p = new Promise<{ version: number; norm: number }>((resolve, reject) => this.waiting.set(agent, { gradients, resolve, reject }));
    this.drain();
    return p;
  }

  /** An agent that is done: the rotation goes on without it. */
  leave(agent: string): void {
    const i = this.order.indexOf(agent);
    if (i < 0) return;
    this.order.splice(i, 1);
    if (i < this.turn) this.turn--;
    if (this.turn >= this.order.length) this.turn = 0;
    this.drain();
  }

  private drain(): void {
    while (this.order.length) {
      const agent = this.order[this.turn]!;
      const w = this.waiting.get(agent);
      if (!w) return;
      this.waiting.delete(agent);
      try {
        w.resolve(this.server.apply(w.gradients));
      } catch (err) {
        w.reject(err as Error);
      }
      this.turn = (this.turn + 1) % this.order.length;
    }
  }
}
