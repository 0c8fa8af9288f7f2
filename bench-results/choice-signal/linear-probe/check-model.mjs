// Check that the probe model scores every offered query of the test decisions as the linear
// ranker does (the same numbers within 1e-3, so the same argmax):
//   node --import tsx bench-results/choice-signal/linear-probe/check-model.mjs MODEL_DIR
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as tf from '@tensorflow/tfjs';
import { loadModel } from '../../../src/policy/checkpoint.ts';
import { PolicyNetwork } from '../../../src/policy/network.ts';

const here = new URL('.', import.meta.url);
const w = Object.values(JSON.parse(readFileSync(new URL('../train-11-12.json', here), 'utf8')).weights['linear, weighted by stake']);
const net = new PolicyNetwork(tf, loadModel(process.argv[2]).params);
let worst = 0;
let decisions = 0;
let sameArgmax = 0;
for (const s of [1, 2, 3]) {
  for (const line of gunzipSync(readFileSync(new URL(`../decisions-seed${s}.jsonl.gz`, here))).toString('utf8').split('\n')) {
    if (!line) continue;
    const d = JSON.parse(line);
    const qs = d.candidates.filter((c) => !c.stop);
    const logits = tf.tidy(() => Array.from(net.forward({ context: d.context, pageTokens: [], history: [] }, qs.map((c) => ({ features: c.features, tokens: [0, 0, 0], yieldEstimate: c.yieldEstimate, prior: c.prior }))).logits.dataSync()));
    const linear = qs.map((c) => [...c.features, ...c.yieldEstimate, c.prior].reduce((a, x, i) => a + x * w[i], 0));
    logits.forEach((l, i) => (worst = Math.max(worst, Math.abs(l - linear[i]))));
    const am = (xs) => xs.indexOf(Math.max(...xs));
    decisions++;
    if (am(logits) === am(linear)) sameArgmax++;
  }
}
console.log(`${decisions} decisions: largest |network score − linear score| ${worst.toExponential(2)}; same best query on ${sameArgmax}`);
