import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOptimizer, saveOptimizer } from '../../src/policy/checkpoint.ts';
import { initTf } from '../../src/perceive/tf-backend.ts';
import { ParameterServer, RoundRobinApplier, type PlainTensors } from '../../src/coordinator/parameter-server.ts';

let tf: Awaited<ReturnType<typeof initTf>>['tf'];
beforeAll(async () => {
  process.env['SURFACER_TF_QUIET'] = '1';
  tf = (await initTf()).tf;
});

const start: PlainTensors = { w: { shape: [2], values: [1, -1] }, b: { shape: [1], values: [0] } };
const grad = (w: [number, number], b: number): PlainTensors => ({ w: { shape: [2], values: w }, b: { shape: [1], values: [b] } });
const values = (s: ParameterServer) => Object.fromEntries(Object.entries(s.parameters().tensors).map(([k, v]) => [k, v.values.map((x) => Number(x.toFixed(6)))]));

describe('parameter server', () => {
  it('applies gradients with its optimiser and bumps the version', () => {
    const s = new ParameterServer(tf, start, { optimizer: 'sgd', learningRate: 0.1 });
    expect(s.apply(grad([1, 2], -1))).toEqual({ version: 1, norm: Math.sqrt(6) });
    expect(values(s)).toEqual({ w: [0.9, -1.2], b: [0.1] });
    expect(s.parameters().version).toBe(1);
    s.dispose();
  });

  it('clips the global gradient norm', () => {
    const s = new ParameterServer(tf, start, { optimizer: 'sgd', learningRate: 1, clipNorm: 1 });
    const r = s.apply(grad([3, 4], 0)); // norm 5 → scaled by 1/5
    expect(r.norm).toBeCloseTo(5, 6);
    expect(values(s)).toEqual({ w: [0.4, -1.8], b: [0] });
    s.dispose();
  });

  it('rejects gradients that do not fit the parameters', () => {
    const s = new ParameterServer(tf, start, { optimizer: 'sgd', learningRate: 1 });
    expect(() => s.apply({ v: { shape: [1], values: [1] } })).toThrow(/unknown parameter "v"/);
    expect(() => s.apply({ w: { shape: [3], values: [1, 2, 3] } })).toThrow(/3 values, the parameter 2/);
    s.dispose();
  });
});

describe('optimiser state across crawls', () => {
  it('a server restored from saved Adam state goes on exactly as the one that saved it; a fresh Adam does not', async () => {
    const a = new ParameterServer(tf, start, { optimizer: 'adam', learningRate: 0.1 });
    a.apply(grad([1, 2], -1));
    a.apply(grad([0.5, -1], 2));
    const dir = mkdtempSync(join(tmpdir(), 'optimizer-'));
    try {
      saveOptimizer(dir, (await a.optimizerState())!);
      const state = loadOptimizer(dir)!;
      expect(state.iterations).toBe(2);
      expect(Object.keys(state.slots).sort()).toEqual(['m/b', 'm/w', 'v/b', 'v/w']);
      const b = new ParameterServer(tf, a.parameters().tensors, { optimizer: 'adam', learningRate: 0.1 });
      await b.restoreOptimizer(state);
      const fresh = new ParameterServer(tf, a.parameters().tensors, { optimizer: 'adam', learningRate: 0.1 });
      // Gradients listed in another order: the server pairs each with its own parameter's moments.
      const next: PlainTensors = { b: { shape: [1], values: [0.3] }, w: { shape: [2], values: [1, 1] } };
      a.apply(next);
      b.apply(next);
      fresh.apply(next);
      // Equal up to float rounding (tfjs recomputes Adam's beta powers on restore); a fresh Adam is far off.
      const gap = (x: ParameterServer, y: ParameterServer) => Math.max(...Object.entries(values(x)).flatMap(([k, v]) => v.map((z, i) => Math.abs(z - values(y)[k]![i]!))));
      expect(gap(b, a)).toBeLessThan(1e-5);
      expect(gap(fresh, a)).toBeGreaterThan(1e-2);
      for (const s of [a, b, fresh]) s.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a model saved without optimiser state loads without one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'optimizer-'));
    try {
      expect(loadOptimizer(dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('round-robin application (--deterministic)', () => {
  const g0 = grad([1, 0], 0.5);
  const g1 = grad([0, -2], 1);

  async function run(arrival: ('a0' | 'a1')[], deterministic: boolean) {
    const s = new ParameterServer(tf, start, { optimizer: 'adam', learningRate: 0.1 });
    const rr = new RoundRobinApplier(s, ['a0', 'a1']);
    const sends = arrival.map((a) => (deterministic ? rr.submit(a, a === 'a0' ? g0 : g1) : Promise.resolve(s.apply(a === 'a0' ? g0 : g1))));
    await Promise.all(sends);
    const out = values(s);
    s.dispose();
    return out;
  }

  it('gives the same parameters whatever order the gradients arrive in', async () => {
    const ab = await run(['a0', 'a1'], true);
    const ba = await run(['a1', 'a0'], true);
    expect(ba).toEqual(ab);
    // Arrival order does matter to a stateful optimiser, which is why the gate exists.
    expect(await run(['a1', 'a0'], false)).not.toEqual(await run(['a0', 'a1'], false));
  });

  it('goes on without an agent that left', async () => {
    const s = new ParameterServer(tf, start, { optimizer: 'sgd', learningRate: 1 });
    const rr = new RoundRobinApplier(s, ['a0', 'a1', 'a2']);
    const waiting = rr.submit('a1', g1); // a0's turn first
    let applied = false;
    void waiting.then(() => (applied = true));
    await Promise.resolve();
    expect(applied).toBe(false);
    rr.leave('a0');
    await expect(waiting).resolves.toMatchObject({ version: 1 });
    await expect(rr.submit('a9', g0)).rejects.toThrow(/not in the rotation/);
    s.dispose();
  });
});
