/**
 * One episode in one browser page. The agent observes the page (one snapshot), acts, and
 * reports to the coordinator through the message port; it holds no crawl state of its own.
 *
 * - explore: load a surface page, report it, its forms (typed by the classifier) and links.
 * - harvest: on a search form's page, ask for a query, fill and submit it, read the result
 *   pages (links, numbered pages, next buttons that resubmit the form, "load more") while
 *   they list records the query has not shown yet — under a learned policy, while the policy
 *   chooses to read on rather than go back to the form —, report the outcome; repeat until
 *   the coordinator has no query, or the step or time budget of the episode runs out.
 * - record: load a record's detail page and report the record.
 */
import type { Page } from 'playwright';
import { classifyForm, snapshotPage, type PageSnapshot } from '../perceive/index.ts';
import { canonicalUrl, tryCanonicalUrl } from '../url/canonical.ts';
import type { AgentMessage, CoordinatorPort, EpisodeAssignment, SearchFormInfo } from '../coordinator/messages.ts';
import { clickAndSettle, fillForm, submitForm } from './fill.ts';
import { politeGoto } from './navigate.ts';
import { searchFormInfo } from './search-form-info.ts';
import { attributeLines, labelPage } from './page-labels.ts';
import { linkShape, readResultPage, type ResultPageView } from './results.ts';
import { QueryPolicyActor } from './query-policy-actor.ts';
import { pageTokens, type ResultPageSeen } from '../policy/features.ts';
import { nextPageWorthReading } from '../policy/prior.ts';
import type { PolicyThreads } from './policy-threads.ts';

/** What the agent pool lends an episode besides its page. */
export interface AgentResources {
  /** The agents' worker threads for the learned policy's network (default: the network runs in this thread). */
  policyThreads?: PolicyThreads;
}

export interface EpisodeSummary {
  steps: number;
  queries: number;
  /** The coordinator still has work for this form: schedule another harvest episode. */
  moreWork: boolean;
}

/**
 * Runs one attempt of an episode and tells the coordinator when it starts and how it ended
 * (a failed attempt rethrows, so the caller's retries apply). The crawl and `replay` both run
 * episodes through here, so their traces line up message for message.
 */
export async function runReportedEpisode(page: Page, a: EpisodeAssignment, attempt: number, port: CoordinatorPort, resources: AgentResources = {}): Promise<EpisodeSummary> {
  await port.send({ type: 'episode-start', episodeId: a.episodeId, kind: a.kind, startUrl: a.startUrl, attempt, formKey: a.formKey });
  const assignment = { kind: a.kind, startUrl: a.startUrl, depth: a.depth, via: a.via, formKey: a.formKey };
  let summary: EpisodeSummary;
  try {
    summary = await runEpisode(page, a, port, resources);
  } catch (err) {
    await port.send({ type: 'episode-end', episodeId: a.episodeId, ok: false, steps: 0, queries: 0, moreWork: false, error: err instanceof Error ? err.message : String(err), assignment });
    throw err;
  }
  await port.send({ type: 'episode-end', episodeId: a.episodeId, ok: true, ...summary, assignment });
  return summary;
}

export async function runEpisode(page: Page, a: EpisodeAssignment, port: CoordinatorPort, resources: AgentResources = {}): Promise<EpisodeSummary> {
  switch (a.kind) {
    case 'explore':
      return explore(page, a, port);
    case 'harvest':
      return harvest(page, a, port, resources);
    case 'record':
      return fetchRecord(page, a, port);
  }
}

async function explore(page: Page, a: EpisodeAssignment, port: CoordinatorPort): Promise<EpisodeSummary> {
  const nav = await politeGoto(page, a.startUrl);
  const snap = await snapshotPage(page);
  const typed = snap.forms.map((form) => ({ form, result: classifyForm(form, { url: snap.url, title: snap.title }) }));
  const searchForms = typed.filter((t) => t.result.type === 'search');
  const attributes = attributeLines(snap.text);
  const label = labelPage({ via: a.via, resultListSize: largestLinkGroup(snap), statesTotal: false, attributeLines: Object.keys(attributes).length, hasQuery: new URL(snap.url).search.length > 1, searchForms: searchForms.length });
  // The links it offers to follow (nofollow left out), with their anchor text: sent with the page too, so a
  // resume after a kill between the two messages offers them as this episode did.
  const links = snap.links.filter((l) => !/\bnofollow\b/i.test(l.rel ?? '')).map((l) => ({ url: l.href, text: l.text }));
  await port.send({ type: 'page', episodeId: a.episodeId, url: a.startUrl, finalUrl: canonicalUrl(nav.finalUrl), depth: a.depth, kind: label.kind, via: a.via, score: label.score, title: snap.title, status: nav.status, fromUrl: a.fromUrl, text: pageText(snap), links: pageLinks(snap), offeredLinks: links });
  await port.send({
    type: 'forms',
    episodeId: a.episodeId,
    pageUrl: a.startUrl,
    depth: a.depth,
    forms: typed.map((t) => ({ index: t.form.index, formType: t.result.type, probability: t.result.probabilities[t.result.type] ?? 0, method: t.form.method })),
    searchForms: searchForms.map((t) => searchFormInfo(a.startUrl, a.depth, t.form, t.result)),
  });
  // A record page a surface link reaches (a "featured" record) is harvested like any other.
  if (label.kind === 'record') await port.send(recordMessage(a, snap, attributes));
  await port.send({ type: 'links', episodeId: a.episodeId, fromUrl: a.startUrl, depth: a.depth, links });
  return { steps: 1, queries: 0, moreWork: false };
}

