import { beforeAll, describe, expect, it } from 'vitest';
import { initTf } from '../../src/perceive/tf-backend.ts';
import { PolicyNetwork, PARAMETER_SHAPES, initialParameters, widenParameters } from '../../src/policy/network.ts';
import { DEFAULT_LEARNING, imitationGradients, rolloutGradients } from '../../src/policy/rollout-gradients.ts';
import { behaviourProbability, chooseAction } from '../../src/policy/action-choice.ts';
import { CANDIDATE_DIM, CONTEXT_DIM, HISTORY_DIM, historyRow, pageActionInput, pageTokens, SITE_EVIDENCE_DIM, siteEvidenceInput, valueTokens, tokenBucket, VOCAB_BUCKETS } from '../../src/policy/features.ts';
import { ParameterServer } from '../../src/coordinator/parameter-server.ts';
import { createRng } from '../../src/lvs/random.ts';
import type { CandidateInput, PolicyStep, StateInput } from '../../src/policy/types.ts';

let tf: Awaited<ReturnType<typeof initTf>>['tf'];
beforeAll(async () => {
  process.env['SURFACER_TF_QUIET'] = '1';
  tf = (await initTf()).tf;
});

const state = (history: number[][] = []): StateInput => ({ context: new Array(CONTEXT_DIM).fill(0.2), pageTokens: pageTokens('Arts records: painting sculpture painting music theatre'), history });

/** Candidate i: feature 5 (record DF share) is the signal a good query has. */
function candidates(rng: () => number, n: number): { inputs: CandidateInput[]; good: number } {
  const good = Math.floor(rng() * n);
  const inputs = Array.from({ length: n }, (_, i) => {
    const features = Array.from({ length: CANDIDATE_DIM }, () => rng() * 0.2);
    features[5] = i === good ? 0.9 : 0.1;
    return { features, tokens: valueTokens([`word${Math.floor(rng() * 50)}`]) };
  });
  return { inputs, good };
}

type Draw = (r: () => number) => { inputs: CandidateInput[]; good: number };

/** Mean probability the agent gives the good candidate over 10 draws from a fixed seed. */
function probabilityOfGood(agent: PolicyNetwork, draw: Draw, seed: number): number {
  const r = createRng(seed);
  let sum = 0;
  for (let k = 0; k < 10; k++) {
    const c = draw(r);
    sum += agent.evaluate(state(), c.inputs).probabilities[c.good]!;
  }
  return sum / 10;
}

/**
 * 40 updates through the parameter server, each of 5 decisions the agent takes as an online agent
 * does (drawn from it; or, `greedy`, by the frozen rule at that dry share, with μ recorded for
 * V-trace): the good candidate earns 1, any other `miss`.
 */
function trainOnDraws(agent: PolicyNetwork, server: ParameterServer, draw: Draw, rng: () => number, miss: number, greedy?: { dryShare: number }): void {
  for (let update = 0; update < 40; update++) {
    const steps: PolicyStep[] = [];
    for (let t = 0; t < 5; t++) {
      const c = draw(rng);
      const { probabilities } = agent.evaluate(state(), c.inputs);
      const mode = greedy ? { frozen: true, dryShare: greedy.dryShare } : { frozen: false, dryShare: 0 };
      const chosen = chooseAction(probabilities, mode, rng);
      const behaviour = greedy ? { behaviour: behaviourProbability(probabilities, mode, chosen) } : {};
      steps.push({ state: state(), candidates: c.inputs, chosen, reward: chosen === c.good ? 1 : miss, ...behaviour });
    }
    server.apply(rolloutGradients(tf, agent, steps, null).grads);
    agent.load(server.parameters().tensors);
  }
}

