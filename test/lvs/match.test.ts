import { describe, expect, it } from 'vitest';
import { LVS_DOMAINS, loadLvsTable, matchFieldToLvs, rankLvsLabels, realOptions, type FieldInfo, type FieldValueSource } from '../../src/lvs/index.ts';

const arts = loadLvsTable('arts');
const kids = loadLvsTable('kids-and-teens');
const shopping = loadLvsTable('shopping');

const text = (label: string, name: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({ label, name, tag: 'input', type: 'text', ...extra });
const labelOf = (s: FieldValueSource): string | undefined => ('label' in s ? s.label?.label : undefined);

describe('matchFieldToLvs', () => {
  it('"Artist name" -> artist label', () => {
    const s = matchFieldToLvs(text('Artist name', 'f3'), arts);
    expect(s.kind).toBe('lvs');
    expect(labelOf(s)).toBe('artist');
  });

  it('plural and synonym labels match by lemma and alias ("Painters" -> artist)', () => {
    const s = matchFieldToLvs(text('Painters', 'f1'), arts);
    expect(s).toMatchObject({ kind: 'lvs', matchedBy: 'lemma:painter' });
    expect(labelOf(s)).toBe('artist');
  });

  it('"Author" and its alias "writer" reach the same label, by label, alias and lemma', () => {
    const author = matchFieldToLvs(text('Author', 'a'), kids);
    const writer = matchFieldToLvs(text('Writer', 'w'), kids);
    const writers = matchFieldToLvs(text('Writers', 'w'), kids);
    expect(labelOf(author)).toBe('author');
    expect(labelOf(writer)).toBe('author');
    expect(labelOf(writers)).toBe('author');
    expect(author).toMatchObject({ matchedBy: 'label:author' });
    expect(writer).toMatchObject({ matchedBy: 'alias:writer' });
    expect(writers).toMatchObject({ matchedBy: 'lemma:writer' });
  });

  it('name="searchTerm" with no label -> keyword', () => {
    const s = matchFieldToLvs(text('', 'searchTerm'), arts);
    expect(s.kind).toBe('keyword');
    expect(labelOf(s)).toBe('keyword');
    expect(s).toMatchObject({ matchedBy: 'name:search term' });
  });

  it('query names q, kw and s are keyword fields', () => {
    for (const name of ['q', 'kw', 's']) {
      const s = matchFieldToLvs(text('', name), arts);
      expect(s.kind, name).toBe('keyword');
      expect((s as { matchedBy?: string }).matchedBy).toMatch(/^name:/);
    }
  });

  it('names hidden in framework ids count ("ctl00$MainContent$txtArtist")', () => {
    expect(labelOf(matchFieldToLvs(text('', 'ctl00$MainContent$txtArtist'), arts))).toBe('artist');
  });

  it('an attribute beats the generic keyword in "Search artists"', () => {
    expect(labelOf(matchFieldToLvs(text('Search artists', 'term'), arts))).toBe('artist');
  });

  it('a plain "Search" box is a keyword field', () => {
    expect(matchFieldToLvs(text('Search', 'query', { type: 'search' }), arts)).toMatchObject({ kind: 'keyword', matchedBy: 'alias:search' });
  });

  it('<select> -> its own options, without placeholders', () => {
    const field: FieldInfo = {
      label: 'Medium',
      name: 'medium',
      tag: 'select',
      type: 'select-one',
      options: [
        { value: '', text: 'Any medium' },
        { value: 'all', text: 'All' },
        { value: 'x', text: '-- choose --' },
        { value: 'oil', text: 'Oil on canvas' },
        { value: 'ink', text: 'Ink' },
        { value: 'none', text: '' },
      ],
    };
    expect(matchFieldToLvs(field, arts)).toEqual({ kind: 'options', options: [{ value: 'oil', text: 'Oil on canvas' }, { value: 'ink', text: 'Ink' }] });
  });

  it('radio groups use their options; a select of only placeholders is none', () => {
    const radio: FieldInfo = { label: 'Condition', name: 'cond', tag: 'input', type: 'radio', options: [{ value: 'new', text: 'New' }, { value: 'used', text: 'Used' }] };
    expect(matchFieldToLvs(radio, shopping)).toMatchObject({ kind: 'options', options: [{ value: 'new' }, { value: 'used' }] });
    const empty: FieldInfo = { label: 'Color', name: 'c', tag: 'select', type: 'select-one', options: [{ value: '', text: 'Any' }] };
    expect(matchFieldToLvs(empty, shopping).kind).toBe('none');
  });

  it('"Year from" / "to" -> range min / max over the year label', () => {
    const from = matchFieldToLvs(text('Year from', 'year_from'), arts);
    const to = matchFieldToLvs(text('to', 'year_to'), arts);
    expect(from).toMatchObject({ kind: 'range', end: 'min' });
    expect(to).toMatchObject({ kind: 'range', end: 'max' });
    expect(labelOf(from)).toBe('year');
    expect(labelOf(to)).toBe('year');
  });

  it('min/max price fields, glued names and "after" are range ends', () => {
    expect(matchFieldToLvs(text('Min price', 'minPrice', { type: 'number' }), shopping)).toMatchObject({ kind: 'range', end: 'min', label: { label: 'price' } });
    expect(matchFieldToLvs(text('', 'pricemax'), shopping)).toMatchObject({ kind: 'range', end: 'max', label: { label: 'price' } });
    expect(matchFieldToLvs(text('Created after', 'after', { type: 'number' }), arts)).toMatchObject({ kind: 'range', end: 'min', label: { label: 'year' } });
  });

  it('a range word inside a text query is incidental', () => {
    expect(matchFieldToLvs(text('Search from here', 'q'), arts).kind).toBe('keyword');
  });

  it('unrelated and personal fields -> none', () => {
    expect(matchFieldToLvs({ label: 'Password', name: 'pwd', tag: 'input', type: 'password' }, arts).kind).toBe('none');
    expect(matchFieldToLvs(text('Password', 'pw'), arts).kind).toBe('none');
    expect(matchFieldToLvs(text('E-mail address', 'email'), arts).kind).toBe('none');
    expect(matchFieldToLvs(text('Enter your first name', 'fname'), arts).kind).toBe('none');
    expect(matchFieldToLvs(text('Zzyzx', 'field7'), arts).kind).toBe('none');
    expect(matchFieldToLvs({ label: 'Go', name: 'go', tag: 'input', type: 'submit' }, arts).kind).toBe('none');
  });

  it('rankLvsLabels explains the alternatives, best first', () => {
    const ranked = rankLvsLabels(text('Search artists', 'term'), arts);
    expect(ranked.map((c) => c.label.label).slice(0, 2)).toEqual(['artist', 'keyword']);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it('realOptions drops placeholders and duplicates', () => {
    expect(realOptions([{ value: '', text: 'Any' }, { value: '1', text: 'One' }, { value: '1', text: 'One again' }, { value: '2', text: 'Select a size' }])).toEqual([{ value: '1', text: 'One' }]);
  });

  it('realistic labels across domains reach the expected LVS label', () => {
    const cases: [string, string, string, string][] = [
      ['health', 'Doctor specialty', 'spec', 'specialty'],
      ['health', 'Type of doctor', 'doctype', 'specialty'],
      ['health', 'Symptoms', 'symptoms', 'symptom'],
      ['business', 'Job title', 'jobTitle', 'job title'],
      ['business', 'Industry', 'ind', 'industry'],
      ['recreation', 'Trail length (miles)', 'len', 'distance'],
      ['sports', 'Player', 'player', 'athlete'],
      ['science', 'Published in', 'src', 'journal'],
      ['regional', 'State/Province', 'st', 'region'],
      ['reference', 'Translate into', 'tl', 'language'],
      ['news', 'Reporter', 'byline', 'author'],
      ['games', 'Number of players', 'np', 'players'],
      ['computers', 'Operating system', 'os', 'operating system'],
      ['home', 'Recipe type', 'rt', 'meal'],
      ['shopping', 'Colour', 'c', 'color'],
      ['society', 'Faith tradition', 'f', 'religion'],
      ['kids-and-teens', 'Grade level', 'grade', 'grade'],
    ];
    for (const [domain, label, name, want] of cases) {
      const s = matchFieldToLvs(text(label, name), loadLvsTable(domain));
      expect(s.kind, `${domain}: ${label}`).toBe('lvs');
      expect(labelOf(s), `${domain}: ${label}`).toBe(want);
    }
    expect(matchFieldToLvs(text('Minimum salary', 'salary_min'), loadLvsTable('business'))).toMatchObject({ kind: 'range', end: 'min', label: { label: 'salary' } });
  });

  it('every label name and alias of every table, used as a field label, leads back to its own label', () => {
    const wrong: string[] = [];
    for (const domain of LVS_DOMAINS) {
      const table = loadLvsTable(domain);
      for (const l of table.labels) {
        for (const words of [l.label, ...l.aliases]) {
          const got = labelOf(matchFieldToLvs(text(words, 'f'), table));
          if (got !== l.label) wrong.push(`${domain}: "${words}" -> ${got ?? 'nothing'} (want ${l.label})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
