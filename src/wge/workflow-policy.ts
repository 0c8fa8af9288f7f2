/**
 * The workflow policy: which lattice node to use at each step of a demo's workflow. A
 * softmax over each step's nodes (plain-number logits), trained by REINFORCE against a
 * baseline (running mean of rewards), so nodes whose workflows found records get likelier.
 *
 * A workflow is first a demo (uniform, as in WGE), then one node per query step of it.
 * Workflows are cyclic: a harvest episode issues many queries while a demo shows few, so
 * query i of an episode uses node (i mod workflow length) — see `nodeAt`.
 */
import type { QueryLattice } from './induce.ts';
import type { LatticeNode } from './lattice.ts';

export interface Workflow {
  /** Index into `lattice.workflows` (which demo). */
  demo: number;
  /** Per query step of that demo, the index of the chosen node in its lattice. */
  nodes: number[];
}

export interface WorkflowPolicyState {
  /** [demo][step][node] logits. */
  logits: number[][][];
  baseline: number;
  updates: number;
}

function softmax(xs: readonly number[]): number[] {
  const max = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

function draw(probs: readonly number[], rng: () => number): number {
  let u = rng();
  for (let i = 0; i < probs.length; i++) {
    u -= probs[i] as number;
    if (u < 0) return i;
  }
  return probs.length - 1;
}

export class WorkflowPolicy {
  private readonly logits: number[][][];
  private mean: number;
  private count: number;

  constructor(readonly lattice: QueryLattice, state?: WorkflowPolicyState) {
    this.logits = lattice.workflows.map((w, d) =>
      w.lattices.map((l, s) => {
        const saved = state?.logits[d]?.[s];
        if (saved && saved.length !== l.nodes.length) throw new Error(`workflow policy state does not fit the lattice (demo ${w.demo}, step ${s}: ${saved.length} logits for ${l.nodes.length} nodes)`);
        return saved ? [...saved] : l.nodes.map(() => 0);
      }),
    );
    this.mean = state?.baseline ?? 0;
    this.count = state?.updates ?? 0;
  }

  /** Running mean of the rewards seen by `update` (the REINFORCE baseline). */
  get baseline(): number {
    return this.mean;
  }

  probabilities(demo: number, step: number): number[] {
    const logits = this.logits[demo]?.[step];
    if (!logits) throw new RangeError(`no workflow step ${step} in demo ${demo}`);
    return softmax(logits);
  }

  sample(rng: () => number): Workflow {
    const n = this.lattice.workflows.length;
    if (n === 0) throw new Error('no workflows: none of the demos issued a query');
    const demo = Math.min(n - 1, Math.floor(rng() * n));
    const nodes = (this.logits[demo] as number[][]).map((_, s) => draw(this.probabilities(demo, s), rng));
    return { demo, nodes };
  }

  /** The node for query `i` of an episode: workflows repeat cyclically over long episodes. */
  nodeAt(workflow: Workflow, i: number): LatticeNode {
    const w = this.lattice.workflows[workflow.demo];
    if (!w || workflow.nodes.length === 0) throw new RangeError(`no workflow for demo ${workflow.demo}`);
    const s = i % workflow.nodes.length;
    const node = w.lattices[s]?.nodes[workflow.nodes[s] as number];
    if (!node) throw new RangeError(`workflow node ${workflow.nodes[s]} missing at step ${s}`);
    return node;
  }

  /** Whether the demo read on to the next result page after query `i`'s step (cyclic, like `nodeAt`). */
  readsNextPageAt(workflow: Workflow, i: number): boolean {
    const steps = this.lattice.workflows[workflow.demo]?.steps ?? [];
    return steps.length ? (steps[i % steps.length]?.readsNextPage ?? false) : false;
  }

  /** REINFORCE: θ += lr·(reward − baseline)·∇log π(workflow); then the baseline takes in the reward. */
  update(workflow: Workflow, reward: number, lr: number): void {
    const advantage = reward - this.mean;
    workflow.nodes.forEach((chosen, s) => {
      const logits = this.logits[workflow.demo]?.[s];
      if (!logits) throw new RangeError(`no workflow step ${s} in demo ${workflow.demo}`);
      const p = softmax(logits);
      for (let k = 0; k < logits.length; k++) logits[k] = (logits[k] as number) + lr * advantage * ((k === chosen ? 1 : 0) - (p[k] as number));
    });
    this.count += 1;
    this.mean += (reward - this.mean) / this.count;
  }

  toJSON(): WorkflowPolicyState {
    return { logits: this.logits.map((d) => d.map((s) => [...s])), baseline: this.mean, updates: this.count };
  }
}
