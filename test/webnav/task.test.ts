import { describe, expect, it } from 'vitest';
import { adjacency, buildGraph, shortestPaths } from '../../src/webnav/graph.ts';
import { rankSentences, selectQueries, splitByTarget, TOP_SENTENCES } from '../../src/webnav/queries.ts';
import { buildTaskFromPages } from '../../src/webnav/task.ts';
import { computeIdf, normaliseForMatch, tokens } from '../../src/webnav/text.ts';
import { tinyCrawl } from './fixture.ts';

describe('webnav graph', () => {
  it('builds link, form (labelled), pagination and record edges, and drops form-only pages without forms', () => {
    const { pages, queries } = tinyCrawl();
    const { graph } = buildGraph(pages, queries);
    const url = (id: number) => new URL(graph.nodes[id]!.url).pathname + new URL(graph.nodes[id]!.url).search;
    const kindOf = (a: string, b: string) => graph.edges.find((e) => url(e.from) === a && url(e.to) === b);
    expect(kindOf('/', '/guide')?.kind).toBe('link');
    expect(kindOf('/search', '/results?q=red')).toMatchObject({ kind: 'form', label: 'red' });
    expect(kindOf('/results?q=red', '/results?page=2&q=red')?.kind).toBe('pagination');
    expect(kindOf('/results?q=red', '/rec/1')?.kind).toBe('record');
    expect(graph.nodes).toHaveLength(13);
    const noForms = buildGraph(pages, queries, { forms: false }).graph;
    expect(noForms.edges.some((e) => e.kind === 'form')).toBe(false);
    expect(noForms.nodes.map((n) => n.kind).sort()).toEqual(Array(6).fill('surface'));
  });
});

describe('webnav query selection', () => {
  it('ranks sentences by average TF-IDF and skips short ones', () => {
    const texts = ['alpha beta gamma delta. common words are here. rare zebra yak quokka okapi.', 'common words are here. alpha beta gamma delta.', 'common words are here. nothing else to say here.'];
    const idf = computeIdf(texts.map(tokens));
    const ranked = rankSentences(texts[0]!, idf);
    expect(ranked[0]!.sentence).toBe('rare zebra yak quokka okapi.');
    expect(ranked[ranked.length - 1]!.sentence).toBe('common words are here.');
    expect(rankSentences('one two. three four five six.', idf).map((s) => s.sentence)).toEqual(['three four five six.']);
  });

  it('draws Nq sentences from the top 5 and keeps targets 2..Nh hops away that no nearer page answers', () => {
    const { pages, queries } = tinyCrawl();
    const { graph, texts } = buildGraph(pages, queries);
    const { dist } = shortestPaths(adjacency(graph), graph.start);
    const idf = computeIdf(texts.map(tokens));
    const all = graph.nodes.map((n) => n.id);
    const sel = selectQueries({ texts, dist, candidates: all, querySentences: 2, maxHops: 3, seed: 5, idf });
    expect(sel.length).toBeGreaterThan(3);
    for (const s of sel) {
      expect(dist[s.target]).toBeGreaterThanOrEqual(2);
      expect(dist[s.target]).toBeLessThanOrEqual(3);
      expect(s.hops).toBeGreaterThanOrEqual(2);
      expect(s.sentences).toHaveLength(2);
      const top = rankSentences(texts[s.target]!, idf).slice(0, TOP_SENTENCES).map((x) => x.sentence);
      for (const sentence of s.sentences) expect(top).toContain(sentence);
      expect(s.answers).toContain(s.target);
      for (const a of s.answers) expect(normaliseForMatch(texts[a]!)).toContain(normaliseForMatch(s.sentences[0]!));
    }
    // /rec/3 is 4 hops away (/ -> search -> results -> page 2 -> rec/3): beyond Nh = 3.
    const rec3 = graph.nodes.find((n) => n.url.endsWith('/rec/3'))!.id;
    expect(dist[rec3]).toBe(4);
    expect(sel.some((s) => s.target === rec3)).toBe(false);
    // The start (0 hops) and its neighbours (1 hop) are never targets.
    expect(sel.some((s) => dist[s.target]! < 2)).toBe(false);
    // A query that a 1-hop page also contains is dropped, even for a 2-hop target.
    const copy = [...texts];
    const guide1 = graph.nodes.find((n) => n.url.endsWith('/guide/1'))!.id;
    const about = graph.nodes.find((n) => n.url.endsWith('/about'))!.id;
    copy[about] = `${copy[about]}\n${copy[guide1]}`;
    const sel2 = selectQueries({ texts: copy, dist, candidates: [guide1], querySentences: 2, maxHops: 3, seed: 5, idf });
    expect(sel2).toEqual([]);
  });
});

describe('webnav splits', () => {
  it('puts every target page in exactly one split', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ target: i % 37, q: i }));
    const split = splitByTarget(items, 3);
    const where = new Map<number, Set<string>>();
    for (const x of split) where.set(x.target, (where.get(x.target) ?? new Set()).add(x.split));
    for (const s of where.values()) expect(s.size).toBe(1);
    const counts = { train: 0, valid: 0, test: 0 };
    for (const s of where.values()) counts[[...s][0] as keyof typeof counts]++;
    expect(counts.train).toBeGreaterThan(counts.test);
    expect(counts.test).toBeGreaterThan(0);
    expect(counts.valid).toBeGreaterThan(0);
  });

  it('a built task has disjoint target sets and example paths that start at the start and end on an answer', () => {
    const { pages, queries } = tinyCrawl();
    const task = buildTaskFromPages(pages, queries, 'tiny', { hops: 4, querySentences: 2, seed: 2 });
    const bySplit = { train: new Set<number>(), valid: new Set<number>(), test: new Set<number>() };
    for (const e of task.examples) bySplit[e.split].add(e.target);
    const inter = (a: Set<number>, b: Set<number>) => [...a].filter((x) => b.has(x));
    expect(inter(bySplit.train, bySplit.test)).toEqual([]);
    expect(inter(bySplit.train, bySplit.valid)).toEqual([]);
    expect(inter(bySplit.valid, bySplit.test)).toEqual([]);
    for (const e of task.examples) {
      expect(e.path[0]).toBe(task.graph.start);
      expect(e.answers).toContain(e.path[e.path.length - 1]);
      expect(e.hops).toBe(e.path.length - 1);
      expect(e.behindForm).toBe(e.edgeKinds.includes('form'));
    }
    expect(task.stats.edgesByKind.form).toBe(2);
    expect(task.stats.queries).toBe(task.examples.length);
    expect(task.examples.some((e) => e.behindForm)).toBe(true);
  });
});
