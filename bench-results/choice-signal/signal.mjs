// Is there anything in what the policy network reads of a query that predicts what the query
// brings, beyond the prior it already follows? Decisions from `extract.mjs` (each offered
// query with its inputs and its counterfactual gain: new records, by the site's own engine).
// Rankers are fitted on the training decisions and scored on held-out ones by the gain of the
// query each would have taken at each decision, against the best offered.
//
//   node --import tsx bench-results/choice-signal/signal.mjs TRAIN.jsonl[.gz][,MORE…] HELD_OUT.jsonl[.gz][,MORE…]... [--json OUT]
//
// One-step and off-policy: every decision is the one the crawl met, so a ranker that picks
// better here would change the states after it; this shows whether the inputs carry the
// signal, not what a crawl with the ranker would reach.
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as tf from '@tensorflow/tfjs';
import { createRng } from '../../src/lvs/random.ts';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined;
const [trainFile, ...heldOutFiles] = args;

const PRIOR_SCALE = 6; // the shipped network's starting weight of the prior (INITIAL_PRIOR_SCALE)
const FIRST = 10; // queries to 90 % are decided within a site's first ten or so

function load(file) {
  const out = [];
  const perSite = new Map();
  const raw = readFileSync(file);
  for (const line of (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8').split('\n')) {
    if (!line) continue;
    const d = JSON.parse(line);
    const queries = d.candidates.filter((c) => !c.stop);
    const n = perSite.get(d.site) ?? 0;
    perSite.set(d.site, n + 1);
    const best = Math.max(0, ...queries.map((c) => c.gain));
    // Decisions among fewer than two queries, or where no query would bring anything, rank nothing.
    if (queries.length < 2 || best === 0) continue;
    const chosen = d.candidates[d.chosen];
    out.push({ ...d, order: n, queries, best, takenGain: chosen && !chosen.stop ? chosen.gain : 0 });
  }
  return out;
}

/** What a candidate offers a ranker: the candidate features, the yield estimate, the prior. */
const inputs = (c) => [...c.features, ...(c.yieldEstimate ?? [0, 0, 0]), c.prior ?? 0];
const INPUT_DIM = 21 + 3 + 1;
const FEATURE_NAMES = ['terms', 'length', 'noun', 'adj', 'verb', 'df', 'tf', 'ridf', 'ctx-title', 'ctx-attribute', 'ctx-text', 'src-lvs', 'src-pool', 'src-title', 'src-surface', 'src-options', 'src-default', 'kernel-estimate', 'kernel-evidence', 'source-prior', 'stop', 'yield-efficiency', 'yield-expected-new', 'yield-modelled', 'prior'];

/** Index of the highest score; ties go to the first offered (as the crawl's argmax does). */
function argmax(xs) {
  let b = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i] > xs[b]) b = i;
  return b;
}

/** A ranker by one input (or the prior), higher first. */
const byInput = (k) => (d) => argmax(d.queries.map((c) => inputs(c)[k]));

/**
 * A ranker fitted on training decisions: a listwise softmax (the actor's) over each decision's
 * queries, trained to put its mass on the best ones. `kind`:
 * - linear: w · inputs
 * - residual: 6 · prior + w · inputs (the network's own form, linear)
 * - mlp: 6 · prior + v · tanh(W inputs + U context + b) (the network's candidate path, no words)
 */
