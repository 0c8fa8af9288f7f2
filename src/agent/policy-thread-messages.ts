/** The messages between an agent's worker thread (`policy-thread.ts`) and its pool (`policy-threads.ts`). */
import type { CandidateInput, PlainTensors, StateInput } from '../policy/types.ts';
import type { GradientRequest, PolicyEvaluation } from './policy-compute.ts';

export type ThreadRequest =
  | { id: number; op: 'load'; params: PlainTensors }
  | { id: number; op: 'evaluate'; state: StateInput; candidates: CandidateInput[] }
  | { id: number; op: 'gradients'; request: GradientRequest };

export type ThreadReply =
  | { ready: true; backend: string }
  | { id: number; ok: true; result: PolicyEvaluation | { grads: PlainTensors; loss: number } | null }
  | { id: number; ok: false; error: string };
