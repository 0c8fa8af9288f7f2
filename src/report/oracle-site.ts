/**
 * The candidate queries of one testbed site, as the oracle sees them (ground truth: only the
 * evaluator and the bench read this), and the greedy cover over them.
 *
 * Candidates, over every search form of the site:
 * - every keyword query: each distinct word of the records' full text (the words the site's
 *   engine indexes) plus every value of the domain's LVS table (`extraKeywords`, passed in by
 *   the caller), typed into the form's keyword field with every other field empty;
 * - every single option of the form's select fields (category, year …), with every other
 *   field empty or at "any".
 * What a candidate returns is what the site's own engine answers (result caps and error pages
 * included: a year alone on a form that requires a category returns nothing).
 */
import { searchFormSpec } from '../testbed/forms.ts';
import { fullText, tokenize } from '../testbed/search.ts';
import { modelFor, searchIndex } from '../testbed/truth.ts';
import type { Scale } from '../testbed/index.ts';
import { oracleBound, type CoverCandidate, type OracleBound } from './oracle-cover.ts';

export interface SiteOracleOptions {
  domain: string;
  scale?: Scale;
  seed?: number;
  /** More keyword queries to try (the LVS table's values). */
  extraKeywords?: readonly string[];
}

export function siteOracleCandidates(opts: SiteOracleOptions): { candidates: CoverCandidate[]; records: number } {
  const model = modelFor(opts);
  const index = searchIndex(opts);
  // One query per distinct token sequence: "Oil  Painting" and "oil painting" are one query.
  const keywords = new Map<string, string>();
  for (const r of model.records) for (const t of tokenize(fullText(r))) keywords.set(t, t);
  for (const v of opts.extraKeywords ?? []) {
    const norm = tokenize(v).join(' ');
    if (norm && !keywords.has(norm)) keywords.set(norm, v);
  }
  const candidates: CoverCandidate[] = [];
  for (const form of index.forms) {
    const spec = searchFormSpec(model.config, form, model.vocab);
    if (form.kind !== 'select-only') {
      for (const value of keywords.values()) {
        candidates.push({ key: `${form.formId}|${form.params.keyword}=${value}`, covers: index.run(form.formId, { [form.params.keyword]: value }) });
      }
    }
    for (const field of spec.fields) {
      if (field.type !== 'select') continue;
      for (const option of field.options ?? []) {
        if (!option.value) continue; // "any" / "choose one": the empty query
        candidates.push({ key: `${form.formId}|${field.name}=${option.value}`, covers: index.run(form.formId, { [field.name]: option.value }) });
      }
    }
  }
  return { candidates: candidates.filter((c) => c.covers.length > 0), records: model.records.length };
}

/** Greedy set cover of one site: queries to 90% / 99% of the records any candidate reaches. */
export function siteOracle(opts: SiteOracleOptions): OracleBound {
  const { candidates, records } = siteOracleCandidates(opts);
  return oracleBound(candidates, records);
}
