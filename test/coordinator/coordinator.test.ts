import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Coordinator, type CoordinatorConfig } from '../../src/coordinator/coordinator.ts';
import { STOP_KEY, type EpisodeAssignment, type SearchFormInfo } from '../../src/coordinator/messages.ts';
import { STOP_AFTER_ZERO_STREAK_HARVESTED } from '../../src/coordinator/policy-choices.ts';
import { RunStore } from '../../src/store/index.ts';
import { DEFAULT_POLICY, PolicyLearner } from '../../src/coordinator/policy-learner.ts';
import { LINK_POLICY_FILE, loadLinkPolicy, type LinkPolicyJson } from '../../src/policy/link-policy.ts';

const SITE = 'http://h.test';
let root: string;
const stores: RunStore[] = [];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'surfacer-coord-'));
});
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  rmSync(root, { recursive: true, force: true });
});

function config(extra: Partial<CoordinatorConfig>): CoordinatorConfig {
  return { strategy: 'random', maxDepth: 1, maxQueries: 50, maxPages: 100, maxStepsPerEpisode: 5, episodeTimeLimitMs: 0, maxResultPagesPerQuery: 2, allowPost: false, allowedHosts: ['h.test', 'g.test'], seed: 1, patience: 5, traceMessages: false, ...extra };
}

async function setup(extra: Partial<CoordinatorConfig>, dir = join(root, 'run'), resume = false) {
  const store = resume ? await RunStore.resume(dir, { fsync: false }) : await RunStore.create(dir, { domain: 'arts', strategy: 'random', seeds: [`${SITE}/`] }, {}, { fsync: false });
  stores.push(store);
  const queue: EpisodeAssignment[] = [];
  const c = new Coordinator(config(extra), { domain: 'arts', labels: [] }, store, (a) => queue.push(a));
  return { c, store, queue };
}

const searchForm = (pageUrl: string, depth: number): SearchFormInfo => ({
  formKey: `${pageUrl}#form0`,
  pageUrl,
  index: 0,
  method: 'GET',
  action: `${pageUrl}/results`,
  depth,
  probability: 0.9,
  fields: [{ name: 'q', label: 'Search', tag: 'input', type: 'search', fieldType: 'text', required: false, hidden: false, selectorHint: 'input[name=q]' }],
});

/** Runs one explore episode through the coordinator as an agent would. */
/** Runs one explore episode through the coordinator as an agent would (links as URLs, or with their anchor text). */
async function explore(c: Coordinator, a: EpisodeAssignment, offered: (string | { url: string; text: string })[], opts: { form?: boolean } = {}) {
  const links = offered.map((l) => (typeof l === 'string' ? l : l.url));
  const anchors = offered.map((l) => (typeof l === 'string' ? '' : l.text));
  await c.send({ type: 'episode-start', episodeId: a.episodeId, kind: a.kind, startUrl: a.startUrl, attempt: 0 });
  await c.send({ type: 'page', episodeId: a.episodeId, url: a.startUrl, finalUrl: a.startUrl, depth: a.depth, kind: 'surface', via: a.via, score: 0, title: 't', status: 200, fromUrl: a.fromUrl, links });
  await c.send({ type: 'forms', episodeId: a.episodeId, pageUrl: a.startUrl, depth: a.depth, forms: opts.form ? [{ index: 0, formType: 'search', probability: 0.9, method: 'GET' }] : [], searchForms: opts.form ? [searchForm(a.startUrl, a.depth)] : [] });
  await c.send({ type: 'links', episodeId: a.episodeId, fromUrl: a.startUrl, depth: a.depth, links: links.map((url, i) => ({ url, text: anchors[i]! })) });
  await c.send({ type: 'episode-end', episodeId: a.episodeId, ok: true, steps: 1, queries: 0, moreWork: false, assignment: { kind: a.kind, startUrl: a.startUrl, depth: a.depth, via: a.via, formKey: a.formKey } });
}

const take = (queue: EpisodeAssignment[], url: string) => {
  const i = queue.findIndex((a) => a.startUrl === url);
  expect(i, `episode for ${url}`).toBeGreaterThanOrEqual(0);
  return queue.splice(i, 1)[0]!;
};

describe('Coordinator with weblog restarts', () => {
  it('restarts from the best page holding links beyond the depth limit once explore runs dry, depth counted from it', async () => {
    const { c, queue } = await setup({ restarts: 'weblog' });
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [`${SITE}/a`, `${SITE}/b`]);
    await explore(c, take(queue, `${SITE}/a`), [`${SITE}/a/deep1`, `${SITE}/a/deep2`], { form: true });
    expect(queue.map((a) => [a.kind, a.startUrl])).toEqual([['explore', `${SITE}/b`], ['harvest', `${SITE}/a`]]);
    await explore(c, take(queue, `${SITE}/b`), [`${SITE}/b/deep`]);
    // Explore ran dry: /a found a search form, so it outranks /b and is the restart page.
    expect(c.weblog!.value(`${SITE}/a`)).toBeGreaterThan(c.weblog!.value(`${SITE}/b`));
    expect(c.restartsDone).toBe(1);
    const restarted = queue.filter((a) => a.kind === 'explore');
    expect(restarted.map((a) => [a.startUrl, a.depth, a.fromUrl])).toEqual([
      [`${SITE}/a/deep1`, 1, `${SITE}/a`],
      [`${SITE}/a/deep2`, 1, `${SITE}/a`],
    ]);
    // No second restart while those are open; /b follows once they are done.
    await explore(c, take(queue, `${SITE}/a/deep1`), []);
    expect(c.restartsDone).toBe(1);
    await explore(c, take(queue, `${SITE}/a/deep2`), []);
    expect(c.restartsDone).toBe(2);
    expect(queue.filter((a) => a.kind === 'explore').map((a) => a.startUrl)).toEqual([`${SITE}/b/deep`]);
  });

  it('changes nothing when off', async () => {
    const { c, queue } = await setup({});
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [`${SITE}/a`]);
    await explore(c, take(queue, `${SITE}/a`), [`${SITE}/a/deep`]);
    expect(c.weblog).toBeUndefined();
    expect(c.hostBandit).toBeUndefined();
    expect(queue).toEqual([]);
    expect(c.snapshotState()).not.toHaveProperty('weblog');
    expect(c.snapshotState()).not.toHaveProperty('hostBandit');
  });
});

