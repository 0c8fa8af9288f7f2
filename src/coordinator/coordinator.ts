/**
 * The coordinator: the only owner of crawl state. It answers agents' messages, keeps the
 * run store, the per-form query strategies, the LVS weights and keyword pools, enforces
 * budgets and the safety rules, and decides which episodes go into the queue next.
 */
import { canonicalUrl, isSameSite, tryCanonicalUrl } from '../url/canonical.ts';
import { extractTerms, KeywordPool, RecordPool, ValueWeights, type LvsTable } from '../lvs/index.ts';
import { createRng } from '../lvs/random.ts';
import type { PageEntry, QueryEntry, RunStore } from '../store/index.ts';
import { createStrategy, yieldClass, type CorpusView, type QueryCandidate, type QueryStrategy, type StrategyContext, type StrategyName } from '../strategies/index.ts';
import type { AgentMessage, CoordinatorPort, EpisodeAssignment, ReplyTo, SearchFormInfo } from './messages.ts';
import { candidateQueries, overWords, planForm, termsOf, type FormPlan } from './query-planner.ts';
import { OPENING_FUNCTION_WORD, openingProbeFirst, withoutIgnoredFunctionWords } from './function-words.ts';
import { answerSize, isCompleteAnswer, withoutPrematureRefinements, type AnswerSize } from './refinements.ts';
import { outsideExclusiveListsView, type CompleteLists } from './exclusive-lists.ts';
import { TrapGuard } from './trap-guard.ts';
import { messageTraceRow } from './message-trace.ts';
import { DEFAULT_POLICY, PolicyLearner, type PolicyConfig } from './policy-learner.ts';
import { policyChoices, type OfferedQuery, type UnseenRecordsProof } from './policy-choices.ts';
import type { WorkflowGuide } from './workflow-guide.ts';
import { pageTokens } from '../policy/features.ts';
import { A3cFormMemory } from '../strategies/a3c-memory.ts';
import { STOP_KEY } from './messages.ts';
import { HostBandit, hostOf } from './host-bandit.ts';
import { FORM_REWARD, Weblog } from './weblog.ts';
import { LinkGate, searchFormIsDry, type OfferedLink } from './link-gate.ts';
import type { LinkLearningPoint } from '../policy/link-policy.ts';
import { SiteListings, chao1Unseen, unseenShare, type ListingTally } from './unseen-records.ts';
import { huntScores, unseenProofs, type StatedTotal } from './proven-unseen.ts';
import { listLeaveRate } from './dry-lists.ts';
import { addFirstTitles, ListedTitles } from './listed-titles.ts';
import { mayBeAllMatches, restIsKnown, SearchFieldModel, unheldInRest } from './search-fields.ts';

export interface CoordinatorConfig {
  strategy: StrategyName;
  maxDepth: number;
  maxQueries: number;
  maxPages: number;
  maxStepsPerEpisode: number;
  episodeTimeLimitMs: number;
  maxResultPagesPerQuery: number;
  allowPost: boolean;
  /** Hosts (and their subdomains) the crawl may visit: the seeds' hosts. */
  allowedHosts: string[];
  seed: number;
  /** Stop querying a form after this many queries in a row that brought no new record. */
  patience: number;
  /** The seeds' origins; trace digests name them `{site}`, so a site on another port replays the same. */
  origins?: string[];
  /** Digests name the origins percent-encoded `{site}` too (`DigestOptions`); runs recorded before it have none and keep their digests. */
  digestEncodedOrigins?: boolean;
  /** Write every agent message to the trace (default); off, only actions and errors (for the overhead bench). */
  traceMessages?: boolean;
  /** With message tracing: each next-query row lists the actions offered to the policy and their inputs (`crawl --trace-choices`). */
  traceChoices?: boolean;
  /** The learned strategy (a3c): where its model comes from, whether it keeps learning. */
  policy?: PolicyConfig;
  /** Which host's waiting episode goes to the agents next: Thompson sampling over hosts, or off (schedule order). */
  hostBandit?: 'thompson' | 'off';
  /** Restart exploration from the best pages of a learned weblog when explore runs dry, or off. */
  restarts?: 'weblog' | 'off';
  /** Dry queries from which a result list is cut once the site looks harvested (default `SKIP_DRY_LISTS_AFTER`; 0: never). */
  skipDryListsAfter?: number;
  /** Record episodes go to the agents ahead of the episodes waiting before them; off (default): schedule order (`episode-order.ts`). */
  recordsFirst?: boolean;
  /** A keyword form's first query is `OPENING_FUNCTION_WORD` (`openingProbeFirst`); off when absent (runs recorded before it). */
  openingProbe?: boolean;
}

interface FormState {
  info: SearchFormInfo;
  plan: FormPlan;
  strategy: QueryStrategy;
  issued: Set<string>;
  /** Candidates handed out and not yet answered, by query key. */
  inFlight: Map<string, QueryCandidate>;
  zeroStreak: number;
  done: boolean;
  /** Learned strategy: the shortlist last offered to an agent, by query key. */
  offered?: Map<string, OfferedQuery>;
  /** New records of the form's queries, in answer order (the policy's state). */
  recentNew?: number[];
  /** Largest total a result page of this form reported. */
  reportedTotal?: number;
  /** Which record parts the form's keyword search matches, learnt from its lists. */
  fields: SearchFieldModel;
  /** Records (canonical URLs) listed so far by each query being read, for the rest-of-list estimate. */
  listedBy: Map<string, Set<string>>;
  /** Held records each query's unread rest was judged to hold, when the coordinator said `restKnown`. */
  knownRest: Map<string, string[]>;
  /** How long each answered query's list was, and whether it was read to its end: which answers were complete (refinements.ts). */
  answers: Map<string, AnswerSize>;
  /** The records (canonical URLs) each answered query listed, its skipped known rest included: which complete lists hold which records (exclusive-lists.ts). */
  listedByAnswer: Map<string, Set<string>>;
  /** Each answered keyword-only query's words and stated total, by query key: what proves records unseen (`provenUnseen`). */
  statedTotals: Map<string, StatedTotal>;
}

export type Enqueue = (assignment: EpisodeAssignment) => void;

