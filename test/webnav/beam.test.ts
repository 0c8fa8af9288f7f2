import { describe, expect, it } from 'vitest';
import { beamSearch, type BeamPath, type StepScores } from '../../src/webnav/beam.ts';

// Hand-made graph with fixed log-probabilities. From s the greedy choice is a (0.6), but the
// only page the model is confident to stop on is d, reached through b (0.4).
const G: Record<string, { stop: number; edges: [string, number][] }> = {
  s: { stop: 0.0, edges: [['a', 0.6], ['b', 0.4]] },
  a: { stop: 0.05, edges: [['c', 0.95]] },
  b: { stop: 0.0, edges: [['d', 1.0]] },
  c: { stop: 0.1, edges: [['e', 0.9]] },
  d: { stop: 0.99, edges: [['e', 0.01]] },
  e: { stop: 0.1, edges: [['s', 0.9]] },
};
const scorer = async (paths: BeamPath[]): Promise<StepScores[]> =>
  paths.map((p) => {
    const n = G[p.nodes[p.nodes.length - 1]!]!;
    // Renormalise over stop + edges so each row is a distribution.
    const total = n.stop + n.edges.reduce((a, [, v]) => a + v, 0);
    return { stop: Math.log(n.stop / total || 1e-12), edges: n.edges.map(([to, v]) => ({ to, kind: 'link' as const, logp: Math.log(v / total) })) };
  });

describe('beam search', () => {
  it('finds the best finished path that greedy search misses', async () => {
    const wide = await beamSearch('s', scorer, { width: 2, maxLinks: 2, hops: 3 });
    expect(wide.best.nodes).toEqual(['s', 'b', 'd']);
    const greedy = await beamSearch('s', scorer, { width: 1, maxLinks: 1, hops: 3 });
    expect(greedy.best.nodes[1]).toBe('a');
  });

  it('respects the hop limit and follows at most maxLinks edges per page', async () => {
    const short = await beamSearch('s', scorer, { width: 4, maxLinks: 2, hops: 1 });
    expect(Math.max(...short.finished.map((p) => p.nodes.length - 1))).toBe(1);
    const seen: number[] = [];
    await beamSearch('s', async (paths) => {
      seen.push(paths.length);
      return paths.map(() => ({ stop: Math.log(0.1), edges: ['x', 'y', 'z'].map((t, i) => ({ to: `${t}${paths.length}${i}`, kind: 'link' as const, logp: Math.log(0.3) })) }));
    }, { width: 5, maxLinks: 2, hops: 2 });
    expect(seen).toEqual([1, 2, 4]);
  });

  it('never revisits a page on the same path', async () => {
    const r = await beamSearch('s', async (paths) => paths.map(() => ({ stop: Math.log(0.01), edges: [{ to: 's', kind: 'link' as const, logp: Math.log(0.98) }, { to: 't', kind: 'link' as const, logp: Math.log(0.01) }] })), { width: 3, maxLinks: 2, hops: 3 });
    for (const p of r.finished) expect(new Set(p.nodes).size).toBe(p.nodes.length);
  });
});
