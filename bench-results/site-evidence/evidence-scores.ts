// At a first decision (nothing issued yet), how a model scores three candidates alike but for where they come from and
// what the site's pages show: a table value no page shows, the same value shown on 30 % of the pages, and a surface
// word shown there. Prints the logit differences and the norm of the evidence rows of cand_w. Run from the repository
// root: node --import tsx bench-results/site-evidence/evidence-scores.ts MODEL_DIR...
import { loadModel } from '../../src/policy/checkpoint.ts';
import { initTf } from '../../src/perceive/tf-backend.ts';
import { PolicyNetwork } from '../../src/policy/network.ts';
import { CANDIDATE_DIM, CONTEXT_DIM, SITE_EVIDENCE_DIM, valueTokens, pageTokens } from '../../src/policy/features.ts';
process.env['SURFACER_TF_QUIET'] = '1';
const { tf } = await initTf();
for (const dir of process.argv.slice(2)) {
  const { params } = loadModel(dir);
  const cw = params['cand_w']!; const cols = cw.shape[1]!;
  const rows = cw.values.slice(-SITE_EVIDENCE_DIM * cols);
  const net = new PolicyNetwork(tf, params);
  const ctx = new Array(CONTEXT_DIM).fill(0); ctx[4] = 1; // first decision: nothing issued, new share 1
  const state = { context: ctx, pageTokens: pageTokens('search the site records guide'), history: [] };
  const f = new Array(CANDIDATE_DIM).fill(0); f[1] = 0.5; f[11] = 1; f[CANDIDATE_DIM - 2] = 1; // an lvs value, prior 1
  const fs = [...f]; fs[11] = 0; fs[14] = 1; // a surface word
  const cands = [
    { features: f, tokens: valueTokens(['alpha']), siteEvidence: [0, 0], prior: 1 },
    { features: f, tokens: valueTokens(['alpha']), siteEvidence: [1, 0.3], prior: 1 },
    { features: fs, tokens: valueTokens(['alpha']), siteEvidence: [1, 0.3], prior: 1 },
  ];
  const out = net.evaluate(state, cands);
  const l = out.probabilities.map((p) => Math.log(p));
  console.log(dir, 'evidence row |w|:', Math.sqrt(rows.reduce((a, b) => a + b * b, 0)).toFixed(4), 'logit: lvs shown − lvs blind', (l[1]! - l[0]!).toFixed(3), '; surface shown − lvs blind', (l[2]! - l[0]!).toFixed(3), 'prior_scale', params['prior_scale']!.values[0]!.toFixed(3));
}