export class Coordinator implements CoordinatorPort {
  private readonly forms = new Map<string, FormState>();
  private readonly pools = new Map<string, RecordPool>();
  private readonly surfacePools = new Map<string, KeywordPool>();
  /** By host: the titles its result lists showed (`ListedTitles`). */
  private readonly listedTitles = new Map<string, ListedTitles>();
  /** The titles each query's result pages showed so far, by canonical record URL, until its answer is written with them. */
  private readonly titlesOfQuery = new Map<string, Map<string, string>>();
  private readonly weights: ValueWeights;
  private readonly enqueuedUrls = new Set<string>();
  private readonly pendingRecords = new Set<string>();
  private readonly formsSeen = new Set<string>();
  private readonly trapGuard = new TrapGuard();
  private readonly rng: () => number;
  private episodeCounter = 0;
  /** Times each record URL was listed by a result page, per site host: Good–Turing's and Chao1's counts. */
  private readonly listings = new SiteListings((url) => url.host);
  /** Bumped on every resume so episode ids (and Crawlee unique keys) never repeat. */
  private session = 0;
  /** Thompson sampling over hosts (hostBandit 'thompson'); its draws use their own random stream. */
  hostBandit?: HostBandit;
  private readonly banditRng: () => number;
  /** Learned start pages for restarts (restarts 'weblog'). */
  weblog?: Weblog;
  /** What each running episode harvested: new records and listed records, search forms × FORM_REWARD. */
  private readonly episodeGain = new Map<string, number>();
  /**
   * Explore episodes scheduled and not finished, with their start URLs (an episode the crawler
   * drops unrun is known only by its URL): weblog restarts and the link policy's fallback wait
   * until none is left.
   */
  private readonly openExplore = new Map<string, string>();
  restartsDone = 0;
  queriesIssued = 0;
  errors = 0;
  /** Time spent writing message rows to the trace (digests and appends), for the overhead bench. */
  traceSeconds = 0;
  readonly formsFound: Record<string, number> = {};
  /** The learned strategy's parameter server and curve (strategy a3c; set up by `preparePolicy`). */
  learner?: PolicyLearner;
  /** Strategy a3c: the link policy deciding which surface links to follow. */
  private linkGate?: LinkGate;
  /** Hashed words of pages that hold search forms, for the policy's state. */
  private readonly formPageTokens = new Map<string, number[]>();
  /** The text of the page each episode reported last, until its forms arrive. */
  private readonly lastPageText = new Map<string, string>();
  readonly formsSkipped: Record<string, number> = {};

  constructor(
    private readonly config: CoordinatorConfig,
    private readonly table: LvsTable,
    private readonly store: RunStore,
    private readonly enqueue: Enqueue,
  ) {
    this.rng = createRng(config.seed);
    this.weights = new ValueWeights(table);
    this.banditRng = createRng((config.seed ^ 0x5bd1e995) >>> 0);
    if (config.hostBandit === 'thompson') this.hostBandit = new HostBandit();
    if (config.restarts === 'weblog') this.weblog = new Weblog();
  }

  /** Seeds go in as explore episodes at depth 0. */
  addSeed(url: string): void {
    this.schedule({ kind: 'explore', startUrl: canonicalUrl(url), depth: 0, via: 'seed' });
  }

  get pagesFetched(): number {
    const c = this.store.counts();
    return c.pages;
  }

  /** Records harvested per page fetched so far (0 before any page). */
  harvestRate(): number {
    const c = this.store.counts();
    return c.pages ? c.records / c.pages : 0;
  }

  budgetLeft(): { pages: boolean; queries: boolean } {
    return { pages: this.pagesFetched < this.config.maxPages, queries: this.queriesIssued < this.config.maxQueries };
  }

  async send<M extends AgentMessage>(message: M): Promise<ReplyTo<M>> {
    const reply = this.handle(message);
    this.traceMessage(message, reply);
    return reply as ReplyTo<M>;
  }

  /**
   * One trace row per message, after the coordinator's own rows for it (form-found, …). With
   * message tracing off, only the agents' actions and errors are written, as resume and the
   * report need them.
   */
  private traceMessage(m: AgentMessage, reply: unknown): void {
    if (this.config.traceMessages !== false) {
      const t0 = performance.now();
      this.store.trace(messageTraceRow(m, reply, this.config.origins ?? [], { choices: this.config.traceChoices, encodedOrigins: this.config.digestEncodedOrigins }));
      this.traceSeconds += (performance.now() - t0) / 1000;
    } else if (m.type === 'trace' || m.type === 'error') {
      const { msg: _msg, ...row } = messageTraceRow(m, reply, []);
      this.store.trace(row);
    }
  }

  private handle(m: AgentMessage): unknown {
    switch (m.type) {
      case 'page': {
        const fresh = this.store.addPage({ url: m.url, finalUrl: m.finalUrl, depth: m.depth, kind: m.kind, via: m.via, score: m.score, title: m.title, status: m.status, query: m.query, episode: m.episodeId, from: m.fromUrl, links: m.links, ...(m.offeredLinks ? { offeredLinks: m.offeredLinks } : {}), text: m.text });
        if (this.learner && m.text !== undefined) this.lastPageText.set(m.episodeId, `${m.title} ${m.text}`);
        if (fresh && (m.via === 'link' || m.via === 'seed')) this.linkGate?.pageFetched(m.url);
        if (fresh && m.kind === 'surface' && m.text) this.addSurfaceWords(m.url, m.title, m.text);
        if (this.weblog && (m.via === 'seed' || m.via === 'link')) this.weblog.visit(m.url, m.fromUrl);
        return { fresh };
      }
      case 'forms':
        return this.onForms(m);
      case 'links':
        return this.onLinks(m);
      case 'next-query':
        return m.choose === 'agent' ? this.queryChoices(m.formKey) : { query: this.nextQuery(m.formKey) };
      case 'claim-query':
        return { query: this.claimQuery(m.formKey, m.queryKey) };
      case 'params':
        return this.requireLearner().params(m.actor);
      case 'gradients':
        return this.requireLearner().applyGradients(m);
      case 'rollout':
        this.requireLearner().recordRollout(m, this.table.domain);
        return { ok: true };
      case 'listing':
        return this.onListing(m);
      case 'query-result':
        return this.onQueryResult(m);
      case 'record': {
        const fresh = this.store.addRecord({ url: m.url, title: m.title, text: m.text, attributes: m.attributes, query: m.foundBy, depth: m.depth });
        this.pendingRecords.delete(canonicalUrl(m.url));
        if (fresh) {
          this.recordPoolFor(m.url).add({ url: canonicalUrl(m.url), title: m.title, text: m.text, attributes: m.attributes });
          this.gain(m.episodeId, 1);
          this.linkGate?.recordFound(m.url);
        }
        return { fresh };
      }
      case 'trace':
        return { ok: true };
      case 'error':
        this.errors++;
        this.exploreEnded(m.episodeId);
        return { ok: true };
      case 'allowed':
        return this.allowed(m.url);
      case 'episode-start':
        return { ok: true };
      case 'episode-end':
        // A harvest episode that ran out of steps or time hands its form to the next one.
        if (m.ok && m.assignment.kind === 'harvest' && m.moreWork && m.assignment.formKey && this.formHasWork(m.assignment.formKey)) this.continueHarvest(m.assignment);
        this.episodeEnded(m);
        return { ok: true };
    }
  }

