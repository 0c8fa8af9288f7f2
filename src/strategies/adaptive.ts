import { outcomeClass, sampleFrequency, yieldClass, type QueryCandidate, type QueryOutcome, type ModelPrediction, type QueryStrategy, type StrategyContext, type YieldClass } from './types.ts';

/**
 * Ntoulas, Zerfos & Cho (2005), `adaptive`: pick the query with the highest expected number
 * of new records per unit of cost, estimated from the records harvested so far.
 *
 * For a term t with document frequency df(t) among the `docs` records harvested (as the form
 * sees it: on a form shown to search titles only, mostly the records whose title holds t,
 * `SearchFieldModel.formDocumentFrequency`):
 *   site size      N  ≈ capture–recapture (Lincoln–Petersen) over issued queries, at least
 *                       harvested / (1 − u), u the unseen share: the larger of the share of
 *                       new records in the latest result lists and Good–Turing's
 *                       (records listed once / listings)
 *   matches        M  ≈ df(t) + (N − docs) · s(t)   (s(t): the share of unseen records holding t,
 *                       from the records listed once, unseenHolderShare; the paper's P(t) from the
 *                       whole harvest, df(t) / docs, is what it falls back to; df = 1 adjusted
 *                       by Good–Turing: onceHeldDf)
 *   returned       R  = min(M, cap)                 (cap = largest result list a query got)
 *   new records    E  = R · (1 − df(t) / M)         (what the site returns, minus what we have)
 *   cost           C  = 1 + R / pageSize + E        (the query, its result pages, the records)
 * and it issues argmax E / C.
 *
 * Terms never seen in a record (fresh LVS values, words of the site's surface pages) are
 * estimated from the yield their source has had on this form so far — an optimistic prior
 * of OPTIMISTIC_NEW records shrunk towards the observed mean — scaled by their own prior.
 * A source whose values keep finding nothing (real company names on a site that has none)
 * thus loses to one that works after a few queries, not after the whole table. And a term
 * missing from many harvested records is probably missing from the site: `absenceFactor`.
 * The site's own pages are a sample of its words too, and before any record the only one: a table
 * value none of them shows is a class of its own (`yieldClass`), whose hit rate starts at one hit in
 * UNSHOWN_PRIOR_QUERIES queries instead of one in one, so it ranks after the values and words the
 * site does show until the form's answers say otherwise.
 *
 * Terms of harvested records are chosen because we hold records with them, so their
 * queries recapture known records more than a random sample would: the site size is the
 * larger of the estimates from all queries and from the other sources' alone, and each source's model
 * estimates are calibrated by what its issued queries actually brought (actual / predicted).
 * The learned strategy's copy of this model (`rankedCaps`) calibrates a query expected to fill
 * the result cap by the form's other capped queries, whatever their source, since a site lists
 * the top of its ranking, not a random sample of the matches (`ModelPrediction`).
 */
const OPTIMISTIC_NEW = 10;
/** Pseudo-records of the harvest's share of a word that the share among records listed once is shrunk towards. */
const SINGLETON_PSEUDO_RECORDS = 20;
const PRIOR_QUERIES = 2;
/**
 * Pseudo-queries behind the one pseudo-hit of a table value no page of the site shows: a prior
 * hit rate of 1/4. At the first query of 35 testbed sites such values listed nothing 98 % of the
 * time, values two or more pages showed 12 % (bench-results/site-evidence/); a quarter leaves
 * room for real sites whose pages show less of what they hold, and one hit among the form's
 * unshown values lifts the class at once.
 */
const UNSHOWN_PRIOR_QUERIES = 4;
/** The latest result lists, this many results in all, bound the site size from below by their share of new records. */
const RECENT_RESULTS = 100;

export interface AdaptiveOptions {
  /** Result links per result page (the cost of reading a list). Default 10. */
  pageSize?: number;
  /**
   * Calibrate as `ModelPrediction` says (the learned strategy's yield model). The `adaptive`
   * baseline keeps one calibration per source, by its calibrated predictions: with the split, its
   * crawls of the harness sites took more queries to 99 % (bench-results/ranked-caps/).
   */
  rankedCaps?: boolean;
  /**
   * Take a word's unseen share from the records outside the complete lists it is exclusive of
   * (`CorpusView.outsideExclusiveLists`: the sibling values of a partitioning field). The learned
   * strategy's yield model; the `adaptive` baseline keeps the whole harvest as its sample.
   */
  partitions?: boolean;
}

