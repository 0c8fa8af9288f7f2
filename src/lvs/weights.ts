/**
 * Value weights that learn from harvest. Each value starts at its LVS weight w0 and keeps a
 * Bayesian estimate of how productive it is: a Beta-like posterior mean whose prior is w0
 * with the strength of `priorStrength` pseudo-queries, and whose observations are the
 * per-query yield y = 1 − exp(−newRecords / saturation) ∈ [0, 1):
 *
 *   weight = (priorStrength·w0 + Σy) / (priorStrength + n)
 *
 * So a value that brings nothing decays towards 0 (never below), a productive one rises
 * towards 1, and the first outcome moves a value by at most 1/(priorStrength+1).
 * Alongside, a Gamma–Poisson estimate of new records per query is kept for callers that
 * want the raw scale.
 */
import type { LvsLabel, LvsTable, WeightedValue } from './types.ts';
import { drawWeighted } from './random.ts';

export interface ValueWeightsOptions {
  /** Pseudo-queries the LVS prior is worth. Default 2. */
  priorStrength?: number;
  /** New records at which a query counts as ~63% of a full success. Default 5. */
  saturation?: number;
  /** Prior weight of values first seen in an outcome (e.g. harvested keywords). Default 0.3. */
  newValuePrior?: number;
}

/** What one query with a value brought. */
export interface ValueOutcome {
  /** Records not harvested before this query. */
  newRecords: number;
  /** Result links listed (new or not). */
  results?: number;
}

/** Learning state of one value. */
export interface ValueStats {
  value: string;
  /** Current weight in (0, 1]. */
  weight: number;
  /** The LVS weight it started from. */
  prior: number;
  /** Queries issued with it. */
  queries: number;
  newRecords: number;
  results: number;
  /** Sum of per-query yields y. */
  yieldSum: number;
  /** Gamma–Poisson posterior mean of new records per query. */
  expectedNewRecords: number;
  /** True when the value came from an outcome, not from the table. */
  learned: boolean;
}

interface Entry {
  prior: number;
  queries: number;
  newRecords: number;
  results: number;
  yieldSum: number;
  learned: boolean;
  order: number;
}

interface SerialisedWeights {
  version: 1;
  domain?: string;
  options: Required<ValueWeightsOptions>;
  /** label -> [value, prior, queries, newRecords, results, yieldSum, learned(0/1)][] */
  labels: Record<string, [string, number, number, number, number, number, number][]>;
}

const MIN_WEIGHT = 1e-6;

export class ValueWeights {
  readonly options: Required<ValueWeightsOptions>;
  domain?: string;
  private readonly labels = new Map<string, Map<string, Entry>>();

  constructor(table?: LvsTable, options: ValueWeightsOptions = {}) {
    this.options = {
      priorStrength: options.priorStrength ?? 2,
      saturation: options.saturation ?? 5,
      newValuePrior: options.newValuePrior ?? 0.3,
    };
    if (!(this.options.priorStrength > 0) || !(this.options.saturation > 0)) throw new Error('ValueWeights: priorStrength and saturation must be > 0');
    this.domain = table?.domain;
    for (const label of table?.labels ?? []) this.addLabel(label);
  }

  /** Adds (or re-primes) a label's values from the table; learned statistics are kept. */
  addLabel(label: LvsLabel): void {
    const entries = this.entries(label.label);
    for (const v of label.values) {
      const old = entries.get(v.value);
      if (old) {
        old.prior = v.weight;
        old.learned = false;
      } else entries.set(v.value, blank(v.weight, false, entries.size));
    }
  }

  labelNames(): string[] {
    return [...this.labels.keys()];
  }

  /** Current weight of a value (undefined when neither the table nor an outcome knows it). */
  weight(label: string, value: string): number | undefined {
    const e = this.labels.get(label)?.get(value);
    return e ? this.weightOf(e) : undefined;
  }

  /** Values of a label by current weight, best first (ties: table order). */
  ranked(label: string): WeightedValue[] {
    return this.stats(label).map((s) => ({ value: s.value, weight: s.weight }));
  }

  /** Full learning state of every value of a label, best first. */
  stats(label: string): ValueStats[] {
    const entries = this.labels.get(label);
    if (!entries) return [];
    const mean = this.labelMeanNew(entries);
    const out = [...entries].map(([value, e]) => ({ e, s: this.statsOf(value, e, mean) }));
    out.sort((a, b) => b.s.weight - a.s.weight || a.e.order - b.e.order);
    return out.map((x) => x.s);
  }

  /** Draws a value with probability proportional to its weight; undefined if none is left. */
  sample(label: string, rng: () => number, exclude?: ReadonlySet<string>): WeightedValue | undefined {
    const pool = this.ranked(label).filter((v) => !exclude?.has(v.value));
    const total = pool.reduce((s, v) => s + v.weight, 0);
    if (pool.length === 0 || total <= 0) return undefined;
    return pool[drawWeighted(pool.map((v) => v.weight), rng)];
  }