  /** Same-site rule and trap guard for a URL an agent wants to visit inside an episode. */
  allowed(url: string): { allowed: boolean; reason?: string } {
    const canonical = tryCanonicalUrl(url);
    if (!canonical) return { allowed: false, reason: 'not an http(s) URL' };
    const host = new URL(canonical).hostname;
    if (!this.config.allowedHosts.some((h) => isSameSite(host, h))) return { allowed: false, reason: 'off-site' };
    return { allowed: true };
  }

  private onForms(m: Extract<AgentMessage, { type: 'forms' }>): { ok: true } {
    for (const f of m.forms) {
      const id = `${m.pageUrl}#${f.index}`;
      if (this.formsSeen.has(id)) continue;
      this.formsSeen.add(id);
      this.formsFound[f.formType] = (this.formsFound[f.formType] ?? 0) + 1;
      this.store.trace({ episode: m.episodeId, action: 'form-found', input: { pageUrl: m.pageUrl, index: f.index, depth: m.depth }, outcome: { formType: f.formType, probability: f.probability, method: f.method } });
    }
    const pageText = this.lastPageText.get(m.episodeId);
    this.lastPageText.delete(m.episodeId);
    for (const form of m.searchForms) {
      if (this.learner && pageText !== undefined && !this.formPageTokens.has(form.formKey)) this.formPageTokens.set(form.formKey, pageTokens(pageText));
      if (this.forms.has(form.formKey)) continue;
      if (form.method === 'POST' && !this.config.allowPost) {
        this.formsSkipped['search (POST, no --allow-post)'] = (this.formsSkipped['search (POST, no --allow-post)'] ?? 0) + 1;
        continue;
      }
      const plan = planForm(form, this.table, this.weights);
      this.forms.set(form.formKey, { info: form, plan, strategy: createStrategy(this.config.strategy), issued: new Set(), inFlight: new Map(), zeroStreak: 0, done: false, fields: new SearchFieldModel(), listedBy: new Map(), knownRest: new Map(), answers: new Map(), listedByAnswer: new Map(), statedTotals: new Map() });
      this.store.trace({ episode: m.episodeId, action: 'search-form', input: form, outcome: { queryField: plan.queryField?.name, optionFields: plan.optionFields.map((o) => o.field.name), fixed: plan.fixed, ...(plan.held.length ? { held: plan.held.map((h) => h.field.name) } : {}) } });
      this.gain(m.episodeId, FORM_REWARD);
      this.linkGate?.searchFormFound(form.pageUrl);
      this.schedule({ kind: 'harvest', startUrl: form.pageUrl, depth: form.depth, via: 'link', formKey: form.formKey }, true);
    }
    return { ok: true };
  }

  private onLinks(m: Extract<AgentMessage, { type: 'links' }>): { accepted: number } {
    let accepted = 0;
    const depth = m.depth + 1;
    if (depth > this.config.maxDepth && this.weblog) this.weblog.defer(m.fromUrl, m.links.map((l) => tryCanonicalUrl(l.url)).filter((u): u is string => !!u));
    if (depth > this.config.maxDepth) return { accepted };
    for (const link of m.links) {
      const url = tryCanonicalUrl(link.url);
      if (!url || this.enqueuedUrls.has(url) || this.store.hasPage(url)) continue;
      if (!this.allowed(url).allowed) continue;
      if (!this.trapGuard.admit(url)) continue;
      // Weblog restarts re-offer links the depth limit turned away: that rule decided them, not the policy.
      if (this.linkGate && m.episodeId !== 'restart' && !this.linkGate.decide({ url, text: link.text, depth, fromUrl: m.fromUrl })) continue;
      // Not scheduled once the page budget is spent: a restart that queued nothing is no restart.
      if (this.schedule({ kind: 'explore', startUrl: url, depth, via: 'link', fromUrl: m.fromUrl })) accepted++;
    }
    return { accepted };
  }

  /** Sets up the learned strategy's parameter server (strategy a3c); a no-op for the others. */
  async preparePolicy(guide?: WorkflowGuide): Promise<void> {
    if (this.config.strategy !== 'a3c' || this.learner) return;
    this.learner = await PolicyLearner.create(this.config.policy ?? DEFAULT_POLICY, this.config.seed, guide);
    this.linkGate = new LinkGate(this.learner.linkPolicy, { learning: this.learner.learnsLinks, draws: this.learner.drawsLinks, seed: this.config.seed, wordShare: this.learner.config.surfaceWordShare ?? 0 });
  }

  private requireLearner(): PolicyLearner {
    if (!this.learner) throw new Error('the learned policy is not set up: this crawl does not use --strategy a3c');
    return this.learner;
  }

  /**
   * The learned strategy: the agent chooses, so the reply is the shortlist of queries with
   * their features and the state they are chosen in (null when the form has nothing left).
   */
  private queryChoices(formKey: string) {
    const form = this.forms.get(formKey);
    if (!form || form.done || !this.budgetLeft().queries || !this.budgetLeft().pages) return { query: null, choices: null };
    const { candidates, ctx, listing } = this.queryContext(form);
    if (!candidates.length) {
      form.done = true;
      return { query: null, choices: null };
    }
    const policy = this.config.policy;
    const memory = form.strategy instanceof A3cFormMemory ? form.strategy : new A3cFormMemory();
    const { choices, offered } = policyChoices(candidates, form.plan, ctx, memory, {
      issued: form.issued.size,
      siteRecords: this.store.counts().records + this.pendingRecords.size,
      reportedTotal: form.reportedTotal,
      newShare: listing && listing.total ? listing.once / listing.total : 1,
      recentNew: form.recentNew ?? [],
      zeroStreakShare: form.zeroStreak / Math.max(1, this.config.patience),
      budgetSpent: this.queriesIssued / Math.max(1, this.config.maxQueries),
    }, this.formPageTokens.get(formKey) ?? [], {
      zeroStreak: form.zeroStreak,
      after: policy?.stopAfter,
      afterHarvested: policy?.stopAfterHarvested,
      crawlRate: this.harvestRate(),
      unseenShare: listing ? unseenShare(listing) : undefined,
      unseenRecords: listing ? chao1Unseen(listing) : undefined,
      ...(policy?.provenUnseen === 'hunt' || policy?.provenUnseen === 'hunt-at-once' ? { provenUnseen: () => this.provenUnseenOf(form), huntAtOnce: policy.provenUnseen === 'hunt-at-once' } : {}),
      maxUnseenShare: policy?.stopMaxUnseen,
    }, { candidateWords: this.learner?.candidateWords ?? true, queryPrior: policy?.queryPrior ?? 'per-fetch' });
    form.offered = offered;
    return { query: null, choices };
  }

  /** Keeps an answered keyword-only query's stated total (a failed one states nothing of its matches). */
  private noteStatedTotal(form: FormState, q: QueryEntry): void {
    const terms = keywordOnlyTerms(form.plan, q.values);
    if (terms && q.reportedTotal !== undefined && !q.failed && q.error === undefined) form.statedTotals.set(q.key, { terms, reportedTotal: q.reportedTotal });
  }