async function harvest(page: Page, a: EpisodeAssignment, port: CoordinatorPort, resources: AgentResources): Promise<EpisodeSummary> {
  // A learned strategy: this agent chooses the queries with its own copy of the policy.
  const actor = a.policy ? await QueryPolicyActor.start(port, a, await resources.policyThreads?.borrow()) : undefined;
  try {
    return await harvestWith(page, a, port, actor);
  } finally {
    await actor?.finish(port);
  }
}

async function harvestWith(page: Page, a: EpisodeAssignment, port: CoordinatorPort, actor: QueryPolicyActor | undefined): Promise<EpisodeSummary> {
  const started = Date.now();
  let steps = 0;
  let queries = 0;
  let form: SearchFormInfo | undefined;
  let surfaceLinks = new Set<string>();
  // timeLimitMs 0: steps only (deterministic crawls must not end an episode by the clock).
  while (steps < a.budget.maxSteps && (a.budget.timeLimitMs === 0 || Date.now() - started < a.budget.timeLimitMs)) {
    const query = actor ? await actor.choose(port) : (await port.send({ type: 'next-query', episodeId: a.episodeId, formKey: a.formKey! })).query;
    if (!query) return { steps, queries, moreWork: false };
    // Back to a fresh copy of the form page for every query: result pages may hide the form.
    await politeGoto(page, a.startUrl);
    const snap = await snapshotPage(page);
    const formSnap = snap.forms.find((f) => f.index === formIndex(a.formKey!));
    if (!formSnap) {
      await port.send({ type: 'query-result', episodeId: a.episodeId, formKey: a.formKey!, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 0, recordLinks: [], failed: true, error: 'form not found on page' });
      actor?.observe({ newRecords: 0, results: 0, resultPages: 0, failed: true });
      return { steps, queries, moreWork: false };
    }
    form = searchFormInfo(a.startUrl, a.depth, formSnap, classifyForm(formSnap, { url: snap.url, title: snap.title }));
    surfaceLinks = new Set(snap.links.map((l) => tryCanonicalUrl(l.href)).filter((u): u is string => !!u));
    queries++;
    steps++;
    await port.send({ type: 'trace', episodeId: a.episodeId, action: 'submit', input: { formKey: a.formKey, values: query.values } });
    try {
      await fillForm(page, form, query.values);
      await submitForm(page, form);
      const read = await readAllResultPages(page, a, port, surfaceLinks, query.key, actor?.decidesPages ? actor : undefined);
      steps += read.pages;
      const failed = read.noResults && read.recordLinks.length === 0;
      const answer = await port.send({ type: 'query-result', episodeId: a.episodeId, formKey: a.formKey!, queryKey: query.key, values: query.values, terms: query.terms, resultPages: read.pages, recordLinks: read.recordLinks, listedOn: read.listedOn, reportedTotal: read.reportedTotal, complete: read.complete, ...(read.skippedKnownRest ? { skippedKnownRest: true } : {}), failed });
      // A policy that decides pages observed every page read on its own (then this covers only a query whose first page could not be read); otherwise the query earns all its pages.
      actor?.observe({ newRecords: answer.newRecords, results: read.recordLinks.length, resultPages: read.pages, failed });
      if (answer.yieldTurn) return { steps, queries, moreWork: true };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await port.send({ type: 'query-result', episodeId: a.episodeId, formKey: a.formKey!, queryKey: query.key, values: query.values, terms: query.terms, resultPages: 0, recordLinks: [], failed: true, error: message });
      actor?.observe({ newRecords: 0, results: 0, resultPages: 0, failed: true });
      await port.send({ type: 'error', episodeId: a.episodeId, url: page.url(), message });
    }
  }
  return { steps, queries, moreWork: true };
}

/**
 * `actor`: a policy that decides, page by page, whether to read on. Else the rule: read while
 * a page lists records this query has not shown, unless the coordinator judges that the rest of
 * the list can only hold records the crawl already has (`restKnown`, search-fields.ts), or that
 * the site looks harvested and the form dry and the next page is worth less than leaving
 * (`leaveRate`, dry-lists.ts). Neither reads past the crawl's page budget (`pagesSpent`).
 */
