import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/lvs/random.ts';
import type { PolicyEpisode } from '../../src/policy/types.ts';
import { ReplayBuffer } from '../../src/wge/index.ts';

function episode(reward: number, tag = reward): PolicyEpisode {
  return {
    steps: [{ state: { context: [tag], pageTokens: [1, 2], history: [] }, candidates: [{ features: [0.5], tokens: [3] }], chosen: 0, reward }],
    totalReward: reward,
    actor: 'workflow',
  };
}

describe('ReplayBuffer', () => {
  it('admits only rewarded episodes', () => {
    const b = new ReplayBuffer({ capacity: 4 });
    expect(b.add(episode(0))).toBe(false);
    expect(b.add(episode(-1))).toBe(false);
    expect(b.add(episode(3))).toBe(true);
    expect(b.size).toBe(1);
  });

  it('when full, drops the lowest priority (the oldest among equals)', () => {
    const b = new ReplayBuffer({ capacity: 3 });
    b.add(episode(2, 1));
    b.add(episode(5, 2));
    b.add(episode(2, 3));
    expect(b.add(episode(4, 4))).toBe(true); // evicts the older of the two 2s
    expect(b.episodes().map((e) => e.steps[0]!.state.context[0])).toEqual([2, 4, 3]);
    expect(b.add(episode(1, 5))).toBe(false); // lower than everything held: itself dropped
    expect(b.size).toBe(3);
  });

  it('samples higher-reward episodes more often, ∝ reward^α', () => {
    const b = new ReplayBuffer({ capacity: 10, alpha: 1 });
    b.add(episode(1));
    b.add(episode(3));
    const counts = { 1: 0, 3: 0 } as Record<number, number>;
    for (const e of b.sample(4000, createRng(9))) counts[e.totalReward]! += 1;
    expect(counts[3]! / 4000).toBeGreaterThan(0.7);
    expect(counts[3]! / 4000).toBeLessThan(0.8); // 3/4 expected
    // α = 0: uniform.
    const u = new ReplayBuffer({ capacity: 10, alpha: 0 });
    u.add(episode(1));
    u.add(episode(3));
    const high = u.sample(4000, createRng(9)).filter((e) => e.totalReward === 3).length / 4000;
    expect(Math.abs(high - 0.5)).toBeLessThan(0.04);
  });

  it('is empty-safe', () => {
    expect(new ReplayBuffer({ capacity: 2 }).sample(3, createRng(1))).toEqual([]);
    expect(() => new ReplayBuffer({ capacity: 0 })).toThrow(/capacity/);
  });

  it('round-trips through JSON: same contents, same samples, same eviction order', () => {
    const b = new ReplayBuffer({ capacity: 3, alpha: 0.7 });
    [2, 7, 2].forEach((r, i) => b.add(episode(r, i)));
    const c = ReplayBuffer.fromJSON(JSON.parse(JSON.stringify(b)));
    expect(c.capacity).toBe(3);
    expect(c.alpha).toBe(0.7);
    expect(c.episodes()).toEqual(b.episodes());
    expect(c.sample(20, createRng(4))).toEqual(b.sample(20, createRng(4)));
    b.add(episode(5, 9));
    c.add(episode(5, 9));
    expect(c.episodes()).toEqual(b.episodes());
    expect(() => ReplayBuffer.fromJSON({ version: 2 })).toThrow(/not a replay buffer/);
    expect(() => ReplayBuffer.fromJSON({ version: 1, capacity: 2, alpha: 1, entries: [{ priority: 0, seq: 0, episode: episode(1) }] })).toThrow(/malformed/);
  });
});