function fit(train, kind, seed, { epochs = 400, weighted = false } = {}) {
  const rng = createRng(seed);
  const glorot = (r, c) => tf.variable(tf.tensor2d(Array.from({ length: r * c }, () => (rng() * 2 - 1) * Math.sqrt(6 / (r + c))), [r, c]));
  const H = 16;
  const p = kind === 'mlp' ? { W: glorot(INPUT_DIM, H), U: glorot(8, H), b: tf.variable(tf.zeros([H])), v: tf.variable(tf.tensor2d(Array.from({ length: H }, () => (rng() * 2 - 1) * 0.05), [H, 1])) } : { w: tf.variable(tf.zeros([INPUT_DIM, 1])) };
  // Every decision padded to the most queries offered at once; padding is masked out of the softmax.
  const batch = (ds) => {
    const width = Math.max(...ds.map((d) => d.queries.length));
    const pad = (d, f, empty) => Array.from({ length: width }, (_, i) => (i < d.queries.length ? f(d.queries[i], d) : empty));
    return {
      width,
      x: tf.tensor2d(ds.flatMap((d) => pad(d, inputs, new Array(INPUT_DIM).fill(0)))),
      ctx: tf.tensor2d(ds.flatMap((d) => pad(d, (_, dd) => dd.context.slice(0, 8), new Array(8).fill(0)))),
      prior: tf.tensor2d(ds.map((d) => pad(d, (c) => c.prior ?? 0, 0))),
      mask: tf.tensor2d(ds.map((d) => pad(d, () => 0, -1e9))),
      target: tf.tensor2d(ds.map((d) => pad(d, (c) => (c.gain === d.best ? 1 : 0), 0)).map(normalise)),
      // Weighted: each decision counts by what was at stake (its best gain), as summed gain and coverage count it.
      weight: tf.tensor1d(normalise(ds.map((d) => (weighted ? d.best : 1)))),
    };
  };
  const scores = (b) => {
    const rows = b.prior.shape[0];
    const learned = kind === 'mlp' ? tf.matMul(tf.tanh(tf.add(tf.add(tf.matMul(b.x, p.W), tf.matMul(b.ctx, p.U)), p.b)), p.v) : tf.matMul(b.x, p.w);
    const s = learned.reshape([rows, b.width]);
    return tf.add(kind === 'linear' ? s : tf.add(tf.mul(b.prior, PRIOR_SCALE), s), b.mask);
  };
  const t = batch(train);
  const opt = tf.train.adam(0.01);
  for (let e = 0; e < epochs; e++) {
    opt.minimize(() => {
      const loss = tf.neg(tf.sum(tf.mul(t.weight, tf.sum(tf.mul(t.target, tf.logSoftmax(scores(t), 1)), 1))));
      const l2 = Object.values(p).reduce((a, v) => tf.add(a, tf.sum(tf.square(v))), tf.scalar(0));
      return tf.add(loss, tf.mul(l2, 1e-3));
    });
  }
  const ranker = (d) =>
    tf.tidy(() => {
      const b = batch([d]);
      return argmax(Array.from(scores(b).dataSync()));
    });
  ranker.weights = kind === 'mlp' ? undefined : Array.from(p.w.dataSync());
  return ranker;
}

/**
 * A ranker fitted on what a crawl itself sees: the inputs and the new records of the queries it
 * took, one per decision (no counterfactuals, no ground truth). Least squares on log(1 + new
 * records), ranking by the prediction: the labels the crawler's own learning could use.
 */
function fitOnTaken(train, epochs = 400) {
  const taken = train.filter((d) => d.candidates[d.chosen] && !d.candidates[d.chosen].stop);
  const x = tf.tensor2d(taken.map((d) => [...inputs(d.candidates[d.chosen]), 1]));
  const y = tf.tensor2d(taken.map((d) => [Math.log1p(d.takenGain)]));
  const w = tf.variable(tf.zeros([INPUT_DIM + 1, 1]));
  const opt = tf.train.adam(0.01);
  for (let e = 0; e < epochs; e++) opt.minimize(() => tf.add(tf.mean(tf.square(tf.sub(tf.matMul(x, w), y))), tf.mul(tf.sum(tf.square(w)), 1e-3)));
  const weights = Array.from(w.dataSync());
  const ranker = (d) => argmax(d.queries.map((c) => inputs(c).reduce((a, v, i) => a + v * weights[i], weights[INPUT_DIM])));
  ranker.weights = weights;
  return ranker;
}

function normalise(xs) {
  const s = xs.reduce((a, b) => a + b, 0);
  return xs.map((x) => x / s);
}