describe('Coordinator links', () => {
  it('counts as accepted only the links it queued: none once the page budget is spent', async () => {
    const { c, queue } = await setup({ maxPages: 2 });
    c.addSeed(`${SITE}/`);
    const seed = take(queue, `${SITE}/`);
    await c.send({ type: 'page', episodeId: seed.episodeId, url: seed.startUrl, finalUrl: seed.startUrl, depth: 0, kind: 'surface', via: 'seed', score: 0, title: 't', status: 200 });
    expect(await c.send({ type: 'links', episodeId: seed.episodeId, fromUrl: seed.startUrl, depth: 0, links: [{ url: `${SITE}/a`, text: '' }] })).toEqual({ accepted: 1 });
    await c.send({ type: 'page', episodeId: seed.episodeId, url: `${SITE}/other`, finalUrl: `${SITE}/other`, depth: 0, kind: 'surface', via: 'link', score: 0, title: 't', status: 200 });
    expect(await c.send({ type: 'links', episodeId: seed.episodeId, fromUrl: seed.startUrl, depth: 0, links: [{ url: `${SITE}/b`, text: '' }] })).toEqual({ accepted: 0 });
    expect(queue.map((a) => a.startUrl)).toEqual([`${SITE}/a`]);
  });
});

describe('Coordinator with the host bandit', () => {
  it('counts an episode that found something new as a success of its host, and saves the bandit for resume', async () => {
    const dir = join(root, 'bandit');
    const { c, queue, store } = await setup({ hostBandit: 'thompson', restarts: 'weblog' }, dir);
    c.addSeed(`${SITE}/`);
    c.addSeed('http://g.test/');
    await explore(c, take(queue, `${SITE}/`), [], { form: true });
    await explore(c, take(queue, 'http://g.test/'), []);
    expect(c.hostBandit!.posterior('h.test')).toEqual({ alpha: 2, beta: 1 });
    expect(c.hostBandit!.posterior('g.test')).toEqual({ alpha: 1, beta: 2 });
    expect(['h.test', 'g.test']).toContain(c.pickHost(['h.test', 'g.test']));
    await c.checkpoint();
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    const again = await setup({ hostBandit: 'thompson', restarts: 'weblog' }, dir, true);
    again.c.restore();
    expect(again.c.hostBandit!.toJSON()).toEqual(c.hostBandit!.toJSON());
    expect(again.c.weblog!.toJSON()).toEqual(c.weblog!.toJSON());
  });
});

