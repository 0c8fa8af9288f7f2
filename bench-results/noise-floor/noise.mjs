// How far training moved each parameter group of the policy network, and how consistent Adam found its gradients,
// each next to what Adam does with gradients that are pure noise. Run from the repository root:
//   node bench-results/noise-floor/noise.mjs START_MODEL TRAINED_MODEL[@MOMENTS_DIR]...
// A model directory holds the weights (model.json, weights.bin) and manifest.json (updates, learning rate). Adam's
// moments (optimizer.json, optimizer.bin) are read from MOMENTS_DIR, else from the model directory where train left
// them; adam-moments/<run>/ holds them for the three runs of ../reward-shape/, whose models were kept without them. The reference draws N(0, 1) gradients, independent per parameter and step,
// through the same Adam (tfjs defaults: beta1 0.9, beta2 0.999) for the same number of updates.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const BETA1 = 0.9;
const BETA2 = 0.999;

function weights(dir) {
  const spec = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')).weightsManifest[0].weights;
  const buf = readFileSync(join(dir, 'weights.bin'));
  const all = new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4);
  const out = {};
  let off = 0;
  for (const w of spec) {
    const n = w.shape.reduce((a, b) => a * b, 1);
    out[w.name] = { shape: w.shape, values: all.subarray(off, off + n) };
    off += n;
  }
  return out;
}

function moments(dir) {
  if (!existsSync(join(dir, 'optimizer.json'))) return null;
  const meta = JSON.parse(readFileSync(join(dir, 'optimizer.json'), 'utf8'));
  const buf = readFileSync(join(dir, 'optimizer.bin'));
  const all = new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4);
  const slots = {};
  let off = 0;
  for (const s of meta.slots) {
    const n = s.shape.reduce((a, b) => a * b, 1);
    slots[s.name] = all.subarray(off, off + n);
    off += n;
  }
  return { iterations: meta.iterations, slots };
}

/** |m̂|/√v̂ of Adam's bias-corrected moments: about 0.18 for pure noise, 1 for a gradient that never changes. */
function consistency(m, v, t) {
  const c1 = 1 - BETA1 ** t;
  const c2 = 1 - BETA2 ** t;
  const r = [];
  for (let i = 0; i < m.length; i++) if (v[i] > 0) r.push(Math.abs(m[i] / c1) / Math.sqrt(v[i] / c2));
  return r;
}

