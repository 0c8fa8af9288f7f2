/**
 * Ground truth of one site: every surface URL with its link depth, every hidden record with
 * its detail URL, result-page and trap URL patterns, every form with its true type. Pure:
 * computed from (domain, scale, seed, origin) without a server. Only the evaluator and
 * tests may read it; the crawler never does (test/boundaries).
 */
import { canonicalUrl, tryCanonicalUrl } from '../url/canonical.ts';
import type { FormTrueType } from './forms.ts';
import { siteModel, type SiteModel } from './model.ts';
import type { FormValues } from './search.ts';
import { DEFAULT_SEED, isScale, isTestbedDomain, searchVariantsOf, type Scale, type SearchFormConfig } from './sites.ts';

export interface TruthForm {
  pageUrl: string;
  /** 0-based among the <form> elements of the page (as a browser renders it). */
  index: number;
  formId: string;
  trueType: FormTrueType;
  method: 'GET' | 'POST';
  action: string;
  fields: { name: string; type: string; label: string }[];
  variant: string;
  /** Built by client-side script: absent from the served HTML. */
  scriptBuilt?: boolean;
}

export interface TruthRecord {
  id: number;
  url: string;
  title: string;
  attributes: Record<string, string | number>;
  /** Linked from the surface (home page "featured" list). */
  featured?: boolean;
}

export interface GroundTruth {
  domain: string;
  scale: Scale;
  seed: number;
  origin: string;
  surfacePages: { url: string; depth: number }[];
  trapPatterns: string[];
  records: TruthRecord[];
  /** Regex source matching every record detail URL. */
  recordPattern: string;
  resultPagePatterns: string[];
  forms: TruthForm[];
  searchVariants: string[];
}

export interface TruthOptions {
  domain: string;
  scale?: Scale;
  seed?: number;
  origin: string;
}

export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function modelFor(opts: { domain: string; scale?: Scale; seed?: number }): SiteModel {
  const scale = opts.scale ?? 'small';
  if (!isTestbedDomain(opts.domain)) throw new Error(`unknown testbed domain: ${opts.domain}`);
  if (!isScale(scale)) throw new Error(`unknown scale: ${String(scale)}`);
  return siteModel(opts.domain, scale, opts.seed ?? DEFAULT_SEED);
}

export function groundTruth(opts: TruthOptions): GroundTruth {
  const model = modelFor(opts);
  const origin = new URL(opts.origin).origin;
  const abs = (path: string): string => canonicalUrl(origin + path);
  const o = escapeRegex(origin);
  const surfacePages = [...model.depths.entries()].map(([path, depth]) => ({ url: abs(path), depth }));
  const featured = new Set(model.surface.featured);
  const records = model.records.map((r, i) => ({
    id: r.id,
    url: abs(model.recordPaths[i]!),
    title: r.title,
    attributes: {
      category: r.category,
      year: r.year,
      [model.vocab.creatorLabel.toLowerCase()]: r.creator,
      ...(r.price !== undefined ? { price: r.price } : {}),
      [model.vocab.extra.label.toLowerCase()]: r.extra,
    },
    ...(featured.has(i) ? { featured: true } : {}),
  }));
  const resultPagePatterns = model.config.search.flatMap((f) => [
    `^${o}${escapeRegex(f.action)}(\\?.*)?$`,
    ...(f.kind === 'script' ? [`^${o}${escapeRegex(f.pagePath)}\\?.+$`] : []),
  ]);
  const forms: TruthForm[] = [];
  for (const path of model.depths.keys()) {
    const page = model.page(path)!;
    page.forms.forEach((f, index) => {
      forms.push({
        pageUrl: abs(path), index, formId: f.formId, trueType: f.trueType, method: f.method, action: abs(f.action),
        fields: f.fields.map((x) => ({ name: x.name, type: x.type, label: x.label })), variant: f.variant,
        ...(f.scriptBuilt ? { scriptBuilt: true } : {}),
      });
    });
  }
  return {
    domain: model.domain, scale: model.scale, seed: model.seed, origin,
    surfacePages,
    trapPatterns: model.surface.trapPathPatterns.map((p) => `^${o}${p}$`),
    records,
    recordPattern: `^${o}${model.config.recordPattern}$`,
    resultPagePatterns,
    forms,
    searchVariants: searchVariantsOf(model.config),
  };
}

interface Classifier {
  records: Set<string>;
  surface: Set<string>;
  results: RegExp[];
  traps: RegExp[];
}
const classifiers = new WeakMap<GroundTruth, Classifier>();

/** What a URL is on the site the truth describes: a hidden record, a result page, a trap page, a surface page, or other. */
export function classifyTruthUrl(truth: GroundTruth, url: string): 'surface' | 'result' | 'record' | 'trap' | 'other' {
  let c = classifiers.get(truth);
  if (!c) {
    c = {
      records: new Set(truth.records.map((r) => r.url)),
      surface: new Set(truth.surfacePages.map((p) => p.url)),
      results: truth.resultPagePatterns.map((p) => new RegExp(p)),
      traps: truth.trapPatterns.map((p) => new RegExp(p)),
    };
    classifiers.set(truth, c);
  }
  const u = tryCanonicalUrl(url);
  if (!u) return 'other';
  if (c.records.has(u)) return 'record';
  if (c.results.some((r) => r.test(u))) return 'result';
  if (c.traps.some((r) => r.test(u))) return 'trap';
  if (c.surface.has(u)) return 'surface';
  return 'other';
}

export interface TruthSearchIndex {
  /** The site's search forms (configuration as the server uses it). */
  forms: readonly SearchFormConfig[];
  /** Record ids a submission of form `formId` returns (cap applied, rank order); [] on an error page. */
  run(formId: string, values: FormValues): number[];
  /** Record ids a keyword query returns on the site's first keyword form (full text when none has keywords). */
  keyword(query: string): number[];
}

/**
 * The oracle for the evaluator (e.g. a greedy set-cover lower bound on queries): which records
 * each candidate query returns, by the very engine the server answers with.
 */
export function searchIndex(opts: { domain: string; scale?: Scale; seed?: number }): TruthSearchIndex {
  const model = modelFor(opts);
  const ids = (hits: number[]): number[] => hits.map((i) => model.records[i]!.id);
  const keywordForm = model.config.search.find((f) => f.kind !== 'select-only');
  const fallback: SearchFormConfig = { ...model.config.search[0]!, kind: 'fulltext', cap: undefined };
  return {
    forms: model.config.search,
    run(formId, values) {
      const form = model.config.search.find((f) => f.formId === formId);
      if (!form) throw new Error(`no search form ${formId} on ${model.domain}`);
      const out = model.engine.run(form, values);
      return out.ok ? ids(out.hits) : [];
    },
    keyword(query) {
      const form = keywordForm ?? fallback;
      const out = model.engine.run(form, { [form.params.keyword]: query });
      return out.ok ? ids(out.hits) : [];
    },
  };
}