/** The upper median of a non-empty list (sorts it in place). */
function median(xs: number[]): number {
  xs.sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)]!;
}

export class AdaptiveStrategy implements QueryStrategy {
  readonly name = 'adaptive';
  private readonly outcomes: QueryOutcome[] = [];
  private readonly issuedSamples: { reportedTotal: number; terms: string[] }[] = [];
  /** Model prediction of each chosen query's new records, by query key, for calibration. */
  private readonly predicted = new Map<string, ModelPrediction>();

  private readonly pageSize: number;
  private readonly rankedCaps: boolean;
  private readonly partitions: boolean;

  constructor({ pageSize = 10, rankedCaps = false, partitions = false }: AdaptiveOptions = {}) {
    this.pageSize = pageSize;
    this.rankedCaps = rankedCaps;
    this.partitions = partitions;
  }

  choose(candidates: readonly QueryCandidate[], ctx: StrategyContext): QueryCandidate | null {
    let best: QueryCandidate | null = null;
    let bestScore = -Infinity;
    for (const c of candidates) {
      const s = this.efficiency(c, ctx);
      if (s > bestScore) {
        best = c;
        bestScore = s;
      }
    }
    if (best) {
      const e = this.estimate(best, ctx);
      if (e.prediction) this.notePrediction(best.key, e.prediction);
    }
    return best;
  }

  /** A query is issued on the frequency model's prediction of its new records (here or by a policy reading `estimate`): calibrate by it. */
  notePrediction(key: string, prediction: ModelPrediction): void {
    this.predicted.set(key, prediction);
  }

  observe(outcome: QueryOutcome): void {
    const predicted = this.predicted.get(outcome.key);
    this.predicted.delete(outcome.key);
    this.outcomes.push(predicted === undefined ? outcome : { ...outcome, predictedNew: predicted.expectedNew, ...(predicted.capped ? { predictedCapped: true } : {}) });
    if (outcome.reportedTotal !== undefined && outcome.reportedTotal > 0) {
      this.issuedSamples.push({ reportedTotal: outcome.reportedTotal, terms: outcome.terms });
    }
  }

  /** Expected new records per unit cost of issuing `c` now (`estimate`: its `estimate`, where the caller has it already). */
  efficiency(c: QueryCandidate, ctx: StrategyContext, estimate = this.estimate(c, ctx)): number {
    // The frequency model assumes the site searches where the term was seen; how often the
    // candidate's source has actually found anything on this form corrects that.
    const expectedNew = estimate.expectedNew * this.sourceHitRate(yieldClass(c));
    const returned = estimate.returned;
    const cost = 1 + returned / this.pageSize + expectedNew;
    return expectedNew / cost + 1e-6 * (c.prior ?? 0);
  }

  estimate(c: QueryCandidate, ctx: StrategyContext): { expectedNew: number; returned: number; modelled: boolean; prediction?: ModelPrediction } {
    const docs = ctx.corpus.documents;
    const df = sampleFrequency(c, ctx.corpus);
    const cap = this.resultCap();
    // A surface word with fewer than one held record the form lists for it (a headline word
    // held only in record text, `candidateQueries`) has no sample here: judged as unseen.
    if (docs === 0 || df === 0 || (c.source === 'surface' && df < 1)) {
      const cls = yieldClass(c);
      const guess = this.sourceYield(cls) * (0.5 + 0.5 * (c.prior ?? 0.5)) * this.absenceFactor(cls, ctx);
      return { expectedNew: guess, returned: Math.min(cap, guess * 2), modelled: false };
    }
    const n = Math.max(this.siteSize(ctx), docs);
    const held = df === 1 ? this.onceHeldDf(ctx) : df;
    const matches = held + (n - docs) * this.unseenHolderShare(c, df, held, ctx);
    const returned = Math.min(matches, cap);
    const capped = matches >= cap;
    const modelNew = matches > df ? returned * (1 - df / matches) : 0;
    const expectedNew = modelNew * this.calibration(c.source, capped);
    return { expectedNew, returned, modelled: true, prediction: { expectedNew: this.rankedCaps ? modelNew : expectedNew, capped } };
  }

