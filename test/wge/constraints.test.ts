import { describe, expect, it } from 'vitest';
import type { ActionElement } from '../../src/policy/types.ts';
import { constraintKey, overlap, satisfies, satisfiesAll, tokensOf, type Constraint, type PageElement } from '../../src/wge/index.ts';

const keyword: ActionElement = { kind: 'query', formType: 'search', fieldType: 'search query', tag: 'input', label: 'Search the collection', source: 'lvs', lvsLabel: 'keyword', value: 'painting' };
const category: ActionElement = { kind: 'query', formType: 'search', fieldType: 'search category / refinement', tag: 'select', label: 'Genre', source: 'options', value: 'Painting' };
const stop: ActionElement = { kind: 'stop' };

describe('satisfies (ActionElement)', () => {
  it('checks field type, tag (case-insensitively), source and LVS label', () => {
    expect(satisfies({ kind: 'fieldType', value: 'search query' }, keyword)).toBe(true);
    expect(satisfies({ kind: 'fieldType', value: 'search query' }, category)).toBe(false);
    expect(satisfies({ kind: 'tag', value: 'INPUT' }, keyword)).toBe(true);
    expect(satisfies({ kind: 'source', value: 'lvs' }, keyword)).toBe(true);
    expect(satisfies({ kind: 'source', value: 'lvs' }, category)).toBe(false);
    expect(satisfies({ kind: 'lvsLabel', value: 'keyword' }, keyword)).toBe(true);
    expect(satisfies({ kind: 'lvsLabel', value: 'keyword' }, category)).toBe(false);
    expect(satisfies({ kind: 'formType', value: 'search' }, category)).toBe(true);
  });

  it('label-like: at least half of the demo label words, function words ignored', () => {
    expect(tokensOf('Search the Collection: all words')).toEqual(['search', 'collection', 'words']);
    expect(satisfies({ kind: 'labelLike', tokens: ['search', 'collection'] }, keyword)).toBe(true);
    expect(satisfies({ kind: 'labelLike', tokens: ['search', 'gallery', 'atlas'] }, keyword)).toBe(false); // 1 of 3
    expect(satisfies({ kind: 'labelLike', tokens: ['search', 'atlas'] }, keyword)).toBe(true); // 1 of 2
    expect(overlap(['genre'], 'Genre:')).toBe(1);
  });

  it('a stop action has no field: every field constraint fails, the empty conjunction holds', () => {
    expect(satisfies({ kind: 'tag', value: 'input' }, stop)).toBe(false);
    expect(satisfiesAll([], stop)).toBe(true);
  });

  it('layout constraints need a layout and the previous element (never true of an ActionElement)', () => {
    expect(satisfies({ kind: 'near', px: 150 }, keyword, { previous: { x: 0, y: 0, width: 10, height: 10 } })).toBe(false);
  });
});

describe('satisfies (page elements, layout)', () => {
  const prev = { x: 100, y: 100, width: 200, height: 20 };
  const right: PageElement = { tag: 'select', layout: { x: 320, y: 102, width: 100, height: 18 } };
  const below: PageElement = { tag: 'button', text: 'Search', layout: { x: 100, y: 160, width: 60, height: 20 } };
  const far: PageElement = { tag: 'button', text: 'Subscribe', layout: { x: 100, y: 900, width: 60, height: 20 } };

  it('near: the gap between boxes within the distance', () => {
    const near: Constraint = { kind: 'near', px: 150 };
    expect(satisfies(near, right, { previous: prev })).toBe(true);
    expect(satisfies(near, below, { previous: prev })).toBe(true);
    expect(satisfies(near, far, { previous: prev })).toBe(false);
    expect(satisfies(near, right)).toBe(false); // no previous element
  });

  it('same row: vertical centres within each other', () => {
    expect(satisfies({ kind: 'sameRow' }, right, { previous: prev })).toBe(true);
    expect(satisfies({ kind: 'sameRow' }, below, { previous: prev })).toBe(false);
  });

  it('text-like reads link and button text', () => {
    expect(satisfies({ kind: 'textLike', tokens: ['search'] }, below)).toBe(true);
    expect(satisfies({ kind: 'textLike', tokens: ['search'] }, far)).toBe(false);
  });

  it('keys are stable text', () => {
    expect([{ kind: 'near', px: 150 }, { kind: 'sameRow' }, { kind: 'labelLike', tokens: ['a', 'b'] }, { kind: 'tag', value: 'a' }].map((c) => constraintKey(c as Constraint))).toEqual(['near<=150', 'sameRow', 'labelLike~a b', 'tag=a']);
  });
});