async function readAllResultPages(page: Page, a: EpisodeAssignment, port: CoordinatorPort, surfaceLinks: Set<string>, queryKey: string, actor: QueryPolicyActor | undefined) {
  const recordLinks: string[] = [];
  const seen = new Set<string>();
  let reportedTotal: number | undefined;
  let noResults = false;
  let pages = 0;
  const listedOn: string[] = [];
  // Where the browser was before this result page: the form page, then the previous result page.
  let previousKey = canonicalUrl(a.startUrl);
  let previousUrl = previousKey;
  // How many of this query's listings were new to the crawl (the next page's expected worth).
  let queryNew = 0;
  // Read to the end of the list: no further page (not stopped by the budget, the rest estimate or the policy).
  let complete = false;
  let skippedKnownRest = false;
  for (let pageNo = 1; pageNo <= a.budget.maxResultPagesPerQuery; pageNo++) {
    const snap = await snapshotPage(page);
    const reading = readResultPage(resultView(snap), surfaceLinks, pageNo);
    pages++;
    reportedTotal ??= reading.reportedTotal;
    noResults ||= reading.noResults;
    const freshAt = reading.recordLinks.flatMap((u, i) => (seen.has(u) ? [] : [i]));
    const fresh = freshAt.map((i) => reading.recordLinks[i]!);
    const freshTitles = freshAt.map((i) => reading.recordTitles[i] ?? '');
    fresh.forEach((u) => seen.add(u));
    const current = canonicalUrl(snap.url);
    // In-place pages (script results, load more, POST) share one URL: key them by query and page.
    const url = resultPageUrl(snap.url, queryKey, pageNo, current !== previousUrl && new URL(current).search.length > 1);
    recordLinks.push(...fresh);
    listedOn.push(...fresh.map(() => url));
    const label = labelPage({ via: pageNo === 1 ? 'form' : 'pagination', resultListSize: reading.recordLinks.length, statesTotal: reading.reportedTotal !== undefined, attributeLines: 0, hasQuery: new URL(snap.url).search.length > 1, searchForms: 0 });
    await port.send({ type: 'page', episodeId: a.episodeId, url, finalUrl: current, depth: a.depth + 1, kind: label.kind, via: pageNo === 1 ? 'form' : 'pagination', score: label.score, title: snap.title, status: 200, query: queryKey, fromUrl: previousKey, text: pageText(snap), links: pageLinks(snap) });
    previousKey = url;
    previousUrl = current;
    const { newToCrawl, bestQueryEfficiency, restKnown, leaveRate, pagesSpent } = await port.send({ type: 'listing', episodeId: a.episodeId, formKey: a.formKey!, queryKey, links: fresh, titles: freshTitles, reportedTotal });
    queryNew += newToCrawl;
    if (actor) {
      // The page's reward: the query's (page 1) or that of the "next page" the policy chose.
      actor.observe({ newRecords: newToCrawl, results: reading.recordLinks.length, resultPages: 1, failed: reading.noResults && reading.recordLinks.length === 0 });
    }
    if (!reading.next) {
      complete = reportedTotal === undefined || recordLinks.length >= reportedTotal;
      break;
    }
    // Follow pagination only while it lists records this query has not shown yet.
    if (fresh.length === 0) break;
    // The next page would overrun the crawl's page budget, which every strategy shares.
    if (pagesSpent) {
      await port.send({ type: 'trace', episodeId: a.episodeId, action: 'back', input: { page: pageNo, listed: recordLinks.length, reportedTotal, why: 'page budget spent' } });
      break;
    }
    if (restKnown && !actor) {
      await port.send({ type: 'trace', episodeId: a.episodeId, action: 'back', input: { page: pageNo, listed: recordLinks.length, reportedTotal, why: 'rest of the list already harvested' } });
      skippedKnownRest = true;
      break;
    }
    const shown: ResultPageSeen = { pageNo, listed: reading.recordLinks.length, newToCrawl, reportedTotal, queryListed: recordLinks.length, queryNew, bestQueryEfficiency, ...(leaveRate === undefined ? {} : { leaveRate }) };
    if (!actor && !nextPageWorthReading(shown)) {
      await port.send({ type: 'trace', episodeId: a.episodeId, action: 'back', input: { page: pageNo, listed: recordLinks.length, reportedTotal, why: 'site looks harvested: the next page is worth less than leaving' } });
      break;
    }
    const next = reading.next;
    if (next.kind === 'link') {
      const ok = await port.send({ type: 'allowed', episodeId: a.episodeId, url: next.url });
      if (!ok.allowed) break;
    }
    if (actor && pageNo < a.budget.maxResultPagesPerQuery) {
      if ((await actor.decidePage(port, shown, pageTokens(`${snap.title} ${snap.text}`))) === 'back') {
        // In the trace, so a reader sees where the policy stopped reading a query's pages.
        await port.send({ type: 'trace', episodeId: a.episodeId, action: 'back', input: { page: pageNo, listed: shown.listed, newToCrawl } });
        break;
      }
    }
    if (next.kind === 'link') {
      await port.send({ type: 'trace', episodeId: a.episodeId, action: 'next', input: { kind: 'link', url: next.url, page: pageNo + 1 } });
      await politeGoto(page, next.url);
    } else {
      await port.send({ type: 'trace', episodeId: a.episodeId, action: 'next', input: { kind: next.kind, text: next.text, selector: next.selectorHint, page: pageNo + 1 } });
      await clickAndSettle(page, next.selectorHint);
    }
  }
  return { recordLinks, listedOn, reportedTotal, noResults, pages, complete, skippedKnownRest };
}