/** How a ranker does on decisions: mean share of the best offered gain it would take, share of decisions it takes a best one, gain per site. */
function score(decisions, pick) {
  let share = 0;
  let hit = 0;
  const sites = new Map();
  for (const d of decisions) {
    const g = typeof pick === 'function' ? d.queries[pick(d)].gain : pick === 'taken' ? d.takenGain : d.queries.reduce((a, c) => a + c.gain, 0) / d.queries.length;
    share += g / d.best;
    if (g === d.best) hit++;
    sites.set(d.site, (sites.get(d.site) ?? 0) + g);
  }
  return { decisions: decisions.length, bestShare: round(share / Math.max(1, decisions.length)), pickedABest: round(hit / Math.max(1, decisions.length)), sites };
}

function round(x) {
  return Math.round(x * 1000) / 1000;
}

/** Site by site: ahead / tied / behind of the prior on the gain summed over the decisions. */
function versus(a, b) {
  let ahead = 0;
  let tied = 0;
  let behind = 0;
  for (const [site, g] of a.sites) {
    const h = b.sites.get(site) ?? 0;
    if (g > h) ahead++;
    else if (g < h) behind++;
    else tied++;
  }
  return `${ahead} / ${tied} / ${behind}${ahead + behind ? ` (p ${signTest(ahead, behind).toFixed(3)})` : ''}`;
}

/** Two-sided sign test over the sites that differ. */
function signTest(a, b) {
  const n = a + b;
  const k = Math.min(a, b);
  let p = 0;
  for (let i = 0; i <= k; i++) p += binom(n, i) / 2 ** n;
  return Math.min(1, 2 * p);
}

function binom(n, k) {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

const train = trainFile.split(',').flatMap(load);
// A held-out set may be several files, comma-separated: pooled into one set of sites.
const sets = heldOutFiles.map((f) => ({ file: f, all: f.split(',').flatMap(load) }));
const fixed = {
  'random (expected)': 'random',
  'taken by the crawl': 'taken',
  prior: byInput(24),
  'yield efficiency': byInput(21),
  'yield expected new': byInput(22),
  'df in harvested records': byInput(5),
  'kernel estimate (Jiang)': byInput(17),
};
const fitted = {};
fitted['linear'] = fit(train, 'linear', 1);
fitted['residual'] = fit(train, 'residual', 1);
fitted['linear, weighted by stake'] = fit(train, 'linear', 1, { weighted: true });
fitted['residual, weighted by stake'] = fit(train, 'residual', 1, { weighted: true });
fitted['linear on the taken queries only'] = fitOnTaken(train);
for (const seed of [1, 2, 3]) fitted[`mlp #${seed}`] = fit(train, 'mlp', seed);

const report = { train: { file: trainFile, decisions: train.length, sites: new Set(train.map((d) => d.site)).size }, heldOut: [], weights: {} };
for (const kind of ['linear', 'residual', 'linear, weighted by stake', 'linear on the taken queries only']) report.weights[kind] = Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, round(fitted[kind].weights[i])]));
for (const [name, decisions] of [['train (fit on these)', train], ...sets.flatMap((s) => [[s.file, s.all], [`${s.file}, first ${FIRST} of each site`, s.all.filter((d) => d.order < FIRST)]])]) {
  const prior = score(decisions, fixed.prior);
  const rows = {};
  for (const [k, pick] of [...Object.entries(fixed), ...Object.entries(fitted)]) {
    const s = score(decisions, pick);
    rows[k] = { bestShare: s.bestShare, pickedABest: s.pickedABest, gain: Math.round([...s.sites.values()].reduce((a, b) => a + b, 0)), vsPrior: versus(s, prior) };
  }
  report.heldOut.push({ set: name, decisions: decisions.length, sites: new Set(decisions.map((d) => d.site)).size, rankers: rows });
  console.log(`\n## ${name}: ${decisions.length} decisions, ${new Set(decisions.map((d) => d.site)).size} sites`);
  console.log('| ranker | share of best gain | picks a best | gain summed | sites ahead / tied / behind of the prior |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const [k, r] of Object.entries(rows)) console.log(`| ${k} | ${r.bestShare.toFixed(3)} | ${r.pickedABest.toFixed(3)} | ${r.gain} | ${k === 'prior' ? '—' : r.vsPrior} |`);
}
console.log('');
for (const [kind, w] of Object.entries(report.weights)) console.log(`weights, ${kind}: ${JSON.stringify(w)}`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(report, null, 2)}\n`);
