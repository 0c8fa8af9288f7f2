// At the first query decision of the 35 sites of ../choice-signal/: the spread of the network's own part of each
// offered query's score (its logit minus prior_scale · prior) and of the prior's part, per model; and how often the
// greedy choice (the highest score) would have listed nothing, and what it would have brought on average. The state is the recorded context with no page words and no history (the
// decisions file does not keep them). Run from the repository root:
//   node --import tsx bench-results/site-evidence/network-part.ts MODEL_DIR...
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadModel } from '../../src/policy/checkpoint.ts';
import { initTf } from '../../src/perceive/tf-backend.ts';
import { PolicyNetwork } from '../../src/policy/network.ts';
import { valueTokens } from '../../src/policy/features.ts';
process.env['SURFACER_TF_QUIET'] = '1';
const { tf } = await initTf();
const firsts: any[] = [];
for (const seed of [1, 2, 3, 11, 12]) {
  const seen = new Set<string>();
  for (const line of gunzipSync(readFileSync(`bench-results/choice-signal/decisions-seed${seed}.jsonl.gz`)).toString('utf8').trim().split('\n')) {
    const d = JSON.parse(line);
    if (seen.has(d.site)) continue;
    seen.add(d.site);
    firsts.push(d);
  }
}
const sd = (xs: number[]) => { const m = xs.reduce((a, b) => a + b, 0) / xs.length; return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length); };
for (const dir of process.argv.slice(2)) {
  const { params } = loadModel(dir);
  const scale = params['prior_scale']!.values[0]!;
  const net = new PolicyNetwork(tf, params);
  let netSd = 0, priorSd = 0, empty = 0, gain = 0;
  for (const d of firsts) {
    const cands = d.candidates.filter((c: any) => !c.stop).map((c: any) => {
      const vals: [string, string][] = JSON.parse(c.key.slice(c.key.indexOf('|') + 1) || '[]');
      return { features: c.features, yieldEstimate: c.yieldEstimate, prior: c.prior ?? 0, tokens: valueTokens(vals.flatMap(([, v]) => v.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 1))) };
    });
    const logits = tf.tidy(() => Array.from(net.forward({ context: d.context, pageTokens: [], history: [] }, cands).logits.dataSync()));
    const own = logits.map((l, i) => l - scale * cands[i].prior);
    netSd += sd(own); priorSd += sd(cands.map((c: any) => scale * c.prior));
    const best = logits.indexOf(Math.max(...logits));
    const g = d.candidates.filter((c: any) => !c.stop)[best].gain;
    gain += g;
    if (g === 0) empty++;
  }
  console.log(`${dir}: network part sd ${(netSd / firsts.length).toFixed(3)} logits, prior part sd ${(priorSd / firsts.length).toFixed(3)}; greedy first query lists nothing on ${empty}/${firsts.length}, brings ${(gain / firsts.length).toFixed(1)} new records on average`);
}
