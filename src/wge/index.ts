/**
 * WGE (workflow-guided exploration, Liu et al. 2018) for Surfacer: demonstrations, workflow
 * induction and lattice, the workflow policy that explores with them, and the prioritised
 * replay buffer through which its rewarded episodes train the neural policy. Recording and
 * replaying demos in a live browser are here too (record.ts, replay.ts).
 */
export type { Box, Demo, DemoAction, DemoStep, PageElement, Region } from './types.ts';
export { DEMO_ACTIONS } from './types.ts';
export { DemoError, loadDemo, loadDemos, parseDemo, saveDemo } from './demo-file.ts';
export { boxGap, constraintKey, LIKE_MIN_OVERLAP, NEAR_PX, overlap, sameRow, satisfies, satisfiesAll, tokensOf } from './constraints.ts';
export type { Constraint, ConstraintContext, ConstraintKind, Subject } from './constraints.ts';
export { buildLattice, dedupeConstraints, fallbackOrder, MAX_STEP_CONSTRAINTS, nodeKey, type Lattice, type LatticeNode } from './lattice.ts';
export { demoActionElement, induceDemoLattice, induceQueryLattice, queryConstraints, queryStepsOf, stepConstraints } from './induce.ts';
export type { DemoLattice, QueryLattice, QueryStep, QueryWorkflowLattice } from './induce.ts';
export { executeWorkflowStep, type WorkflowChoice } from './execute.ts';
export { WorkflowPolicy, type Workflow, type WorkflowPolicyState } from './workflow-policy.ts';
export { DEFAULT_ALPHA, ReplayBuffer, type ReplayBufferJson, type ReplayBufferOptions } from './replay-buffer.ts';
export { findElement, FOUND_MIN_SCORE, rankElements, suits, type ElementMatch, type MatchOptions } from './match.ts';
export { eventToStep, type EventContext, type RawDemoEvent, type RawElement } from './record-events.ts';
export { DemoRecorder, type RecorderOptions } from './record.ts';
export { parseScript, runScript, withNavigation, type ScriptAction, type ScriptOptions } from './script.ts';
export { livePageElements, type LiveElement } from './page-elements.ts';
export { replayDemo, type ReplayOptions, type ReplayReport, type ReplayStepResult } from './replay.ts';
