// A copy of a model with the actor's readout (actor_v, the weights from the candidate's hidden units to its score)
// multiplied by a factor: 0 leaves the prior alone to score the queries (prior_scale · prior), 3.5 makes the
// network's own part of every score 3.5 times as loud, as far as training moved the trained models' readouts.
// Run from the repository root:
//   node --import tsx bench-results/noise-floor/readout.ts MODEL OUT FACTOR
import { loadModel, saveModel } from '../../src/policy/checkpoint.ts';

const [src, dst, factorArg] = process.argv.slice(2);
const factor = Number(factorArg);
if (!src || !dst || !Number.isFinite(factor)) {
  console.error('usage: node --import tsx bench-results/noise-floor/readout.ts MODEL OUT FACTOR');
  process.exit(2);
}
const { params, manifest } = loadModel(src);
// `+ 0` turns the −0 of a negative weight times 0 into 0, so a factor of 0 writes plain zeros.
const readout = params['actor_v']!;
params['actor_v'] = { shape: readout.shape, values: readout.values.map((v) => v * factor + 0) };
const { format: _format, architecture: _architecture, ...rest } = manifest;
saveModel(dst, params, rest);
console.log(`${dst}: ${src} with actor_v × ${factor}`);