  /**
   * The share of the site's unseen records that hold the candidate's terms. Ntoulas et al. take
   * it from the whole harvest (held / docs): unseen records hold a word as often as held ones.
   * They do not: they are the records every list so far has missed, so a word whose holders
   * the lists keep meeting again (a template adjective of 200 records, each listed three times)
   * has few left, and a word whose holders were met once (a category no query has named) has
   * many. The records listed once are the sample nearest the unseen (Good–Turing), so the share
   * is taken from them, shrunk towards the harvest's by SINGLETON_PSEUDO_RECORDS (a small or
   * noisy singleton sample, or none, leaves the harvest's share). On home the old share made the
   * last queries capped lists of 200 known records ("drill", "easy": 2 and 12 new in 20 pages).
   * With `partitions`, both samples leave out the records of complete lists the word is exclusive
   * of, which no unseen record is in: a word's siblings' lists no longer dilute its share. And a
   * word whose held holders all lie in a complete list that covers it (its category's list) has
   * none outside it, where the unseen records are: its share is 0.
   */
  unseenHolderShare(c: QueryCandidate, df: number, held: number, ctx: StrategyContext): number {
    const outside = this.partitions ? ctx.corpus.outsideExclusiveLists?.(c.terms) : undefined;
    if (outside?.covering?.length) return 0;
    const docs = Math.max(held, outside?.documents ?? ctx.corpus.documents);
    const once = ctx.corpus.listedOnce;
    if (!once) return held / docs;
    const onceDocs = outside?.listedOnce ?? once.documents;
    // A word one record holds is scaled by Good–Turing's adjusted count (onceHeldDf) in both samples.
    const onceHolders = Math.min(df, onceDocs, ...c.terms.map((t) => once.frequency(t))) * (held / df);
    return (onceHolders + SINGLETON_PSEUDO_RECORDS * (held / docs)) / (onceDocs + SINGLETON_PSEUDO_RECORDS);
  }

  /**
   * Actual over predicted new records (`ModelPrediction`) of the form's modelled queries of the
   * same kind, with one pseudo-query of OPTIMISTIC_NEW records on each side of the ratio, kept
   * within [1/20, 20]. The same kind: those of its source; with `rankedCaps`, for a query
   * expected to fill the result cap, the capped predictions of every source, else the uncapped
   * ones of its source.
   */
  calibration(source: QueryCandidate['source'], capped = false): number {
    let actual = OPTIMISTIC_NEW;
    let predicted = OPTIMISTIC_NEW;
    const sameKind = (o: QueryOutcome) => (this.rankedCaps ? (o.predictedCapped ?? false) === capped && (capped || o.source === source) : o.source === source);
    for (const o of this.outcomes) {
      if (o.predictedNew === undefined || !sameKind(o)) continue;
      actual += o.newRecords;
      predicted += o.predictedNew;
    }
    return Math.min(20, Math.max(1 / 20, actual / Math.max(1e-9, predicted)));
  }

  /** Share of a class's queries that found a new record, with one pseudo-hit (in one pseudo-query; in UNSHOWN_PRIOR_QUERIES for unshown table values). */
  sourceHitRate(source: YieldClass): number {
    const { queries, hits } = this.sourceRecord(source);
    return (hits + 1) / (queries + (source === 'unshown' ? UNSHOWN_PRIOR_QUERIES : 1));
  }

  /** What a candidate class's issued queries have brought on this form so far. */
  private sourceRecord(source: YieldClass): { queries: number; hits: number; newRecords: number } {
    let queries = 0;
    let hits = 0;
    let newRecords = 0;
    for (const o of this.outcomes) {
      if (outcomeClass(o) !== source) continue;
      queries++;
      newRecords += o.newRecords;
      if (o.newRecords > 0) hits++;
    }
    return { queries, hits, newRecords };
  }

  /**
   * The document frequency to scale up for a term that one harvested record holds: Good–Turing's
   * adjusted count 2·n2/n1 (n_r: terms held by r records), at most 1. A word seen once is
   * usually rarer than once per `docs` records — most such words are names that one record
   * carries (a record's own title name) — so scaling its single record up to the site promises
   * matches that are not there: on a title search, up to 11 of the 25 queries after the last new
   * record went to such names, each listing only its own known records.
   */
  onceHeldDf(ctx: StrategyContext): number {
    const n1 = ctx.corpus.termsWithDf?.(1) ?? 0;
    if (n1 === 0) return 1;
    return Math.min(1, (2 * (ctx.corpus.termsWithDf?.(2) ?? 0)) / n1);
  }

