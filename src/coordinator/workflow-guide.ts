/**
 * What the learner needs from WGE (workflow-guided exploration): workflows for some episodes,
 * their outcomes back (REINFORCE on the workflow policy; rewarded episodes into the replay
 * buffer), and rewarded episodes for the neural policy to learn from.
 */
import type { PolicyEpisode } from '../policy/types.ts';

export interface WorkflowGuide {
  /** Share of harvest episodes run by a workflow instead of the neural policy. */
  readonly workflowShare: number;
  /** A workflow: its lattice nodes (one per query step) and, per step, whether to read on to the next result page. */
  sampleWorkflow(rng: () => number): { id: number; nodes: unknown[]; nextPage: boolean[] };
  workflowFinished(id: number, reward: number, episode?: PolicyEpisode): void;
  sampleReplay(rng: () => number): PolicyEpisode | undefined;
}
