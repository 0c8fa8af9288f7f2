/**
 * WGE's replay buffer: the rewarded episodes that workflows (or the policy) found, kept for
 * the neural policy to learn from off-policy. Priority is the episode's total reward; only
 * rewarded episodes enter (an unrewarded one teaches the policy nothing here); when full,
 * the lowest priority goes (the oldest among equals); sampling is proportional to priority^α.
 */
import { drawWeighted } from '../lvs/random.ts';
import type { PolicyEpisode } from '../policy/types.ts';

export interface ReplayBufferOptions {
  capacity: number;
  /** 0: uniform; 1: proportional to reward. */
  alpha?: number;
}

interface Entry {
  priority: number;
  /** Insertion order: breaks ties in eviction. */
  seq: number;
  episode: PolicyEpisode;
}

export interface ReplayBufferJson {
  version: 1;
  capacity: number;
  alpha: number;
  nextSeq: number;
  entries: Entry[];
}

export const DEFAULT_ALPHA = 0.6;

export class ReplayBuffer {
  readonly capacity: number;
  readonly alpha: number;
  private entries: Entry[] = [];
  private nextSeq = 0;

  constructor(opts: ReplayBufferOptions) {
    if (!Number.isInteger(opts.capacity) || opts.capacity < 1) throw new RangeError(`replay buffer capacity must be a positive integer, got ${opts.capacity}`);
    const alpha = opts.alpha ?? DEFAULT_ALPHA;
    if (!(alpha >= 0)) throw new RangeError(`replay buffer alpha must be >= 0, got ${alpha}`);
    this.capacity = opts.capacity;
    this.alpha = alpha;
  }

  get size(): number {
    return this.entries.length;
  }

  /** Episodes held, highest priority first. */
  episodes(): PolicyEpisode[] {
    return [...this.entries].sort((a, b) => b.priority - a.priority || a.seq - b.seq).map((e) => e.episode);
  }

  /** Adds a rewarded episode; false when it was not admitted (no reward) or was itself the one evicted. */
  add(episode: PolicyEpisode): boolean {
    if (!(episode.totalReward > 0)) return false;
    const entry: Entry = { priority: episode.totalReward, seq: this.nextSeq++, episode };
    this.entries.push(entry);
    if (this.entries.length <= this.capacity) return true;
    let lowest = 0;
    this.entries.forEach((e, i) => {
      const l = this.entries[lowest] as Entry;
      if (e.priority < l.priority || (e.priority === l.priority && e.seq < l.seq)) lowest = i;
    });
    const [evicted] = this.entries.splice(lowest, 1);
    return evicted !== entry;
  }

  /** `n` episodes drawn with replacement, each with probability ∝ priority^α. */
  sample(n: number, rng: () => number): PolicyEpisode[] {
    if (this.entries.length === 0 || n <= 0) return [];
    const weights = this.entries.map((e) => e.priority ** this.alpha);
    return Array.from({ length: n }, () => (this.entries[drawWeighted(weights, rng)] as Entry).episode);
  }

  toJSON(): ReplayBufferJson {
    return { version: 1, capacity: this.capacity, alpha: this.alpha, nextSeq: this.nextSeq, entries: this.entries.map((e) => ({ ...e })) };
  }

  static fromJSON(json: unknown): ReplayBuffer {
    const j = json as Partial<ReplayBufferJson> | null;
    if (!j || j.version !== 1 || !Array.isArray(j.entries) || typeof j.capacity !== 'number') throw new Error('not a replay buffer (expected {version: 1, capacity, alpha, entries})');
    const buf = new ReplayBuffer({ capacity: j.capacity, alpha: j.alpha ?? DEFAULT_ALPHA });
    for (const e of j.entries) {
      if (!e || typeof e.priority !== 'number' || !(e.priority > 0) || typeof e.seq !== 'number' || !e.episode || !Array.isArray(e.episode.steps)) throw new Error('replay buffer entry malformed: needs priority > 0, seq and an episode with steps');
      buf.entries.push({ priority: e.priority, seq: e.seq, episode: e.episode });
    }
    if (buf.entries.length > buf.capacity) throw new Error(`replay buffer holds ${buf.entries.length} episodes, more than its capacity ${buf.capacity}`);
    buf.nextSeq = Math.max(j.nextSeq ?? 0, ...buf.entries.map((e) => e.seq + 1));
    return buf;
  }
}