  /**
   * What a term's absence from every harvested record says of its yield: the share of its
   * source's yield left once `docs` records, none holding it, have been read. A term of the
   * kind that finds records matches about `f` of the site (the median result list of the
   * queries that found new records, over the site size), so it is missing from `docs` records
   * with likelihood q = (1 − f)^docs; a term that finds nothing always is. With p the source's
   * share of queries that found records (Laplace), Bayes gives P(finds | absent) / p =
   * q / (p·q + 1 − p). So the words of a site's menus ("account", "continue"), never in any of
   * 300 harvested records, stop outranking content words once the bootstrap is over, while
   * before any records (or on one answer's records, which sample that query, not the site)
   * the source's own yield stands. Options are excluded: a drop-down's values select which
   * records are harvested, so the harvest is no sample of them.
   */
  absenceFactor(source: YieldClass, ctx: StrategyContext): number {
    if (source === 'options' || source === 'default') return 1;
    const hitLists = this.outcomes.filter((o) => o.newRecords > 0).map((o) => o.results);
    if (hitLists.length === 0) return 1;
    const sample = ctx.corpus.documents - Math.max(...hitLists);
    if (sample <= 0) return 1;
    const f = Math.min(1, median(hitLists) / Math.max(this.siteSize(ctx), ctx.corpus.documents));
    const q = Math.pow(1 - f, sample);
    const { queries, hits } = this.sourceRecord(source);
    const p = (hits + 1) / (queries + 2);
    return q / (p * q + 1 - p);
  }

  /** Mean new records per query of a candidate source, shrunk towards an optimistic prior. */
  sourceYield(source: YieldClass): number {
    const { queries, newRecords } = this.sourceRecord(source);
    return (newRecords + PRIOR_QUERIES * OPTIMISTIC_NEW) / (queries + PRIOR_QUERIES);
  }

  /**
   * Estimated number of records behind the form, by capture–recapture (Lincoln–Petersen):
   * a query that returned r records, m of them already known out of K known before it,
   * suggests N ≈ K · r / m. The median over queries resists queries that are not random
   * samples. Reported totals lower-bound it; before any recapture it is 2 × harvested.
   */
  siteSize(ctx: StrategyContext): number {
    const estimatesOf = (independentOnly: boolean): number[] => {
      const out: number[] = [];
      for (const o of this.outcomes) {
        if (independentOnly && (o.source === 'pool' || o.source === 'title')) continue;
        const recaptured = o.results - o.newRecords;
        if (o.knownBefore && o.knownBefore > 0 && recaptured > 0) out.push((o.knownBefore * o.results) / recaptured);
      }
      return out;
    };
    // Queries on terms of records we hold recapture more than a random sample would, so
    // their estimates run low; so do surface words that name featured records. Every median
    // is thus biased low, and the larger of the independent and the overall one is kept.
    const independent = estimatesOf(true);
    const all = estimatesOf(false);
    const reported = Math.max(0, ...this.issuedSamples.map((s) => s.reportedTotal));
    // Records that every ranked, capped list puts last are rarely caught, so capture–recapture
    // runs low on real sites; the share of new records in the latest result lists, and
    // Good–Turing's share of records listed only once, are direct floors on what is left.
    let listed = 0;
    let fresh = 0;
    for (let i = this.outcomes.length - 1; i >= 0 && listed < RECENT_RESULTS; i--) {
      listed += this.outcomes[i]!.results;
      fresh += this.outcomes[i]!.newRecords;
    }
    const recentShare = listed ? fresh / listed : 0;
    const goodTuring = ctx.captures && ctx.captures.total > 0 ? ctx.captures.once / ctx.captures.total : 0;
    const unseenShare = Math.min(0.9, Math.max(recentShare, goodTuring));
    const floor = Math.max(ctx.harvested / (1 - unseenShare), ctx.corpus.documents, reported);
    if (all.length === 0) return Math.max(2 * ctx.harvested, floor + 1);
    return Math.max(floor, median(all), independent.length ? median(independent) : 0);
  }

  /** Largest result list seen: the site's per-query cap, or a generous default before any. */
  resultCap(): number {
    const lists = this.outcomes.map((o) => o.results);
    return lists.length ? Math.max(10, ...lists) : 100;
  }

  toJSON(): unknown {
    return { outcomes: this.outcomes, issuedSamples: this.issuedSamples };
  }

  static fromJSON(data: unknown, options: AdaptiveOptions = {}): AdaptiveStrategy {
    const s = new AdaptiveStrategy(options);
    const d = (data ?? {}) as { outcomes?: QueryOutcome[]; issuedSamples?: { reportedTotal: number; terms: string[] }[] };
    s.outcomes.push(...(d.outcomes ?? []));
    s.issuedSamples.push(...(d.issuedSamples ?? []));
    return s;
  }
}
