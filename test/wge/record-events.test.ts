import { describe, expect, it } from 'vitest';
import { loadLvsTable } from '../../src/lvs/tables.ts';
import type { FormSnapshot } from '../../src/perceive/types.ts';
import { eventToStep, parseScript, type EventContext, type RawDemoEvent } from '../../src/wge/index.ts';

const form: FormSnapshot = {
  index: 0,
  action: 'http://site.test/search/results',
  method: 'GET',
  className: '',
  text: 'Search Gallery Atlas Search',
  surroundingText: 'Search artworks',
  submitTexts: ['Search'],
  fields: [
    { tag: 'input', type: 'search', name: 'q', label: 'Search Gallery Atlas', labelSources: { wrapping: 'Search Gallery Atlas' }, required: false, hidden: false, order: 0, selectorHint: '#f [name="q"]' },
    { tag: 'select', type: 'select', name: 'genre', label: 'Genre', labelSources: {}, options: [{ value: 'painting', text: 'Painting', selected: false }], required: false, hidden: false, order: 1, selectorHint: '#f [name="genre"]' },
  ],
};
// A stand-in classifier: these tests are about naming the step, not about the models.
const classify: EventContext['classify'] = () => ({
  type: 'search',
  probabilities: {} as never,
  fields: [
    { name: 'q', label: 'Search Gallery Atlas', type: 'search query' },
    { name: 'genre', label: 'Genre', type: 'search category / refinement' },
  ],
});
const ctx = (over: Partial<EventContext> = {}): EventContext => ({ searched: false, classify, ...over });
const ev = (over: Partial<RawDemoEvent>): RawDemoEvent => ({ kind: 'click', url: 'http://site.test/search', title: 'Search', element: { tag: 'a' }, ...over });

describe('eventToStep', () => {
  it('a typed LVS value: field classified, label from perceive, value traced to its LVS label', () => {
    const s = eventToStep(ev({ kind: 'type', value: 'painting', form, element: { tag: 'input', inputType: 'search', name: 'q', formIndex: 0, region: 'form' } }), ctx({ lvs: loadLvsTable('arts') }))!;
    expect(s).toMatchObject({ action: 'type', value: 'painting', valueSource: 'lvs', lvsLabel: 'keyword', element: { tag: 'input', inputType: 'search', formType: 'search', fieldType: 'search query', label: 'Search Gallery Atlas' } });
  });

  it('a typed value not in the table has no known source', () => {
    const s = eventToStep(ev({ kind: 'type', value: 'zzqx', form, element: { tag: 'input', name: 'q', formIndex: 0 } }), ctx({ lvs: loadLvsTable('arts') }))!;
    expect(s.valueSource).toBeUndefined();
  });

  it('a chosen option comes from the options', () => {
    const s = eventToStep(ev({ kind: 'select', value: 'Painting', optionValue: 'painting', form, element: { tag: 'select', inputType: 'select', name: 'genre', formIndex: 0 } }), ctx())!;
    expect(s).toMatchObject({ action: 'select', value: 'Painting', optionValue: 'painting', valueSource: 'options', element: { fieldType: 'search category / refinement', label: 'Genre' } });
    expect(s.element.inputType).toBeUndefined(); // same as the tag: not repeated
  });

  it('names link clicks: follow-link, open-result (list link after a search), next-page; "previous" is no step', () => {
    const list = ev({ element: { tag: 'a', text: 'Blue horse', region: 'list', href: 'http://site.test/artwork/1' } });
    expect(eventToStep(list, ctx())!.action).toBe('follow-link');
    expect(eventToStep(list, ctx({ searched: true }))!.action).toBe('open-result');
    expect(eventToStep(ev({ element: { tag: 'a', text: 'Next ›', region: 'pagination' } }), ctx())!.action).toBe('next-page');
    expect(eventToStep(ev({ element: { tag: 'button', text: 'Load more results', region: 'pagination' } }), ctx())!.action).toBe('next-page');
    expect(eventToStep(ev({ element: { tag: 'a', text: '‹ Previous', region: 'pagination' } }), ctx())).toBeNull();
    expect(eventToStep(ev({ element: { tag: 'button', text: 'Menu', region: 'content' } }), ctx())).toBeNull();
  });

  it('a submit is a query, unless the submitter is a pager button', () => {
    expect(eventToStep(ev({ kind: 'submit', form, element: { tag: 'button', inputType: 'submit', text: 'Search', formIndex: 0, region: 'form' } }), ctx())!).toMatchObject({ action: 'submit', element: { formType: 'search', text: 'Search' } });
    expect(eventToStep(ev({ kind: 'submit', form, element: { tag: 'button', text: 'Next', formIndex: 0, region: 'pagination' } }), ctx())!.action).toBe('next-page');
  });
});

describe('parseScript', () => {
  it('accepts the documented actions and names what is wrong', () => {
    expect(parseScript([{ action: 'click', text: 'Search' }, { action: 'type', selector: 'input', value: 'x' }, { action: 'submit' }])).toHaveLength(3);
    expect(() => parseScript({}, 's.json')).toThrow(/s\.json: a script is a JSON array/);
    expect(() => parseScript([{ action: 'hover' }], 's.json')).toThrow(/s\.json: action 0: "action" must be one of/);
    expect(() => parseScript([{ action: 'type', selector: 'input' }], 's.json')).toThrow(/type needs a "value"/);
    expect(() => parseScript([{ action: 'click' }], 's.json')).toThrow(/click needs a "selector" or "text"/);
  });
});
