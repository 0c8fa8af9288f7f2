import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LVS_DOMAINS, LvsTableError, keywordLabel, loadLvsTable, validateLvsTable } from '../../src/lvs/index.ts';

describe('LVS tables', () => {
  it('lists the 15 ODP domains in the project order', () => {
    expect(LVS_DOMAINS).toEqual(['arts', 'business', 'computers', 'games', 'health', 'home', 'news', 'recreation', 'reference', 'regional', 'science', 'shopping', 'society', 'sports', 'kids-and-teens']);
  });

  for (const domain of LVS_DOMAINS) {
    it(`${domain}: loads, validates and has the required shape`, () => {
      const table = loadLvsTable(domain);
      expect(table.domain).toBe(domain);
      expect(validateLvsTable(table, domain)).toEqual([]);
      const keyword = keywordLabel(table);
      expect(keyword, 'keyword label').toBeDefined();
      expect(keyword!.values.length).toBeGreaterThanOrEqual(80);
      expect(keyword!.values.length).toBeLessThanOrEqual(200);
      for (const alias of ['query', 'search', 'keywords', 'q', 'text', 'find', 'term', 'search for']) expect(keyword!.aliases).toContain(alias);
      const attributes = table.labels.filter((l) => l !== keyword);
      expect(attributes.length).toBeGreaterThanOrEqual(5);
      expect(attributes.length).toBeLessThanOrEqual(10);
      for (const label of attributes) {
        expect(label.aliases.length, `${label.label} aliases`).toBeGreaterThan(0);
        expect(label.values.length, `${label.label} values`).toBeGreaterThanOrEqual(15);
        expect(label.values.length, `${label.label} values`).toBeLessThanOrEqual(60);
      }
      for (const label of table.labels) {
        for (const v of label.values) {
          expect(v.weight).toBeGreaterThan(0);
          expect(v.weight).toBeLessThanOrEqual(1);
        }
        // Weights carry information: not all the same within a label.
        expect(new Set(label.values.map((v) => v.weight)).size).toBeGreaterThan(1);
      }
      // Every table has a numeric label that range fields (year_from/to, min/max price) can use.
      expect(table.labels.some((l) => l.kind === 'year' || l.kind === 'range' || l.kind === 'number')).toBe(true);
    });
  }

  it('tables are distinct domain knowledge, not one list reused', () => {
    const arts = new Set(keywordLabel(loadLvsTable('arts'))!.values.map((v) => v.value));
    const health = keywordLabel(loadLvsTable('health'))!.values.map((v) => v.value);
    expect(health.filter((v) => arts.has(v)).length).toBeLessThan(5);
  });

  it('caches: the same object comes back', () => {
    expect(loadLvsTable('arts')).toBe(loadLvsTable('arts'));
  });

  describe('errors name the file and the problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lvs-'));
    it('unknown domain', () => {
      expect(() => loadLvsTable('cooking')).toThrow(LvsTableError);
      expect(() => loadLvsTable('cooking')).toThrow(/unknown LVS domain "cooking".*arts/);
    });
    it('missing file', () => {
      expect(() => loadLvsTable('games', dir)).toThrow(/games\.json: cannot read/);
    });
    it('bad JSON', () => {
      writeFileSync(join(dir, 'news.json'), '{ "domain": "news", ');
      expect(() => loadLvsTable('news', dir)).toThrow(/news\.json: invalid JSON/);
    });
    it('bad shape', () => {
      writeFileSync(join(dir, 'sports.json'), JSON.stringify({ domain: 'sports', labels: [{ label: 'team', aliases: ['club'], values: [{ value: 'Ajax', weight: 1.5 }, { value: 'ajax', weight: 0.5 }] }] }));
      expect(() => loadLvsTable('sports', dir)).toThrow(/sports\.json: .*weight of "Ajax".*duplicate value "ajax"/);
      writeFileSync(join(dir, 'home.json'), JSON.stringify({ domain: 'arts', labels: [{ label: 'year', aliases: [], kind: 'year', values: [{ value: 'recent', weight: 1 }] }] }));
      expect(() => loadLvsTable('home', dir)).toThrow(/"domain" is "arts", expected "home".*year value "recent" is not a number/);
    });
  });
});
