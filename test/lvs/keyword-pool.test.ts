import { describe, expect, it } from 'vitest';
import { KeywordPool, extractTerms, extractWords } from '../../src/lvs/index.ts';

// A corpus small enough to work out by hand. N = 4 documents.
//   d1 "Painting and sculpture. The painting shows gardens."
//   d2 "A painting of the sea."
//   d3 "Sculpture in the garden."
//   d4 "Ceramics."
// After dropping stop words (and, the, a, of, in) and punctuation:
//   painting  tf 3 (d1 ×2, d2)  df 2     sculpture tf 2  df 2
//   gardens, garden, sea, shows, ceramics   tf 1  df 1 each
// IDF = log2(N/df):  painting, sculpture: log2(4/2) = 1;   the rest: log2(4/1) = 2
// expected IDF = −log2(1 − e^(−tf/N)):
//   painting  tf/N = 0.75: e^−0.75 = 0.472367, 1 − that = 0.527633, log2 = −0.922391  -> RIDF = 1 − 0.922391 = 0.077609
//   sculpture tf/N = 0.50: e^−0.5  = 0.606531, 1 − that = 0.393469, log2 = −1.345677  -> RIDF = 1 − 1.345677 = −0.345677
//   tf 1      tf/N = 0.25: e^−0.25 = 0.778801, 1 − that = 0.221199, log2 = −2.176582  -> RIDF = 2 − 2.176582 = −0.176582
const CORPUS = ['Painting and sculpture. The painting shows gardens.', 'A painting of the sea.', 'Sculpture in the garden.', 'Ceramics.'];

function corpusPool(): KeywordPool {
  const pool = new KeywordPool();
  for (const d of CORPUS) pool.addDocument(d, { tag: 'text' });
  return pool;
}

