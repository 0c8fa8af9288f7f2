/**
 * Training a multinomial logistic regression over sparse named features with tfjs: the
 * weights are gathered per non-zero feature and scatter-added per example,
 * so a step costs O(non-zeros x classes), not O(examples x vocabulary). Full-batch Adam from
 * zero weights: the result depends only on the data and the options.
 */
import type { Features } from './features.ts';
import type { LinearModelJson } from './linear-model.ts';
import { initTf } from './tf-backend.ts';

export interface LinearTrainOptions {
  /** Keep features seen in at least this many examples. */
  minCount?: number;
  epochs?: number;
  learningRate?: number;
  /** L2 penalty on the weights (sum of squares). */
  l2?: number;
  /** Weigh classes by inverse frequency to this power (0 = no weighting). */
  classBalance?: number;
}

export interface Example {
  features: Features;
  label: string;
}

export async function trainLinear(examples: Example[], classes: readonly string[], opts: LinearTrainOptions = {}): Promise<LinearModelJson> {
  const { tf } = await initTf();
  const minCount = opts.minCount ?? 2;
  const epochs = opts.epochs ?? 150;
  const l2 = opts.l2 ?? 1e-4;
  const df = new Map<string, number>();
  for (const e of examples) for (const k of e.features.keys()) df.set(k, (df.get(k) ?? 0) + 1);
  const vocab = [...df.entries()].filter(([, n]) => n >= minCount).map(([k]) => k).sort();
  const index = new Map(vocab.map((v, i) => [v, i]));
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const idx: number[] = [];
  const val: number[] = [];
  const seg: number[] = [];
  const labels: number[] = [];
  examples.forEach((e, i) => {
    for (const [k, v] of e.features) {
      const j = index.get(k);
      if (j === undefined || v === 0) continue;
      idx.push(j);
      val.push(v);
      seg.push(i);
    }
    labels.push(classIndex.get(e.label) ?? classIndex.get('other') ?? 0);
  });
  const n = examples.length;
  const c = classes.length;
  const freq = new Array<number>(c).fill(0);
  for (const l of labels) freq[l] = (freq[l] as number) + 1;
  const power = opts.classBalance ?? 0;
  const exampleWeights = labels.map((l) => (power > 0 ? Math.pow(n / (c * Math.max(1, freq[l] as number)), power) : 1));

  const W = tf.variable(tf.zeros([Math.max(1, vocab.length), c]));
  const b = tf.variable(tf.zeros([c]));
  const nnz = Math.max(1, idx.length);
  const idx2T = tf.tensor2d(idx.length ? idx : [0], [nnz, 1], 'int32');
  const valT = tf.tensor2d(idx.length ? val : [0], [nnz, 1]);
  const seg2T = tf.tensor2d(idx.length ? seg : [0], [nnz, 1], 'int32');
  const yT = tf.oneHot(tf.tensor1d(labels, 'int32'), c).toFloat();
  const weightSum = exampleWeights.reduce((x, y) => x + y, 0);
  const wT = tf.tensor2d(exampleWeights.map((x) => x / weightSum), [n, 1]);
  const optimizer = tf.train.adam(opts.learningRate ?? 0.05);
  // Gradients by hand: the sparse product is a gather plus a scatter-add (ScatterNd sums
  // repeated indices), kernels every backend has (wasm lacks UnsortedSegmentSum). GatherNd,
  // not Gather: same values, but wasm's Gather is about 10x slower on these shapes.
  for (let epoch = 0; epoch < epochs; epoch++) {
    const grads = tf.tidy(() => {
      const contrib = tf.gatherND(W, idx2T).mul(valT);
      const logits = tf.scatterND(seg2T, contrib, [n, c]).add(b);
      const dLogits = tf.softmax(logits).sub(yT).mul(wT);
      const dW = tf.scatterND(idx2T, tf.gatherND(dLogits, seg2T).mul(valT), [Math.max(1, vocab.length), c]).add(W.mul(2 * l2));
      return { W: dW, b: dLogits.sum(0) };
    });
    optimizer.applyGradients([{ name: W.name, tensor: grads.W }, { name: b.name, tensor: grads.b }]);
    tf.dispose([grads.W, grads.b]);
  }
  const weights = Array.from(await W.data(), (x) => Math.round(x * 1e4) / 1e4);
  const bias = Array.from(await b.data(), (x) => Math.round(x * 1e4) / 1e4);
  tf.dispose([W, b, idx2T, valT, seg2T, yT, wT]);
  optimizer.dispose();
  // Drop vocabulary rows whose weights all rounded to zero: smaller files, same predictions.
  const keptVocab: string[] = [];
  const keptWeights: number[] = [];
  vocab.forEach((v, i) => {
    const row = weights.slice(i * c, (i + 1) * c);
    if (row.some((x) => Math.abs(x) >= 2e-3)) {
      keptVocab.push(v);
      keptWeights.push(...row);
    }
  });
  return { classes: [...classes], vocab: keptVocab, weights: keptWeights, bias };
}