  /**
   * What the form's stated totals prove of its site's unseen records (`proven-unseen.ts`), against
   * the records held now: the most any one proves, and where to hunt them; undefined: nothing.
   */
  private provenUnseenOf(form: FormState): UnseenRecordsProof | undefined {
    const pool = this.recordPoolFor(form.info.pageUrl);
    // Records listed and not yet fetched hold words the pool cannot count: no proof until they are in.
    const host = new URL(form.info.pageUrl).host;
    if ([...this.pendingRecords].some((url) => URL.canParse(url) && new URL(url).host === host)) return undefined;
    const proofs = unseenProofs([...form.statedTotals.values()], (terms) => form.fields.heldMatchesHigh(terms, pool));
    if (!proofs.length) return undefined;
    let cap = 0;
    for (const a of form.answers.values()) cap = Math.max(cap, a.listed);
    return {
      records: Math.max(...proofs.map((p) => p.unseen)),
      huntScores: (candidates) => huntScores(candidates.map((c) => ({ key: c.key, terms: keywordOnlyTerms(form.plan, c.values) })), proofs, (t) => pool.recordsHolding(t), cap),
    };
  }

  /**
   * What going back from a result page would bring per fetch: the yield model's best
   * efficiency among the form's unissued queries (0 when none is left or the form is done).
   * Undefined outside the learned strategy, whose page decisions are a rule.
   */
  private bestQueryEfficiency(formKey: string): number | undefined {
    const form = this.forms.get(formKey);
    if (!form || !(form.strategy instanceof A3cFormMemory)) return undefined;
    if (form.done || !this.budgetLeft().queries) return 0;
    const { candidates, ctx } = this.queryContext(form);
    return form.strategy.bestEfficiency(candidates, ctx);
  }

  /** An agent's pick among the choices: issued from now on (null when another agent took it first). */
  private claimQuery(formKey: string, key: string): QueryCandidate | null {
    const form = this.forms.get(formKey);
    if (!form || form.done) return null;
    if (key === STOP_KEY) {
      // The policy stopped this form: its queries are worth less than the budget's other uses.
      form.done = true;
      return null;
    }
    const offer = form.offered?.get(key);
    if (!offer || form.issued.has(key) || !this.budgetLeft().queries) return null;
    form.issued.add(key);
    form.inFlight.set(key, offer.candidate);
    if (form.strategy instanceof A3cFormMemory) form.strategy.noteIssued(offer);
    this.queriesIssued++;
    return offer.candidate;
  }

  /** A form's unissued queries and the evidence every strategy (and the learned policy) weighs them by. */
  private queryContext(form: FormState) {
    const pool = this.recordPoolFor(form.info.pageUrl);
    const listing = this.siteListing(form.info.pageUrl);
    const corpus = corpusView(pool, form.fields, listing, completeLists(form));
    // The opening probe goes before the form's first query, whichever strategy chooses.
    const openingWord = this.config.openingProbe && form.issued.size === 0 ? OPENING_FUNCTION_WORD : undefined;
    const all = candidateQueries(form.plan, this.table, this.weights, { records: pool.keywords, surface: this.surfacePoolFor(form.info.pageUrl), functionWords: pool.functionWords, ...(openingWord ? { openingWord } : {}) }, form.issued, corpus.documentFrequency, form.answers);
    const candidates = openingProbeFirst(withoutPrematureRefinements(withoutIgnoredFunctionWords(all, form.answers), form.answers));
    const ctx: StrategyContext = { corpus, harvested: this.store.counts().records, rng: this.rng, captures: listing && { once: listing.once, total: listing.total }, listedTitles: this.listedTitlesFor(form.info.pageUrl) };
    return { candidates, ctx, listing };
  }

  private nextQuery(formKey: string) {
    const form = this.forms.get(formKey);
    if (!form || form.done || !this.budgetLeft().queries || !this.budgetLeft().pages) return null;
    const { candidates, ctx } = this.queryContext(form);
    const choice = form.strategy.choose(candidates, ctx);
    if (!choice) {
      form.done = true;
      return null;
    }
    // Marked issued before the agent submits, so no two agents send the same query.
    form.issued.add(choice.key);
    form.inFlight.set(choice.key, choice);
    this.queriesIssued++;
    return choice;
  }

  /** One result page of a query being read: how many of its records are new, and whether the rest of the list can hold any. */
  private onListing(m: Extract<AgentMessage, { type: 'listing' }>): ReplyTo<typeof m> {
    const newToCrawl = m.links.filter((link) => this.newRecordUrl(link) !== null).length;
    const form = this.forms.get(m.formKey);
    const titles = m.titles;
    if (form && titles) {
      const urls = m.links.map((link) => tryCanonicalUrl(link));
      this.listedTitlesFor(form.info.pageUrl).add(urls, titles);
      if (m.queryKey) {
        let shown = this.titlesOfQuery.get(m.queryKey);
        if (!shown) this.titlesOfQuery.set(m.queryKey, (shown = new Map()));
        addFirstTitles(shown, urls, titles);
      }
    }
    let restKnown: boolean | undefined;
    let unheld: number | undefined;
    if (form && m.queryKey) {
      let listed = form.listedBy.get(m.queryKey);
      if (!listed) form.listedBy.set(m.queryKey, (listed = new Set()));
      addCanonical(listed, m.links);
      const terms = keywordOnlyTerms(form.plan, form.inFlight.get(m.queryKey)?.values);
      if (terms) {
        const heldUnlisted = form.fields.expectedHeldMatches(terms, this.recordPoolFor(form.info.pageUrl), listed);
        // form.reportedTotal is the largest total of the form's answered queries, this one not among them.
        const rest = { reportedTotal: m.reportedTotal, listed: listed.size, heldUnlisted, largestOtherTotal: form.reportedTotal };
        restKnown = restIsKnown(rest);
        unheld = unheldInRest(rest);
        if (restKnown) form.knownRest.set(m.queryKey, form.fields.likeliestHeldMatches(terms, this.recordPoolFor(form.info.pageUrl), listed, m.reportedTotal! - listed.size));
      }
    }
    // The best query's efficiency costs a pass over every candidate: only a policy deciding pages weighs it.
    const bestQueryEfficiency = this.config.policy?.pageDecisions ? this.bestQueryEfficiency(m.formKey) : undefined;
    const leaveRate = form && listLeaveRate({ zeroStreak: form.zeroStreak, listing: this.siteListing(form.info.pageUrl), crawlRate: this.harvestRate(), unheldInRest: unheld, after: this.config.skipDryListsAfter });
    return { newToCrawl, bestQueryEfficiency, ...(restKnown === undefined ? {} : { restKnown }), ...(leaveRate === undefined ? {} : { leaveRate }), ...(this.budgetLeft().pages ? {} : { pagesSpent: true as const }) };
  }

