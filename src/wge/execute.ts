/**
 * Executing one workflow step: among the candidate actions, pick (seeded) one that satisfies
 * the step's lattice node; when none does, fall back to ever more general nodes
 * (fallbackOrder), so a workflow always proposes something while a query candidate exists.
 * The pick is uniform (Liu et al. 2018), or, given `weights` (the neural policy's
 * probabilities), in proportion to them: the workflow decides what kind of action comes next
 * — which field, which value source or LVS label — and the policy which action of that kind,
 * so a workflow episode explores the demonstrated kinds without guessing values blindly.
 */
import { drawWeighted } from '../lvs/random.ts';
import { satisfiesAll, type ConstraintContext, type Subject } from './constraints.ts';
import { fallbackOrder, type LatticeNode } from './lattice.ts';

export interface WorkflowChoice<T extends Subject> {
  /** Index into the candidates given. */
  index: number;
  element: T;
  /** The node that matched: the step's node, or a generalisation of it. */
  node: LatticeNode;
  /** How many constraints were dropped to find a match (0: the node itself matched). */
  dropped: number;
  /** How many candidates satisfied `node`. */
  matches: number;
}

/** 'stop' candidates are never chosen: a workflow only issues queries; the episode's limits end it. */
const isStop = (el: Subject): boolean => (el as { kind?: string }).kind === 'stop';

export function executeWorkflowStep<T extends Subject>(node: LatticeNode, elements: readonly T[], rng: () => number, ctx: ConstraintContext = {}, weights?: readonly number[]): WorkflowChoice<T> | null {
  if (weights && weights.length !== elements.length) throw new RangeError(`one weight per element: ${elements.length} elements, ${weights.length} weights`);
  const usable = elements.map((element, index) => ({ element, index })).filter((c) => !isStop(c.element));
  if (usable.length === 0) return null;
  // The node itself first; its generalisations are enumerated only when it matches nothing.
  const levels = (function* () {
    yield node;
    yield* fallbackOrder(node).slice(1);
  })();
  for (const general of levels) {
    const hits = usable.filter((c) => satisfiesAll(general.constraints, c.element, ctx));
    if (hits.length === 0) continue;
    const pick = hits[drawWeighted(hits.map((h) => weights?.[h.index] ?? 1), rng)] as { element: T; index: number };
    return { index: pick.index, element: pick.element, node: general, dropped: node.constraints.length - general.constraints.length, matches: hits.length };
  }
  return null;
}
