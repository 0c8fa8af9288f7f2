/**
 * ROC and precision–recall curves of a scored binary labelling (the crawler's deep-page
 * score against the ground-truth deep label). Pure functions over plain arrays.
 *
 * Thresholds are the distinct scores, highest first; a point at threshold s counts every
 * item with score >= s as predicted positive. Tied scores enter together, so the curves
 * (and the AUC, which is then the Mann–Whitney statistic with ties counted as one half)
 * do not depend on the input order.
 */

export interface ScoredLabel {
  score: number;
  positive: boolean;
}

export interface RocPoint {
  threshold: number;
  fpr: number;
  tpr: number;
}

export interface PrPoint {
  threshold: number;
  precision: number;
  recall: number;
}

export interface RocCurve {
  /** From (0, 0) (threshold: highest score + 1, so nothing is positive; JSON has no Infinity) to (1, 1). */
  points: RocPoint[];
  /** Area under the ROC curve; null when either class is empty. */
  auc: number | null;
  positives: number;
  negatives: number;
}

export interface PrCurve {
  points: PrPoint[];
  /** Σ (R_k − R_{k−1}) · P_k over thresholds (the step-wise area, as scikit-learn); null without positives. */
  averagePrecision: number | null;
  positives: number;
}

interface ThresholdCount {
  threshold: number;
  truePositives: number;
  falsePositives: number;
}

/** Cumulative true/false positives at each distinct score, highest score first. */
function cumulativeCounts(items: readonly ScoredLabel[]): ThresholdCount[] {
  const sorted = [...items].sort((a, b) => b.score - a.score);
  const out: ThresholdCount[] = [];
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < sorted.length; i++) {
    const item = sorted[i]!;
    if (item.positive) tp++;
    else fp++;
    const next = sorted[i + 1];
    if (!next || next.score !== item.score) out.push({ threshold: item.score, truePositives: tp, falsePositives: fp });
  }
  return out;
}

export function rocCurve(items: readonly ScoredLabel[]): RocCurve {
  const positives = items.filter((i) => i.positive).length;
  const negatives = items.length - positives;
  const counts = cumulativeCounts(items);
  // The curve starts above the highest score: nothing predicted positive.
  const start = counts.length ? counts[0]!.threshold + 1 : 1;
  const points: RocPoint[] = [{ threshold: start, fpr: 0, tpr: 0 }];
  for (const c of counts) {
    points.push({ threshold: c.threshold, fpr: negatives ? c.falsePositives / negatives : 0, tpr: positives ? c.truePositives / positives : 0 });
  }
  let auc: number | null = null;
  if (positives > 0 && negatives > 0) {
    auc = 0;
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      auc += ((b.fpr - a.fpr) * (a.tpr + b.tpr)) / 2;
    }
  }
  return { points, auc, positives, negatives };
}

export function precisionRecallCurve(items: readonly ScoredLabel[]): PrCurve {
  const positives = items.filter((i) => i.positive).length;
  const counts = cumulativeCounts(items);
  const points: PrPoint[] = counts.map((c) => ({
    threshold: c.threshold,
    precision: c.truePositives / (c.truePositives + c.falsePositives),
    recall: positives ? c.truePositives / positives : 0,
  }));
  let averagePrecision: number | null = null;
  if (positives > 0) {
    averagePrecision = 0;
    let previousRecall = 0;
    for (const p of points) {
      averagePrecision += (p.recall - previousRecall) * p.precision;
      previousRecall = p.recall;
    }
  }
  return { points, averagePrecision, positives };
}

/** Precision, recall and F1 of a hard labelling (the crawler's page kind). */
export function precisionRecallOf(predicted: readonly boolean[], actual: readonly boolean[]): { precision: number | null; recall: number | null; f1: number | null } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  predicted.forEach((p, i) => {
    const a = actual[i] ?? false;
    if (p && a) tp++;
    else if (p) fp++;
    else if (a) fn++;
  });
  const precision = tp + fp ? tp / (tp + fp) : null;
  const recall = tp + fn ? tp / (tp + fn) : null;
  const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  return { precision, recall, f1 };
}

/**
 * At most `max` points of a curve for storing and drawing: the first, the last, and evenly
 * spaced ones between (a run with thousands of distinct scores would otherwise write
 * megabytes). AUC and average precision are computed on the full curve before thinning.
 */
export function thinPoints<T>(points: readonly T[], max = 1000): T[] {
  if (points.length <= max) return [...points];
  const out: T[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(points[Math.round(i * step)]!);
  return out;
}