  /**
   * What a keyword query's answer says of which record parts the form searches (search-fields.ts).
   * Call it before the answer's total enters form.reportedTotal: a list read to its end holds
   * every match only if it is shorter than another query's total (else it may be cut by a cap).
   */
  private learnSearchFields(form: FormState, values: Record<string, string>, recordLinks: readonly string[], readToEnd: boolean, functionWord: boolean): void {
    const terms = keywordOnlyTerms(form.plan, values);
    if (!terms) return;
    // "the" listing nothing says the form drops function words, not which parts of a record it searches.
    if (functionWord && recordLinks.length === 0) return;
    // An empty list cannot have been cut by a cap.
    const complete = readToEnd && (recordLinks.length === 0 || mayBeAllMatches(recordLinks.length, form.reportedTotal));
    form.fields.observe(terms, addCanonical(new Set(), recordLinks), complete, this.recordPoolFor(form.info.pageUrl));
  }

  private onQueryResult(m: Extract<AgentMessage, { type: 'query-result' }>): { newRecords: number; yieldTurn?: boolean } {
    const form = this.forms.get(m.formKey);
    // A list whose known rest was skipped counts that rest as listed, so capture–recapture and
    // Chao1 see the recaptures a full reading would have shown (else the site looks bigger).
    const skipped = (m.skippedKnownRest && form?.knownRest.get(m.queryKey)) || [];
    const candidate = form?.inFlight.get(m.queryKey);
    if (form) {
      form.listedBy.delete(m.queryKey);
      form.knownRest.delete(m.queryKey);
      // Before this answer's new records enter the pool: only records held before it are evidence.
      // An empty answer ("no results") is evidence too; a query that could not be issued (an error) is none.
      if (m.error === undefined) this.learnSearchFields(form, m.values, m.recordLinks, m.complete ?? false, candidate?.functionWord === true);
    }
    let fresh = 0;
    let yieldTurn = false;
    this.listings.add([...m.recordLinks, ...skipped]);
    for (const [i, link] of m.recordLinks.entries()) {
      const url = this.newRecordUrl(link);
      if (!url) continue;
      this.pendingRecords.add(url);
      fresh++;
      this.schedule({ kind: 'record', startUrl: url, depth: (form?.info.depth ?? 0) + 2, via: 'record-link', foundBy: m.queryKey, fromUrl: m.listedOn?.[i] }, true);
    }
    if (form && candidate?.source === 'surface') this.linkGate?.surfaceWordsPaid(form.info.pageUrl, candidate.terms, fresh);
    // Saved with the answer, so a resume counts the titles listed after the last checkpoint again.
    const shown = this.titlesOfQuery.get(m.queryKey);
    this.titlesOfQuery.delete(m.queryKey);
    const recordTitles = shown && m.recordLinks.map((link) => shown.get(tryCanonicalUrl(link) ?? '') ?? '');
    const entry: QueryEntry = { key: m.queryKey, form: m.formKey, values: m.values, terms: m.terms, resultPages: m.resultPages, results: m.recordLinks.length, recordLinks: m.recordLinks, listedOn: m.listedOn, newRecords: fresh, reportedTotal: m.reportedTotal, ...(m.complete === undefined ? {} : { complete: m.complete }), ...(skipped.length ? { skippedRest: skipped } : {}), failed: m.failed ?? false, error: m.error, ...(candidate?.functionWord ? { functionWord: true } : {}), ...(recordTitles?.some(Boolean) ? { recordTitles } : {}) };
    this.store.addQuery(entry);
    if (form) {
      form.answers.set(m.queryKey, answerSize(entry));
      this.noteStatedTotal(form, entry);
      form.listedByAnswer.set(m.queryKey, addCanonical(new Set(), [...m.recordLinks, ...skipped]));
      form.inFlight.delete(m.queryKey);
      const knownBefore = this.store.counts().records + this.pendingRecords.size - fresh;
      form.strategy.observe({ key: m.queryKey, source: candidate?.source, ...(candidate && yieldClass(candidate) === 'unshown' ? { unshown: true } : {}), terms: m.terms, results: m.recordLinks.length + skipped.length, newRecords: fresh, reportedTotal: m.reportedTotal, pages: m.resultPages, failed: m.failed, knownBefore });
      const value = form.plan.queryField ? m.values[form.plan.queryField.name] : undefined;
      if (candidate?.label && value !== undefined) this.weights.recordOutcome(candidate.label, value, { newRecords: fresh, results: m.recordLinks.length });
      form.zeroStreak = fresh > 0 ? 0 : form.zeroStreak + 1;
      // A form run dry waits for the surface pages its site's policy now reads: their words are what it lacks.
      if (this.linkGate) yieldTurn = this.followLinks(this.linkGate.searchFormRanDry(form.info.pageUrl, searchFormIsDry(form.zeroStreak, this.siteListing(form.info.pageUrl))), 'follow-reconsidered-links') > 0;
      (form.recentNew ??= []).push(fresh);
      if (form.recentNew.length > 20) form.recentNew.shift();
      if (m.reportedTotal !== undefined) form.reportedTotal = Math.max(form.reportedTotal ?? 0, m.reportedTotal);
      if (form.zeroStreak >= this.config.patience) form.done = true;
      if (fresh > 0) {
        this.gain(m.episodeId, fresh);
        this.weblog?.result(form.info.pageUrl, fresh);
      }
    }
    return yieldTurn ? { newRecords: fresh, yieldTurn } : { newRecords: fresh };
  }

  /** The canonical URL of a listed record link the crawl has neither harvested nor scheduled, and may fetch; else null. */
  private newRecordUrl(link: string): string | null {
    const url = tryCanonicalUrl(link);
    return url && !this.store.hasRecord(url) && !this.pendingRecords.has(url) && this.allowed(url).allowed ? url : null;
  }

  /** Harvest episodes continue while their form has queries left. */
  formHasWork(formKey: string): boolean {
    const form = this.forms.get(formKey);
    return !!form && !form.done && this.budgetLeft().queries && this.budgetLeft().pages;
  }

  /**
   * A surface page's words go to its site's surface pool (query candidates) and, while the link
   * policy learns, to the link gate: the records their queries find are part of the page's return.
   */
  private addSurfaceWords(url: string, title: string, text: string): void {
    const titleTerms = title ? extractTerms(title) : [];
    const textTerms = extractTerms(text);
    this.surfacePoolFor(url).addRecord([{ text: title, terms: titleTerms, context: { tag: 'title' } }, { text, terms: textTerms, context: { tag: 'surface' } }]);
    if (this.linkGate?.creditsWords) this.linkGate.surfaceWordsRead(url, [...titleTerms, ...textTerms].map((t) => t.term));
  }

