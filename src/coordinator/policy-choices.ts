/**
 * What the learned policy chooses among on a form: a shortlist of the form's unissued
 * queries (the first few of each source in that source's own ranking — LVS weight, record
 * DF, surface rank, option order — so every kind of value stays on offer while the numbers
 * stay small) and the yield model's best few across sources, each with its features, its
 * description for WGE, and "stop".
 */
import type { FormFieldInfo } from './messages.ts';
import { STOP_KEY, type PolicyChoices } from './messages.ts';
import type { FormPlan } from './query-planner.ts';
import { CANDIDATE_DIM, siteEvidenceInput, stateContext, valueTokens, yieldEstimateInput, type FormProgress, type YieldEstimate } from '../policy/features.ts';
import { frequencyBlendedPriors, frequencyWeight, newRecordsYield, queryAndStopPriors, relativeEfficiency, type QueryPriorUnit } from '../policy/prior.ts';
import type { ActionElement, CandidateInput } from '../policy/types.ts';
import { queryFeatures } from '../strategies/jiang-rl.ts';
import { frequencyIn } from '../strategies/generic-frequency.ts';
import { fewUnseen } from './dry-lists.ts';
import { sampleFrequency, type DocumentSample, type QueryCandidate, type StrategyContext } from '../strategies/types.ts';

/**
 * "Stop" is offered only after this many queries in a row without a new record: stopping
 * ends the form for the whole crawl, so the policy must not take it while the form may still
 * pay. Half the patience the other strategies get (25 dry queries, crawl-command.ts): at 3, a
 * policy that learnt on exhausted training sites that stopping beats another empty answer
 * quit a fresh title-only site (sports) after 6 queries, at 4–8 % coverage.
 */
export const STOP_AFTER_ZERO_STREAK = 12;

/**
 * "Stop" is offered only while at most this share of the site's records is estimated unseen
 * (Chao1 over the result lists, `unseen-records.ts`): leaving must not forgo the last
 * percent that 99 % coverage needs. At the dry streak, crawls that had left records behind
 * estimated 2.6–3.5 % unseen; those that had every record, 0–0.3 %.
 */
export const STOP_MAX_UNSEEN_SHARE = 0.01;

/**
 * The shorter dry streak from which "stop" is offered once capture–recapture expects less than
 * one of the site's records unseen (Chao1 < `HARVESTED_UNSEEN_RECORDS`). The long streak is the
 * price of not knowing; when the lists have met nearly every record twice, the queries after
 * the last new record only confirm it, and each can read a capped list of known records to its
 * end (20 result pages on home and society). Over 163 kept crawls (bench-results/stop-harvested/),
 * 8 lost no record of the a3c crawls and 2 records in one of the 163; 6 lost 4 in three.
 */
export const STOP_AFTER_ZERO_STREAK_HARVESTED = 8;

/** Records proven unseen (`proven-unseen.ts`) from which "stop" is not offered. */
export const PROVEN_UNSEEN_RECORDS = 1;

/** Candidates per source on the shortlist. */
export const PER_SOURCE = 12;

/** The yield model's best candidates added to the shortlist (whatever their source's own ranking). */
export const BY_YIELD = 12;

/**
 * The first `PER_SOURCE` of each source, then the `BY_YIELD` best by `efficiency` (the yield the
 * prior ranks by) not among them: a source's own order (record DF, say) is not the yield model's,
 * and a policy that starts from the yield model's ranking must be offered its best.
 */
export function shortlist(candidates: readonly QueryCandidate[], efficiency?: (c: QueryCandidate) => number): QueryCandidate[] {
  const taken = new Map<string, number>();
  const short = candidates.filter((c) => {
    const n = taken.get(c.source) ?? 0;
    taken.set(c.source, n + 1);
    return n < PER_SOURCE;
  });
  return efficiency ? withBest(short, candidates, efficiency) : short;
}

/** `short` and, after it, the `BY_YIELD` candidates best by `score` that it lacks. */
function withBest(short: readonly QueryCandidate[], candidates: readonly QueryCandidate[], score: (c: QueryCandidate) => number): QueryCandidate[] {
  const inShort = new Set(short);
  const best = candidates
    .map((c, i) => ({ c, i, e: score(c) }))
    .sort((a, b) => b.e - a.e || a.i - b.i)
    .slice(0, BY_YIELD)
    .filter(({ c }) => !inShort.has(c));
  return [...short, ...best.map(({ c }) => c)];
}

