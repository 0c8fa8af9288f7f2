import { describe, expect, it } from 'vitest';
import { candidateQueries, DRY_HELD_OPTION_QUERIES, heldOptionTurn, planForm } from '../../src/coordinator/query-planner.ts';
import type { AnswerSize } from '../../src/coordinator/refinements.ts';
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

  it("says of each query the share of the site's surface pages read so far that show its words, nothing before a page is read", () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    expect(candidateQueries(plan, table, weights, pools(), new Set()).every((c) => c.surfaceShare === undefined)).toBe(true);
    const surface = new KeywordPool();
    for (const text of ['Football fixtures and the league table', 'Football results this week', 'About the club']) surface.addRecord([{ text, context: { tag: 'surface' } }]);
    const byTerm = new Map(candidateQueries(plan, table, weights, { ...pools(), surface }, new Set()).map((c) => [c.terms.join(' '), c]));
    // A table value two of the three pages name, and one none does.
    expect(byTerm.get('football')?.surfaceShare).toBeCloseTo(2 / 3, 9);
    expect(byTerm.get('referee')?.surfaceShare).toBe(0);
    // A harvested word is judged the same way.
    expect(byTerm.get('stadium')?.surfaceShare).toBe(0);
  });

  it('offers a word of one page as content while fewer than four surface pages are read, and a word of every page never', () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    const surfaceTerms = (texts: string[]) => {
      const surface = new KeywordPool();
      for (const text of texts) surface.addRecord([{ text, context: { tag: 'surface' } }]);
      return candidateQueries(plan, table, weights, { ...pools(), surface }, new Set()).filter((c) => c.source === 'surface').map((c) => c.terms.join(' ')).sort();
    };
    // A home page and a search page: the menu on both is chrome; the home page's headlines are content.
    expect(surfaceTerms(['Home Search Contact unbeaten transfer', 'Home Search Contact'])).toEqual(['transfer', 'unbeaten']);
    // One page alone cannot tell chrome from content.
    expect(surfaceTerms(['Home Search Contact unbeaten transfer'])).toEqual([]);
    // From four pages on, a word needs two of them.
    expect(surfaceTerms(['Home unbeaten transfer', 'Home transfer', 'Home lap', 'Home Contact'])).toEqual(['transfer']);
  });

  it("offers the records' commonest function word, marked, after their terms, and no other once it is issued", () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    const functionWords = new KeywordPool();
    const texts = ['the goal of the day', 'the end of it and a win', 'the match and the cup to win', 'the final of cups', 'from within'];
    for (const text of texts) functionWords.addRecord([{ text, terms: text.split(' ').filter((w) => ['the', 'of', 'it', 'and', 'to', 'from', 'a'].includes(w)).map((term) => ({ term, lemma: term, pos: 'DET' })) }]);
    const candidates = candidateQueries(plan, table, weights, { ...pools(), functionWords }, new Set());
    const marked = candidates.filter((c) => c.functionWord);
    // "the" in 4 records, "of" in 3, "and" in 2.
    expect(marked.map((c) => c.terms.join(' '))).toEqual(['the']);
    expect(marked[0]!.values['headline']).toBe('the');
    expect(candidateQueries(plan, table, weights, { ...pools(), functionWords }, new Set([marked[0]!.key])).some((c) => c.functionWord)).toBe(false);
    expect(candidates.findIndex((c) => c.functionWord)).toBeGreaterThan(candidates.findIndex((c) => c.terms[0] === 'stadium'));
    // Nothing to type them into on a form without a keyword field.
    const selectOnly = planForm({ ...form, fields: [{ name: 'cat', label: 'Category', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: false, hidden: false, selectorHint: '#cat', options: [{ value: 'a', text: 'Cup' }] }] }, table, weights);
    expect(candidateQueries(selectOnly, table, weights, { ...pools(), functionWords }, new Set()).some((c) => c.functionWord)).toBe(false);
  });

  it('offers the opening word when asked, before any record, marked a function word and the opening; nowhere without a keyword field', () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    const opening = candidateQueries(plan, table, weights, { ...pools(), openingWord: 'the' }, new Set()).filter((c) => c.opening);
    expect(opening.map((c) => [c.values['headline'], c.functionWord])).toEqual([['the', true]]);
    expect(candidateQueries(plan, table, weights, pools(), new Set()).some((c) => c.opening || c.functionWord)).toBe(false);
    const selectOnly = planForm({ ...form, fields: [{ name: 'cat', label: 'Category', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: false, hidden: false, selectorHint: '#cat', options: [{ value: 'a', text: 'Cup' }] }] }, table, weights);
    expect(candidateQueries(selectOnly, table, weights, { ...pools(), openingWord: 'the' }, new Set()).some((c) => c.opening)).toBe(false);
  });

  it('judges a table value seen in record titles as a title term, keeping its table label', () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    const referee = candidateQueries(plan, table, weights, pools(), new Set()).find((c) => c.terms.join(' ') === 'referee');
    expect(referee?.source).toBe('title');
    expect(referee?.label).toBe('keyword');
  });

  it('judges a word of the site\'s page titles that held records carry only where the form does not search as a surface word', () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    const p = pools();
    // Seven surface pages: "penalty" in three page titles, "stadium" in one, "crowd" in the text of two.
    const pages: [string, string][] = [['Why penalty matters', 'The crowd cheered'], ['Penalty drama', 'A crowd gathered'], ['Penalty shootouts', 'Dates'], ['A stadium guide', 'Points'], ['Contact', 'Email'], ['Tables', 'Stadium'], ['About', 'Us']];
    for (const [title, text] of pages) {
      p.surface.addRecord([{ text: title, context: { tag: 'title' } }, { text, context: { tag: 'surface' } }]);
    }
    p.records.addRecord([{ text: 'Derby report', context: { tag: 'title' } }, { text: 'A crowd and a penalty.', context: { tag: 'text' } }]);
    const byTerm = (listedDf?: (t: string) => number) => new Map(candidateQueries(plan, table, weights, p, new Set(), listedDf).map((c) => [c.terms.join(' '), c]));
    // The form lists no held record for either word (title-only search): the headline word is a surface word.
    const titleOnly = byTerm(() => 0.03);
    expect(titleOnly.get('penalty')).toMatchObject({ source: 'surface', prior: 1 });
    // One page title may be a template's filler: the word stays a record word.
    expect(titleOnly.get('stadium')?.source).toBe('pool');
    // A word of page text only stays a record word: nothing says the site's titles use it.
    expect(titleOnly.get('crowd')?.source).toBe('pool');
    // A form that lists the held record for it (full text), or no form evidence: a record word.
    expect(byTerm(() => 1).get('penalty')?.source).toBe('pool');
    expect(byTerm().get('penalty')?.source).toBe('pool');
    expect(new Set([...titleOnly.values()].map((c) => c.key)).size).toBe(titleOnly.size);
  });

  it('leaves out queries already issued', () => {
    const weights = new ValueWeights(table);
    const plan = planForm(form, table, weights);
    const all = candidateQueries(plan, table, weights, pools(), new Set());
    const issued = new Set([all[0]!.key]);
    expect(candidateQueries(plan, table, weights, pools(), issued).some((c) => c.key === all[0]!.key)).toBe(false);
  });

  it('marks each option of a second drop-down, under the required one\'s default, as a refinement of that default alone', () => {
    const selectOnly: SearchFormInfo = {
      ...form,
      fields: [
        { name: 'activity', label: 'Activity', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: true, hidden: false, selectorHint: '#activity', options: [{ value: '', text: '— choose an activity —' }, { value: 'hiking', text: 'Hiking' }, { value: 'camping', text: 'Camping' }] },
        { name: 'year', label: 'Year', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: false, hidden: false, selectorHint: '#year', options: [{ value: '', text: 'Any year' }, { value: '2019', text: '2019' }, { value: '2020', text: '2020' }] },
      ],
    };
    const weights = new ValueWeights(table);
    const plan = planForm(selectOnly, table, weights);
    expect(plan.fixed).toEqual({ activity: 'hiking' });
    const candidates = candidateQueries(plan, table, weights, pools(), new Set());
    const hiking = candidates.find((c) => c.values['activity'] === 'hiking' && c.values['year'] === undefined)!;
    expect(hiking.refines).toBeUndefined();
    expect(candidates.find((c) => c.values['activity'] === 'camping')?.refines).toBeUndefined();
    const years = candidates.filter((c) => c.values['year'] !== undefined);
    expect(years.map((c) => c.values)).toEqual([{ activity: 'hiking', year: '2019' }, { activity: 'hiking', year: '2020' }]);
    for (const y of years) expect(y.refines).toBe(hiking.key);
  });

  it('marks no refinement where no drop-down is required', () => {
    const optional: SearchFormInfo = {
      ...form,
      fields: [...form.fields, { name: 'year', label: 'Year', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: false, hidden: false, selectorHint: '#year', options: [{ value: '2019', text: '2019' }] }],
    };
    const weights = new ValueWeights(table);
    const candidates = candidateQueries(planForm(optional, table, weights), table, weights, pools(), new Set());
    expect(candidates.some((c) => c.values['year'] === '2019')).toBe(true);
    expect(candidates.every((c) => c.refines === undefined)).toBe(true);
  });

  describe('a keyword form with a required drop-down', () => {
    const scoped: SearchFormInfo = {
      ...form,
      fields: [
        ...form.fields,
        { name: 'section', label: 'Section', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: true, hidden: false, selectorHint: '#section', options: [{ value: '', text: '— choose a section —' }, { value: 'cup', text: 'Cup' }, { value: 'league', text: 'League' }, { value: 'youth', text: 'Youth' }] },
      ],
    };
    const weights = new ValueWeights(table);
    const plan = planForm(scoped, table, weights);
    const keywordQueries = (issued: Set<string>, answers?: Map<string, AnswerSize>) => candidateQueries(plan, table, weights, pools(), issued, undefined, answers).filter((c) => c.values['headline'] !== undefined);
    const answer = (listed: number): AnswerSize => ({ listed, readToEnd: true, failed: listed === 0, functionWord: false, unanswered: false });
    /** Issues the top keyword query `n` times, each answered with `listed(section, i)` records; the sections asked. */
    const askTop = (n: number, issued: Set<string>, answers: Map<string, AnswerSize>, listed: (section: string, i: number) => number) =>
      Array.from({ length: n }, (_, i) => {
        const next = keywordQueries(issued, answers)[0]!;
        issued.add(next.key);
        answers.set(next.key, answer(listed(next.values['section']!, i)));
        return next.values['section']!;
      });

    it('holds the drop-down, and its first option goes with the first keyword queries', () => {
      expect(plan.queryField?.name).toBe('headline');
      expect(plan.fixed).toEqual({ section: 'cup' });
      expect(plan.held.map((h) => [h.field.name, h.options.map((o) => o.value)])).toEqual([['section', ['cup', 'league', 'youth']]]);
      const first = keywordQueries(new Set());
      expect(first.length).toBeGreaterThan(2);
      expect(first.every((c) => c.values['section'] === 'cup')).toBe(true);
      // The options alone stay offered too (a site that lists a section without a word).
      const alone = candidateQueries(plan, table, weights, pools(), new Set()).filter((c) => c.source === 'options').map((c) => c.values);
      expect(alone).toEqual([{ section: 'cup' }, { section: 'league' }, { section: 'youth' }]);
    });

    it('gives each next keyword query to the option that has had the fewest, so every section is searched', () => {
      const issued = new Set<string>();
      const sections: string[] = [];
      const words: string[] = [];
      for (let i = 0; i < 6; i++) {
        const next = keywordQueries(issued)[0]!;
        sections.push(next.values['section']!);
        words.push(next.values['headline']!);
        issued.add(next.key);
      }
      expect(sections).toEqual(['cup', 'league', 'youth', 'cup', 'league', 'youth']);
      // A word asked in one section is still on offer in the others: they are other queries.
      expect(words.slice(0, 3)).toEqual(['football', 'football', 'football']);
      // Worked out from the issued keys alone: what a resumed crawl has.
      expect(heldOptionTurn(plan, issued)).toEqual({ section: 'cup' });
      // A query of the option alone is not a keyword query and takes no turn.
      const alone = candidateQueries(plan, table, weights, pools(), issued).find((c) => c.source === 'options' && c.values['section'] === 'cup')!;
      expect(heldOptionTurn(plan, new Set([...issued, alone.key]))).toEqual({ section: 'cup' });
    });

    it('passes over an option under which words that listed records elsewhere listed nothing, once enough of them did', () => {
      const issued = new Set<string>();
      const answers = new Map<string, AnswerSize>();
      askTop(3 * DRY_HELD_OPTION_QUERIES, issued, answers, (section) => (section === 'youth' ? 0 : 4));
      expect(heldOptionTurn(plan, issued, answers)).toEqual({ section: 'cup' });
      expect(askTop(4, issued, answers, () => 3)).toEqual(['cup', 'league', 'cup', 'league']);
      // An unanswered query (a timeout) is no evidence that the option is dry.
      const timedOut = new Map([...answers].map(([k, a]) => [k, a.listed === 0 ? { ...a, unanswered: true } : a]));
      expect(heldOptionTurn(plan, issued, timedOut)).toEqual({ section: 'youth' });
    });

    it('keeps an option whose misses are words no other option answered either', () => {
      const issued = new Set<string>();
      const answers = new Map<string, AnswerSize>();
      // Every option's queries list nothing but one word in cup: the site's words are hard to hit, not youth's part empty.
      const asked = askTop(3 * DRY_HELD_OPTION_QUERIES, issued, answers, (_, i) => (i === 0 ? 2 : 0));
      expect(asked.slice(-3)).toEqual(['cup', 'league', 'youth']);
      expect(heldOptionTurn(plan, issued, answers)).toEqual({ section: 'cup' });
    });

    it('gives turns to a category drop-down without an "any" option too, though not marked required', () => {
      const noAny = { name: 'dept', label: 'Department', tag: 'select', type: 'select-one', fieldType: 'search category / refinement', required: false, hidden: false, selectorHint: '#dept', options: [{ value: 'books', text: 'Books', selected: true }, { value: 'music', text: 'Music' }] };
      const p = planForm({ ...form, fields: [...form.fields, noAny] }, table, weights);
      // The browser sends the selected department with every query anyway: held, not fixed.
      expect(p.held.map((h) => h.field.name)).toEqual(['dept']);
      expect(p.fixed).toEqual({});
      const issued = new Set<string>();
      const depts: string[] = [];
      for (let i = 0; i < 4; i++) {
        const next = candidateQueries(p, table, weights, pools(), issued).find((c) => c.values['headline'] !== undefined)!;
        depts.push(next.values['dept']!);
        issued.add(next.key);
      }
      expect(depts).toEqual(['books', 'music', 'books', 'music']);
      // One with "any", a sort order, or a list of several choices scopes nothing to take turns over.
      const withAny = { ...noAny, options: [{ value: '', text: 'All departments' }, ...noAny.options] };
      const sortBy = { ...noAny, name: 'sort', label: 'Sort by', fieldType: 'sorting option' };
      const several = { ...noAny, type: 'select-multiple' };
      for (const f of [withAny, sortBy, several]) expect(planForm({ ...form, fields: [...form.fields, f] }, table, weights).held).toEqual([]);
    });

    it('holds nothing in a form without a keyword field', () => {
      const selectOnly = planForm({ ...scoped, fields: scoped.fields.slice(1) }, table, weights);
      expect(selectOnly.held).toEqual([]);
      expect(heldOptionTurn(selectOnly, [])).toEqual({});
    });
  });
});