  /** How often the result lists of `url`'s site have listed each of its records (none yet: undefined). */
  private siteListing(url: string): ListingTally | undefined {
    return this.listings.get(new URL(url).host);
  }

  /** Words of a site's surface pages: query candidates before any record is harvested. */
  surfacePoolFor(url: string): KeywordPool {
    return forHost(this.surfacePools, url, () => new KeywordPool());
  }

  /** The titles a site's result lists have shown. */
  private listedTitlesFor(url: string): ListedTitles {
    return forHost(this.listedTitles, url, () => new ListedTitles());
  }

  /** Words of a site's harvested records, less its record template (menus, footer). */
  poolFor(url: string): KeywordPool {
    return this.recordPoolFor(url).keywords;
  }

  private recordPoolFor(url: string): RecordPool {
    return forHost(this.pools, url, () => new RecordPool());
  }

  /** Queues an episode; false when it is not (an explore URL already queued, or no page budget left unless `force`). */
  private schedule(a: Omit<EpisodeAssignment, 'episodeId' | 'budget'>, force = false): boolean {
    const url = a.startUrl;
    if (a.kind === 'explore') {
      if (this.enqueuedUrls.has(url)) return false;
      this.enqueuedUrls.add(url);
    }
    if (!force && !this.budgetLeft().pages) return false;
    this.push(this.assignment(a));
    return true;
  }

  private assignment(a: Omit<EpisodeAssignment, 'episodeId' | 'budget'>): EpisodeAssignment {
    return {
      ...a,
      ...(a.kind === 'harvest' && this.learner ? { policy: { actor: this.learner.pickActor() } } : {}),
      episodeId: this.session ? `s${this.session}e${++this.episodeCounter}` : `e${++this.episodeCounter}`,
      budget: { maxSteps: this.config.maxStepsPerEpisode, timeLimitMs: this.config.episodeTimeLimitMs, maxDepth: this.config.maxDepth, maxResultPagesPerQuery: this.config.maxResultPagesPerQuery },
    };
  }

  /** Schedules the next harvest episode of a form whose episode ran out of steps or time. */
  continueHarvest(previous: Pick<EpisodeAssignment, 'startUrl' | 'depth' | 'via' | 'formKey'>): void {
    this.schedule({ kind: 'harvest', startUrl: previous.startUrl, depth: previous.depth, via: previous.via, formKey: previous.formKey }, true);
  }

  /** Whose waiting episode goes next: Thompson sampling over `hosts` (the first of them when the bandit is off). */
  pickHost(hosts: readonly string[]): string {
    return this.hostBandit ? this.hostBandit.pick(hosts, this.banditRng) : hosts[0]!;
  }

  private push(a: EpisodeAssignment): void {
    if (a.kind === 'explore') this.openExplore.set(a.episodeId, a.startUrl);
    this.enqueue(a);
  }

  private gain(episodeId: string, n: number): void {
    if (this.hostBandit || this.weblog) this.episodeGain.set(episodeId, (this.episodeGain.get(episodeId) ?? 0) + n);
  }

  /** An episode attempt ended: its host's bandit arm, and (explore) a weblog result and maybe a restart. */
  private episodeEnded(m: Extract<AgentMessage, { type: 'episode-end' }>): void {
    const explored = m.ok && m.assignment.kind === 'explore';
    if (this.hostBandit || this.weblog) {
      const gained = this.episodeGain.get(m.episodeId) ?? 0;
      this.episodeGain.delete(m.episodeId);
      this.hostBandit?.record(hostOf(m.assignment.startUrl), gained > 0);
      if (this.weblog && explored) this.weblog.result(m.assignment.startUrl, gained);
    }
    // A failed attempt is not the end: the retry, or the crawler's final 'error', ends it.
    if (explored) this.exploreEnded(m.episodeId);
  }

  /**
   * The crawler dropped an episode without running it (robots.txt disallows its start page):
   * an explore episode ends there, having found nothing, as a failed one does. Without this a
   * weblog restart or the link policy's fallback would wait for it for ever.
   */
  episodeDropped(url: string): void {
    const canonical = tryCanonicalUrl(url);
    for (const [episodeId, startUrl] of this.openExplore) if (startUrl === canonical) this.exploreEnded(episodeId);
  }

  /** An explore episode is over: once none is left, a weblog restart and the link policy's fallback. */
  private exploreEnded(episodeId: string): void {
    if (!this.openExplore.delete(episodeId) || this.openExplore.size > 0) return;
    this.maybeRestart();
    this.followDeferredLinks();
  }

  /**
   * Exploration has run dry: a site without a search form yet gets the links the link policy
   * deferred (see link-gate.ts), so the policy costs pages there, never the form.
   */
  private followDeferredLinks(): void {
    if (!this.linkGate || !this.budgetLeft().pages) return;
    this.followLinks(this.linkGate.takeFallback(), 'follow-deferred-links');
  }

  /** Schedules links the link gate has just let through (fallback or reconsidered), each an explore episode; how many were new. */
  private followLinks(links: readonly OfferedLink[], action: string): number {
    if (!links.length) return 0;
    let scheduled = 0;
    for (const l of links) if (this.schedule({ kind: 'explore', startUrl: l.url, depth: l.depth, via: 'link', fromUrl: l.fromUrl })) scheduled++;
    this.store.trace({ action, input: { links: links.length }, outcome: { scheduled } });
    return scheduled;
  }

  /**
   * The link policy learns from this crawl's decisions (a3c, unless frozen or `learn: queries`);
   * what it learnt, for the summary. Call once, when the crawl is over.
   */
  learnLinks(): { followed: number; deferred: number; fallback: number; reconsidered: number; update?: LinkLearningPoint } | undefined {
    if (!this.linkGate || !this.learner) return undefined;
    const stats = this.linkGate.stats();
    if (!this.learner.learnsLinks) return stats;
    return { ...stats, update: this.learner.linkPolicy.learn(this.linkGate.samples()) };
  }

  /**
   * Weblog restart: once no explore episode is left and the page and query budgets have room,
   * the best page that still holds links the depth limit turned away becomes a start page: its
   * links are offered again as if it were a seed (depth 0), so they go in at depth 1.
   */
  private maybeRestart(): void {
    if (!this.weblog || this.openExplore.size > 0) return;
    const budget = this.budgetLeft();
    if (!budget.pages || !budget.queries) return;
    for (let next = this.weblog.nextRestart(); next; next = this.weblog.nextRestart()) {
      this.weblog.markRestarted(next.url);
      const { accepted } = this.onLinks({ type: 'links', episodeId: 'restart', fromUrl: next.url, depth: 0, links: next.links.map((url) => ({ url, text: '' })) });
      if (accepted === 0) continue;
      this.restartsDone++;
      this.store.trace({ action: 'restart', input: { url: next.url, value: next.value }, outcome: { scheduled: accepted } });
      return;
    }
  }

