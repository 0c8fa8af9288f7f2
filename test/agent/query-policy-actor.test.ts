import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Coordinator, type CoordinatorConfig } from '../../src/coordinator/coordinator.ts';
import type { EpisodeAssignment, SearchFormInfo } from '../../src/coordinator/messages.ts';
import { QueryPolicyActor } from '../../src/agent/query-policy-actor.ts';
import { PolicyThreads } from '../../src/agent/policy-threads.ts';
import { loadLvsTable } from '../../src/lvs/index.ts';
import { RunStore } from '../../src/store/index.ts';
import { CONTEXT_DRY_SHARE, tokenBucket, valueTokens, type ResultPageSeen } from '../../src/policy/features.ts';
import { nextPageEfficiency } from '../../src/policy/prior.ts';
import { STOP_AFTER_ZERO_STREAK_HARVESTED } from '../../src/coordinator/policy-choices.ts';
import type { PolicyCompute } from '../../src/agent/policy-compute.ts';
import type { CandidateInput, PlainTensors, PolicyStep } from '../../src/policy/types.ts';
import { WgeGuide } from '../../src/coordinator/wge-guide.ts';
import type { WorkflowGuide } from '../../src/coordinator/workflow-guide.ts';

// The learning path without a browser: a coordinator, agents acting under the policy through
// the message interface, and a fake site whose answer to a query depends only on the query.
const dirs: string[] = [];
beforeAll(() => {
  process.env['SURFACER_TF_QUIET'] = '1';
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const SITE = 'http://127.0.0.1:1';
const form: SearchFormInfo = {
  formKey: `${SITE}/search#form0`,
  pageUrl: `${SITE}/search`,
  index: 0,
  method: 'GET',
  action: `${SITE}/results`,
  depth: 1,
  probability: 0.95,
  fields: [{ name: 'q', label: 'Search the collection', tag: 'input', type: 'text', fieldType: 'search query', required: false, hidden: false, selectorHint: '#q' }],
};

/** Records a query lists: 0–14 of them, fixed by the value's words. */
function fakeResults(value: string): string[] {
  const h = tokenBucket(value);
  const n = h % 15;
  return Array.from({ length: n }, (_, i) => `${SITE}/record/${(h * 7 + i * 13) % 400}`);
}

/** A coordinator learning with the a3c policy that knows the fake site's search form; harvest episodes queue in `harvests`. */
async function coordinatorWithForm(overrides: Partial<CoordinatorConfig> & { seed: number }, guide?: WorkflowGuide) {
  const dir = mkdtempSync(join(tmpdir(), 'surfacer-policy-'));
  dirs.push(dir);
  const config: CoordinatorConfig = { strategy: 'a3c', maxDepth: 3, maxQueries: 200, maxPages: 5000, maxStepsPerEpisode: 8, episodeTimeLimitMs: 0, maxResultPagesPerQuery: 2, allowPost: false, allowedHosts: ['127.0.0.1'], patience: 25, origins: [SITE], policy: { frozen: false, tMax: 3, learningRate: 0.01 }, ...overrides };
  const store = await RunStore.create(dir, { domain: 'arts', strategy: 'a3c', seeds: [SITE + '/'] }, config);
  const harvests: EpisodeAssignment[] = [];
  const coordinator = new Coordinator(config, loadLvsTable('arts'), store, (a) => {
    if (a.kind === 'harvest') harvests.push(a);
  });
  await coordinator.preparePolicy(guide);
  await coordinator.send({ type: 'page', episodeId: 'e0', url: form.pageUrl, finalUrl: form.pageUrl, depth: 1, kind: 'surface', via: 'link', score: 0, title: 'Search the arts collection', status: 200, text: 'Paintings, sculpture and music of the collection.' });
  await coordinator.send({ type: 'forms', episodeId: 'e0', pageUrl: form.pageUrl, depth: 1, forms: [{ index: 0, formType: 'search', probability: 0.95, method: 'GET' }], searchForms: [form] });
  return { coordinator, store, harvests };
}

/** A stand-in network for frozen agents that scores by the prior alone, as the trained one's prior_scale weighs it. */
function priorOnlyCompute(onEvaluate?: (candidates: CandidateInput[]) => void): PolicyCompute {
  return {
    load: async () => undefined,
    evaluate: async (_state, candidates) => {
      onEvaluate?.(candidates);
      const w = candidates.map((c) => Math.exp(6 * (c.prior ?? 0)));
      const total = w.reduce((a, b) => a + b, 0);
      return { probabilities: w.map((x) => x / total), value: 0 };
    },
    gradients: async () => {
      throw new Error('a frozen agent does not learn');
    },
    release: () => undefined,
  };
}

async function run(seed: number, episodes: number, threads?: PolicyThreads) {
  const { coordinator, store, harvests } = await coordinatorWithForm({ seed });
  const decisions: string[] = [];
  for (let e = 0; e < episodes; e++) {
    const a = harvests.shift()!;
    expect(a.policy?.actor).toBe('policy');
    const actor = await QueryPolicyActor.start(coordinator, a, await threads?.borrow());
    // Without pageDecisions in the config the agent reads result pages by the rule.
    expect(actor.decidesPages).toBe(false);
    for (let step = 0; step < 8; step++) {
      const query = await actor.choose(coordinator);
      if (!query) break;
      decisions.push(query.key);
      const links = fakeResults(query.values['q'] ?? '');
      const { newRecords } = await coordinator.send({ type: 'query-result', episodeId: a.episodeId, formKey: form.formKey, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 1, recordLinks: links });
      actor.observe({ newRecords, results: links.length, resultPages: 1, failed: links.length === 0 });
    }
    await actor.finish(coordinator);
    coordinator.continueHarvest(a);
  }
  const learner = coordinator.learner!;
  const params = JSON.stringify(learner['server'].parameters().tensors);
  const result = { decisions, params, updates: learner.updates, curve: learner.curve.map((c) => c.reward) };
  learner.dispose();
  await store.close();
  return result;
}

describe('agents acting under the learned policy', () => {
  it('send gradients that the coordinator applies, and report each episode on the curve', async () => {
    const r = await run(1, 3);
    expect(r.decisions.length).toBeGreaterThan(10);
    expect(new Set(r.decisions).size).toBe(r.decisions.length);
    expect(r.updates).toBeGreaterThanOrEqual(3);
    expect(r.curve).toHaveLength(3);
  });

  it('same seed and config, same decisions and the same parameters; another seed differs', async () => {
    const a = await run(7, 2);
    const b = await run(7, 2);
    const c = await run(8, 2);
    expect(b.decisions).toEqual(a.decisions);
    expect(b.params).toBe(a.params);
    expect(c.params).not.toBe(a.params);
  });

  it('learning with acting greedy, acts as a frozen one does and sends gradients of steps that say the chance each had (μ)', async () => {
    for (const acting of ['greedy', undefined] as const) {
      const { coordinator, store, harvests } = await coordinatorWithForm({ seed: 5, policy: { frozen: false, tMax: 3, learningRate: 0.01, ...(acting ? { acting } : {}) } });
      let loaded: PlainTensors = {};
      const sent: PolicyStep[][] = [];
      const compute: PolicyCompute = {
        load: async (params) => {
          loaded = params;
        },
        // The first query on offer scores best (0.3), the rest share 0.7.
        evaluate: async (_state, candidates) => ({ probabilities: candidates.map((_, i) => (i === 0 ? 0.3 : 0.7 / Math.max(1, candidates.length - 1))), value: 0 }),
        gradients: async ({ steps }) => {
          sent.push([...steps]);
          return { grads: Object.fromEntries(Object.entries(loaded).map(([k, t]) => [k, { shape: t.shape, values: t.values.map(() => 0) }])), loss: 0 };
        },
        release: () => undefined,
      };
      const a = harvests.shift()!;
      const actor = await QueryPolicyActor.start(coordinator, a, compute);
      for (let step = 0; step < 6; step++) {
        const query = await actor.choose(coordinator);
        // Every query lists records new to the crawl: the form pays, so greedy stays greedy.
        const links = Array.from({ length: 3 }, (_, i) => `${SITE}/new/${step}/${i}`);
        const { newRecords } = await coordinator.send({ type: 'query-result', episodeId: a.episodeId, formKey: form.formKey, queryKey: query!.key, values: query!.values, terms: query!.terms, resultPages: 1, recordLinks: links });
        actor.observe({ newRecords, results: links.length, resultPages: 1, failed: false });
      }
      await actor.finish(coordinator);
      const steps = sent.flat();
      expect(steps).toHaveLength(6);
      if (acting === 'greedy') {
        // Each time the best-scored query, and it was sure to be taken (μ = 1; V-trace weighs it π/μ = 0.3).
        expect(steps.map((s) => s.chosen)).toEqual([0, 0, 0, 0, 0, 0]);
        expect(steps.map((s) => s.behaviour)).toEqual([1, 1, 1, 1, 1, 1]);
      } else {
        // Drawn from π (70 % of it elsewhere), on-policy: no μ.
        expect(steps.some((s) => s.chosen !== 0)).toBe(true);
        expect(steps.every((s) => s.behaviour === undefined)).toBe(true);
      }
      coordinator.learner!.dispose();
      await store.close();
    }
  });

  it('compute the same in their worker threads as in this thread', async () => {
    const threads = await PolicyThreads.start(2);
    try {
      const inThreads = await run(7, 2, threads);
      const here = await run(7, 2);
      expect(inThreads.decisions).toEqual(here.decisions);
      expect(inThreads.params).toBe(here.params);
      expect(inThreads.updates).toBeGreaterThanOrEqual(2);
    } finally {
      await threads.close();
    }
  });
});

/** Workflow episodes (WGE with every harvest episode a workflow's) on the fake site: one site answers with new records, the other with none. */
async function runWorkflows(answers: 'new records' | 'nothing', episodes: number) {
  const guide = new WgeGuide({ demosDir: fileURLToPath(new URL('../../demos', import.meta.url)), workflowShare: 1 });
  const { coordinator, store, harvests } = await coordinatorWithForm({ seed: 4 }, guide);
  for (let e = 0; e < episodes; e++) {
    const a = harvests.shift()!;
    expect(a.policy?.actor).toBe('workflow');
    const actor = await QueryPolicyActor.start(coordinator, a);
    for (let step = 0; step < 8; step++) {
      const query = await actor.choose(coordinator);
      if (!query) break;
      const links = answers === 'nothing' ? [] : fakeResults(query.values['q'] ?? '');
      const { newRecords } = await coordinator.send({ type: 'query-result', episodeId: a.episodeId, formKey: form.formKey, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 1, recordLinks: links });
      actor.observe({ newRecords, results: links.length, resultPages: 1, failed: links.length === 0 });
    }
    await actor.finish(coordinator);
    coordinator.continueHarvest(a);
  }
  const learner = coordinator.learner!;
  const result = { updates: learner.updates, curve: learner.curve, rewarded: guide.stats.rewarded, buffer: guide.bufferSize };
  learner.dispose();
  await store.close();
  return result;
}

describe('workflow episodes (WGE)', () => {
  it('teach the network as they end when they earned a reward: self-imitation updates, and the episode enters the replay buffer', async () => {
    const r = await runWorkflows('new records', 2);
    expect(r.curve.map((c) => c.actor)).toEqual(['workflow', 'workflow']);
    expect(r.curve.every((c) => c.reward > 0)).toBe(true);
    expect(r.buffer).toBe(2);
    // At most one update per t_max (3) decisions of each episode; at least one where a decision beat the fresh critic.
    const decisions = r.curve.reduce((n, c) => n + c.decisions, 0);
    expect(r.updates).toBeGreaterThanOrEqual(2);
    expect(r.updates).toBeLessThanOrEqual(Math.ceil(decisions / 3) + 2);
  });

  it('send nothing when they earned nothing', async () => {
    const r = await runWorkflows('nothing', 2);
    expect(r.curve.every((c) => c.reward < 0)).toBe(true);
    expect(r.buffer).toBe(0);
    expect(r.updates).toBe(0);
  });
});

/**
 * Result pages under the policy, as `readAllResultPages` runs them: page 1 lists the query's
 * own records; every later page lists records the crawl already has (a site that repeats its
 * most popular items: reading on costs a step and earns duplicates, going back earns 0), or,
 * on the other site, more records of its own (reading on pays).
 */
async function runPaged(seed: number, episodes: number, laterPages: 'known' | 'new') {
  const { coordinator, store, harvests } = await coordinatorWithForm({ seed, maxQueries: 400, maxResultPagesPerQuery: 3, patience: 50, policy: { frozen: false, tMax: 5, learningRate: 0.02, pageDecisions: true } });
  const popular = Array.from({ length: 10 }, (_, i) => `${SITE}/popular/${i}`);
  for (const url of popular) await coordinator.send({ type: 'record', episodeId: 'e0', url, title: `popular ${url}`, text: `popular item ${url}`, attributes: {}, depth: 2 });
  const choices: { episode: number; action: string }[] = [];
  const pageRewards: number[] = [];
  for (let e = 0; e < episodes; e++) {
    const a = harvests.shift()!;
    const actor = await QueryPolicyActor.start(coordinator, a);
    expect(actor.decidesPages).toBe(true);
    for (let step = 0; step < 6; step++) {
      const query = await actor.choose(coordinator);
      if (!query) break;
      // Every query's first page lists five records of its own; the pages after it, popular ones.
      const own = (p: number) => Array.from({ length: 5 }, (_, i) => `${SITE}/record/own-${e}-${step}-${p}-${i}`);
      const pages = laterPages === 'known' ? [own(0), popular.slice(0, 5), popular.slice(5)] : [own(0), own(1), own(2)];
      const read: string[] = [];
      let queryNew = 0;
      for (let p = 0; p < pages.length; p++) {
        const links = pages[p]!;
        read.push(...links);
        const { newToCrawl } = await coordinator.send({ type: 'listing', episodeId: a.episodeId, formKey: form.formKey, links });
        queryNew += newToCrawl;
        actor.observe({ newRecords: newToCrawl, results: links.length, resultPages: 1, failed: false });
        if (p === 0) expect(newToCrawl).toBeGreaterThan(0);
        else pageRewards.push(newToCrawl);
        if (p + 1 >= pages.length) break;
        const seen: ResultPageSeen = { pageNo: p + 1, listed: links.length, newToCrawl, queryListed: read.length, queryNew };
        // A form whose best query pays as the next page is expected to: the prior is indifferent, so what the policy does is learnt.
        const action = await actor.decidePage(coordinator, { ...seen, bestQueryEfficiency: nextPageEfficiency(seen) }, []);
        choices.push({ episode: e, action });
        if (action === 'back') break;
      }
      await coordinator.send({ type: 'query-result', episodeId: a.episodeId, formKey: form.formKey, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 1, recordLinks: read });
    }
    await actor.finish(coordinator);
    coordinator.continueHarvest(a);
  }
  const learner = coordinator.learner!;
  const result = { choices, pageRewards, updates: learner.updates, curve: learner.curve };
  learner.dispose();
  await store.close();
  return result;
}

describe('result-page decisions under the learned policy', () => {
  it('hears from the coordinator, with each listing, what going back would bring: the best query left', async () => {
    const { coordinator, store } = await coordinatorWithForm({ seed: 5, policy: { frozen: true, tMax: 3, learningRate: 0.01, pageDecisions: true } });
    const reply = await coordinator.send({ type: 'listing', episodeId: 'e1', formKey: form.formKey, links: [`${SITE}/record/1`] });
    expect(reply.newToCrawl).toBe(1);
    // Unissued LVS values: the yield model's optimistic prior, a positive efficiency below 1.
    expect(reply.bestQueryEfficiency).toBeGreaterThan(0);
    expect(reply.bestQueryEfficiency).toBeLessThan(1);
    coordinator.learner!.dispose();
    await store.close();
  });

  const nextShare = (choices: { episode: number; action: string }[], from: number, to: number) => {
    const xs = choices.filter((c) => c.episode >= from && c.episode < to);
    return xs.filter((c) => c.action === 'next-page').length / xs.length;
  };

  it('counts only records new to the crawl, and learns to go back where next pages repeat known records', async () => {
    const r = await runPaged(3, 24, 'known');
    // Later pages list only the popular records the crawl already has.
    expect(r.pageRewards.length).toBeGreaterThan(10);
    expect(r.pageRewards.every((n) => n === 0)).toBe(true);
    expect(r.updates).toBeGreaterThan(10);
    const early = nextShare(r.choices, 0, 6);
    const late = nextShare(r.choices, 18, 24);
    expect(early).toBeGreaterThan(0.25);
    expect(late).toBeLessThan(early - 0.15);
  }, 120_000);

  it('keeps reading where next pages list new records', async () => {
    const r = await runPaged(3, 24, 'new');
    expect(r.pageRewards.every((n) => n === 5)).toBe(true);
    const early = nextShare(r.choices, 0, 6);
    const late = nextShare(r.choices, 18, 24);
    expect(late).toBeGreaterThan(Math.max(0.6, early));
  }, 120_000);
});

/**
 * A frozen agent on a form gone dry: a stand-in network always scores the first query on
 * offer best (0.3, the rest sharing 0.7), and every query lists only records the crawl
 * already has. While the streak is short the agent must take that first query; once the
 * coordinator's context says the form has been dry for half its patience, it must draw.
 */
describe('a frozen agent', () => {
  it('takes the best-scored query while the form pays, and draws from the policy once it has gone dry', async () => {
    const { coordinator, store, harvests } = await coordinatorWithForm({ seed: 5, patience: 20, policy: { frozen: true, tMax: 3, learningRate: 0.01 } });
    const known = Array.from({ length: 3 }, (_, i) => `${SITE}/known/${i}`);
    for (const url of known) await coordinator.send({ type: 'record', episodeId: 'e0', url, title: `known ${url}`, text: `known item ${url}`, attributes: {}, depth: 2 });
    const seen: { dryShare: number; tokens: number[][] }[] = [];
    const compute: PolicyCompute = {
      load: async () => undefined,
      evaluate: async (state, candidates) => {
        seen.push({ dryShare: state.context[CONTEXT_DRY_SHARE]!, tokens: candidates.map((c) => c.tokens) });
        const rest = 0.7 / Math.max(1, candidates.length - 1);
        return { probabilities: candidates.map((_, i) => (i === 0 ? 0.3 : rest)), value: 0 };
      },
      gradients: async () => {
        throw new Error('a frozen agent does not learn');
      },
      release: () => undefined,
    };
    const a = harvests.shift()!;
    const actor = await QueryPolicyActor.start(coordinator, a, compute);
    const picks: { dryShare: number; index: number }[] = [];
    for (let step = 0; step < 18; step++) {
      const query = await actor.choose(coordinator);
      // "Stop" is on offer from 12 dry queries on; a draw to explore never takes it.
      expect(query).not.toBeNull();
      const last = seen[seen.length - 1]!;
      picks.push({ dryShare: last.dryShare, index: last.tokens.findIndex((t) => t.join() === valueTokens(query!.terms).join()) });
      const { newRecords } = await coordinator.send({ type: 'query-result', episodeId: a.episodeId, formKey: form.formKey, queryKey: query!.key, values: query!.values, terms: query!.terms, resultPages: 1, recordLinks: known });
      expect(newRecords).toBe(0);
      actor.observe({ newRecords, results: known.length, resultPages: 1, failed: false });
    }
    await actor.finish(coordinator);
    // The streak grows by one per query: 0, 1/20, 2/20, …
    expect(picks.map((p) => p.dryShare)).toEqual(picks.map((_, i) => i / 20));
    expect(picks.every((p) => p.index >= 0)).toBe(true);
    expect(picks[0]!.index).toBe(0);
    // From 10 dry queries on (half the patience) every choice is a draw: 70 % of the mass lies elsewhere.
    const dry = picks.filter((p) => p.dryShare >= 0.5);
    expect(dry.length).toBe(8);
    expect(dry.filter((p) => p.index !== 0).length).toBeGreaterThanOrEqual(3);
    coordinator.learner!.dispose();
    await store.close();
  });

  it('leaves a dry form once "stop" is offered and the crawl earns more per page than any query left', async () => {
    const { coordinator, store, harvests } = await coordinatorWithForm({ seed: 6, patience: 20, policy: { frozen: true, tMax: 3, learningRate: 0.01 } });
    const known = Array.from({ length: 3 }, (_, i) => `${SITE}/known/${i}`);
    for (const url of known) await coordinator.send({ type: 'record', episodeId: 'e0', url, title: `known ${url}`, text: `known item ${url}`, attributes: {}, depth: 2 });
    const stopPriors: (number | undefined)[] = [];
    const compute = priorOnlyCompute((candidates) => stopPriors.push(candidates.at(-1)!.features.at(-1) === 1 ? candidates.at(-1)!.prior : undefined));
    const a = harvests.shift()!;
    const actor = await QueryPolicyActor.start(coordinator, a, compute);
    let issued = 0;
    for (let step = 0; step < 20; step++) {
      const query = await actor.choose(coordinator);
      if (!query) break;
      issued++;
      const { newRecords } = await coordinator.send({ type: 'query-result', episodeId: a.episodeId, formKey: form.formKey, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 1, recordLinks: known });
      actor.observe({ newRecords, results: known.length, resultPages: 1, failed: false });
    }
    await actor.finish(coordinator);
    // Every query lists the same three records, so Chao1 expects none unseen: after the shorter dry streak (8),
    // "stop" is offered with the full prior (3 records per page fetched beats every query) and taken.
    expect(issued).toBe(STOP_AFTER_ZERO_STREAK_HARVESTED);
    expect(stopPriors.slice(0, STOP_AFTER_ZERO_STREAK_HARVESTED).every((p) => p === undefined)).toBe(true);
    expect(stopPriors[STOP_AFTER_ZERO_STREAK_HARVESTED]).toBe(1);
    const { choices } = await coordinator.send({ type: 'next-query', episodeId: a.episodeId, formKey: form.formKey, choose: 'agent' });
    expect(choices).toBeNull();
    coordinator.learner!.dispose();
    await store.close();
  });

  it('before any record is fetched, takes the site word that most titles of the first answer hold', async () => {
    const secondQuery = async (titled: boolean) => {
      const { coordinator, store, harvests } = await coordinatorWithForm({ seed: 6, policy: { frozen: true, tMax: 3, learningRate: 0.01 } });
      // A second surface page, so the words of each page are offered (fewer than four pages read, on one of two).
      await coordinator.send({ type: 'page', episodeId: 'e0', url: `${SITE}/`, finalUrl: `${SITE}/`, depth: 0, kind: 'surface', via: 'seed', score: 0, title: 'Welcome', status: 200, text: 'Bronze horses, watercolour harbours and gilded frames.' });
      const a = harvests.shift()!;
      const actor = await QueryPolicyActor.start(coordinator, a, priorOnlyCompute());
      const first = (await actor.choose(coordinator))!;
      // Its answer lists 12 records, each once (much of the site unseen), 9 of them gilded: none is fetched.
      const links = Array.from({ length: 12 }, (_, i) => `${SITE}/item/${i}`);
      const titles = links.map((_, i) => (i < 9 ? `Gilded horse no. ${i}` : `Harbour study no. ${i}`));
      await coordinator.send({ type: 'listing', episodeId: a.episodeId, formKey: form.formKey, queryKey: first.key, links, ...(titled ? { titles } : {}) });
      const { newRecords } = await coordinator.send({ type: 'query-result', episodeId: a.episodeId, formKey: form.formKey, queryKey: first.key, values: first.values, terms: first.terms, resultPages: 1, recordLinks: links });
      actor.observe({ newRecords, results: links.length, resultPages: 1, failed: false });
      const second = await actor.choose(coordinator);
      await actor.finish(coordinator);
      coordinator.learner!.dispose();
      await store.close();
      return { first: first.values['q'], second: second?.values['q'], source: second?.source };
    };
    const titled = await secondQuery(true);
    expect(titled).toMatchObject({ second: 'gilded', source: 'surface' });
    // An agent that sends no titles: frequency in no record is the table weights' tie-break, and the page's words tie.
    const untitled = await secondQuery(false);
    expect(untitled.first).toBe(titled.first);
    expect(untitled.second).not.toBe('gilded');
  });

  it('crawls on while the result lists say records are still unseen, to the patience (unless --stop-max-unseen 1)', async () => {
    const dryRun = async (stopMaxUnseen?: number) => {
      const { coordinator, store, harvests } = await coordinatorWithForm({ seed: 6, patience: 16, policy: { frozen: true, tMax: 3, learningRate: 0.01, stopMaxUnseen } });
      const a = harvests.shift()!;
      const actor = await QueryPolicyActor.start(coordinator, a, priorOnlyCompute());
      // The first query lists 20 records, each once; the next ones list nothing: Chao1 says 190 unseen.
      const first = Array.from({ length: 20 }, (_, i) => `${SITE}/item/${i}`);
      let issued = 0;
      for (let step = 0; step < 30; step++) {
        const query = await actor.choose(coordinator);
        if (!query) break;
        const links = issued++ === 0 ? first : [];
        const { newRecords } = await coordinator.send({ type: 'query-result', episodeId: a.episodeId, formKey: form.formKey, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 1, recordLinks: links });
        actor.observe({ newRecords, results: links.length, resultPages: 1, failed: links.length === 0 });
        // Their pages are fetched: the crawl earns more per page than any query left, so a stop on offer is taken.
        for (const url of links) await coordinator.send({ type: 'record', episodeId: 'e0', url, title: `item ${url}`, text: `item ${url}`, attributes: {}, depth: 2 });
      }
      await actor.finish(coordinator);
      coordinator.learner!.dispose();
      await store.close();
      return issued;
    };
    // Guarded: never offered stop, the form ends at its patience (1 + 16 dry queries).
    expect(await dryRun()).toBe(17);
    // The estimate ignored: stop is offered after 12 dry queries and taken.
    expect(await dryRun(1)).toBe(13);
  });
});
