import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PolicyThreads } from '../../src/agent/policy-threads.ts';
import { InProcessPolicy } from '../../src/agent/policy-compute.ts';
import { initialParameters } from '../../src/policy/network.ts';
import { DEFAULT_LEARNING } from '../../src/policy/rollout-gradients.ts';
import type { CandidateInput, PolicyStep, StateInput } from '../../src/policy/types.ts';

// The agents' worker threads: each holds its own copy of the network, computes what the
// in-process network computes, and goes back to the pool when its episode is over.
let threads: PolicyThreads;
beforeAll(async () => {
  process.env['SURFACER_TF_QUIET'] = '1';
  threads = await PolicyThreads.start(2);
});
afterAll(async () => {
  await threads.close();
});

const state: StateInput = { context: [0.5, 0, 1, 0, 0, 0.2, 0, 0], pageTokens: [3, 17, 99, 512], history: [[1, 0, 0, 0, 0, 0, 0, 0, 0.5, 0]] };
const candidates: CandidateInput[] = [
  { features: [1, 0, 0.3], tokens: [5, 6] },
  { features: [0, 1, 0.7], tokens: [700] },
  { features: [0, 0, 0], tokens: [] },
];
const steps: PolicyStep[] = [
  { state, candidates, chosen: 1, reward: 2 },
  { state: { ...state, history: [...state.history, [0, 1, 0, 0, 0, 0, 0, 0, 2, 0]] }, candidates, chosen: 0, reward: -0.5 },
];

describe('agent threads', () => {
  it('evaluate and differentiate exactly as the network in this thread', async () => {
    const params = initialParameters(3);
    const here = await InProcessPolicy.create();
    await here.load(params);
    const thread = await threads.borrow();
    try {
      await thread.load(params);
      expect(await thread.evaluate(state, candidates)).toEqual(await here.evaluate(state, candidates));
      const request = { steps, next: { state, candidates }, options: DEFAULT_LEARNING };
      const a = await thread.gradients(request);
      const b = await here.gradients(request);
      expect(a.loss).toBe(b.loss);
      expect(a.grads).toEqual(b.grads);
      expect(a.grads['actor_v']!.values.some((v) => v !== 0)).toBe(true);
    } finally {
      thread.release();
      here.release();
    }
  });

  it('lend each thread to one episode at a time, and make a borrower wait until one is given back', async () => {
    const first = await threads.borrow();
    const second = await threads.borrow();
    let third: Awaited<ReturnType<PolicyThreads['borrow']>> | undefined;
    const waiting = threads.borrow().then((t) => (third = t));
    await new Promise((r) => setTimeout(r, 50));
    expect(third).toBeUndefined();
    second.release();
    await waiting;
    expect(third).toBeDefined();
    // The returned thread still answers: it kept running, only its borrower changed.
    await third!.load(initialParameters(1));
    expect((await third!.evaluate(state, candidates)).probabilities).toHaveLength(3);
    first.release();
    third!.release();
  });

  it('report a failed computation as an error of that call, and keep serving', async () => {
    const thread = await threads.borrow();
    try {
      await expect(thread.evaluate(state, candidates)).resolves.toBeDefined();
      await expect(thread.load({})).rejects.toThrow(/policy parameters lack/);
      await thread.load(initialParameters(2));
      await expect(thread.evaluate(state, [])).rejects.toThrow(/at least one candidate/);
      expect((await thread.evaluate(state, candidates)).probabilities).toHaveLength(3);
    } finally {
      thread.release();
    }
  });

  it('replace a thread that died, in its slot, the next time it is borrowed', async () => {
    const old = threads['threads'][0]!;
    await old.stop();
    const thread = await threads.borrow();
    try {
      expect(threads['threads'][0]).not.toBe(old);
      await thread.load(initialParameters(4));
      expect((await thread.evaluate(state, candidates)).probabilities).toHaveLength(3);
    } finally {
      thread.release();
    }
  });

  it('refuse a count that is not a whole number of threads', async () => {
    await expect(PolicyThreads.start(0)).rejects.toThrow(/whole number/);
  });
});