/**
 * A stable key for a result page even when the site shows it at an unchanged URL (script
 * results, "load more", POST). It is a query parameter, not a fragment, because canonical
 * URLs drop fragments and pages 2+ would collapse into page 1.
 */
export function resultPageUrl(current: string, queryKey: string, pageNo: number, changedUrl: boolean): string {
  const url = canonicalUrl(current);
  if (changedUrl) return url;
  const u = new URL(url);
  u.searchParams.set(RESULT_PAGE_PARAM, `${queryKey}|${pageNo}`);
  return canonicalUrl(u.href);
}

/** Marks result-page keys that are not addresses a browser could load by themselves. */
export const RESULT_PAGE_PARAM = 'surfacer-result';

async function fetchRecord(page: Page, a: EpisodeAssignment, port: CoordinatorPort): Promise<EpisodeSummary> {
  const nav = await politeGoto(page, a.startUrl);
  const snap = await snapshotPage(page);
  const attributes = attributeLines(snap.text);
  const label = labelPage({ via: 'record-link', resultListSize: largestLinkGroup(snap), statesTotal: false, attributeLines: Object.keys(attributes).length, hasQuery: new URL(snap.url).search.length > 1, searchForms: 0 });
  await port.send({ type: 'page', episodeId: a.episodeId, url: a.startUrl, finalUrl: canonicalUrl(nav.finalUrl), depth: a.depth, kind: label.kind, via: 'record-link', score: label.score, title: snap.title, status: nav.status, query: a.foundBy, fromUrl: a.fromUrl, text: pageText(snap), links: pageLinks(snap) });
  await port.send(recordMessage(a, snap, attributes));
  return { steps: 1, queries: 0, moreWork: false };
}

/** The record an episode's page holds: its main heading as title, its text and attribute lines. */
function recordMessage(a: EpisodeAssignment, snap: PageSnapshot, attributes: Record<string, string>): Extract<AgentMessage, { type: 'record' }> {
  return { type: 'record', episodeId: a.episodeId, url: a.startUrl, title: snap.headings[0] ?? snap.title, text: snap.text, attributes, foundBy: a.foundBy, depth: a.depth };
}

function formIndex(formKey: string): number {
  return Number(/#form(\d+)$/.exec(formKey)?.[1] ?? -1);
}

function resultView(snap: PageSnapshot): ResultPageView {
  const formButtons = snap.forms.flatMap((f) =>
    f.fields.filter((x) => x.tag === 'button' || ['submit', 'button', 'image'].includes(x.type)).map((x) => ({ text: x.value || x.label, selectorHint: x.selectorHint })),
  );
  return { url: snap.url, text: snap.text, links: snap.links, buttons: [...snap.buttons, ...formButtons] };
}

/** What a page says, kept with it so later tools (WebNav tasks, replay checks) need no browser. */
function pageText(snap: PageSnapshot): string {
  return snap.text.slice(0, PAGE_TEXT_CHARS);
}

/** Its outgoing links, canonical and deduplicated: the edges of the site graph. */
function pageLinks(snap: PageSnapshot): string[] {
  const out = new Set<string>();
  for (const l of snap.links) {
    const u = tryCanonicalUrl(l.href);
    if (u) out.add(u);
    if (out.size >= PAGE_LINKS_MAX) break;
  }
  return [...out];
}

const PAGE_TEXT_CHARS = 5000;
const PAGE_LINKS_MAX = 300;

function largestLinkGroup(snap: PageSnapshot): number {
  const groups = new Map<string, number>();
  for (const l of snap.links) {
    if (l.inNav) continue;
    try {
      const s = linkShape(l.href);
      groups.set(s, (groups.get(s) ?? 0) + 1);
    } catch {
      // unparsable href: not part of any list
    }
  }
  return Math.max(0, ...groups.values());
}
