/**
 * A multinomial logistic-regression model over named sparse features, evaluated in plain
 * JS: a vocabulary lookup per feature and a row of weights per class. Trained by train.ts
 * with tfjs; stored as JSON (vocabulary, weights rounded to 4 decimals, bias).
 */
import type { Features } from './features.ts';

export interface LinearModelJson {
  classes: string[];
  vocab: string[];
  /** Row-major [vocab.length][classes.length]. */
  weights: number[];
  bias: number[];
}

export class LinearModel {
  readonly classes: string[];
  private readonly index: Map<string, number>;
  private readonly weights: Float32Array;
  private readonly bias: Float32Array;

  constructor(json: LinearModelJson) {
    this.classes = json.classes;
    this.index = new Map(json.vocab.map((v, i) => [v, i]));
    this.weights = Float32Array.from(json.weights);
    this.bias = Float32Array.from(json.bias);
  }

  /** Class probabilities, in `classes` order. */
  predict(features: Features): Float64Array {
    const c = this.classes.length;
    const logits = new Float64Array(c);
    for (let k = 0; k < c; k++) logits[k] = this.bias[k] as number;
    for (const [name, value] of features) {
      const row = this.index.get(name);
      if (row === undefined) continue;
      const base = row * c;
      for (let k = 0; k < c; k++) logits[k] = (logits[k] as number) + value * (this.weights[base + k] as number);
    }
    let max = -Infinity;
    for (let k = 0; k < c; k++) max = Math.max(max, logits[k] as number);
    let sum = 0;
    for (let k = 0; k < c; k++) {
      const e = Math.exp((logits[k] as number) - max);
      logits[k] = e;
      sum += e;
    }
    for (let k = 0; k < c; k++) logits[k] = (logits[k] as number) / sum;
    return logits;
  }

  /** The strongest features for a class, for inspection. */
  topFeatures(cls: string, n = 10): { feature: string; weight: number }[] {
    const k = this.classes.indexOf(cls);
    const c = this.classes.length;
    return [...this.index.entries()]
      .map(([feature, row]) => ({ feature, weight: this.weights[row * c + k] as number }))
      .sort((a, b) => b.weight - a.weight)
      .slice(0, n);
  }
}

export function argmax(p: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < p.length; i++) if ((p[i] as number) > (p[best] as number)) best = i;
  return best;
}
