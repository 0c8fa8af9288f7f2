/**
 * The agents' worker threads: one per agent, each holding its own copy of the policy network.
 * A harvest episode under the learned policy borrows a free thread for its duration; its
 * actor (`QueryPolicyActor`, in the episode's browser page) sends it the states to score and
 * the rollouts to differentiate, so agents' network work runs in parallel with each other
 * and with the browser traffic, and the coordinator only applies the gradients they send.
 *
 * A thread that dies fails the episode that held it (Crawlee retries the episode) and is
 * replaced the next time it is borrowed.
 */
import { Worker } from 'node:worker_threads';
import type { CandidateInput, PlainTensors, StateInput } from '../policy/types.ts';
import type { GradientRequest, PolicyCompute, PolicyEvaluation } from './policy-compute.ts';
import type { ThreadReply, ThreadRequest } from './policy-thread-messages.ts';

const BOOT = new URL('./policy-thread.boot.mjs', import.meta.url);

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type Body<R> = R extends unknown ? Omit<R, 'id'> : never;

class AgentThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Why the thread is gone, once it is. */
  dead?: Error;
  busy = false;
  readonly ready: Promise<string>;

  constructor(readonly index: number) {
    // Quiet: the crawl logs the backend once, for all threads.
    this.worker = new Worker(BOOT, { env: { ...process.env, SURFACER_TF_QUIET: '1' }, name: `surfacer-agent-${index}` });
    // The threads must never keep a finished crawl's process alive.
    this.worker.unref();
    let started: (backend: string) => void;
    let failed: (e: Error) => void;
    this.ready = new Promise<string>((res, rej) => {
      started = res;
      failed = rej;
    });
    this.ready.catch(() => undefined);
    this.worker.on('message', (m: ThreadReply) => {
      if ('ready' in m) return started(m.backend);
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.result);
      else p.reject(new Error(`agent thread ${index}: ${m.error}`));
    });
    const die = (e: Error) => {
      this.dead ??= e;
      failed(e);
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    this.worker.on('error', (e) => die(new Error(`agent thread ${index} failed: ${e.message}`)));
    this.worker.on('exit', (code) => die(new Error(`agent thread ${index} exited (code ${code})`)));
  }

  call<T>(body: Body<ThreadRequest>): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...body, id } as ThreadRequest);
    });
  }

  async stop(): Promise<void> {
    this.dead ??= new Error(`agent thread ${this.index} was stopped`);
    await this.worker.terminate();
  }
}

/** One borrowed thread, as the actor sees it. */
class ThreadPolicy implements PolicyCompute {
  private released = false;

  constructor(
    private readonly thread: AgentThread,
    private readonly giveBack: (t: AgentThread) => void,
  ) {}

  async load(params: PlainTensors): Promise<void> {
    await this.thread.call<null>({ op: 'load', params });
  }

  evaluate(state: StateInput, candidates: CandidateInput[]): Promise<PolicyEvaluation> {
    return this.thread.call<PolicyEvaluation>({ op: 'evaluate', state, candidates });
  }

  gradients(request: GradientRequest): Promise<{ grads: PlainTensors; loss: number }> {
    return this.thread.call({ op: 'gradients', request });
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.giveBack(this.thread);
  }
}

export class PolicyThreads {
  private readonly waiting: ((t: AgentThread) => void)[] = [];
  private closed = false;

  private constructor(
    private readonly threads: AgentThread[],
    /** The tfjs backend the threads compute on. */
    readonly backend: string,
  ) {}

  /** Starts `count` threads and waits until each has its tfjs backend ready. */
  static async start(count: number): Promise<PolicyThreads> {
    if (!Number.isInteger(count) || count < 1) throw new RangeError(`agent threads: need a whole number ≥ 1, got ${count}`);
    const threads = Array.from({ length: count }, (_, i) => new AgentThread(i));
    try {
      const backends = await Promise.all(threads.map((t) => t.ready));
      return new PolicyThreads(threads, backends[0]!);
    } catch (err) {
      await Promise.all(threads.map((t) => t.stop()));
      throw err;
    }
  }

  get size(): number {
    return this.threads.length;
  }

  /** A free thread (the lowest-numbered, so one-at-a-time crawls always use the same), waiting for one if all are busy. */
  async borrow(): Promise<PolicyCompute> {
    if (this.closed) throw new Error('agent threads are closed');
    const free = this.threads.findIndex((t) => !t.busy);
    let thread: AgentThread;
    if (free >= 0) thread = this.threads[free]!;
    else thread = await new Promise<AgentThread>((resolve) => this.waiting.push(resolve));
    thread.busy = true;
    if (thread.dead) {
      // Replace a thread that died with a fresh one in the same slot.
      const fresh = new AgentThread(thread.index);
      this.threads[thread.index] = fresh;
      fresh.busy = true;
      try {
        await fresh.ready;
      } catch (err) {
        this.giveBack(fresh);
        throw err;
      }
      thread = fresh;
    }
    return new ThreadPolicy(thread, (t) => this.giveBack(t));
  }

  private giveBack(t: AgentThread): void {
    const next = this.waiting.shift();
    if (next) next(t);
    else t.busy = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t.stop()));
  }
}
