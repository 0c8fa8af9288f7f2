/**
 * Field types as a sequence: a first-order transition table learnt from the labelled field
 * sequences of training forms, and a Viterbi decode that combines it with the per-field
 * distributions of the field model (a hybrid of a discriminative model and an HMM, in the spirit
 * of Formasaurus's CRF). The per-field model already sees its neighbours' markup; the
 * transitions add what it cannot see: its neighbours' likely types ("password" is followed by
 * "password confirmation", "first name" by "last name").
 *
 * A path y scores sum_i log p(y_i | field i) + weight * sum_i s(y_{i-1}, y_i), with
 * s(a, b) = log P(b | a) - log P(b) (smoothed counts), from a start state and into an end state.
 */

export interface TransitionsJson {
  /** Weight of the transition scores against the field model's log-probabilities. */
  weight: number;
  /** Row-major (classes + 1) x (classes + 1): rows are the previous type, then START; columns the next type, then END. Rounded to 4 decimals. */
  scores: number[];
}

/** Learns the transition scores from label sequences (indices into the field classes). */
export function fitTransitions(sequences: number[][], classCount: number, weight: number, smoothing = 0.1): TransitionsJson {
  const n = classCount + 1;
  const start = classCount;
  const end = classCount;
  const counts = new Float64Array(n * n).fill(smoothing);
  for (const seq of sequences) {
    if (seq.length === 0) continue;
    let prev = start;
    for (const y of seq) {
      counts[prev * n + y] = (counts[prev * n + y] as number) + 1;
      prev = y;
    }
    counts[prev * n + end] = (counts[prev * n + end] as number) + 1;
  }
  const rowSum = new Float64Array(n);
  const colSum = new Float64Array(n);
  let all = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = counts[r * n + c] as number;
      rowSum[r] = (rowSum[r] as number) + v;
      colSum[c] = (colSum[c] as number) + v;
      all += v;
    }
  }
  const scores: number[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const s = Math.log((counts[r * n + c] as number) / (rowSum[r] as number)) - Math.log((colSum[c] as number) / all);
      scores.push(Math.round(s * 1e4) / 1e4);
    }
  }
  return { weight, scores };
}

/** The best type sequence (class indices) for fields with distributions `probs` (each of length classes). */
export function viterbi(probs: ArrayLike<number>[], t: TransitionsJson): number[] {
  const len = probs.length;
  if (len === 0) return [];
  const c = (probs[0] as ArrayLike<number>).length;
  const n = c + 1;
  const w = t.weight;
  const s = t.scores;
  let score = new Float64Array(c);
  let next = new Float64Array(c);
  const back: Int32Array[] = [];
  const p0 = probs[0] as ArrayLike<number>;
  for (let y = 0; y < c; y++) score[y] = Math.log((p0[y] as number) + 1e-9) + w * (s[c * n + y] as number);
  for (let i = 1; i < len; i++) {
    const p = probs[i] as ArrayLike<number>;
    const bp = new Int32Array(c);
    for (let y = 0; y < c; y++) {
      let best = -Infinity;
      let arg = 0;
      for (let z = 0; z < c; z++) {
        const v = (score[z] as number) + w * (s[z * n + y] as number);
        if (v > best) {
          best = v;
          arg = z;
        }
      }
      next[y] = best + Math.log((p[y] as number) + 1e-9);
      bp[y] = arg;
    }
    back.push(bp);
    [score, next] = [next, score];
  }
  let best = -Infinity;
  let y = 0;
  for (let z = 0; z < c; z++) {
    const v = (score[z] as number) + w * (s[z * n + c] as number);
    if (v > best) {
      best = v;
      y = z;
    }
  }
  const path = new Array<number>(len);
  path[len - 1] = y;
  for (let i = len - 1; i > 0; i--) {
    y = (back[i - 1] as Int32Array)[y] as number;
    path[i - 1] = y;
  }
  return path;
}