  /** Saves the coordinator's state beside the run's JSONL files (lowdb, atomic). */
  async checkpoint(): Promise<void> {
    this.store.setState('coordinator', this.snapshotState());
    await this.store.checkpoint();
  }

  /**
   * Rebuilds the coordinator after a stop or a kill: strategies, issued queries, weights and
   * surface-word pools from the last checkpoint, then everything written after it from the
   * JSONL files (queries, records, search forms found; the record pools are counted again
   * from all records), and puts back into the queue whatever was
   * known but not done: listed records not fetched, links not followed, forms with queries
   * left. Crawlee's persisted queue holds most of these already; its unique keys drop the
   * repeats, and this covers what a kill kept it from writing.
   */
  restore(): void {
    const saved = this.store.getState<SavedCoordinator>('coordinator');
    this.session = (saved?.session ?? 0) + 1;
    if (saved) {
      this.queriesIssued = saved.queriesIssued;
      this.errors = saved.errors;
      this.episodeCounter = saved.episodeCounter;
      Object.assign(this.formsFound, saved.formsFound);
      Object.assign(this.formsSkipped, saved.formsSkipped);
      this.weights.restore(saved.lvsWeights);
      for (const url of saved.enqueuedUrls) this.enqueuedUrls.add(url);
      for (const id of saved.formsSeen) this.formsSeen.add(id);
      for (const [host, pool] of Object.entries(saved.surfacePools ?? {})) this.surfacePools.set(host, KeywordPool.fromJSON(pool));
      for (const [host, titles] of Object.entries(saved.listedTitles ?? {})) this.listedTitles.set(host, ListedTitles.fromJSON(titles));
      for (const f of Object.values(saved.forms)) this.addForm(f.info, createStrategy(this.config.strategy, f.strategy), f.issued, f.zeroStreak, f.done);
      if (this.hostBandit && saved.hostBandit) this.hostBandit = HostBandit.fromJSON(saved.hostBandit);
      if (this.weblog && saved.weblog) this.weblog = Weblog.fromJSON(saved.weblog);
      // The link policy's decisions so far: the links it deferred, and the samples it learns from at the end.
      if (this.linkGate && saved.linkGate) this.linkGate.restore(saved.linkGate);
      this.restartsDone = saved.restartsDone ?? 0;
    }
    // Search forms found after the checkpoint are in the trace.
    for (const e of this.store.traceEvents()) {
      if (e.action !== 'search-form') continue;
      const info = e.input as SearchFormInfo;
      if (!this.forms.has(info.formKey)) this.addForm(info, createStrategy(this.config.strategy), [], 0, false);
    }
    // Queries answered after the checkpoint count as issued; their records are in the store.
    const queries = this.store.queries();
    for (const q of queries) if (Array.isArray(q['recordLinks'])) this.listings.add([...(q['recordLinks'] as string[]), ...(Array.isArray(q['skippedRest']) ? (q['skippedRest'] as string[]) : [])]);
    for (const q of queries) {
      const form = this.forms.get(q.form);
      if (form && !form.issued.has(q.key)) {
        form.issued.add(q.key);
        this.queriesIssued++;
      }
    }
    // The record pools are counted again from the store, in the order the records came: the
    // template is judged from all of a site's records, which a checkpoint does not keep.
    for (const r of this.store.records()) this.recordPoolFor(r.url).add({ url: r.url, title: r.title ?? '', text: r.text ?? '', attributes: r.attributes ?? {} });
    // Which parts each form searches is learnt again from its answered queries, now against every record held.
    for (const q of queries) {
      const form = this.forms.get(q.form);
      if (!form) continue;
      const links = Array.isArray(q['recordLinks']) ? (q['recordLinks'] as string[]) : undefined;
      if (q.error === undefined && links) this.learnSearchFields(form, q.values ?? {}, links, q['complete'] === true, q.functionWord === true);
      form.answers.set(q.key, answerSize(q));
      this.noteStatedTotal(form, q);
      form.listedByAnswer.set(q.key, addCanonical(new Set(), [...(links ?? []), ...(Array.isArray(q['skippedRest']) ? (q['skippedRest'] as string[]) : [])]));
      if (q.reportedTotal !== undefined) form.reportedTotal = Math.max(form.reportedTotal ?? 0, q.reportedTotal);
      // Titles listed after the checkpoint (those before it are in the saved state; a record counts once either way).
      if (links && Array.isArray(q.recordTitles)) this.listedTitlesFor(form.info.pageUrl).add(links.map((link) => tryCanonicalUrl(link)), q.recordTitles);
    }
    this.requeueUnfinished(queries);
  }

  private addForm(info: SearchFormInfo, strategy: QueryStrategy, issued: Iterable<string>, zeroStreak: number, done: boolean): void {
    const plan = planForm(info, this.table, this.weights);
    this.forms.set(info.formKey, { info, plan, strategy, issued: new Set(issued), inFlight: new Map(), zeroStreak, done, fields: new SearchFieldModel(), listedBy: new Map(), knownRest: new Map(), answers: new Map(), listedByAnswer: new Map(), statedTotals: new Map() });
  }

  private requeueUnfinished(queries: QueryEntry[]): void {
    for (const q of queries) {
      const form = this.forms.get(q.form);
      const links = Array.isArray(q['recordLinks']) ? (q['recordLinks'] as string[]) : [];
      const listedOn = Array.isArray(q['listedOn']) ? (q['listedOn'] as string[]) : [];
      for (const [i, link] of links.entries()) {
        const url = tryCanonicalUrl(link);
        if (!url || this.store.hasRecord(url) || this.pendingRecords.has(url)) continue;
        this.pendingRecords.add(url);
        this.schedule({ kind: 'record', startUrl: url, depth: (form?.info.depth ?? 0) + 2, via: 'record-link', foundBy: q.key, fromUrl: listedOn[i] }, true);
      }
    }
    const pages = this.store.pages();
    for (const p of pages) {
      // Links are offered again as if the page had just been read; known URLs are skipped there.
      const links = offeredLinksOf(p);
      if (links) this.onLinks({ type: 'links', episodeId: 'restore', fromUrl: p.url, depth: p.depth, links });
    }
    const linkedFrom = new Map<string, PageEntry>();
    for (const p of pages) for (const l of Array.isArray(p['links']) ? (p['links'] as string[]) : []) if (!linkedFrom.has(l)) linkedFrom.set(l, p);
    for (const url of this.enqueuedUrls) {
      // Enqueued before the kill but maybe never written to Crawlee's queue: offer it again (same unique key).
      if (this.store.hasPage(url)) continue;
      const page = linkedFrom.get(url);
      this.enqueue(this.assignment({ kind: 'explore', startUrl: url, depth: page ? page.depth + 1 : 0, via: page ? 'link' : 'seed', fromUrl: page?.url }));
    }
    for (const form of this.forms.values()) {
      if (!form.done) this.schedule({ kind: 'harvest', startUrl: form.info.pageUrl, depth: form.info.depth, via: 'link', formKey: form.info.formKey }, true);
    }
  }

