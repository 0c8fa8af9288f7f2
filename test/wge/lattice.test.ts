import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/lvs/random.ts';
import type { ActionElement } from '../../src/policy/types.ts';
import { buildLattice, executeWorkflowStep, fallbackOrder, type Constraint } from '../../src/wge/index.ts';

const C: Constraint[] = [
  { kind: 'fieldType', value: 'search query' },
  { kind: 'tag', value: 'input' },
  { kind: 'source', value: 'lvs' },
];

const candidates: ActionElement[] = [
  { kind: 'stop' },
  { kind: 'query', fieldType: 'search query', tag: 'input', source: 'pool', value: 'oil' },
  { kind: 'query', fieldType: 'search query', tag: 'input', source: 'lvs', value: 'painting' },
  { kind: 'query', fieldType: 'search query', tag: 'input', source: 'lvs', value: 'sculpture' },
  { kind: 'query', fieldType: 'search category / refinement', tag: 'select', source: 'options', value: 'Prints' },
];

describe('lattice', () => {
  it('holds every conjunction once, most general first', () => {
    const l = buildLattice([...C, C[0]!]);
    expect(l.constraints).toHaveLength(3); // the repeated constraint counted once
    expect(l.nodes).toHaveLength(8);
    expect(l.nodes.map((n) => n.constraints.length)).toEqual([0, 1, 1, 1, 2, 2, 2, 3]);
    expect(l.nodes[0]!.key).toBe('*');
    expect(new Set(l.nodes.map((n) => n.key)).size).toBe(8);
  });

  it('falls back one constraint at a time, dropping the latest first, down to the empty node', () => {
    const top = buildLattice(C).nodes.at(-1)!;
    expect(fallbackOrder(top).map((n) => n.constraints.map((c) => c.kind).join('+'))).toEqual([
      'fieldType+tag+source',
      'fieldType+tag',
      'fieldType+source',
      'tag+source',
      'fieldType',
      'tag',
      'source',
      '',
    ]);
  });
});

describe('executeWorkflowStep', () => {
  const top = buildLattice(C).nodes.at(-1)!;

  it('chooses uniformly among the candidates satisfying the node', () => {
    const rng = createRng(7);
    const counts = new Map<number, number>();
    for (let i = 0; i < 2000; i++) {
      const c = executeWorkflowStep(top, candidates, rng)!;
      expect(c.dropped).toBe(0);
      expect(c.matches).toBe(2);
      counts.set(c.index, (counts.get(c.index) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([2, 3]);
    expect(Math.abs(counts.get(2)! - 1000)).toBeLessThan(120);
  });

  it("given the policy's probabilities, picks among the node's candidates in proportion to them", () => {
    const rng = createRng(5);
    // The stop and the pool query weigh most, but the node admits only the two LVS queries (3 : 1 between them).
    const weights = [0.4, 0.4, 0.15, 0.05, 0];
    const counts = new Map<number, number>();
    for (let i = 0; i < 2000; i++) {
      const c = executeWorkflowStep(top, candidates, rng, {}, weights)!;
      counts.set(c.index, (counts.get(c.index) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([2, 3]);
    expect(Math.abs(counts.get(2)! - 1500)).toBeLessThan(100);
    // All weight outside the node's candidates: uniform among them.
    const flat = Array.from({ length: 400 }, () => executeWorkflowStep(top, candidates, rng, {}, [0.5, 0.5, 0, 0, 0])!.index);
    expect(Math.abs(flat.filter((i) => i === 2).length - 200)).toBeLessThan(50);
    expect(() => executeWorkflowStep(top, candidates, rng, {}, [1, 2])).toThrow(/one weight per element/);
  });

  it('falls back to a more general node when nothing satisfies it', () => {
    const noLvs = candidates.filter((c) => c.source !== 'lvs');
    const c = executeWorkflowStep(top, noLvs, createRng(1))!;
    expect(c.dropped).toBe(1);
    expect(c.node.constraints.map((x) => x.kind)).toEqual(['fieldType', 'tag']);
    expect(c.element.value).toBe('oil');
  });

  it('the most general node takes any query, but never stop; only stop left: nothing', () => {
    const empty = buildLattice(C).nodes[0]!;
    const seen = new Set<number>();
    const rng = createRng(3);
    for (let i = 0; i < 200; i++) seen.add(executeWorkflowStep(empty, candidates, rng)!.index);
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
    expect(executeWorkflowStep(top, [{ kind: 'stop' }], rng)).toBeNull();
    expect(executeWorkflowStep(top, [], rng)).toBeNull();
  });

  it('is reproducible with the same seed', () => {
    const run = (seed: number): number[] => {
      const rng = createRng(seed);
      return Array.from({ length: 20 }, () => executeWorkflowStep(top, candidates, rng)!.index);
    };
    expect(run(11)).toEqual(run(11));
  });
});