describe('Coordinator record pools', () => {
  // Record pages of one site: the same menu and footer around each record's own lines.
  const recordPage = (i: number) => ({
    title: `Harbour regatta report ${i}`,
    text: ['Sports Desk', 'Home', 'Contact', `Harbour regatta report ${i}`, `Crew ${i} rowed the ${i % 2 ? 'river' : 'lake'} course.`, 'Privacy', 'All rights reserved.'].join('\n'),
  });

  it("keeps menu and footer words out of the site's record pool, and counts the same pool again on resume", async () => {
    const dir = join(root, 'pools');
    const { c, store } = await setup({}, dir);
    for (let i = 0; i < 10; i++) {
      const { title, text } = recordPage(i);
      await c.send({ type: 'record', episodeId: `e${i}`, url: `${SITE}/r/${i}`, title, text, attributes: {}, depth: 2 });
    }
    const words = c.poolFor(`${SITE}/search`);
    expect(words.documents).toBe(10);
    for (const chrome of ['desk', 'contact', 'privacy', 'rights']) expect(words.stats(chrome), chrome).toBeUndefined();
    expect(words.stats('regatta')?.df).toBe(10);
    expect(words.stats('river')?.df).toBe(5);
    await c.checkpoint();
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    const again = await setup({}, dir, true);
    again.c.restore();
    expect(again.c.poolFor(`${SITE}/search`).toJSON()).toEqual(words.toJSON());
  });

  it('tells the reader of a result list when the page budget is spent', async () => {
    const { c, queue } = await setup({ strategy: 'generic-frequency', maxPages: 2 });
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [], { form: true });
    const formKey = `${SITE}/#form0`;
    const page = (n: number) => c.send({ type: 'page', episodeId: 'h1', url: `${SITE}/results?page=${n}`, finalUrl: `${SITE}/results?page=${n}`, depth: 1, kind: 'result', via: 'form', score: 0, title: 't', status: 200, query: 'k1', links: [] });
    const listing = () => c.send({ type: 'listing', episodeId: 'h1', formKey, queryKey: 'k1', links: [`${SITE}/r/1`], titles: ['Regatta'] });
    // The form page and the first result page: 2 of 2. The reader must not fetch the second.
    await page(1);
    expect(await listing()).toMatchObject({ pagesSpent: true });
    // With pages left, the reply says nothing of the budget.
    const roomy = await setup({ strategy: 'generic-frequency', maxPages: 3 }, join(root, 'roomy'));
    roomy.c.addSeed(`${SITE}/`);
    await explore(roomy.c, take(roomy.queue, `${SITE}/`), [], { form: true });
    await roomy.c.send({ type: 'page', episodeId: 'h1', url: `${SITE}/results?page=1`, finalUrl: `${SITE}/results?page=1`, depth: 1, kind: 'result', via: 'form', score: 0, title: 't', status: 200, query: 'k1', links: [] });
    expect(await roomy.c.send({ type: 'listing', episodeId: 'h1', formKey, queryKey: 'k1', links: [`${SITE}/r/1`], titles: ['Regatta'] })).not.toHaveProperty('pagesSpent');
  });

  it('saves the titles a list showed with its answer, and counts those listed after the last checkpoint again on resume', async () => {
    const dir = join(root, 'titles');
    const { c, queue, store } = await setup({ strategy: 'generic-frequency', patience: 50 }, dir);
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [], { form: true });
    const formKey = `${SITE}/#form0`;
    const answer = async (key: string, word: string, links: string[], titles: string[]) => {
      await c.send({ type: 'listing', episodeId: `h-${key}`, formKey, queryKey: key, links, titles });
      await c.send({ type: 'query-result', episodeId: `h-${key}`, formKey, queryKey: key, values: { q: word }, terms: [word], resultPages: 1, recordLinks: links });
    };
    await answer('k1', 'regatta', [`${SITE}/r/1`, `${SITE}/r/2`], ['Regatta crew wins', 'Regatta at dawn']);
    await c.checkpoint();
    // After the checkpoint: one record listed again under another title (it keeps its first), one new, one link without a title.
    await answer('k2', 'crew', [`${SITE}/r/1`, `${SITE}/r/3`, `${SITE}/r/4`], ['Crew of the regatta', 'Crew changes', '']);
    const rows = store.queries();
    expect(rows.map((q) => q.recordTitles)).toEqual([['Regatta crew wins', 'Regatta at dawn'], ['Crew of the regatta', 'Crew changes', '']]);
    const titles = c.snapshotState().listedTitles;
    expect(titles).toEqual({ 'h.test': [[`${SITE}/r/1`, 'Regatta crew wins'], [`${SITE}/r/2`, 'Regatta at dawn'], [`${SITE}/r/3`, 'Crew changes']] });
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    // The saved state holds only k1's titles; the answers in queries.jsonl bring back k2's.
    const again = await setup({ strategy: 'generic-frequency', patience: 50 }, dir, true);
    again.c.restore();
    expect(again.c.snapshotState().listedTitles).toEqual(titles);
  });
});

describe('Coordinator: the rest of a result list', () => {
  it('learns that the form lists title holders and tells the reader when the unread rest can only be records it has', async () => {
    const { c, queue, store } = await setup({ strategy: 'generic-frequency', patience: 50 });
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [], { form: true });
    const formKey = `${SITE}/#form0`;
    // 60 records: "regatta" in every title, "crew" in the first 40.
    const records = Array.from({ length: 60 }, (_, i) => `${SITE}/r/${i}`);
    for (const [i, url] of records.entries()) await c.send({ type: 'record', episodeId: `r${i}`, url, title: i < 40 ? `Regatta crew ${i}` : `Regatta ${i}`, text: '', attributes: {}, depth: 2 });

    // generic-frequency asks for "regatta" first: its list shows all 60.
    const first = (await c.send({ type: 'next-query', episodeId: 'h1', formKey })).query!;
    expect(first.terms).toEqual(['regatta']);
    const page1 = await c.send({ type: 'listing', episodeId: 'h1', formKey, queryKey: first.key, links: records.slice(0, 5), reportedTotal: 60 });
    // No other query has stated a total yet: 60 might be the site's cap.
    expect(page1.restKnown).toBe(false);
    await c.send({ type: 'query-result', episodeId: 'h1', formKey, queryKey: first.key, values: first.values, terms: first.terms, resultPages: 1, recordLinks: records, reportedTotal: 60, complete: true });

    // 60 hits for titles: they count at 60/61. "crew" states 40, below 60, so 40 is its number of matches.
    const second = (await c.send({ type: 'next-query', episodeId: 'h2', formKey })).query!;
    expect(second.terms).toEqual(['crew']);
    const early = await c.send({ type: 'listing', episodeId: 'h2', formKey, queryKey: second.key, links: records.slice(0, 30), reportedTotal: 40 });
    expect(early.restKnown).toBe(false); // 10 left against 9.84 ± 0.40 held: 10 − (9.84 − 0.80) ≥ ½
    const late = await c.send({ type: 'listing', episodeId: 'h2', formKey, queryKey: second.key, links: records.slice(30, 38), reportedTotal: 40 });
    expect(late.restKnown).toBe(true); // 2 left against 1.97 ± 0.18 held
    // Had the list stated 50, 12 would be left against 2 held matches.
    const more = await c.send({ type: 'listing', episodeId: 'h2', formKey, queryKey: second.key, links: [], reportedTotal: 50 });
    expect(more.restKnown).toBe(false);
    // A page of no query in flight gets no estimate.
    const stray = await c.send({ type: 'listing', episodeId: 'h3', formKey, queryKey: `${second.key}x`, links: records.slice(0, 10), reportedTotal: 20 });
    expect(stray.restKnown).toBeUndefined();

    // The reader stopped at the known rest: the records judged to fill it count as listed.
    await c.send({ type: 'query-result', episodeId: 'h2', formKey, queryKey: second.key, values: second.values, terms: second.terms, resultPages: 4, recordLinks: records.slice(0, 38), reportedTotal: 40, complete: false, skippedKnownRest: true });
    const entry = store.queries().find((q) => q.key === second.key)!;
    expect(entry['skippedRest']).toEqual([`${SITE}/r/38`, `${SITE}/r/39`]);
    expect(entry['results']).toBe(38);
  });
});

