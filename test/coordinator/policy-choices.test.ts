import { describe, expect, it } from 'vitest';
import { frequencySample, frequencyWeightOver, policyChoices, shortlist, BY_YIELD, PER_SOURCE, STOP_AFTER_ZERO_STREAK, STOP_AFTER_ZERO_STREAK_HARVESTED, STOP_MAX_UNSEEN_SHARE, PROVEN_UNSEEN_RECORDS, type StopOffer } from '../../src/coordinator/policy-choices.ts';
import { STOP_KEY } from '../../src/coordinator/messages.ts';
import type { FormPlan } from '../../src/coordinator/query-planner.ts';
import { CANDIDATE_DIM, CONTEXT_DIM } from '../../src/policy/features.ts';
import { newRecordsYield } from '../../src/policy/prior.ts';
import type { QueryCandidate } from '../../src/strategies/types.ts';

const field = { name: 'q', label: 'Keywords', tag: 'input', type: 'text', fieldType: 'search query', required: false, hidden: false, selectorHint: '#q' };
const select = { name: 'cat', label: 'Category', tag: 'select', type: 'select-one', fieldType: 'search category', required: false, hidden: false, selectorHint: '#cat', options: [{ value: 'p', text: 'Painting' }] };
const plan: FormPlan = { formKey: 'f', queryField: field, optionFields: [{ field: select, options: select.options }], fixed: {}, held: [] };
const cands = (source: QueryCandidate['source'], n: number): QueryCandidate[] => Array.from({ length: n }, (_, i) => ({ key: `${source}${i}`, values: (source === 'options' ? { cat: 'p' } : { q: `${source}${i}` }) as Record<string, string>, terms: [`${source}${i}`], source, label: source === 'lvs' ? 'keyword' : undefined }));
const ctx = { corpus: { documents: 0, documentFrequency: () => 0 }, harvested: 0, rng: () => 0.5 };
const unknown = { efficiency: 0.1, expectedNew: 0, modelled: false };
/** The yield model's per-fetch efficiency as the prior's yield (`crawl --query-prior per-fetch`), which these cases were worked out in. */
const PER_FETCH = { queryPrior: 'per-fetch' } as const;
const progress = { issued: 3, siteRecords: 10, newShare: 0.5, recentNew: [3, 0], zeroStreakShare: 0.04, budgetSpent: 0.1 };

