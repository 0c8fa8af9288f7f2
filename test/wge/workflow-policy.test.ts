import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/lvs/random.ts';
import { buildLattice, WorkflowPolicy, type Constraint, type QueryLattice } from '../../src/wge/index.ts';

const C: Constraint[] = [
  { kind: 'fieldType', value: 'search query' },
  { kind: 'source', value: 'lvs' },
];

function lattice(stepsPerDemo: number[]): QueryLattice {
  return {
    workflows: stepsPerDemo.map((n, d) => ({ demo: `d${d}`, steps: [], lattices: Array.from({ length: n }, () => buildLattice(C)) })),
  };
}

describe('WorkflowPolicy', () => {
  it('starts uniform over each step\'s nodes', () => {
    const p = new WorkflowPolicy(lattice([1]));
    expect(p.probabilities(0, 0)).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('one REINFORCE update with reward above the baseline raises the chosen node and lowers the others', () => {
    const p = new WorkflowPolicy(lattice([1]));
    p.update({ demo: 0, nodes: [2] }, 1, 0.5);
    const probs = p.probabilities(0, 0);
    expect(probs[2]!).toBeGreaterThan(0.25);
    for (const k of [0, 1, 3]) expect(probs[k]!).toBeLessThan(0.25);
    expect(p.baseline).toBe(1);
    // Now the baseline is 1: a reward of 0 is below it and pushes the chosen node down.
    p.update({ demo: 0, nodes: [1] }, 0, 0.5);
    expect(p.probabilities(0, 0)[1]!).toBeLessThan(probs[1]!);
    expect(p.baseline).toBe(0.5);
  });

  it('learns to prefer the node whose workflows are rewarded', () => {
    const p = new WorkflowPolicy(lattice([2]));
    const target = 3; // the most specific node
    const rng = createRng(42);
    for (let i = 0; i < 400; i++) {
      const w = p.sample(rng);
      p.update(w, w.nodes[0] === target ? 1 : 0, 0.3);
    }
    expect(p.probabilities(0, 0)[target]!).toBeGreaterThan(0.8);
    // The second step was never rewarded for any node in particular: it stays spread out.
    expect(Math.max(...p.probabilities(0, 1))).toBeLessThan(0.6);
  });

  it('samples a demo uniformly and one node per step; workflows are cyclic over an episode', () => {
    const p = new WorkflowPolicy(lattice([1, 3]));
    const rng = createRng(5);
    const demos = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const w = p.sample(rng);
      demos.add(w.demo);
      expect(w.nodes).toHaveLength(w.demo === 0 ? 1 : 3);
    }
    expect([...demos].sort()).toEqual([0, 1]);
    const w = { demo: 1, nodes: [0, 1, 3] };
    const l = p.lattice.workflows[1]!.lattices;
    expect(p.nodeAt(w, 0)).toBe(l[0]!.nodes[0]);
    expect(p.nodeAt(w, 4)).toBe(l[1]!.nodes[1]);
    expect(p.nodeAt(w, 5)).toBe(l[2]!.nodes[3]);
  });

  it('round-trips its state, and refuses state for another lattice', () => {
    const p = new WorkflowPolicy(lattice([1]));
    p.update({ demo: 0, nodes: [1] }, 2, 0.1);
    const state = JSON.parse(JSON.stringify(p.toJSON()));
    const q = new WorkflowPolicy(lattice([1]), state);
    expect(q.probabilities(0, 0)).toEqual(p.probabilities(0, 0));
    expect(q.baseline).toBe(p.baseline);
    const small: QueryLattice = { workflows: [{ demo: 'd0', steps: [], lattices: [buildLattice([C[0]!])] }] };
    expect(() => new WorkflowPolicy(small, state)).toThrow(/does not fit the lattice/);
  });

  it('has nothing to sample without workflows', () => {
    expect(() => new WorkflowPolicy({ workflows: [] }).sample(createRng(1))).toThrow(/no workflows/);
  });
});