  /** Small state for resume and the report. */
  snapshotState(): SavedCoordinator {
    // A query handed out but not answered yet is not saved as issued: after a kill it was never
    // answered, so a resumed crawl may issue it again.
    const inFlight = [...this.forms.values()].reduce((n, f) => n + f.inFlight.size, 0);
    return {
      session: this.session,
      episodeCounter: this.episodeCounter,
      enqueuedUrls: [...this.enqueuedUrls],
      formsSeen: [...this.formsSeen],
      queriesIssued: this.queriesIssued - inFlight,
      errors: this.errors,
      formsFound: this.formsFound,
      formsSkipped: this.formsSkipped,
      lvsWeights: this.weights.toJSON(),
      forms: Object.fromEntries([...this.forms].map(([k, f]) => [k, { info: f.info, issued: [...f.issued].filter((q) => !f.inFlight.has(q)), zeroStreak: f.zeroStreak, done: f.done, strategy: f.strategy.toJSON(), searchFields: f.fields.toJSON() }])),
      surfacePools: Object.fromEntries([...this.surfacePools].map(([h, p]) => [h, p.toJSON()])),
      listedTitles: Object.fromEntries([...this.listedTitles].map(([h, t]) => [h, t.toJSON()])),
      ...(this.hostBandit ? { hostBandit: this.hostBandit.toJSON() } : {}),
      ...(this.weblog ? { weblog: this.weblog.toJSON(), restartsDone: this.restartsDone } : {}),
      ...(this.linkGate ? { linkGate: this.linkGate.toJSON() } : {}),
    };
  }
}

interface SavedCoordinator {
  session?: number;
  episodeCounter: number;
  enqueuedUrls: string[];
  formsSeen: string[];
  queriesIssued: number;
  errors: number;
  formsFound: Record<string, number>;
  formsSkipped: Record<string, number>;
  lvsWeights: unknown;
  /** `searchFields`: for reading only; a resume learns it again from the answered queries. */
  forms: Record<string, { info: SearchFormInfo; issued: string[]; zeroStreak: number; done: boolean; strategy: unknown; searchFields?: unknown }>;
  surfacePools: Record<string, unknown>;
  /** Absent in a run saved before titles were kept. */
  listedTitles?: Record<string, unknown>;
  hostBandit?: unknown;
  weblog?: unknown;
  restartsDone?: number;
  /** Absent in a run saved before the link gate was kept, or without one. */
  linkGate?: unknown;
}

/** What a per-site map holds for `url`'s host, made on first use. */
function forHost<T>(map: Map<string, T>, url: string, create: () => T): T {
  const host = new URL(url).host;
  let value = map.get(host);
  if (value === undefined) map.set(host, (value = create()));
  return value;
}

/**
 * Reads the site's pool anew on every call: it is replaced when the record template changes.
 * Document frequencies are the form's (`SearchFieldModel.formDocumentFrequency`): a word's
 * holders count by whether this form lists records holding it where they do. The records listed
 * once are read from the site's listing tally as it stands at the call.
 */
function corpusView(records: RecordPool, fields: SearchFieldModel, listing: ListingTally | undefined, complete: CompleteLists): CorpusView {
  const once = listing && ((url: string) => listing.timesListed(url) === 1);
  return {
    ...(once && { listedOnce: listedOnceView(records, fields, once), outsideExclusiveLists: outsideExclusiveListsView(records, complete, once) }),
    get documents() {
      return records.keywords.documents;
    },
    documentFrequency: (term: string) => overWords(term, (w) => fields.formDocumentFrequency(w, records) ?? records.wordStats(w)?.df ?? 0),
    termsWithDf: (df: number) => records.keywords.termsWithDf(df),
    termStats: (term: string) => {
      const s = records.wordStats(term);
      if (!s) return undefined;
      const contexts: Record<string, number> = {};
      for (const c of s.contexts) contexts[c.tag ?? 'other'] = (contexts[c.tag ?? 'other'] ?? 0) + c.count;
      return { pos: s.pos, tf: s.tf, df: s.df, ridf: s.ridf, contexts };
    },
  };
}

/** The record sets of a form's answers that held every match (`isCompleteAnswer`). */
function completeLists(form: FormState): CompleteLists {
  const out = new Map<string, ReadonlySet<string>>();
  for (const [key, listed] of form.listedByAnswer) if (listed.size && isCompleteAnswer(key, form.answers)) out.set(key, listed);
  return out;
}

/** The held records the site's lists have listed once, counted on first use (one view per query choice). */
function listedOnceView(records: RecordPool, fields: SearchFieldModel, once: (url: string) => boolean): NonNullable<CorpusView['listedOnce']> {
  let documents: number | undefined;
  return {
    get documents() {
      if (documents === undefined) {
        documents = 0;
        for (const url of records.urls()) if (once(url)) documents++;
      }
      return documents;
    },
    frequency: (term: string) => overWords(term, (w) => fields.formHolderCount(w, records, once)),
  };
}

/**
 * The links a page row offered to follow: as its explore episode offered them (`offeredLinks`, with anchor
 * text, nofollow left out), or, for rows written before those were kept, a surface page's `links` without text.
 */
function offeredLinksOf(p: PageEntry): { url: string; text: string }[] | undefined {
  const offered = p['offeredLinks'];
  if (Array.isArray(offered)) return (offered as { url: string; text: string }[]).map((l) => ({ url: l.url, text: typeof l.text === 'string' ? l.text : '' }));
  if (p.kind === 'surface' && Array.isArray(p['links'])) return (p['links'] as string[]).map((url) => ({ url, text: '' }));
  return undefined;
}

/** Adds the canonical URLs of `links` (those that are URLs) to `into`, and returns it. */
function addCanonical(into: Set<string>, links: readonly string[]): Set<string> {
  for (const link of links) {
    const url = tryCanonicalUrl(link);
    if (url) into.add(url);
  }
  return into;
}

/**
 * The words of a query that only fills the keyword field (other fields at their fixed range
 * ends), else null: a drop-down filter narrows the list to records the pool cannot tell apart.
 */
function keywordOnlyTerms(plan: FormPlan, values: Record<string, string> | undefined): string[] | null {
  const field = plan.queryField?.name;
  if (!values || !field || !values[field]) return null;
  const filters = new Set(plan.optionFields.map((o) => o.field.name));
  for (const [name, value] of Object.entries(values)) {
    if (name === field) continue;
    if (filters.has(name) || plan.fixed[name] !== value) return null;
  }
  return termsOf(values[field]);
}
