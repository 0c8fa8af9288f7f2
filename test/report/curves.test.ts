import { describe, expect, it } from 'vitest';
import { precisionRecallCurve, precisionRecallOf, rocCurve, thinPoints, type ScoredLabel } from '../../src/report/curves.ts';

const labelled = (pairs: [number, boolean][]): ScoredLabel[] => pairs.map(([score, positive]) => ({ score, positive }));

describe('ROC', () => {
  it('gives AUC 1 for a perfect ranking and 0 for the reversed one', () => {
    const perfect = labelled([[0.9, true], [0.8, true], [0.7, true], [0.3, false], [0.2, false]]);
    expect(rocCurve(perfect).auc).toBe(1);
    const reversed = perfect.map((i) => ({ ...i, positive: !i.positive }));
    expect(rocCurve(reversed).auc).toBe(0);
  });

  it('equals the Mann–Whitney statistic on a mixed ranking, ties counting one half', () => {
    // positives 0.9, 0.5, 0.4; negatives 0.6, 0.4, 0.1.
    // Pairs (p > n): 0.9 beats 3, 0.5 beats 2, 0.4 beats 1 and ties 1 → 6.5 of 9.
    const items = labelled([[0.9, true], [0.6, false], [0.5, true], [0.4, true], [0.4, false], [0.1, false]]);
    expect(rocCurve(items).auc).toBeCloseTo(6.5 / 9, 12);
  });

  it('does not depend on input order and runs from (0,0) to (1,1)', () => {
    const items = labelled([[0.4, false], [0.9, true], [0.4, true], [0.1, false], [0.6, false], [0.5, true]]);
    const a = rocCurve(items);
    const b = rocCurve([...items].reverse());
    expect(a).toEqual(b);
    expect(a.points[0]).toMatchObject({ fpr: 0, tpr: 0 });
    expect(a.points[a.points.length - 1]).toMatchObject({ fpr: 1, tpr: 1 });
    // One point per distinct score plus the start.
    expect(a.points).toHaveLength(6);
  });

  it('gives a constant score AUC 0.5 and has no AUC with one class only', () => {
    expect(rocCurve(labelled([[0.5, true], [0.5, false], [0.5, true], [0.5, false]])).auc).toBe(0.5);
    expect(rocCurve(labelled([[0.5, true], [0.2, true]])).auc).toBeNull();
    expect(rocCurve([]).auc).toBeNull();
  });
});

describe('precision–recall', () => {
  it('gives average precision 1 for a perfect ranking', () => {
    const r = precisionRecallCurve(labelled([[0.9, true], [0.8, true], [0.2, false]]));
    expect(r.averagePrecision).toBe(1);
    expect(r.points.map((p) => [p.recall, p.precision])).toEqual([[0.5, 1], [1, 1], [1, 2 / 3]]);
  });

  it('computes the step-wise average precision of a known ranking', () => {
    // Ranking: + - + - - +  → precision at each positive: 1, 2/3, 3/6; AP = (1 + 2/3 + 1/2) / 3.
    const items = labelled([[6, true], [5, false], [4, true], [3, false], [2, false], [1, true]]);
    expect(precisionRecallCurve(items).averagePrecision).toBeCloseTo((1 + 2 / 3 + 1 / 2) / 3, 12);
  });

  it('has no average precision without positives', () => {
    expect(precisionRecallCurve(labelled([[0.3, false]])).averagePrecision).toBeNull();
  });

  it('scores a hard labelling', () => {
    const r = precisionRecallOf([true, true, false, false, true], [true, false, true, false, true]);
    expect(r.precision).toBeCloseTo(2 / 3, 12);
    expect(r.recall).toBeCloseTo(2 / 3, 12);
    expect(r.f1).toBeCloseTo(2 / 3, 12);
    expect(precisionRecallOf([false], [false])).toEqual({ precision: null, recall: null, f1: null });
  });
});

describe('thinPoints', () => {
  it('keeps short curves whole and long ones to max points with both ends', () => {
    expect(thinPoints([1, 2, 3], 5)).toEqual([1, 2, 3]);
    const long = Array.from({ length: 10_001 }, (_, i) => i);
    const thin = thinPoints(long, 101);
    expect(thin).toHaveLength(101);
    expect(thin[0]).toBe(0);
    expect(thin[100]).toBe(10_000);
    expect(thin[50]).toBe(5000);
  });
});