/** What the form's memory (`A3cFormMemory`) says of its issued queries. */
export interface FormEvidence {
  /** The kernel estimate of a query's reward from issued ones (Jiang et al.). */
  estimate(x: readonly number[]): { estimate: number; evidence: number };
  /** The yield model's estimate of a candidate's new records (Ntoulas et al., as `adaptive` scores it). */
  yieldEstimate(c: QueryCandidate, ctx: StrategyContext): YieldEstimate;
}

/** A shortlisted query as offered: the candidate, its Jiang features and the yield model's estimate, kept until an agent claims it. */
export interface OfferedQuery {
  candidate: QueryCandidate;
  jiang: number[];
  yields: YieldEstimate;
}

/**
 * `yields`: the memory's yield estimate of `c`, already made for the shortlist (`policyChoices`).
 * `words`: the model reads candidates' words (`PolicyLearner.candidateWords`); else their tokens
 * are left empty, so the network sees no word and learns nothing from one.
 */
export function candidateInput(c: QueryCandidate, ctx: StrategyContext, memory: FormEvidence, yields: YieldEstimate, words = true): { input: CandidateInput; offer: OfferedQuery } {
  const jiang = queryFeatures(c, ctx);
  const { estimate, evidence } = memory.estimate(jiang);
  const features = [...jiang, Math.min(1, estimate / 5), evidence / (1 + evidence), Math.min(1, c.prior ?? 0), 0];
  return { input: { features, tokens: valueTokens(words ? c.terms : []), yieldEstimate: yieldEstimateInput(yields), siteEvidence: siteEvidenceInput(c.surfaceShare) }, offer: { candidate: c, jiang, yields } };
}

export function stopInput(prior?: number): CandidateInput {
  const features = new Array<number>(CANDIDATE_DIM).fill(0);
  features[CANDIDATE_DIM - 1] = 1;
  return { features, tokens: valueTokens([]), ...(prior === undefined ? {} : { prior }) };
}

/** The field a candidate's main value goes into: an option field it sets, else the keyword field. */
function mainField(c: QueryCandidate, plan: FormPlan): FormFieldInfo | undefined {
  if (c.source === 'options') return plan.optionFields.find((o) => o.field.name in c.values && !(o.field.name in plan.fixed))?.field ?? plan.optionFields.find((o) => o.field.name in c.values)?.field;
  return plan.queryField;
}

export function actionElement(c: QueryCandidate, plan: FormPlan): ActionElement {
  const field = mainField(c, plan);
  const value = field ? (c.source === 'options' ? field.options?.find((o) => o.value === c.values[field.name])?.text : c.values[field.name]) : undefined;
  return { kind: 'query', formType: 'search', fieldType: field?.fieldType, tag: field?.tag, label: field?.label, source: c.source, lvsLabel: c.label, value };
}

/** When "stop" is offered, and what it is worth. */
export interface StopOffer {
  /** The form's queries in a row without a new record. */
  zeroStreak: number;
  /** The dry streak from which "stop" is offered (default `STOP_AFTER_ZERO_STREAK`). */
  after?: number;
  /**
   * The dry streak from which "stop" is offered once the site looks harvested (`unseenRecords`
   * below `HARVESTED_UNSEEN_RECORDS`; default `STOP_AFTER_ZERO_STREAK_HARVESTED`, never more than `after`).
   */
  afterHarvested?: number;
  /**
   * Records harvested over pages fetched by the whole crawl so far: what leaving the form is
   * worth per fetch (`queryAndStopPriors`); without it "stop" has no prior.
   */
  crawlRate?: number;
  /**
   * The site's records estimated unseen over those listed (`unseenShare`); unknown: no guard.
   * It also weighs document frequency in the queries' prior (`frequencyWeight`).
   */
  unseenShare?: number;
  /** The site's records estimated unseen (`chao1Unseen`); unknown: the long streak only. */
  unseenRecords?: number;
  /**
   * What the site's stated totals prove unseen (`proven-unseen.ts`), asked while the estimates are
   * heeded, at every choice with `huntAtOnce`, else only once the dry streak has reached stop's: from `PROVEN_UNSEEN_RECORDS`
   * records on, "stop" is not offered (the form still ends at the crawl's patience) and the
   * queries' prior is the hunt's score. Undefined, or an answer of undefined: nothing proven.
   */
  provenUnseen?: () => UnseenRecordsProof | undefined;
  /**
   * Hunt from the first proof (`hunt-at-once`), not only once the dry streak reaches stop's. A proof
   * holds early in many crawls: once a second query has stated 300, "the" stating 297 matches with
   * 200 held proves 97 unseen, and the share of the held holders of "the" that hold a word is where
   * generic-frequency looks, cut by the share of the word's list the cap shows. On society and home
   * at testbed seeds 11–20 the yield model's choices there trailed generic-frequency's
   * (bench-results/hunt-at-once/).
   */
  huntAtOnce?: boolean;
  /** "Stop" is offered only while `unseenShare` is at most this (default `STOP_MAX_UNSEEN_SHARE`; 1 or more: always). */
  maxUnseenShare?: number;
}

