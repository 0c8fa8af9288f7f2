// A policy model whose actor is the stake-weighted linear ranker of `../signal.mjs` (fitted on the
// ground-truth gains of the 20 training-domain sites, `../train-11-12.json`), written in the
// network's own parameters, so a frozen crawl can be run with it. A probe of what that ranker does
// in whole crawls, not a trained model: it was fitted on the testbed's ground truth, which no
// crawler may read.
//
//   node --import tsx bench-results/choice-signal/linear-probe/make-model.mjs OUT_DIR
//
// score_i = prior_scale · prior_i + v · tanh(W_c x_i + W_z z + b), with one hidden unit in use:
// W_c's first column ε·w on the candidate features and the yield inputs, v_0 = 1/ε, everything else
// of the actor 0 and no state input. tanh(ε·s)/ε equals s within 0.01 % for |s| < 10 at ε = 0.001.
// prior_scale is the ranker's weight on the prior.
import { readFileSync } from 'node:fs';
import { loadModel, saveModel } from '../../../src/policy/checkpoint.ts';
import { CANDIDATE_DIM } from '../../../src/policy/features.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: make-model.mjs OUT_DIR');
const here = new URL('.', import.meta.url);
const report = JSON.parse(readFileSync(new URL('../train-11-12.json', here), 'utf8'));
const w = report.weights['linear, weighted by stake'];
const names = Object.keys(w);
const features = names.slice(0, CANDIDATE_DIM).map((n) => w[n]);
const yields = names.slice(CANDIDATE_DIM, CANDIDATE_DIM + 3).map((n) => w[n]);
const priorWeight = w.prior;

const { params, manifest } = loadModel(new URL('../../frequency-prior/untrained/model', here).pathname);
const [rows, hidden] = params.cand_w.shape;
const EPS = 0.001;
const candW = new Array(rows * hidden).fill(0);
// Rows: candidate features, word embedding, result-page action features, yield estimate (network.ts).
const yieldRow0 = rows - 3;
features.forEach((x, r) => (candW[r * hidden] = EPS * x));
yields.forEach((x, k) => (candW[(yieldRow0 + k) * hidden] = EPS * x));
params.cand_w = { shape: [rows, hidden], values: candW };
params.cand_b = { shape: [hidden], values: new Array(hidden).fill(0) };
params.joint_w = { shape: params.joint_w.shape, values: new Array(params.joint_w.values.length).fill(0) };
params.actor_v = { shape: [hidden, 1], values: Array.from({ length: hidden }, (_, i) => (i === 0 ? 1 / EPS : 0)) };
params.prior_scale = { shape: [1], values: [priorWeight] };
const { format: _f, architecture: _a, ...rest } = manifest;
saveModel(out, params, { ...rest, createdAt: new Date().toISOString(), probe: 'the stake-weighted linear ranker of bench-results/choice-signal/train-11-12.json, fitted on ground truth: not a trained model' });
console.log(`${out}: prior_scale ${priorWeight}, ${features.length} feature and ${yields.length} yield weights`);