describe('policy network', () => {
  it('a model from before the result-page actions and yield estimates, widened, scores queries exactly as it did', () => {
    const full = initialParameters(5);
    // The old model: the same weights without the rows of the inputs added since.
    const old = structuredClone(full);
    const oldRows = { lstm_w: HISTORY_DIM + 16, cand_w: CANDIDATE_DIM + 8 };
    for (const [name, rows] of Object.entries(oldRows)) {
      const cols = full[name]!.shape[1]!;
      old[name] = { shape: [rows, cols], values: full[name]!.values.slice(0, rows * cols) };
    }
    expect(widenParameters(old).sort()).toEqual(['cand_w', 'lstm_w']);
    const rng = createRng(9);
    const { inputs } = candidates(rng, 6);
    const history = [historyRow(inputs[0]!, 0.5, 4, false), historyRow(inputs[2]!, -0.2, 0, true)];
    const a = new PolicyNetwork(tf, full).evaluate(state(history), inputs);
    const b = new PolicyNetwork(tf, old).evaluate(state(history), inputs);
    b.probabilities.forEach((p, i) => expect(p).toBeCloseTo(a.probabilities[i]!, 6));
    expect(b.value).toBeCloseTo(a.value, 6);
    // Nor does the widened model read the yield estimates: it scores as it did before that input.
    const withYield = inputs.map((c, i) => ({ ...c, yieldEstimate: i % 2 ? [0.9, 0.5, 1] : [0.1, 0.2, 0] }));
    const c = new PolicyNetwork(tf, old).evaluate(state(history), withYield);
    c.probabilities.forEach((p, i) => expect(p).toBeCloseTo(b.probabilities[i]!, 6));
    const d = new PolicyNetwork(tf, full).evaluate(state(history), withYield);
    // (A fresh actor starts near uniform: the estimates move its probabilities by about 5e-5.)
    expect(d.probabilities.some((p, i) => Math.abs(p - a.probabilities[i]!) > 1e-5)).toBe(true);
    // Result-page actions differ only in the new rows: the widened model cannot tell them apart yet.
    const seen = { pageNo: 1, listed: 10, newToCrawl: 3, queryListed: 10, queryNew: 3 };
    const pageChoice = new PolicyNetwork(tf, old).evaluate(state(history), [pageActionInput('next-page', seen), pageActionInput('back', seen)]);
    expect(pageChoice.probabilities[0]).toBeCloseTo(0.5, 6);
    const fresh = new PolicyNetwork(tf, full).evaluate(state(history), [pageActionInput('next-page', seen), pageActionInput('back', seen)]);
    expect(fresh.probabilities[0]).not.toBeCloseTo(0.5, 3);
  });

  it("starts from the yield model's ranking: a fresh actor's greedy query is the one with prior 1; a model without prior_scale ignores it", () => {
    const rng = createRng(4);
    const { inputs } = candidates(rng, 8);
    const priors = [0.2, 0.5, 0.1, 1, 0.6, 0, 0.3, 0.4];
    const withPrior = inputs.map((c, i) => ({ ...c, prior: priors[i] }));
    const fresh = new PolicyNetwork(tf, initialParameters(3)).evaluate(state(), withPrior);
    expect(fresh.probabilities.indexOf(Math.max(...fresh.probabilities))).toBe(3);
    // prior_scale 6: the best has e^3 the odds of a query at half its efficiency (within the actor's small start).
    expect(Math.log(fresh.probabilities[3]! / fresh.probabilities[1]!)).toBeGreaterThan(2.5);
    const old = initialParameters(3);
    delete old['prior_scale'];
    expect(widenParameters(old)).toEqual(['prior_scale']);
    const a = new PolicyNetwork(tf, old).evaluate(state(), withPrior);
    const b = new PolicyNetwork(tf, old).evaluate(state(), inputs);
    a.probabilities.forEach((p, i) => expect(p).toBeCloseTo(b.probabilities[i]!, 6));
  });

  it('fresh parameters with prior weight 0 (train --prior-scale 0): the same weights otherwise, and the prior changes no score', () => {
    const rng = createRng(5);
    const { inputs } = candidates(rng, 6);
    const withPrior = inputs.map((c, i) => ({ ...c, prior: i === 2 ? 1 : 0.1 }));
    const zero = initialParameters(3, 0);
    expect(zero.prior_scale!.values).toEqual([0]);
    const { prior_scale: _a, ...rest } = zero;
    const { prior_scale: _b, ...restDefault } = initialParameters(3);
    expect(rest).toEqual(restDefault);
    const net = new PolicyNetwork(tf, zero);
    const a = net.evaluate(state(), withPrior);
    const b = net.evaluate(state(), inputs);
    a.probabilities.forEach((p, i) => expect(p).toBeCloseTo(b.probabilities[i]!, 6));
    // Near uniform: no query has twice another's chance.
    expect(Math.max(...a.probabilities) / Math.min(...a.probabilities)).toBeLessThan(2);
    net.dispose();
  });

  it('hashes words into the vocabulary, never onto padding', () => {
    for (const w of ['arts', 'music', 'x', 'ünïcode']) {
      const b = tokenBucket(w);
      expect(b).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThan(VOCAB_BUCKETS);
    }
    expect(pageTokens('painting painting music')[0]).toBe(tokenBucket('painting'));
  });

  it('scores any number of candidates and gives one value; fresh parameters are seeded', () => {
    expect(initialParameters(3)).toEqual(initialParameters(3));
    expect(initialParameters(3).conv_w!.values).not.toEqual(initialParameters(4).conv_w!.values);
    const net = new PolicyNetwork(tf, initialParameters(1));
    const rng = createRng(1);
    for (const n of [1, 4, 37]) {
      const out = net.evaluate(state([[0.5, 0.1, 0, 1, 0, 0, 0, 0, 0, 0]]), candidates(rng, n).inputs);
      expect(out.probabilities).toHaveLength(n);
      expect(out.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
      expect(Number.isFinite(out.value)).toBe(true);
    }
    net.dispose();
  });

  it('rejects parameters of the wrong shape with a message naming them', () => {
    const bad = initialParameters(1);
    bad.conv_w = { shape: [2, 2], values: [0, 0, 0, 0] };
    expect(() => new PolicyNetwork(tf, bad)).toThrow(/conv_w/);
  });

  it('gives a gradient for every parameter, reaching the embedding, convolution and LSTM', () => {
    const net = new PolicyNetwork(tf, initialParameters(2));
    const rng = createRng(2);
    const c = candidates(rng, 5);
    const steps: PolicyStep[] = [
      { state: state(), candidates: c.inputs, chosen: c.good, reward: 1 },
      { state: state([[1, 0.3, 0, 1, 0, 0, 0, 0, 0, 0]]), candidates: c.inputs, chosen: 0, reward: -0.2 },
    ];
    const { grads, returns } = rolloutGradients(tf, net, steps, null);
    expect(returns[1]).toBeCloseTo(-0.2, 6);
    expect(returns[0]).toBeCloseTo(1 - 0.99 * 0.2, 6);
    expect(Object.keys(grads).sort()).toEqual(Object.keys(PARAMETER_SHAPES).sort());
    const withPrior = c.inputs.map((x, i) => ({ ...x, prior: i / 4 }));
    const learnsScale = rolloutGradients(tf, net, [{ state: state(), candidates: withPrior, chosen: 1, reward: 1 }], null).grads;
    expect(learnsScale['prior_scale']!.values[0]).not.toBe(0);
    for (const name of ['embedding', 'conv_w', 'lstm_w', 'cand_w', 'actor_v', 'critic_w']) {
      expect(grads[name]!.values.some((v) => v !== 0), name).toBe(true);
    }
    // GAE's λ = 1 is the default advantage exactly; λ = 0 changes only what the policy term
    // weighs, so the critic's own weights get the same gradient and the actor's another.
    const same = rolloutGradients(tf, net, steps, null, { ...DEFAULT_LEARNING, gaeLambda: 1 }).grads;
    const td = rolloutGradients(tf, net, steps, null, { ...DEFAULT_LEARNING, gaeLambda: 0 }).grads;
    for (const name of Object.keys(grads)) expect(same[name]!.values, name).toEqual(grads[name]!.values);
    td['critic_w']!.values.forEach((v, i) => expect(v).toBeCloseTo(grads['critic_w']!.values[i]!, 6));
    expect(td['actor_v']!.values.some((v, i) => Math.abs(v - grads['actor_v']!.values[i]!) > 1e-6)).toBe(true);
    // Steps another rule chose (V-trace): where it chose as π would (μ = π(a), every weight 1) the
    // gradients are the on-policy ones; where π gave the action a tenth of μ's chance, the actor's differ.
    const pi = steps.map((s) => net.evaluate(s.state, s.candidates).probabilities[s.chosen]!);
    const asOnPolicy = rolloutGradients(tf, net, steps.map((s, t) => ({ ...s, behaviour: pi[t]! })), null).grads;
    for (const name of Object.keys(grads)) asOnPolicy[name]!.values.forEach((v, i) => expect(v, name).toBeCloseTo(grads[name]!.values[i]!, 5));
    const unlikely = rolloutGradients(tf, net, steps.map((s, t) => ({ ...s, behaviour: Math.min(1, 10 * pi[t]!) })), null).grads;
    expect(unlikely['actor_v']!.values.some((v, i) => Math.abs(v - grads['actor_v']!.values[i]!) > 1e-6)).toBe(true);
    net.dispose();
  });

  it('learns through the parameter server: the rewarded kind of candidate becomes likely', () => {
    const server = new ParameterServer(tf, initialParameters(5), { optimizer: 'adam', learningRate: 0.01 });
    const agent = new PolicyNetwork(tf, server.parameters().tensors);
    const draw: Draw = (r) => candidates(r, 8);
    const before = probabilityOfGood(agent, draw, 123);
    trainOnDraws(agent, server, draw, createRng(9), -0.1);
    const after = probabilityOfGood(agent, draw, 123);
    expect(before).toBeLessThan(0.2);
    expect(after).toBeGreaterThan(0.5);
    agent.dispose();
    server.dispose();
  });

  it('learns while acting by the frozen rule (off-policy, V-trace): the rewarded kind of candidate becomes likely', () => {
    const server = new ParameterServer(tf, initialParameters(5), { optimizer: 'adam', learningRate: 0.01 });
    const agent = new PolicyNetwork(tf, server.parameters().tensors);
    const draw: Draw = (r) => candidates(r, 8);
    const before = probabilityOfGood(agent, draw, 123);
    // Half the decisions greedy, half drawn (a form a quarter of its patience dry).
    trainOnDraws(agent, server, draw, createRng(9), -0.1, { dryShare: 0.25 });
    const after = probabilityOfGood(agent, draw, 123);
    expect(before).toBeLessThan(0.2);
    expect(after).toBeGreaterThan(0.5);
    agent.dispose();
    server.dispose();
  });

  it("reads the site's evidence only once it learns it: fresh weights leave it unread, and rewarded evidence becomes likely", () => {
    const fresh = initialParameters(7);
    const cand = fresh['cand_w']!;
    const cols = cand.shape[1]!;
    // The evidence rows are the last ones, zero: a fresh network scores as it did before the input.
    expect(cand.values.slice(-SITE_EVIDENCE_DIM * cols).every((v) => v === 0)).toBe(true);
    expect(cand.values.slice(0, -SITE_EVIDENCE_DIM * cols).some((v) => v !== 0)).toBe(true);
    expect(siteEvidenceInput(undefined)).toEqual([0, 0]);
    expect(siteEvidenceInput(0)).toEqual([0, 0]);
    expect(siteEvidenceInput(0.25)).toEqual([1, 0.25]);
    // Candidates alike but for the evidence: the one the site's pages show is the one that pays.
    const rng = createRng(11);
    const alike: Draw = (r) => {
      const good = Math.floor(r() * 8);
      const features = Array.from({ length: CANDIDATE_DIM }, () => 0.1);
      return { good, inputs: Array.from({ length: 8 }, (_, i) => ({ features, tokens: valueTokens([`word${i}`]), siteEvidence: siteEvidenceInput(i === good ? 0.3 : 0) })) };
    };
    const server = new ParameterServer(tf, fresh, { optimizer: 'adam', learningRate: 0.01 });
    const agent = new PolicyNetwork(tf, server.parameters().tensors);
    const before = probabilityOfGood(agent, alike, 321);
    // Near uniform over 8: the zero rows do not read the evidence.
    expect(before).toBeCloseTo(1 / 8, 2);
    trainOnDraws(agent, server, alike, rng, -0.2);
    expect(probabilityOfGood(agent, alike, 321)).toBeGreaterThan(0.5);
    agent.dispose();
    server.dispose();
  });

  it("imitates a workflow's decision only where its return beat the critic: the chosen action becomes likelier", () => {
    const net = new PolicyNetwork(tf, initialParameters(6));
    const c = candidates(createRng(4), 6);
    const steps: PolicyStep[] = [{ state: state(), candidates: c.inputs, chosen: 2, reward: 1 }];
    const before = net.evaluate(state(), c.inputs);
    // A return below V(s): nothing to imitate.
    expect(imitationGradients(tf, net, steps, [before.value - 0.5])).toBeNull();
    expect(() => imitationGradients(tf, net, steps, [])).toThrow(/a return per step/);
    const server = new ParameterServer(tf, initialParameters(6), { optimizer: 'adam', learningRate: 0.01 });
    // Imitate while the return still beats the critic (it rises towards the return).
    let updates = 0;
    for (let r = imitationGradients(tf, net, steps, [before.value + 2]); r && updates < 10; r = imitationGradients(tf, net, steps, [before.value + 2])) {
      expect(r.loss).toBeGreaterThan(0);
      server.apply(r.grads);
      net.load(server.parameters().tensors);
      updates++;
    }
    expect(updates).toBeGreaterThanOrEqual(3);
    const after = net.evaluate(state(), c.inputs);
    expect(after.probabilities[2]).toBeGreaterThan(before.probabilities[2]! + 0.02);
    // The critic moves towards the better return too.
    expect(after.value).toBeGreaterThan(before.value);
    net.dispose();
    server.dispose();
  });
});
