import { describe, expect, it } from 'vitest';
import { initTf } from '../../src/perceive/tf-backend.ts';
import { OfflineEnv, PageReader } from '../../src/webnav/env.ts';
import { EDGE_FEATURES, QueryFeaturizer, STOP_FEATURES } from '../../src/webnav/neural/features.ts';
import { assemble, NavModel, type Trajectory } from '../../src/webnav/neural/model.ts';
import { buildTaskFromPages, taskFromFiles } from '../../src/webnav/task.ts';
import { tinyCrawl } from './fixture.ts';

const config = { hashDim: 64, embed: 8, units: 8, edgeHidden: 8, stopHidden: 4 };

async function setup() {
  process.env['SURFACER_TF_QUIET'] = '1';
  const { tf } = await initTf();
  const { pages, queries } = tinyCrawl();
  const task = taskFromFiles(buildTaskFromPages(pages, queries, 'tiny', { hops: 4, querySentences: 2 }));
  const env = new OfflineEnv(task);
  const reader = new PageReader(env, task.idf);
  const ex = task.examples[0]!;
  const feat = new QueryFeaturizer(reader, { text: ex.query, sentences: ex.sentences }, task.idf, config.hashDim);
  // Two trajectories of different lengths; candidates = all out-edges of each page.
  const traj = (path: number[], weight = 1): Trajectory => ({
    feat,
    weight,
    steps: path.map((n, t) => {
      const cands = env.edgesSync(String(n));
      const next = path[t + 1];
      return { cur: String(n), prev: t ? 'link' : null, cands, action: next === undefined ? -1 : cands.findIndex((e) => e.to === String(next)) };
    }),
  });
  return { tf, task, env, ex, traj };
}

describe('neural edge scorer', () => {
  it('gives [B, T, C + 1] log-probabilities: masked candidates get none, each step sums to 1', async () => {
    const { tf, task, ex, traj } = await setup();
    const model = new NavModel(tf, config, undefined, 3);
    const trajs = [traj(ex.path), traj([task.graph.start])];
    const batch = await assemble(trajs, config.hashDim);
    const maxC = Math.max(...trajs.flatMap((t) => t.steps.map((s) => s.cands.length)));
    expect(batch.B).toBe(2);
    expect(batch.T).toBe(ex.path.length);
    expect(batch.C).toBe(maxC);
    expect(batch.candF.length).toBe(batch.B * batch.T * batch.C * EDGE_FEATURES);
    expect(batch.stopF.length).toBe(batch.B * batch.T * STOP_FEATURES);
    const lp = model.logProbs(batch);
    expect(lp.shape).toEqual([2, batch.T, maxC + 1]);
    const p = (await tf.exp(lp).array()) as number[][][];
    for (const row of p[0]!) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    // Step 0 of trajectory 0: padded candidate slots have probability 0.
    const n0 = trajs[0]!.steps[0]!.cands.length;
    for (let c = n0; c < maxC; c++) expect(p[0]![0]![c]).toBeLessThan(1e-6);
    model.dispose();
  });

  it('a supervised step lowers the loss of the example path, and lastStep scores every candidate', async () => {
    const { tf, ex, traj } = await setup();
    const model = new NavModel(tf, config, undefined, 4);
    const batch = await assemble([traj(ex.path)], config.hashDim);
    const before = (await model.loss(batch).data())[0]!;
    const opt = tf.train.adam(0.05);
    for (let i = 0; i < 5; i++) opt.minimize(() => model.loss(batch) as never, false, Object.values(model.vars));
    const after = (await model.loss(batch).data())[0]!;
    expect(after).toBeLessThan(before);
    const t = traj(ex.path);
    const [d] = await model.lastStep([{ ...t, steps: t.steps.slice(0, 1) }]);
    expect(d!.edges).toHaveLength(t.steps[0]!.cands.length);
    expect(Math.exp(d!.stop) + d!.edges.reduce((a, b) => a + Math.exp(b), 0)).toBeCloseTo(1, 4);
    model.dispose();
  });
});