/** Records a form's stated totals prove unseen, and where to hunt them. */
export interface UnseenRecordsProof {
  /** The most records any one stated total proves unseen. */
  records: number;
  /**
   * Each candidate's expected share of them (`huntScores`): the queries' prior while hunting, not
   * the yield model's, which expects nothing of words every held holder of which is known and
   * ranks the table's words no record holds above them: with stop withheld and no hunt, home at
   * seed 18 asked 17 more such words, every one empty, until the patience ended the form; hunting,
   * its 17th query ("lawn") listed the record (bench-results/proven-unseen/).
   */
  huntScores: (candidates: readonly QueryCandidate[]) => ReadonlyMap<string, number>;
}

/**
 * Whether "stop" is offered: after the dry streak (the shorter one once the site looks
 * harvested) and while the unseen share is within its bound; both read Chao1 only while the
 * estimate is heeded (`maxUnseenShare` below 1).
 */
function stopOffered(stop: StopOffer): boolean {
  const maxUnseen = stop.maxUnseenShare ?? STOP_MAX_UNSEEN_SHARE;
  const heeded = maxUnseen < 1;
  if (heeded && (stop.unseenShare ?? 0) > maxUnseen) return false;
  return stopStreakReached(stop, heeded);
}

/** Whether the form's dry streak has reached the one from which stop is offered (the shorter one once Chao1 says harvested). */
function stopStreakReached(stop: StopOffer, heeded: boolean): boolean {
  const after = stop.after ?? STOP_AFTER_ZERO_STREAK;
  const harvested = heeded && fewUnseen(stop.unseenRecords);
  return stop.zeroStreak >= (harvested ? Math.min(after, stop.afterHarvested ?? STOP_AFTER_ZERO_STREAK_HARVESTED) : after);
}

/**
 * The proof that holds the form: at least `PROVEN_UNSEEN_RECORDS` records proven unseen, with the
 * estimates heeded, asked only where it changes the crawl: at every choice when hunting at once,
 * else once the dry streak has reached stop's (so the yield model's ranking has had its run);
 * else undefined.
 */
function holdingProof(stop: StopOffer): UnseenRecordsProof | undefined {
  const heeded = (stop.maxUnseenShare ?? STOP_MAX_UNSEEN_SHARE) < 1;
  if (!stop.provenUnseen || !heeded || (!stop.huntAtOnce && !stopStreakReached(stop, heeded))) return undefined;
  const proof = stop.provenUnseen();
  return proof && proof.records >= PROVEN_UNSEEN_RECORDS ? proof : undefined;
}

/** The hunt's scores of the candidates, or undefined where none scores above 0 (nothing to go on: the yield model ranks). */
function huntingScores(candidates: readonly QueryCandidate[], proof: UnseenRecordsProof): ReadonlyMap<string, number> | undefined {
  const scores = proof.huntScores(candidates);
  return [...scores.values()].some((v) => v > 0) ? scores : undefined;
}

/**
 * The documents whose frequencies the queries' prior reads: the harvested records, or, while none
 * is held, the titles the site's result lists have shown. A harvest episode asks its queries
 * before the record episodes it scheduled run, so on the sports test site the form's first ten
 * queries came before any record; frequency in no record is only generic-frequency's tie-break,
 * the table weights, and it put the table's sport names (listed by no headline) ahead of the
 * home page's words for queries 3 to 9 (bench-results/few-surface-pages/). The listed titles
 * are a sample of what the form matches.
 */
