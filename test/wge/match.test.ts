import { describe, expect, it } from 'vitest';
import { findElement, rankElements, stepConstraints, suits, type DemoStep, type PageElement } from '../../src/wge/index.ts';

const page: PageElement[] = [
  { tag: 'a', text: 'Search', region: 'nav', layout: { x: 200, y: 30, width: 50, height: 17 } },
  { tag: 'input', inputType: 'email', formType: 'join mailing list', fieldType: 'email', label: 'Your email', formIndex: 0, region: 'form', layout: { x: 10, y: 900, width: 150, height: 20 } },
  { tag: 'button', inputType: 'submit', formType: 'join mailing list', text: 'Subscribe', formIndex: 0, region: 'form', layout: { x: 170, y: 900, width: 80, height: 20 } },
  { tag: 'input', inputType: 'text', formType: 'search', fieldType: 'search query', label: 'Find artworks', formIndex: 1, region: 'form', layout: { x: 10, y: 200, width: 150, height: 20 } },
  { tag: 'button', inputType: 'submit', formType: 'search', text: 'Go', formIndex: 1, region: 'form', layout: { x: 170, y: 200, width: 40, height: 20 } },
  { tag: 'a', text: 'Result one', region: 'list' },
  { tag: 'a', text: 'Next ›', region: 'pagination' },
  { tag: 'a', text: '‹ Prev', region: 'pagination' },
];

const typeStep: DemoStep = { action: 'type', value: 'jazz', element: { tag: 'input', formType: 'search', fieldType: 'search query', label: 'Search the collection', layout: { x: 0, y: 0, width: 100, height: 20 } } };
const submitStep: DemoStep = { action: 'submit', element: { tag: 'button', formType: 'search', text: 'Search', layout: { x: 110, y: 0, width: 50, height: 20 } } };

describe('finding the element a step acts on', () => {
  it('only elements that can take the action are candidates', () => {
    expect(page.map((el) => suits('type', el))).toEqual([false, true, false, true, false, false, false, false]);
    expect(page.map((el) => suits('next-page', el))).toEqual([false, false, false, false, false, false, true, false]);
    expect(page.map((el) => suits('open-result', el))).toEqual([false, false, false, false, false, true, false, false]);
  });

  it('types into the search field, not the newsletter e-mail box, though its label differs from the demo\'s', () => {
    const m = findElement('type', stepConstraints(typeStep), page)!;
    expect(m.index).toBe(3);
    expect(m.unsatisfied).toEqual(['labelLike~search collection']);
    expect(m.score).toBeCloseTo(5 / 7);
  });

  it('submits the search form: form type and nearness to the field outweigh the button text', () => {
    const constraints = stepConstraints(submitStep, typeStep);
    expect(constraints.map((c) => c.kind)).toEqual(['formType', 'tag', 'textLike', 'near', 'sameRow']);
    const ranked = rankElements('submit', constraints, page, { previous: page[3]!.layout!, formIndex: 1 });
    expect(ranked.map((r) => r.index)).toEqual([4, 2]);
  });

  it('nothing suitable, or too little alike: not found', () => {
    expect(findElement('select', [], page)).toBeNull();
    const linkStep: DemoStep = { action: 'follow-link', element: { tag: 'a', text: 'Advanced search' } };
    expect(findElement('follow-link', stepConstraints(linkStep), page.filter((e) => e.text !== 'Search'))).toBeNull();
  });
});