describe('Coordinator: when the policy may leave a form', () => {
  it('offers the policy "stop" after 8 dry queries once every listed record was listed again, after 12 while some were listed once', async () => {
    const dryStreakThatOffersStop = async (listTwice: boolean) => {
      const { c, queue } = await setup({ strategy: 'a3c', patience: 25, policy: { frozen: true, tMax: 5, learningRate: 0.003 } }, join(root, `run-${listTwice}`));
      c.addSeed(`${SITE}/`);
      await explore(c, take(queue, `${SITE}/`), [], { form: true });
      const formKey = `${SITE}/#form0`;
      const records = Array.from({ length: 30 }, (_, i) => `${SITE}/r/${i}`);
      // Harvested records elsewhere on the site, whose title words are the form's candidates (the table has no LVS values).
      for (let i = 0; i < 40; i++) await c.send({ type: 'record', episodeId: `h${i}`, url: `${SITE}/h/${i}`, title: `Heading${i} topic${i}`, text: '', attributes: {}, depth: 2 });
      // The first ten queries list 3 new records each; the dry ones after them list known records: all 30 again, half at a time, or the first 3.
      const ask = async (i: number) => {
        const { choices } = await c.send({ type: "next-query", episodeId: `q${i}`, formKey, choose: "agent" });
        if (!choices) throw new Error(`no choices at query ${i}`);
        const keys = choices!.keys;
        const key = keys.find((k) => k !== STOP_KEY)!;
        const { query } = await c.send({ type: 'claim-query', episodeId: `q${i}`, formKey, queryKey: key, actor: 'policy' });
        const links = i < 10 ? records.slice(3 * i, 3 * i + 3) : listTwice ? records.slice(15 * (i % 2), 15 * (i % 2) + 15) : records.slice(0, 3);
        await c.send({ type: 'query-result', episodeId: `q${i}`, formKey, queryKey: key, values: query!.values, terms: query!.terms, resultPages: 1, recordLinks: links, reportedTotal: 3, complete: true });
        return keys.includes(STOP_KEY);
      };
      for (let i = 0; i < 10; i++) expect(await ask(i)).toBe(false);
      // Dry queries from here: stop is offered at the streak the next choices report.
      for (let streak = 0; streak < 20; streak++) if (await ask(10 + streak)) return streak;
      return undefined;
    };
    // Every record listed twice from the second dry query on (f1 = 0): Chao1 expects none unseen.
    expect(await dryStreakThatOffersStop(true)).toBe(STOP_AFTER_ZERO_STREAK_HARVESTED);
    // 27 records listed once: Chao1 expects 27·26/(2·1) = 351 unseen, over the 1 % guard too; the three listed again do not change that.
    expect(await dryStreakThatOffersStop(false)).toBeUndefined();
  });
});