/** Adam on N(0, 1) gradients: mean |Δθ| after `steps` updates and the mean |m̂|/√v̂ at the end. */
function noiseReference(steps, lr, params = 20000, seed = 7) {
  let s = seed >>> 0;
  const uniform = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  let moved = 0;
  let ratio = 0;
  for (let p = 0; p < params; p++) {
    let m = 0, v = 0, x = 0;
    for (let t = 1; t <= steps; t++) {
      const g = normal();
      m = BETA1 * m + (1 - BETA1) * g;
      v = BETA2 * v + (1 - BETA2) * g * g;
      const mh = m / (1 - BETA1 ** t);
      const vh = v / (1 - BETA2 ** t);
      x -= (lr * mh) / (Math.sqrt(vh) + 1e-8);
      if (t === steps) ratio += Math.abs(mh) / Math.sqrt(vh);
    }
    moved += Math.abs(x);
  }
  return { moved: moved / params, ratio: ratio / params };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const [startDir, ...trainedDirs] = process.argv.slice(2);
if (!startDir || !trainedDirs.length) {
  console.error('usage: node bench-results/noise-floor/noise.mjs START_MODEL TRAINED_MODEL[@MOMENTS_DIR]...');
  process.exit(2);
}
const start = weights(startDir);
// Each trained model's weights, read once: the per-model tables and the comparison between runs both use them.
const moves = [];
for (const arg of trainedDirs) {
  const [dir, momentsDir = dir] = arg.split('@');
  const trained = weights(dir);
  moves.push(trained);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const steps = manifest.updates;
  const lr = manifest.learning?.learningRate ?? 0.005;
  const ref = noiseReference(steps, lr);
  const adam = moments(momentsDir);
  console.log(`\n### ${dir}\n`);
  console.log(`${steps} updates at learning rate ${lr}. Adam on pure noise for as many updates: mean |Δ| ${ref.moved.toFixed(4)}, mean |m̂|/√v̂ ${ref.ratio.toFixed(3)}.`);
  console.log('A gradient that never changed sign would move a weight by lr × updates = ' + (lr * steps).toFixed(3) + ' and give |m̂|/√v̂ = 1.\n');
  console.log('| parameters | weights | initial rms | mean \\|Δ\\| | mean \\|Δ\\| / noise\'s | mean \\|Δ\\| / initial rms | mean \\|m̂\\|/√v̂ | median \\|m̂\\|/√v̂ |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, p] of Object.entries(start)) {
    const q = trained[name];
    if (!q) continue;
    // Rows a model gained after it was saved (widened with zeros) are left out: they never trained.
    const n = Math.min(p.values.length, q.values.length);
    const deltas = [];
    let sq = 0;
    for (let i = 0; i < n; i++) {
      deltas.push(Math.abs(q.values[i] - p.values[i]));
      sq += p.values[i] ** 2;
    }
    const rms = Math.sqrt(sq / n);
    const moved = mean(deltas);
    const c = adam && adam.slots[`m/${name}`] ? consistency(adam.slots[`m/${name}`], adam.slots[`v/${name}`], adam.iterations) : null;
    console.log(`| ${name} | ${n} | ${rms.toFixed(3)} | ${moved.toFixed(4)} | ${(moved / ref.moved).toFixed(2)} | ${rms > 0 ? (moved / rms).toFixed(2) : '—'} | ${c ? mean(c).toFixed(3) : '—'} | ${c ? median(c).toFixed(3) : '—'} |`);
  }
}

// Do the runs move each parameter group the same way? The cosine between two runs' movements (trained − start):
// near 1 where training learns the same thing from different crawls, near 0 (± 1/√weights) where each run
// walks its own way.
if (trainedDirs.length > 1) {
  console.log('\n### The runs\' movements against each other\n');
  console.log(trainedDirs.map((arg, i) => `${i + 1}. ${arg.split('@')[0]}`).join('\n') + '\n');
  const pairs = [];
  for (let i = 0; i < moves.length; i++) for (let j = i + 1; j < moves.length; j++) pairs.push([i, j]);
  console.log(`| parameters | 1/√weights | ${pairs.map(([i, j]) => `${i + 1}·${j + 1}`).join(' | ')} | mean |`);
  console.log(`| --- | ---: | ${pairs.map(() => '---:').join(' | ')} | ---: |`);
  const scalars = [];
  for (const [name, p] of Object.entries(start)) {
    const n = Math.min(p.values.length, ...moves.map((m) => m[name].values.length));
    // One weight has no direction to agree on, only a sign: listed under the table.
    if (n === 1) {
      scalars.push(`${name} moved ${moves.map((m) => (m[name].values[0] - p.values[0] >= 0 ? '+' : '') + (m[name].values[0] - p.values[0]).toFixed(3)).join(', ')}`);
      continue;
    }
    const delta = moves.map((m) => Array.from({ length: n }, (_, i) => m[name].values[i] - p.values[i]));
    const cos = (a, b) => {
      let d = 0, x = 0, y = 0;
      for (let i = 0; i < n; i++) { d += a[i] * b[i]; x += a[i] ** 2; y += b[i] ** 2; }
      return x > 0 && y > 0 ? d / Math.sqrt(x * y) : NaN;
    };
    const cs = pairs.map(([i, j]) => cos(delta[i], delta[j]));
    console.log(`| ${name} | ${(1 / Math.sqrt(n)).toFixed(2)} | ${cs.map((c) => c.toFixed(2)).join(' | ')} | ${mean(cs).toFixed(2)} |`);
  }
  if (scalars.length) console.log(`\nSingle weights, run by run: ${scalars.join('; ')}.`);
}