describe('policy choices', () => {
  it('keeps the first few of each source, in their own order', () => {
    const list = shortlist([...cands('lvs', 30), ...cands('title', 3), ...cands('surface', 20)]);
    expect(list.filter((c) => c.source === 'lvs').map((c) => c.key)).toEqual(cands('lvs', PER_SOURCE).map((c) => c.key));
    expect(list.filter((c) => c.source === 'title')).toHaveLength(3);
    expect(list).toHaveLength(2 * PER_SOURCE + 3);
  });

  it("adds the yield model's best that its source's own order left out, and gives each query its efficiency relative to the best", () => {
    // lvs29 is the yield model's best, lvs28 next: both beyond the source's first PER_SOURCE.
    const all = [...cands('lvs', 30), ...cands('title', 3)];
    const efficiency = (c: QueryCandidate) => (c.key === 'lvs29' ? 0.4 : c.key === 'lvs28' ? 0.2 : c.source === 'title' ? 0.1 : 0.01);
    const list = shortlist(all, efficiency);
    expect(list.slice(0, PER_SOURCE + 3).map((c) => c.key)).toEqual([...cands('lvs', PER_SOURCE), ...cands('title', 3)].map((c) => c.key));
    // Then those of the BY_YIELD best not already on it, best first: of lvs29, lvs28, the titles and lvs0…, only the first two.
    expect(BY_YIELD).toBeLessThan(PER_SOURCE + 5);
    expect(list.slice(PER_SOURCE + 3).map((c) => c.key)).toEqual(['lvs29', 'lvs28']);
    const choices = policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: (c) => ({ efficiency: efficiency(c), expectedNew: 1, modelled: false }) }, progress, [], { zeroStreak: 0 }, PER_FETCH).choices;
    const prior = (key: string) => choices.inputs[choices.keys.indexOf(key)]!.prior;
    expect([prior('lvs29'), prior('lvs28'), prior('title0')]).toEqual([1, 0.5, 0.25]);
    expect(prior('lvs0')).toBeCloseTo(0.025, 12);
  });

  it("blends document frequency into the queries' prior by the site's unseen share, and not once stop is offered", () => {
    // Three lvs words held by 10, 40 and 20 of 100 harvested records; the yield model near-ties them.
    const all = cands('lvs', 3);
    const df: Record<string, number> = { lvs0: 10, lvs1: 40, lvs2: 20 };
    const harvestedCtx = { corpus: { documents: 100, documentFrequency: (t: string) => df[t] ?? 0 }, harvested: 100, rng: () => 0.5 };
    const memory = { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: (c: QueryCandidate) => ({ efficiency: c.key === 'lvs0' ? 0.88 : 0.87, expectedNew: 30, modelled: true }) };
    const priors = (stop: StopOffer) => policyChoices(all, plan, harvestedCtx, memory, progress, [], stop, PER_FETCH).choices.inputs.slice(0, 3).map((i) => i.prior!);
    // Unknown unseen share: the yield model's prior alone, lvs0 first.
    expect(priors({ zeroStreak: 0 })).toEqual([1, 0.87 / 0.88, 0.87 / 0.88]);
    // Three unseen records for each listed one (weight 3/4): lvs1, the most frequent, leads.
    const open = priors({ zeroStreak: 0, unseenShare: 3 });
    expect(open[1]).toBeCloseTo(0.25 * (0.87 / 0.88) + 0.75, 12);
    expect(open[0]).toBeCloseTo(0.25 + 0.75 * (10 / 40), 12);
    expect(open.indexOf(Math.max(...open))).toBe(1);
    // The source's hit rate on the form scales its words' frequency: lvs1's source found something in 1 of 4 queries.
    const missing = { ...memory, yieldEstimate: (c: QueryCandidate) => ({ ...memory.yieldEstimate(c), sourceHitRate: c.key === 'lvs1' ? 0.25 : 1 }) };
    const corrected = policyChoices(all, plan, harvestedCtx, missing, progress, [], { zeroStreak: 0, unseenShare: 3 }, PER_FETCH).choices.inputs.slice(0, 3).map((i) => i.prior!);
    expect(corrected.indexOf(Math.max(...corrected))).toBe(2);
    // A dry form where stop is offered: the queries are priced per fetch against it, by the yield model alone.
    const dry = policyChoices(all, plan, harvestedCtx, memory, progress, [], { zeroStreak: STOP_AFTER_ZERO_STREAK, crawlRate: 0.4, unseenShare: 0.001 }, PER_FETCH).choices;
    expect(dry.inputs.slice(0, 3).map((i) => i.prior)).toEqual([1, 0.87 / 0.88, 0.87 / 0.88]);
  });

  it("reads frequency in the titles the lists have shown while no record is held, in the records once one is", () => {
    // A table value with the table's top weight that no listed title holds, and a site word that 6 of 12 hold.
    const value: QueryCandidate = { key: 'v', values: { q: 'basketball' }, terms: ['basketball'], source: 'lvs', label: 'keyword', prior: 1 };
    const word: QueryCandidate = { key: 'w', values: { q: 'unbeaten' }, terms: ['unbeaten'], source: 'surface', prior: 0.25 };
    // The yield model puts the word a little ahead.
    const memory = { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: (c: QueryCandidate) => ({ efficiency: c === word ? 0.5 : 0.45, expectedNew: 5, modelled: false }) };
    const titles = { documents: 12, documentFrequency: (t: string) => (t === 'unbeaten' ? 6 : 0) };
    const stop = { zeroStreak: 0, unseenShare: 8 };
    const priors = (c: typeof ctx & { listedTitles?: typeof titles }) => policyChoices([value, word], plan, c, memory, progress, [], stop, PER_FETCH).choices.inputs.map((i) => i.prior!);
    // No titles and no record: frequency could only be the table weights' tie-break, which would put the value first; the yield model's prior stands.
    const [v0, w0] = priors(ctx);
    expect([v0, w0]).toEqual([0.9, 1]);
    expect(frequencySample(ctx)).toBe(ctx.corpus);
    // With the titles: the word half of them hold leads.
    const withTitles = { ...ctx, listedTitles: titles };
    expect(frequencySample(withTitles)).toBe(titles);
    const [v1, w1] = priors(withTitles);
    expect(w1).toBe(1);
    expect(v1).toBeLessThan(0.2);
    // Once a record is held, its words are the sample again (here neither word: the yield model decides).
    const held = { ...withTitles, corpus: { documents: 1, documentFrequency: () => 0 } };
    expect(frequencySample(held)).toBe(held.corpus);
    expect(priors(held)).toEqual([v0, w0]);
  });

  it('gives frequency no weight where the sample holds none of the offered words', () => {
    const value: QueryCandidate = { key: 'v', values: { q: 'tennis' }, terms: ['tennis'], source: 'lvs', label: 'keyword', prior: 1 };
    const word: QueryCandidate = { key: 'w', values: { q: 'team' }, terms: ['team'], source: 'surface', prior: 0.25 };
    const titles = (df: Record<string, number>) => ({ documents: 8, documentFrequency: (t: string) => df[t] ?? 0 });
    // Titles that hold neither word ("score", "season"): the tie-break alone must not outweigh the yield model.
    expect(frequencyWeightOver([value, word], titles({ score: 3, season: 2 }), 3.5)).toBe(0);
    // One title holding one of them: the site's unseen share sets the weight as before.
    expect(frequencyWeightOver([value, word], titles({ team: 1 }), 3.5)).toBeCloseTo(3.5 / 4.5, 12);
    // A phrase counts by its rarest word: "team sheet" with "sheet" in no title is held by none.
    const phrase: QueryCandidate = { key: 'p', values: { q: 'team sheet' }, terms: ['team', 'sheet'], source: 'surface' };
    expect(frequencyWeightOver([phrase], titles({ team: 4 }), 3.5)).toBe(0);
    // In the choices: with such titles, the yield model's favourite keeps the top prior.
    const memory = { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: (c: QueryCandidate) => ({ efficiency: c === word ? 0.6 : 0.45, expectedNew: 5, modelled: false }) };
    const withTitles = { ...ctx, listedTitles: titles({ score: 3 }) };
    const [v, w] = policyChoices([value, word], plan, withTitles, memory, progress, [], { zeroStreak: 0, unseenShare: 3.5 }, PER_FETCH).choices.inputs.map((i) => i.prior!);
    expect(w).toBe(1);
    expect(v).toBeCloseTo(0.75, 12);
  });

  it('describes each candidate to the network and to WGE, and offers stop only after a dry streak', () => {
    const all = [...cands('lvs', 2), ...cands('options', 1)];
    const fresh = policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 2.5, evidence: 1 }), yieldEstimate: (c) => (c.source === 'lvs' ? { efficiency: 0.25, expectedNew: Math.E - 1, modelled: true } : unknown) }, progress, [5, 6], { zeroStreak: 0 }, PER_FETCH);
    expect(fresh.choices.keys).toEqual(['lvs0', 'lvs1', 'options0']);
    expect(fresh.choices.context).toHaveLength(CONTEXT_DIM);
    for (const i of fresh.choices.inputs) expect(i.features).toHaveLength(CANDIDATE_DIM);
    // kernel estimate 2.5 of 5, evidence 1/(1+1)
    expect(fresh.choices.inputs[0]!.features.slice(17, 19)).toEqual([0.5, 0.5]);
    // The yield model's estimate: efficiency, log new records / 4, whether the frequency model stood behind it.
    expect(fresh.choices.inputs[0]!.yieldEstimate).toEqual([0.25, 0.25, 1]);
    expect(fresh.choices.inputs[2]!.yieldEstimate).toEqual([0.1, 0, 0]);
    expect(fresh.offered.get('lvs0')!.yields.modelled).toBe(true);
    expect(fresh.choices.elements[0]).toMatchObject({ kind: 'query', fieldType: 'search query', tag: 'input', source: 'lvs', lvsLabel: 'keyword', value: 'lvs0' });
    expect(fresh.choices.elements[2]).toMatchObject({ fieldType: 'search category', tag: 'select', source: 'options', value: 'Painting' });
    // Candidates' words reach the network only for a model that reads them: else every candidate's tokens are padding.
    expect(fresh.choices.inputs[0]!.tokens.some((t) => t > 0)).toBe(true);
    const wordless = policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 2.5, evidence: 1 }), yieldEstimate: () => unknown }, progress, [5, 6], { zeroStreak: 0 }, { ...PER_FETCH, candidateWords: false });
    for (const i of wordless.choices.inputs) expect(i.tokens).toEqual([0, 0, 0]);
    expect(wordless.choices.inputs[0]!.features).toEqual(fresh.choices.inputs[0]!.features);
    const dry = policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: () => unknown }, progress, [], { zeroStreak: STOP_AFTER_ZERO_STREAK }, PER_FETCH);
    expect(dry.choices.keys.at(-1)).toBe(STOP_KEY);
    expect(dry.choices.inputs.at(-1)!.features.at(-1)).toBe(1);
    expect(dry.choices.elements.at(-1)).toEqual({ kind: 'stop' });
    // Without the crawl's rate stop has no prior; with it, stop is worth that rate against the queries' best.
    expect(dry.choices.inputs.at(-1)!.prior).toBeUndefined();
    const rated = policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: () => unknown }, progress, [], { zeroStreak: STOP_AFTER_ZERO_STREAK, crawlRate: 0.4 }, PER_FETCH);
    expect(rated.choices.inputs.at(-1)!.prior).toBe(1);
    expect(rated.choices.inputs[0]!.prior).toBeCloseTo(0.1 / 0.4, 12);
    // Before the dry streak that offers stop, the rate changes nothing.
    const paying = policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: () => unknown }, progress, [], { zeroStreak: 0, crawlRate: 0.4 }, PER_FETCH);
    expect(paying.choices.keys).not.toContain(STOP_KEY);
    expect(paying.choices.inputs[0]!.prior).toBe(1);
    // The crawl may move the streak that offers stop (crawl --stop-after).
    const later = (streak: number) => policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: () => unknown }, progress, [], { zeroStreak: streak, after: 20, crawlRate: 0.4 }, PER_FETCH).choices.keys;
    expect(later(STOP_AFTER_ZERO_STREAK)).not.toContain(STOP_KEY);
    expect(later(20)).toContain(STOP_KEY);
  });

  it("ranks the queries' yield by expected new records (new-records, the default), leaving their result pages out; stop is still priced per fetch", () => {
    // Home at seed 2, query 5 (a crawl of stop 75): "kitchen" expected 4.0 new records in a list of about
    // 100, a category name 3.3 in one of 33. Per fetch with the pages counted the category led (0.44 to
    // 0.26); by new records the word does.
    const kitchen: QueryCandidate = { key: 'k', values: { q: 'kitchen' }, terms: ['kitchen'], source: 'pool' };
    const gardening: QueryCandidate = { key: 'g', values: { q: 'gardening' }, terms: ['gardening'], source: 'lvs', label: 'keyword' };
    const estimates = new Map([
      [kitchen, { efficiency: 0.2622, expectedNew: 4.03, modelled: true }],
      [gardening, { efficiency: 0.4355, expectedNew: 3.34, modelled: true, sourceHitRate: 1 }],
    ]);
    const memory = { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: (c: QueryCandidate) => estimates.get(c)! };
    const priors = (options: Parameters<typeof policyChoices>[7], stop: StopOffer = { zeroStreak: 0 }) => policyChoices([kitchen, gardening], plan, ctx, memory, progress, [], stop, options).choices.inputs.map((i) => i.prior!);
    expect(newRecordsYield({ expectedNew: 4.03 })).toBeCloseTo(4.03 / 5.03, 12);
    const [k, g] = priors(undefined);
    expect(k).toBe(1);
    expect(g).toBeCloseTo(3.34 / 4.34 / (4.03 / 5.03), 12);
    expect(priors({ queryPrior: 'new-records' })).toEqual([k, g]);
    // Per fetch, as runs before stop 76 ranked.
    const [kf, gf] = priors(PER_FETCH);
    expect(gf).toBe(1);
    expect(kf).toBeCloseTo(0.2622 / 0.4355, 12);
    // A class that has found nothing on the form scales its expected records down, as in the efficiency.
    expect(newRecordsYield({ expectedNew: 4, sourceHitRate: 0.25 })).toBeCloseTo(0.5, 12);
    // Once stop is offered it is priced per fetch, and so are the queries beside it.
    const dry = priors(undefined, { zeroStreak: STOP_AFTER_ZERO_STREAK, crawlRate: 0.1 });
    expect(dry.slice(0, 2)).toEqual([0.2622 / 0.4355, 1]);
    // The shortlist's best by yield follows the same unit: a word beyond its source's first PER_SOURCE
    // with the most new records is offered under new-records.
    const pool = cands('pool', PER_SOURCE + 1);
    const last = pool.at(-1)!;
    const longList = { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: (c: QueryCandidate) => (c === last ? { efficiency: 0.05, expectedNew: 20, modelled: true } : { efficiency: 0.3, expectedNew: 1, modelled: true }) };
    const offeredKeys = (options?: Parameters<typeof policyChoices>[7]) => policyChoices(pool, plan, ctx, longList, progress, [], { zeroStreak: 0 }, options).choices.keys;
    expect(offeredKeys()).toContain(last.key);
    expect(offeredKeys(PER_FETCH)).not.toContain(last.key);
  });

  it('offers stop only while at most 1 % of the site is estimated unseen, unless told otherwise', () => {
    const all = cands('lvs', 2);
    const keys = (stop: Partial<StopOffer>) => policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: () => unknown }, progress, [], { zeroStreak: STOP_AFTER_ZERO_STREAK, crawlRate: 0.4, ...stop }).choices.keys;
    expect(STOP_MAX_UNSEEN_SHARE).toBe(0.01);
    expect(keys({ unseenShare: 0.026 })).not.toContain(STOP_KEY);
    expect(keys({ unseenShare: 0.01 })).toContain(STOP_KEY);
    expect(keys({ unseenShare: 0.003 })).toContain(STOP_KEY);
    // Unknown (no listing yet): no guard.
    expect(keys({})).toContain(STOP_KEY);
    // crawl --stop-max-unseen: a looser share, or 1 to ignore the estimate (which may exceed 1).
    expect(keys({ unseenShare: 0.026, maxUnseenShare: 0.05 })).toContain(STOP_KEY);
    expect(keys({ unseenShare: 9.5, maxUnseenShare: 1 })).toContain(STOP_KEY);
    // Below the dry streak the estimate offers nothing.
    expect(keys({ unseenShare: 0, zeroStreak: 3 })).not.toContain(STOP_KEY);
  });

  it('offers stop after the shorter dry streak once Chao1 expects less than one record unseen', () => {
    const all = cands('lvs', 2);
    const keys = (stop: Partial<StopOffer>) => policyChoices(all, plan, ctx, { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: () => unknown }, progress, [], { zeroStreak: STOP_AFTER_ZERO_STREAK_HARVESTED, crawlRate: 0.4, unseenShare: 0.001, ...stop }).choices.keys;
    expect(STOP_AFTER_ZERO_STREAK_HARVESTED).toBe(8);
    expect(STOP_AFTER_ZERO_STREAK_HARVESTED).toBeLessThan(STOP_AFTER_ZERO_STREAK);
    expect(keys({ unseenRecords: 0.4 })).toContain(STOP_KEY);
    expect(keys({ unseenRecords: 0.4, zeroStreak: STOP_AFTER_ZERO_STREAK_HARVESTED - 1 })).not.toContain(STOP_KEY);
    // One record or more expected unseen, or no listing yet: the long streak.
    expect(keys({ unseenRecords: 1 })).not.toContain(STOP_KEY);
    expect(keys({})).not.toContain(STOP_KEY);
    expect(keys({ unseenRecords: 1, zeroStreak: STOP_AFTER_ZERO_STREAK })).toContain(STOP_KEY);
    // crawl --stop-after-harvested moves it; never past --stop-after; ignoring the estimate ignores it too.
    expect(keys({ unseenRecords: 0, afterHarvested: 10 })).not.toContain(STOP_KEY);
    expect(keys({ unseenRecords: 0, afterHarvested: 10, zeroStreak: 10 })).toContain(STOP_KEY);
    expect(keys({ unseenRecords: 0, afterHarvested: 10, after: 6, zeroStreak: 6 })).toContain(STOP_KEY);
    expect(keys({ unseenRecords: 0, maxUnseenShare: 1 })).not.toContain(STOP_KEY);
    // The share guard still holds (a small site: 0.4 records of 20 listed is 2 %).
    expect(keys({ unseenRecords: 0.4, unseenShare: 0.02 })).not.toContain(STOP_KEY);
  });

  it('withholds stop while records are proven unseen, and once the dry streak reaches stop\'s ranks the queries by where they lie', () => {
    const all = cands('lvs', 20);
    // The yield model prefers the first of the table's words; the hunt, lvs17 and then lvs3.
    const memory = { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: (c: QueryCandidate) => ({ efficiency: c.key === 'lvs0' ? 0.5 : 0.1, expectedNew: c.key === 'lvs0' ? 3 : 1, modelled: true }) };
    const hunt = (cs: readonly QueryCandidate[]) => new Map(cs.map((c) => [c.key, c.key === 'lvs17' ? 0.8 : c.key === 'lvs3' ? 0.2 : 0]));
    const choose = (stop: Partial<StopOffer>) => policyChoices(all, plan, ctx, memory, progress, [], { zeroStreak: STOP_AFTER_ZERO_STREAK_HARVESTED, crawlRate: 0.4, unseenShare: 0.001, unseenRecords: 0.2, ...stop }).choices;
    const prior = (c: ReturnType<typeof choose>, key: string) => c.inputs[c.keys.indexOf(key)]?.prior;
    let asked = 0;
    const proven = (records: number, huntScores = hunt): StopOffer['provenUnseen'] => () => (asked++, { records, huntScores });
    expect(PROVEN_UNSEEN_RECORDS).toBe(1);
    // Without a proof: Chao1 says harvested, the streak is reached, stop is offered.
    expect(choose({}).keys).toContain(STOP_KEY);
    expect(choose({ provenUnseen: proven(0.6) }).keys).toContain(STOP_KEY);
    // One record proven unseen: no stop, and the hunt's best is on the shortlist (past the source's first twelve) with the full prior.
    const hunting = choose({ provenUnseen: proven(1) });
    expect(hunting.keys).not.toContain(STOP_KEY);
    expect(prior(hunting, 'lvs17')).toBe(1);
    expect(prior(hunting, 'lvs3')).toBeCloseTo(0.25, 12);
    expect(prior(hunting, 'lvs0')).toBe(0);
    // Nothing proven (the coordinator's answer where a listed record is still being fetched): stop is offered.
    expect(choose({ provenUnseen: () => undefined }).keys).toContain(STOP_KEY);
    // Before the streak stop is not offered anyway: the proof is not even asked, and the yield model ranks as ever.
    asked = 0;
    const early = choose({ provenUnseen: proven(1), zeroStreak: 2 });
    expect(asked).toBe(0);
    expect(early.keys).not.toContain('lvs17');
    expect(prior(early, 'lvs0')).toBe(1);
    // The hunt finds nothing to go on (no candidate shares a word with the proof's holders): the yield model ranks, and stop stays withheld.
    const blind = choose({ provenUnseen: proven(1, (cs) => new Map(cs.map((c) => [c.key, 0]))) });
    expect(blind.keys).not.toContain(STOP_KEY);
    expect(prior(blind, 'lvs0')).toBe(1);
    // crawl --stop-max-unseen 1 ignores the estimates, the proof among them.
    expect(choose({ provenUnseen: proven(1), maxUnseenShare: 1, zeroStreak: STOP_AFTER_ZERO_STREAK }).keys).toContain(STOP_KEY);
  });

  it('hunting at once: the proof is asked at every choice and ranks the queries from the first query on', () => {
    const all = cands('lvs', 20);
    const memory = { estimate: () => ({ estimate: 0, evidence: 0 }), yieldEstimate: (c: QueryCandidate) => ({ efficiency: c.key === 'lvs0' ? 0.5 : 0.1, expectedNew: c.key === 'lvs0' ? 3 : 1, modelled: true }) };
    const hunt = (cs: readonly QueryCandidate[]) => new Map(cs.map((c) => [c.key, c.key === 'lvs17' ? 0.8 : c.key === 'lvs3' ? 0.2 : 0]));
    let asked = 0;
    const proven = (records: number): StopOffer['provenUnseen'] => () => (asked++, { records, huntScores: hunt });
    const choose = (stop: Partial<StopOffer>) => policyChoices(all, plan, ctx, memory, progress, [], { zeroStreak: 0, crawlRate: 0.4, unseenShare: 0.3, unseenRecords: 90, huntAtOnce: true, ...stop }).choices;
    const prior = (c: ReturnType<typeof choose>, key: string) => c.inputs[c.keys.indexOf(key)]?.prior;
    // No dry query yet, much of the site unseen: 97 records proven unseen, and the hunt ranks.
    const first = choose({ provenUnseen: proven(97) });
    expect(asked).toBe(1);
    expect(prior(first, 'lvs17')).toBe(1);
    expect(prior(first, 'lvs3')).toBeCloseTo(0.25, 12);
    expect(prior(first, 'lvs0')).toBe(0);
    // Nothing proven (or below one record): the yield model and frequency rank, as without the hunt.
    expect(prior(choose({ provenUnseen: () => undefined }), 'lvs0')).toBe(1);
    expect(prior(choose({ provenUnseen: proven(0.5) }), 'lvs0')).toBe(1);
    // The same proof with `hunt` (stop 79) waits for the dry streak: not asked, and the yield model ranks.
    asked = 0;
    expect(prior(choose({ provenUnseen: proven(97), huntAtOnce: false }), 'lvs0')).toBe(1);
    expect(asked).toBe(0);
    // Stop is withheld while the proof holds, offered once none does.
    const dry = { zeroStreak: STOP_AFTER_ZERO_STREAK_HARVESTED, unseenShare: 0.001, unseenRecords: 0.2 };
    expect(choose({ ...dry, provenUnseen: proven(1) }).keys).not.toContain(STOP_KEY);
    expect(choose({ ...dry, provenUnseen: () => undefined }).keys).toContain(STOP_KEY);
  });
});