describe('Coordinator: --trace-choices', () => {
  it('writes every action offered to the policy, with its inputs, into the next-query row; without it the row only counts them', async () => {
    const rowsOf = async (traceChoices: boolean) => {
      const dir = join(root, `run-${traceChoices}`);
      const { c, queue, store } = await setup({ strategy: 'a3c', traceMessages: true, ...(traceChoices ? { traceChoices } : {}), policy: { frozen: true, tMax: 5, learningRate: 0.003 } }, dir);
      c.addSeed(`${SITE}/`);
      await explore(c, take(queue, `${SITE}/`), [], { form: true });
      for (let i = 0; i < 5; i++) await c.send({ type: 'record', episodeId: `h${i}`, url: `${SITE}/h/${i}`, title: `Heading${i} topic${i}`, text: '', attributes: {}, depth: 2 });
      const { choices } = await c.send({ type: 'next-query', episodeId: 'q0', formKey: `${SITE}/#form0`, choose: 'agent' });
      store.flush();
      const rows = readFileSync(join(dir, 'trace.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { action: string; outcome?: { choices?: number; offered?: { key: string; features: number[]; prior?: number }[] } });
      return { choices: choices!, row: rows.filter((r) => r.action === 'next-query').at(-1)! };
    };
    const plain = await rowsOf(false);
    expect(plain.row.outcome).toEqual({ choices: plain.choices.keys.length });
    const { choices, row } = await rowsOf(true);
    expect(row.outcome!.choices).toBe(choices.keys.length);
    expect(row.outcome!.offered!.map((o) => o.key)).toEqual(choices.keys.map((k) => k.slice(k.indexOf('|') + 1)));
    expect(row.outcome!.offered![0]!.features).toHaveLength(choices.inputs[0]!.features.length);
    expect(row.outcome!.offered![0]!.prior).toBeCloseTo(choices.inputs[0]!.prior!, 4);
  });
});

describe('Coordinator: lists on a harvested site', () => {
  /** The listing replies of a form's queries: 10 that list 3 new records each, then dry ones listing known records (half of the 30 at a time, or the first 3 only). */
  const leaveRates = async (extra: Partial<CoordinatorConfig>, listTwice: boolean, name: string) => {
    const { c, queue } = await setup({ strategy: 'generic-frequency', patience: 25, ...extra }, join(root, name));
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [], { form: true });
    const formKey = `${SITE}/#form0`;
    const records = Array.from({ length: 30 }, (_, i) => `${SITE}/r/${i}`);
    for (let i = 0; i < 40; i++) await c.send({ type: 'record', episodeId: `h${i}`, url: `${SITE}/h/${i}`, title: `Heading${i} topic${i}`, text: '', attributes: {}, depth: 2 });
    const replies: (number | undefined)[] = [];
    for (let i = 0; i < 18; i++) {
      const { query } = await c.send({ type: 'next-query', episodeId: `q${i}`, formKey });
      if (!query) throw new Error(`no query at ${i}`);
      const links = i < 10 ? records.slice(3 * i, 3 * i + 3) : listTwice ? records.slice(15 * (i % 2), 15 * (i % 2) + 15) : records.slice(0, 3);
      const reply = await c.send({ type: 'listing', episodeId: `q${i}`, formKey, queryKey: query.key, links, reportedTotal: 200 });
      replies.push(reply.leaveRate);
      await c.send({ type: 'query-result', episodeId: `q${i}`, formKey, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 1, recordLinks: links, reportedTotal: 200, complete: false });
    }
    return { replies, crawlRate: c.harvestRate() };
  };

  it("tells the reader what leaving is worth once Chao1 expects no record unseen and the form has had 3 dry queries, not before", async () => {
    const { replies, crawlRate } = await leaveRates({}, true, 'twice');
    // Queries 0–9 bring records; 10 and 11 are the first dry ones, and every record has been listed twice only from 11 on.
    expect(replies.slice(0, 13)).toEqual(new Array(13).fill(undefined));
    expect(crawlRate).toBeGreaterThan(0);
    expect(replies.slice(13)).toEqual(new Array(5).fill(crawlRate));
  });

  it('says nothing while many records were listed once, or when the user turned it off', async () => {
    // 27 records listed once: Chao1 expects 351 unseen.
    expect((await leaveRates({}, false, 'once')).replies.every((r) => r === undefined)).toBe(true);
    expect((await leaveRates({ skipDryListsAfter: 0 }, true, 'off')).replies.every((r) => r === undefined)).toBe(true);
  });
});

describe('Coordinator: refinements of a required drop-down\'s default', () => {
  const selectOnly = (pageUrl: string): SearchFormInfo => ({
    ...searchForm(pageUrl, 0),
    fields: [
      { name: 'activity', label: 'Activity', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: true, hidden: false, selectorHint: '#activity', options: [{ value: '', text: '— choose —' }, { value: 'hiking', text: 'Hiking' }, { value: 'camping', text: 'Camping' }, { value: 'fishing', text: 'Fishing' }] },
      { name: 'year', label: 'Year', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: false, hidden: false, selectorHint: '#year', options: [{ value: '', text: 'Any year' }, { value: '2019', text: '2019' }, { value: '2020', text: '2020' }] },
    ],
  });
  const formKey = `${SITE}/#form0`;
  /** Seeds the site and reports its home page's select-only search form. */
  async function openSelectOnlyForm(c: Coordinator, queue: EpisodeAssignment[]) {
    c.addSeed(`${SITE}/`);
    const a = take(queue, `${SITE}/`);
    await c.send({ type: 'episode-start', episodeId: a.episodeId, kind: a.kind, startUrl: a.startUrl, attempt: 0 });
    await c.send({ type: 'forms', episodeId: a.episodeId, pageUrl: a.startUrl, depth: 0, forms: [{ index: 0, formType: 'search', probability: 0.9, method: 'GET' }], searchForms: [selectOnly(a.startUrl)] });
  }
  /** Asks for the next query and answers it with `sizes[activity]` records, read to the end. */
  async function askAndAnswer(c: Coordinator, id: string, sizes: Record<string, number>) {
    const query = (await c.send({ type: 'next-query', episodeId: id, formKey })).query;
    if (!query) return null;
    const n = query.values['year'] ? 0 : sizes[query.values['activity']!]!;
    const links = Array.from({ length: n }, (_, i) => `${SITE}/${query.values['activity']}/${i}`);
    await c.send({ type: 'query-result', episodeId: id, formKey, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 1, recordLinks: links, complete: true });
    return query.values;
  }

  it('asks every activity before any "hiking, year", none once hiking listed all its matches, and still none after a resume', async () => {
    const dir = join(root, 'refine');
    const { c, queue, store } = await setup({ strategy: 'random', patience: 50 }, dir);
    await openSelectOnlyForm(c, queue);
    const sizes = { hiking: 20, camping: 30, fishing: 10 };
    const asked = [await askAndAnswer(c, 'q1', sizes), await askAndAnswer(c, 'q2', sizes)];
    expect(asked.every((v) => v && v['year'] === undefined)).toBe(true);
    await c.checkpoint();
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    const again = await setup({ strategy: 'random', patience: 50 }, dir, true);
    again.c.restore();
    const third = await askAndAnswer(again.c, 'q3', sizes);
    expect(third?.['year']).toBeUndefined();
    // Every activity answered; hiking's 20 is below camping's 30, so its list was not a cap.
    expect(await askAndAnswer(again.c, 'q4', sizes)).toBeNull();
  });

  it('asks the refinements last when the default\'s list may have been cut by a cap', async () => {
    const { c, queue } = await setup({ strategy: 'random', patience: 50 });
    await openSelectOnlyForm(c, queue);
    const capped = { hiking: 25, camping: 25, fishing: 25 };
    const asked = [];
    for (let i = 0; i < 6; i++) asked.push(await askAndAnswer(c, `q${i}`, capped));
    expect(asked.slice(0, 3).map((v) => v?.['year'])).toEqual([undefined, undefined, undefined]);
    expect(asked.slice(3, 5).map((v) => v?.['activity'])).toEqual(['hiking', 'hiking']);
    expect(new Set(asked.slice(3, 5).map((v) => v?.['year']))).toEqual(new Set(['2019', '2020']));
    expect(asked[5]).toBeNull();
  });
});

/** A site with one keyword form (`${SITE}/#form0`) and a record per text, `${SITE}/r/<i>` (generic-frequency, patient). */
async function keywordSite(dir: string, texts: readonly string[], extra: Partial<CoordinatorConfig> = {}) {
  const run = await setup({ strategy: 'generic-frequency', patience: 100, ...extra }, dir);
  run.c.addSeed(`${SITE}/`);
  await explore(run.c, take(run.queue, `${SITE}/`), [], { form: true });
  for (const [i, text] of texts.entries()) await run.c.send({ type: 'record', episodeId: `r${i}`, url: `${SITE}/r/${i}`, title: `Heading${i}`, text, attributes: {}, depth: 2 });
  return run;
}

/** The keyword form's next query, answered with the records `links` lists for its terms: its words, or null when none is left. */
async function ask(c: Coordinator, id: string, links: (terms: string[]) => string[]) {
  const formKey = `${SITE}/#form0`;
  const query = (await c.send({ type: 'next-query', episodeId: id, formKey })).query;
  if (!query) return null;
  const listed = links(query.terms);
  await c.send({ type: 'query-result', episodeId: id, formKey, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 1, recordLinks: listed, complete: true, failed: listed.length === 0 });
  return query.terms.join(' ');
}

/** Queries q<from>… up to q<to − 1> asked and answered (`ask`) until the form offers none: their words. */
async function askUntilDone(c: Coordinator, from: number, to: number, links: (terms: string[]) => string[]) {
  const asked: string[] = [];
  for (let i = from; i < to; i++) {
    const terms = await ask(c, `q${i}`, links);
    if (terms === null) break;
    asked.push(terms);
  }
  return asked;
}

describe('Coordinator: function words as queries', () => {
  const records = Array.from({ length: 20 }, (_, i) => `${SITE}/r/${i}`);
  /** 20 records: "the" in each, "and" in the even ones, "of" in the odd ones, every other word in one. */
  const harvestedSite = (dir: string) => keywordSite(dir, records.map((_, i) => `The boat${i} ${i % 2 ? 'of' : 'and'} the oar${i}`));

  it('asks "the" first when it is the commonest word of the records, and no other function word after it', async () => {
    const { c, store } = await harvestedSite(join(root, 'fw-listed'));
    expect(await ask(c, 'q1', () => records)).toBe('the');
    expect(store.queries()[0]!.functionWord).toBe(true);
    const asked = await askUntilDone(c, 2, 80, () => records.slice(0, 2));
    expect(asked.length).toBeGreaterThan(30);
    expect(asked.filter((t) => t === 'and' || t === 'of')).toEqual([]);
  });

  it('offers no other function word once one was refused, and still none after a resume when another becomes the commonest', async () => {
    const dir = join(root, 'fw-refused');
    const { c, store } = await harvestedSite(dir);
    // The site drops common words: "the" alone is refused with an empty answer.
    expect(await ask(c, 'q1', () => [])).toBe('the');
    const content = (terms: string[]) => records.filter((_, i) => terms.some((t) => t.endsWith(String(i)) && t.length - String(i).length > 2));
    expect(await ask(c, 'q2', content)).not.toMatch(/^(and|of)$/);
    await c.checkpoint();
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    const again = await setup({ strategy: 'generic-frequency', patience: 100 }, dir, true);
    again.c.restore();
    // "of" overtakes "the" as the records' commonest function word: the planner's one, and refused ones stay refused.
    for (let i = 20; i < 50; i++) await again.c.send({ type: 'record', episodeId: `r${i}`, url: `${SITE}/r/${i}`, title: `Heading${i}`, text: `Boat${i} of oar${i}`, attributes: {}, depth: 2 });
    const asked = await askUntilDone(again.c, 3, 80, content);
    expect(asked.length).toBeGreaterThan(30);
    expect(asked.filter((t) => t === 'and' || t === 'of')).toEqual([]);
  });
});

describe('Coordinator: the opening probe', () => {
  const records = Array.from({ length: 10 }, (_, i) => `${SITE}/r/${i}`);
  /** 10 records none of whose words is a function word. */
  const site = (extra: Partial<CoordinatorConfig>, dir: string) => keywordSite(dir, records.map((_, i) => `Boat${i} oar${i} regatta`), extra);

  for (const strategy of ['generic-frequency', 'adaptive', 'random'] as const) {
    it(`${strategy}: the first query is "the", though no record holds it, marked a function word; then the strategy's own`, async () => {
      const { c, store } = await site({ strategy, openingProbe: true }, join(root, `probe-${strategy}`));
      expect(await ask(c, 'q1', () => records)).toBe('the');
      expect(store.queries()[0]!.functionWord).toBe(true);
      const next = await ask(c, 'q2', () => records.slice(0, 1));
      expect(next).not.toBeNull();
      expect(next).not.toBe('the');
    });
  }

  it('a refused probe keeps every function word out afterwards', async () => {
    const { c } = await site({ openingProbe: true }, join(root, 'probe-refused'));
    expect(await ask(c, 'q1', () => [])).toBe('the');
    // Records that hold "of" everywhere: the planner's function word, kept out by the refusal.
    for (let i = 10; i < 30; i++) await c.send({ type: 'record', episodeId: `r${i}`, url: `${SITE}/r/${i}`, title: `Heading${i}`, text: `Boat${i} of oar${i}`, attributes: {}, depth: 2 });
    const asked = await askUntilDone(c, 2, 40, () => records.slice(0, 1));
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.filter((t) => t === 'of' || t === 'the')).toEqual([]);
  });

  it('without the probe (runs recorded before it) the first query is the strategy\'s own', async () => {
    const { c } = await site({}, join(root, 'probe-off'));
    expect(await ask(c, 'q1', () => records)).not.toBe('the');
  });
});

