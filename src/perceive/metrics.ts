/** Accuracy and per-class precision/recall/F1, in the JSON shape `forms eval` prints. */

export interface ClassScores {
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

export interface EvalReport {
  forms: number;
  accuracy: number;
  perClass: Record<string, ClassScores>;
  fields: { count: number; accuracy: number; perType: Record<string, ClassScores> };
}

export interface Pair {
  gold: string;
  pred: string;
}

const r4 = (x: number): number => Math.round(x * 10000) / 10000;

export function scorePairs(pairs: Pair[], classes: readonly string[]): { accuracy: number; perClass: Record<string, ClassScores> } {
  const perClass: Record<string, ClassScores> = {};
  const correct = pairs.filter((p) => p.gold === p.pred).length;
  const seen = new Set<string>([...classes]);
  for (const p of pairs) seen.add(p.gold);
  for (const c of seen) {
    const tp = pairs.filter((p) => p.gold === c && p.pred === c).length;
    const predicted = pairs.filter((p) => p.pred === c).length;
    const support = pairs.filter((p) => p.gold === c).length;
    if (support === 0 && predicted === 0) continue;
    const precision = predicted ? tp / predicted : 0;
    const recall = support ? tp / support : 0;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    perClass[c] = { precision: r4(precision), recall: r4(recall), f1: r4(f1), support };
  }
  return { accuracy: pairs.length ? r4(correct / pairs.length) : 0, perClass };
}

export function buildReport(formPairs: Pair[], fieldPairs: Pair[], formClasses: readonly string[], fieldClasses: readonly string[]): EvalReport {
  const forms = scorePairs(formPairs, formClasses);
  const fields = scorePairs(fieldPairs, fieldClasses);
  return {
    forms: formPairs.length,
    accuracy: forms.accuracy,
    perClass: forms.perClass,
    fields: { count: fieldPairs.length, accuracy: fields.accuracy, perType: fields.perClass },
  };
}
