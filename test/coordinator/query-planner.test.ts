import { describe, expect, it } from 'vitest';
import { candidateQueries, planForm } from '../../src/coordinator/query-planner.ts';
import type { SearchFormInfo } from '../../src/coordinator/messages.ts';
import { KeywordPool, ValueWeights, type LvsTable } from '../../src/lvs/index.ts';

const table: LvsTable = {
  domain: 'sports',
  labels: [{ label: 'keyword', aliases: ['search', 'query'], values: [{ value: 'football', weight: 1 }, { value: 'referee', weight: 0.8 }] }],
};

const form: SearchFormInfo = {
  formKey: 'http://127.0.0.1/search#form0',
  pageUrl: 'http://127.0.0.1/search',
  index: 0,
  method: 'GET',
  action: 'http://127.0.0.1/results',
  depth: 1,
  probability: 0.9,
  fields: [{ name: 'headline', label: 'Match report title contains', tag: 'input', type: 'text', fieldType: 'search query', required: false, hidden: false, selectorHint: '#headline' }],
};

function pools(): { records: KeywordPool; surface: KeywordPool } {
  const records = new KeywordPool();
  records.addRecord([
    { text: 'Dramatic referee decision', context: { tag: 'title' } },
    { text: 'The stadium crowd saw a late penalty.', context: { tag: 'text' } },
  ]);
  return { records, surface: new KeywordPool() };
}

describe('query planner', () => {
  it('puts the free-text field first and offers table values, then harvested terms', () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    expect(plan.queryField?.name).toBe('headline');
    const candidates = candidateQueries(plan, table, weights, pools(), new Set());
    const byTerm = new Map(candidates.map((c) => [c.terms.join(' '), c]));
    expect(byTerm.get('football')?.source).toBe('lvs');
    expect(byTerm.get('dramatic')?.source).toBe('title');
    expect(byTerm.get('stadium')?.source).toBe('pool');
    // No query twice.
    expect(new Set(candidates.map((c) => c.key)).size).toBe(candidates.length);
  });

  it('judges a table value seen in record titles as a title term, keeping its table label', () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    const referee = candidateQueries(plan, table, weights, pools(), new Set()).find((c) => c.terms.join(' ') === 'referee');
    expect(referee?.source).toBe('title');
    expect(referee?.label).toBe('keyword');
  });

  it('leaves out queries already issued', () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    const all = candidateQueries(plan, table, weights, pools(), new Set());
    const issued = new Set([all[0]!.key]);
    expect(candidateQueries(plan, table, weights, pools(), issued).some((c) => c.key === all[0]!.key)).toBe(false);
  });
});
