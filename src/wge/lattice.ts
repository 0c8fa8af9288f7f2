/**
 * The workflow lattice of one step: every conjunction of the step's constraints, from the
 * most general (no constraint: any element) to the most specific (all of them). A workflow
 * picks one node per step; the workflow policy learns which level of generality pays.
 */
import { constraintKey, type Constraint } from './constraints.ts';

export interface LatticeNode {
  /** In the step's order (most telling first): fallback drops constraints from the end. */
  constraints: Constraint[];
  /** Sorted constraint keys joined by ' & ' ('*' for the empty node). */
  key: string;
}

export interface Lattice {
  /** The step's distinct constraints, in induction order. */
  constraints: Constraint[];
  /** Every subset of `constraints` as a node, most general first (by size, then by mask). */
  nodes: LatticeNode[];
}

/** 2^10 nodes per step at most: a step with more constraints keeps its first ten. */
export const MAX_STEP_CONSTRAINTS = 10;

export function nodeKey(constraints: readonly Constraint[]): string {
  return constraints.length ? constraints.map(constraintKey).sort().join(' & ') : '*';
}

function node(constraints: Constraint[]): LatticeNode {
  return { constraints, key: nodeKey(constraints) };
}

/** Distinct constraints (by key), first occurrence kept. */
export function dedupeConstraints(constraints: readonly Constraint[]): Constraint[] {
  const seen = new Set<string>();
  return constraints.filter((c) => {
    const k = constraintKey(c);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Subsets of `items` (order kept), largest first; among equals, those keeping earlier items first. */
function subsetsBySize<T>(items: readonly T[]): T[][] {
  const n = items.length;
  const masks: number[] = [];
  for (let m = 0; m < 1 << n; m++) masks.push(m);
  const bits = (m: number): number => {
    let c = 0;
    for (let x = m; x; x &= x - 1) c++;
    return c;
  };
  // Bit i stands for item i; a mask whose lowest dropped item comes later keeps earlier items.
  const keepsEarlier = (a: number, b: number): number => {
    for (let i = 0; i < n; i++) {
      const ai = (a >> i) & 1;
      const bi = (b >> i) & 1;
      if (ai !== bi) return bi - ai;
    }
    return 0;
  };
  masks.sort((a, b) => bits(b) - bits(a) || keepsEarlier(a, b));
  return masks.map((m) => items.filter((_, i) => (m >> i) & 1));
}

export function buildLattice(constraints: readonly Constraint[]): Lattice {
  const distinct = dedupeConstraints(constraints).slice(0, MAX_STEP_CONSTRAINTS);
  const nodes = subsetsBySize(distinct).reverse().map(node);
  return { constraints: distinct, nodes };
}

/**
 * The node and then ever more general nodes below it, in the order a workflow step falls
 * back when nothing satisfies a node: one constraint fewer first (dropping the least telling,
 * i.e. latest, constraint first), down to the empty node.
 */
export function fallbackOrder(n: LatticeNode): LatticeNode[] {
  return subsetsBySize(n.constraints).map(node);
}