  /** Learns from one query that used `value` for `label`. Unknown values/labels are added. */
  recordOutcome(label: string, value: string, outcome: ValueOutcome): number {
    const newRecords = Math.max(0, Number.isFinite(outcome.newRecords) ? outcome.newRecords : 0);
    const results = Math.max(0, Number.isFinite(outcome.results ?? 0) ? (outcome.results ?? 0) : 0);
    const entries = this.entries(label);
    let e = entries.get(value);
    if (!e) {
      e = blank(this.options.newValuePrior, true, entries.size);
      entries.set(value, e);
    }
    e.queries += 1;
    e.newRecords += newRecords;
    e.results += results;
    e.yieldSum += 1 - Math.exp(-newRecords / this.options.saturation);
    return this.weightOf(e);
  }

  toJSON(): SerialisedWeights {
    const labels: SerialisedWeights['labels'] = {};
    for (const [label, entries] of this.labels) {
      labels[label] = [...entries].sort((a, b) => a[1].order - b[1].order).map(([v, e]) => [v, e.prior, e.queries, e.newRecords, e.results, round(e.yieldSum), e.learned ? 1 : 0]);
    }
    return { version: 1, domain: this.domain, options: { ...this.options }, labels };
  }

  /** Rebuilds weights from `toJSON()` output; `table`, when given, adds values the saved state lacks. */
  static fromJSON(json: unknown, table?: LvsTable): ValueWeights {
    const data = parseSerialised(json);
    const w = new ValueWeights(undefined, data.options);
    w.domain = data.domain ?? table?.domain;
    w.load(data);
    for (const label of table?.labels ?? []) {
      const entries = w.entries(label.label);
      for (const v of label.values) if (!entries.has(v.value)) entries.set(v.value, blank(v.weight, false, entries.size));
    }
    return w;
  }

  /** Replaces the learned state with a saved one (resume), keeping this instance's table values. */
  restore(json: unknown): void {
    if (json === undefined || json === null) return;
    this.load(parseSerialised(json));
  }

  private load(data: SerialisedWeights): void {
    for (const [label, rows] of Object.entries(data.labels)) {
      const entries = this.entries(label);
      for (const [value, prior, queries, newRecords, results, yieldSum, learned] of rows) {
        const old = entries.get(value);
        entries.set(value, { prior, queries, newRecords, results, yieldSum, learned: learned === 1, order: old?.order ?? entries.size });
      }
    }
  }

  private entries(label: string): Map<string, Entry> {
    let m = this.labels.get(label);
    if (!m) {
      m = new Map();
      this.labels.set(label, m);
    }
    return m;
  }

  private weightOf(e: Entry): number {
    const k = this.options.priorStrength;
    const w = (k * e.prior + e.yieldSum) / (k + e.queries);
    return Math.min(1, Math.max(MIN_WEIGHT, w));
  }

  /** Mean new records per query over the label's issued values (the Gamma prior's scale). */
  private labelMeanNew(entries: Map<string, Entry>): number {
    let q = 0;
    let n = 0;
    for (const e of entries.values()) {
      q += e.queries;
      n += e.newRecords;
    }
    return q > 0 ? n / q : 1;
  }

  private statsOf(value: string, e: Entry, labelMean: number): ValueStats {
    const k = this.options.priorStrength;
    // Gamma(k·w0·m, k) prior on the Poisson rate: prior mean w0 × the label's mean yield.
    const expectedNewRecords = (k * e.prior * labelMean + e.newRecords) / (k + e.queries);
    return { value, weight: round(this.weightOf(e)), prior: e.prior, queries: e.queries, newRecords: e.newRecords, results: e.results, yieldSum: round(e.yieldSum), expectedNewRecords: round(expectedNewRecords), learned: e.learned };
  }
}

function blank(prior: number, learned: boolean, order: number): Entry {
  return { prior: Math.min(1, Math.max(MIN_WEIGHT, prior)), queries: 0, newRecords: 0, results: 0, yieldSum: 0, learned, order };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function parseSerialised(json: unknown): SerialisedWeights {
  const bad = (why: string) => new Error(`ValueWeights.fromJSON: ${why}`);
  if (typeof json !== 'object' || json === null) throw bad('not an object');
  const d = json as Partial<SerialisedWeights>;
  if (d.version !== 1) throw bad(`unsupported version ${String(d.version)}`);
  if (typeof d.labels !== 'object' || d.labels === null) throw bad('missing labels');
  for (const [label, rows] of Object.entries(d.labels)) {
    if (!Array.isArray(rows)) throw bad(`label "${label}" is not an array`);
    for (const r of rows) {
      if (!Array.isArray(r) || r.length !== 7 || typeof r[0] !== 'string' || !r.slice(1).every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0)) throw bad(`bad row in label "${label}"`);
    }
  }
  const o = d.options ?? ({} as Partial<Required<ValueWeightsOptions>>);
  return { version: 1, domain: d.domain, options: { priorStrength: o.priorStrength ?? 2, saturation: o.saturation ?? 5, newValuePrior: o.newValuePrior ?? 0.3 }, labels: d.labels };
}