describe('Coordinator with the learned link policy (a3c)', () => {
  /** A model whose link policy has these value weights (by default: follows "search" anchors always and "shop" ones before the site's form is found; nothing else). */
  async function pickyModel(name = 'picky-model', value: Record<string, number> = { bias: -4, 'anchor word: search': 8, 'anchor word: shop, before any search form': 8 }): Promise<string> {
    const dir = join(root, name);
    const learner = await PolicyLearner.create({ ...DEFAULT_POLICY }, 1);
    await learner.save(dir, { domains: [] });
    learner.dispose();
    const json: LinkPolicyJson = { format: 'surfacer-link-policy', value, updates: 1, samples: 0, curve: [] };
    writeFileSync(join(dir, LINK_POLICY_FILE), JSON.stringify(json));
    return dir;
  }
  const link = (path: string, text: string) => ({ url: `${SITE}${path}`, text });
  const exploring = (queue: EpisodeAssignment[]) => queue.filter((a) => a.kind === 'explore').map((a) => a.startUrl);

  it('follows the links the policy follows and, once the site has a search form, leaves the rest unfetched', async () => {
    const { c, queue } = await setup({ strategy: 'a3c', maxDepth: 3, policy: { model: await pickyModel(), frozen: true, tMax: 5, learningRate: 0.003 } });
    await c.preparePolicy();
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [link('/search', 'Search'), link('/about', 'About us'), link('/shop', 'Shop')]);
    expect(exploring(queue)).toEqual([`${SITE}/search`, `${SITE}/shop`]);
    await explore(c, take(queue, `${SITE}/search`), [link('/search/help', 'Help')], { form: true });
    await explore(c, take(queue, `${SITE}/shop`), [link('/shop/sale', 'Shop sale')]);
    // Explore ran dry with a search form found: nothing deferred is fetched; the form is harvested.
    expect(exploring(queue)).toEqual([]);
    expect(queue.map((a) => a.kind)).toEqual(['harvest']);
    expect(c.learnLinks()).toEqual({ followed: 2, deferred: 3, fallback: 0, reconsidered: 0 });
  });

  it('follows the deferred links of a site without a search form once exploration runs dry, and learns from what they found', async () => {
    const model = await pickyModel();
    const { c, queue } = await setup({ strategy: 'a3c', maxDepth: 3, policy: { model, frozen: false, learn: 'links', tMax: 5, learningRate: 0.003 } });
    await c.preparePolicy();
    c.addSeed(`${SITE}/`);
    // Learning draws each link against its probability: "About" and "Contact" are σ(−4) ≈ 0.02, deferred on these URLs.
    await explore(c, take(queue, `${SITE}/`), [link('/about', 'About'), link('/contact', 'Contact')]);
    expect(exploring(queue).sort()).toEqual([`${SITE}/about`, `${SITE}/contact`]);
    await explore(c, take(queue, `${SITE}/about`), [], { form: true });
    await explore(c, take(queue, `${SITE}/contact`), [link('/contact/more', 'More')]);
    expect(exploring(queue)).toEqual([]);
    const learnt = c.learnLinks()!;
    expect(learnt).toMatchObject({ followed: 0, deferred: 3, fallback: 2 });
    // /about found the form (−1 + 20), /contact found nothing (−1); /contact/more was deferred after the form (0).
    expect(learnt.update).toEqual({ update: 2, samples: 3, followed: 2, meanReturn: 9 });
    expect(c.learner!.linkPolicy.probability(new Map([['bias', 1], ['anchor word: about', 1]]))).toBeGreaterThan(1 / (1 + Math.exp(4)));
    await c.learner!.save(join(root, 'after'), { domains: [] });
    expect(loadLinkPolicy(join(root, 'after'))!.updates).toBe(2);
    // The query network did not learn (learn: links): its agents act greedily and send nothing.
    expect(c.learner!.learnsQueries).toBe(false);
    expect(c.learner!.params('policy').frozen).toBe(true);
  });

  it('reads the deferred links its policy follows once the site\'s search form has run dry (three queries with nothing new, much of the site unseen)', async () => {
    const dir = await pickyModel('dry-model', { bias: -4, 'anchor word: search': 8, 'its search form has run dry': 6 });
    const { c, queue } = await setup({ strategy: 'a3c', maxDepth: 3, patience: 10, policy: { model: dir, frozen: true, tMax: 5, learningRate: 0.003 } });
    await c.preparePolicy();
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [link('/search', 'Search'), link('/topics', 'Topics')]);
    await explore(c, take(queue, `${SITE}/search`), [], { form: true });
    expect(exploring(queue)).toEqual([]);
    const formKey = `${SITE}/search#form0`;
    const answer = (i: number, recordLinks: string[]) => c.send({ type: 'query-result', episodeId: 'h', formKey, queryKey: `${formKey}|q${i}`, values: { q: `w${i}` }, terms: [`w${i}`], resultPages: 1, recordLinks, complete: true, failed: recordLinks.length === 0 });
    await answer(1, []);
    // Four records met once each: Chao1 expects six more unseen, so the site is mostly unseen.
    await answer(2, [1, 2, 3, 4].map((i) => `${SITE}/r/${i}`));
    await answer(3, []);
    expect(await answer(4, [])).toEqual({ newRecords: 0 });
    expect(exploring(queue)).toEqual([]);
    // The harvest episode ends and its form waits behind the pages it now reads.
    expect(await answer(5, [])).toEqual({ newRecords: 0, yieldTurn: true });
    expect(exploring(queue)).toEqual([`${SITE}/topics`]);
    expect(await answer(6, [])).toEqual({ newRecords: 0 });
    expect(c.learnLinks()).toEqual({ followed: 2, deferred: 1, fallback: 0, reconsidered: 1 });
  });

  it('offers a page\'s links again on resume with the anchor text and nofollow rule they were first offered with', async () => {
    const dir = join(root, 'offered');
    const policy = { model: await pickyModel(), frozen: true, tMax: 5, learningRate: 0.003 };
    const { c, queue, store } = await setup({ strategy: 'a3c', maxDepth: 3, policy }, dir);
    await c.preparePolicy();
    c.addSeed(`${SITE}/`);
    const seed = take(queue, `${SITE}/`);
    await c.checkpoint();
    // Killed after the page row was written, before its links message: the row alone must say what it offered.
    // Its links: /search ("Search": followed), /about (deferred), /shop/cart (nofollow: never offered).
    await c.send({ type: 'page', episodeId: seed.episodeId, url: seed.startUrl, finalUrl: seed.startUrl, depth: 0, kind: 'surface', via: 'seed', score: 0, title: 't', status: 200, links: [`${SITE}/search`, `${SITE}/about`, `${SITE}/shop/cart`], offeredLinks: [link('/search', 'Search'), link('/about', 'About us')] });
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    const again = await setup({ strategy: 'a3c', maxDepth: 3, policy }, dir, true);
    await again.c.preparePolicy();
    again.c.restore();
    // Without the anchor text the policy would defer /search too ("anchor word: search" unseen), and the fallback would later fetch /shop/cart.
    // (Offered twice: once by the page, once as enqueued before the kill; Crawlee's unique keys keep one.)
    expect([...new Set(exploring(again.queue))]).toEqual([`${SITE}/search`]);
    expect(again.store.pages()[0]!['offeredLinks']).toEqual([link('/search', 'Search'), link('/about', 'About us')]);
  });

  it('counts an episode the crawler dropped unrun (robots.txt) as ended, so the fallback still comes', async () => {
    const { c, queue } = await setup({ strategy: 'a3c', maxDepth: 3, policy: { model: await pickyModel(), frozen: true, tMax: 5, learningRate: 0.003 } });
    await c.preparePolicy();
    c.addSeed(`${SITE}/`);
    await explore(c, take(queue, `${SITE}/`), [link('/private/staff', 'Staff'), link('/about', 'About')]);
    expect(exploring(queue).sort()).toEqual([`${SITE}/about`, `${SITE}/private/staff`]);
    take(queue, `${SITE}/private/staff`);
    c.episodeDropped(`${SITE}/private/staff`);
    await explore(c, take(queue, `${SITE}/about`), [link('/about/team', 'Team')]);
    expect(exploring(queue)).toEqual([`${SITE}/about/team`]);
  });
});