describe('KeywordPool', () => {
  it('counts TF and DF per term', () => {
    const pool = corpusPool();
    expect(pool.documents).toBe(4);
    expect(pool.size).toBe(7);
    expect(pool.stats('painting')).toMatchObject({ tf: 3, df: 2 });
    expect(pool.stats('Sculpture')).toMatchObject({ tf: 2, df: 2 });
    expect(pool.stats('gardens')).toMatchObject({ tf: 1, df: 1, lemma: 'garden' });
    expect(pool.stats('pottery')).toBeUndefined();
    // Lemma-level DF joins "garden" and "gardens".
    expect(pool.lemmaDf('gardens')).toBe(2);
    expect(pool.lemmaDf('garden')).toBe(2);
    // Good–Turing's n_r: five words held by one record, two (painting, sculpture) by two.
    expect([1, 2, 3].map((r) => pool.termsWithDf(r))).toEqual([5, 2, 0]);
  });

  it('computes IDF and RIDF (Church & Gale) as worked out by hand', () => {
    const pool = corpusPool();
    expect(pool.stats('painting')!.idf).toBeCloseTo(1, 9);
    expect(pool.stats('painting')!.ridf).toBeCloseTo(0.077609, 5);
    expect(pool.stats('sculpture')!.ridf).toBeCloseTo(-0.345677, 5);
    expect(pool.stats('sea')!.idf).toBeCloseTo(2, 9);
    expect(pool.stats('sea')!.ridf).toBeCloseTo(-0.176582, 5);
  });

  it('drops stop words, punctuation, numbers and very short tokens', () => {
    const pool = new KeywordPool();
    pool.addDocument('The 3 big TV shows of 1905, by Monet & co. — and it is in the museum!');
    for (const gone of ['the', 'of', 'by', 'and', 'it', 'is', 'in', '3', '1905', ',', '&', '—', '!', 'tv', 'co']) expect(pool.has(gone), gone).toBe(false);
    for (const kept of ['big', 'shows', 'monet', 'museum']) expect(pool.has(kept), kept).toBe(true);
    expect(extractTerms('the of and to a').length).toBe(0);
    expect(pool.stats('shows')).toMatchObject({ lemma: 'show', pos: 'VERB' });
  });

  it('keeps the function words it drops apart: two letters or more, letters only', () => {
    const { terms, functionWords } = extractWords('The 3 big TV shows of 1905, by Monet & co. — and a walk in the museum!');
    expect(terms.map((t) => t.term)).toEqual(['big', 'shows', 'monet', 'walk', 'museum']);
    expect(functionWords.map((t) => t.term)).toEqual(['the', 'of', 'by', 'and', 'in', 'the']);
    expect(functionWords[0]).toEqual({ term: 'the', lemma: 'the', pos: 'DET' });
    expect(extractTerms('The walk')).toEqual(extractWords('The walk').terms);
  });

  it('keeps a word as the site wrote it, which is what its search box matches; the lemma joins the spellings', () => {
    // wink's normal form respells: harbour → harbor, organisations → organizations, Louvre → louver, vice → vise.
    expect(extractTerms('The harbour organisations of the Louvre fight vice').map((t) => t.term)).toEqual(['harbour', 'organisations', 'louvre', 'fight', 'vice']);
    const pool = new KeywordPool();
    pool.addDocument('A walk by the harbour.');
    pool.addDocument('The harbor at dawn.');
    expect(pool.stats('harbour')).toMatchObject({ df: 1, lemma: 'harbor' });
    expect(pool.stats('harbor')).toMatchObject({ df: 1, lemma: 'harbor' });
    expect(pool.lemmaDf('harbour')).toBe(2);
  });

  it('ranks by df, ridf, tf and idf, excluding issued terms', () => {
    const pool = corpusPool();
    expect(pool.ranked('df').map((s) => s.term)).toEqual(['painting', 'sculpture', 'ceramics', 'garden', 'gardens', 'sea', 'shows']);
    expect(pool.ranked('ridf').map((s) => s.term)).toEqual(['painting', 'ceramics', 'garden', 'gardens', 'sea', 'shows', 'sculpture']);
    expect(pool.ranked('tf', { limit: 2 }).map((s) => s.term)).toEqual(['painting', 'sculpture']);
    expect(pool.ranked('idf')[0]!.idf).toBe(2);
    expect(pool.ranked('df', { exclude: new Set(['painting']), limit: 1 })[0]!.term).toBe('sculpture');
    // Excluding a lemma excludes its forms.
    expect(pool.ranked('df', { exclude: new Set(['garden']) }).map((s) => s.term)).not.toContain('gardens');
    expect(pool.ranked('df', { minDf: 2 }).map((s) => s.term)).toEqual(['painting', 'sculpture']);
    // Rankings follow new documents.
    pool.addDocument('sea sea sea. The sea again.');
    expect(pool.ranked('tf')[0]!.term).toBe('sea');
  });

  it('records where terms were seen (tag, attribute, field, DOM depth)', () => {
    const pool = new KeywordPool();
    pool.addRecord([
      { text: 'Water Lilies', context: { tag: 'title' } },
      { text: 'Water lilies in a pond', context: { tag: 'td', domDepth: 7, field: 'description' } },
      { text: 'lilies by the water', context: { tag: 'img', attribute: 'alt', domDepth: 8 } },
    ]);
    expect(pool.documents).toBe(1);
    const water = pool.stats('water')!;
    expect(water).toMatchObject({ tf: 3, df: 1 });
    expect(water.contexts).toEqual(
      expect.arrayContaining([
        { tag: 'title', count: 1 },
        { tag: 'td', domDepth: 7, field: 'description', count: 1 },
        { tag: 'img', attribute: 'alt', domDepth: 8, count: 1 },
      ]),
    );
  });

  it('round-trips through JSON and keeps counting after resume', () => {
    const pool = corpusPool();
    pool.addRecord([{ text: 'Fresco painting', context: { tag: 'title', domDepth: 2 } }]);
    const json = JSON.parse(JSON.stringify(pool.toJSON()));
    const back = KeywordPool.fromJSON(json);
    expect(back.documents).toBe(pool.documents);
    expect(back.size).toBe(pool.size);
    expect(back.ranked('ridf')).toEqual(pool.ranked('ridf'));
    expect(back.lemmaDf('gardens')).toBe(2);
    back.addDocument('painting');
    pool.addDocument('painting');
    expect(back.stats('painting')).toEqual(pool.stats('painting'));
    // fresco joined the once-held words; painting went from two records to four.
    for (const p of [back, pool]) expect([1, 2, 3, 4].map((r) => p.termsWithDf(r))).toEqual([6, 1, 0, 1]);
    expect(() => KeywordPool.fromJSON({ version: 1, documents: 1, terms: [['x', 'x', [], 1, 5, []]], lemmas: [] })).toThrow(/bad counts/);
    expect(() => KeywordPool.fromJSON(null)).toThrow(/not an object/);
  });
});
