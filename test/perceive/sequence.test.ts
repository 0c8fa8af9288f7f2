import { describe, expect, it } from 'vitest';
import { classifyForm, formModelsFromJson } from '../../src/perceive/classify.ts';
import { FIELD_TYPES, FORM_TYPES } from '../../src/perceive/labels.ts';
import type { LinearModelJson } from '../../src/perceive/linear-model.ts';
import { fitTransitions, viterbi } from '../../src/perceive/sequence.ts';
import { snapshotHtml } from '../../src/perceive/snapshot.ts';

// A three-type toy problem: 0 = password, 1 = password confirmation, 2 = other.
const PW = 0;
const CONFIRM = 1;
const OTHER = 2;
const SEQS = [
  [OTHER, PW, CONFIRM],
  [PW, CONFIRM],
  [OTHER, PW],
  [OTHER, OTHER],
];

describe('field-type transitions', () => {
  it('scores seen transitions above unseen ones', () => {
    const t = fitTransitions(SEQS, 3, 1);
    const n = 4;
    expect(t.scores).toHaveLength(n * n);
    const s = (from: number, to: number): number => t.scores[from * n + to] as number;
    expect(s(PW, CONFIRM)).toBeGreaterThan(s(PW, PW));
    expect(s(CONFIRM, CONFIRM)).toBeLessThan(0);
    // Rows end with START, columns with END: no form starts with a confirmation.
    expect(s(3, CONFIRM)).toBeLessThan(s(3, OTHER));
  });

  it('decodes a close second password as its confirmation, and is argmax at weight 0', () => {
    const probs = [
      [0.9, 0.05, 0.05],
      [0.5, 0.45, 0.05],
    ];
    expect(viterbi(probs, fitTransitions(SEQS, 3, 0))).toEqual([PW, PW]);
    expect(viterbi(probs, fitTransitions(SEQS, 3, 1))).toEqual([PW, CONFIRM]);
    // At the shipped weight (0.2) a confident field model is not overruled.
    expect(viterbi([[0.9, 0.05, 0.05], [0.9, 0.08, 0.02]], fitTransitions(SEQS, 3, 0.2))).toEqual([PW, PW]);
    expect(viterbi([], fitTransitions(SEQS, 3, 1))).toEqual([]);
  });

  it('is used by classifyForm when the field model carries transitions', () => {
    const c = FIELD_TYPES.length;
    const pw = FIELD_TYPES.indexOf('password');
    const confirm = FIELD_TYPES.indexOf('password confirmation');
    const row = new Array<number>(c).fill(0);
    row[pw] = 3;
    row[confirm] = 2.8;
    const field: LinearModelJson = { classes: [...FIELD_TYPES], vocab: ['type:password'], weights: row, bias: new Array<number>(c).fill(0) };
    const form: LinearModelJson = { classes: [...FORM_TYPES], vocab: [], weights: [], bias: new Array<number>(FORM_TYPES.length).fill(0) };
    const snapshot = snapshotHtml('<form method="post"><input type="password" name="a"><input type="password" name="b"></form>', 'http://example.com/').forms[0];
    if (!snapshot) throw new Error('no form');
    const alone = classifyForm(snapshot, undefined, { models: formModelsFromJson(form, field) });
    expect(alone.fields.map((f) => f.type)).toEqual(['password', 'password']);
    const transitions = fitTransitions([[pw, confirm], [pw, confirm], [pw]], c, 1);
    const decoded = classifyForm(snapshot, undefined, { models: formModelsFromJson(form, { ...field, transitions }) });
    expect(decoded.fields.map((f) => f.type)).toEqual(['password', 'password confirmation']);
  });
});