export function frequencySample(ctx: StrategyContext): DocumentSample {
  return ctx.corpus.documents === 0 && ctx.listedTitles?.documents ? ctx.listedTitles : ctx.corpus;
}

/**
 * The frequency part's weight (`frequencyWeight`) where the sample holds at least one of the
 * offered queries' words, else 0: frequency relative to the step's highest would then be the
 * tie-break alone (the table weights) at full strength. On the sports test site at seed 3 the
 * first answer listed 8 titles, none holding a shortlisted word; Chao1 gave that tie-break 0.78
 * of the prior, and it put five of the table's sport names, which no headline holds, ahead of
 * the site's own words, which the yield model ranked first (bench-results/uninformed-frequency/).
 */
export function frequencyWeightOver(offered: readonly QueryCandidate[], sample: DocumentSample, unseenShare: number | undefined): number {
  return offered.some((c) => sampleFrequency(c, sample) > 0) ? frequencyWeight(unseenShare) : 0;
}

/** How the policy's choices are described beyond the form's state. */
export interface ChoiceOptions {
  /** The model reads candidates' words (`candidateInput`'s `words`; default true). */
  candidateWords?: boolean;
  /** What the yield part of the queries' prior, and the shortlist's best by yield, rank by (default `new-records`). */
  queryPrior?: QueryPriorUnit;
}

export function policyChoices(candidates: readonly QueryCandidate[], plan: FormPlan, ctx: StrategyContext, memory: FormEvidence, progress: FormProgress, pageTokens: number[], stop: StopOffer, { candidateWords = true, queryPrior = 'new-records' }: ChoiceOptions = {}): { choices: PolicyChoices; offered: Map<string, OfferedQuery> } {
  // One yield estimate per candidate and step: the shortlist, the prior and the inputs all read it.
  const yields = new Map(candidates.map((c) => [c, memory.yieldEstimate(c, ctx)]));
  const rankedYield = (c: QueryCandidate) => (queryPrior === 'new-records' ? newRecordsYield(yields.get(c)!) : yields.get(c)!.efficiency);
  const proof = holdingProof(stop);
  const hunt = proof && huntingScores(candidates, proof);
  const short = hunt ? withBest(shortlist(candidates, rankedYield), candidates, (c) => hunt.get(c.key) ?? 0) : shortlist(candidates, rankedYield);
  const offered = new Map<string, OfferedQuery>();
  const keys: string[] = [];
  const inputs: CandidateInput[] = [];
  const elements: ActionElement[] = [];
  for (const c of short) {
    const { input, offer } = candidateInput(c, ctx, memory, yields.get(c)!, candidateWords);
    offered.set(c.key, offer);
    keys.push(c.key);
    inputs.push(input);
    elements.push(actionElement(c, plan));
  }
  const offerStop = !proof && stopOffered(stop);
  // Stop is priced per fetch against the queries' efficiency, so once it is offered (a dry
  // form) the queries keep the yield model's per-fetch prior; before, their yield (`queryPrior`)
  // is blended with document frequency, which carries the site's unseen share of the prior
  // (`frequencyWeight`). Frequency assumes the site searches where the word was seen; as in the
  // yield model, the source's hit rate on this form corrects that (an LVS phrase whose words
  // the records hold, on a site that answers such phrases with nothing).
  const sample = frequencySample(ctx);
  const priors: { queries: number[]; stop?: number } = hunt
    ? { queries: relativeEfficiency(short.map((c) => hunt.get(c.key) ?? 0)) }
    : offerStop
    ? queryAndStopPriors(short.map((c) => yields.get(c)!.efficiency), stop.crawlRate)
    : { queries: frequencyBlendedPriors(short.map(rankedYield), short.map((c) => frequencyIn(c, sample) * (yields.get(c)!.sourceHitRate ?? 1)), frequencyWeightOver(short, sample, stop.unseenShare)) };
  inputs.forEach((input, i) => (input.prior = priors.queries[i]));
  if (offerStop) {
    keys.push(STOP_KEY);
    inputs.push(stopInput(priors.stop));
    elements.push({ kind: 'stop' });
  }
  return { choices: { keys, inputs, elements, context: stateContext(progress), pageTokens }, offered };
}
