import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/lvs/random.ts';
import { HeldEpisodes, HostBandit, hostOf, sampleBeta } from '../../src/coordinator/host-bandit.ts';

describe('HostBandit', () => {
  it('updates the Beta posterior of each host from episode outcomes', () => {
    const b = new HostBandit();
    expect(b.posterior('a:1')).toEqual({ alpha: 1, beta: 1 });
    b.record('a:1', true);
    b.record('a:1', true);
    b.record('a:1', false);
    b.record('b:2', false);
    expect(b.posterior('a:1')).toEqual({ alpha: 3, beta: 2 });
    expect(b.posterior('b:2')).toEqual({ alpha: 1, beta: 2 });
    expect(b.mean('a:1')).toBeCloseTo(3 / 5, 12);
    expect(b.posterior('c:3')).toEqual({ alpha: 1, beta: 1 });
  });

  it('samples Beta draws with the right mean', () => {
    const rng = createRng(4);
    const n = 4000;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const x = sampleBeta(3, 7, rng);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1);
      sum += x;
    }
    expect(sum / n).toBeCloseTo(0.3, 1);
  });

  it('gives most picks to a host that always pays (seeded)', () => {
    const b = new HostBandit();
    const rng = createRng(7);
    const outcomes = createRng(8);
    const hosts = ['good:1', 'poor:2', 'none:3'];
    const pays: Record<string, number> = { 'good:1': 1, 'poor:2': 0.2, 'none:3': 0 };
    const picks: Record<string, number> = { 'good:1': 0, 'poor:2': 0, 'none:3': 0 };
    for (let i = 0; i < 300; i++) {
      const h = b.pick(hosts, rng);
      picks[h]!++;
      b.record(h, outcomes() < pays[h]!);
    }
    expect(picks['good:1']).toBeGreaterThan(240);
    expect(picks['none:3']).toBeLessThan(30);
  });

  it('is deterministic for a seed and picks the only host without drawing', () => {
    const run = () => {
      const b = new HostBandit();
      b.record('a:1', true);
      b.record('b:2', false);
      const rng = createRng(3);
      return Array.from({ length: 20 }, () => b.pick(['a:1', 'b:2'], rng));
    };
    expect(run()).toEqual(run());
    let calls = 0;
    expect(new HostBandit().pick(['x:1'], () => (calls++, 0.5))).toBe('x:1');
    expect(calls).toBe(0);
    expect(() => new HostBandit().pick([], Math.random)).toThrow();
  });

  it('round-trips through JSON (resume)', () => {
    const b = new HostBandit();
    b.record('a:1', true);
    b.record('a:1', false);
    b.record('b:2', true);
    const back = HostBandit.fromJSON(JSON.parse(JSON.stringify(b.toJSON())));
    expect(back.toJSON()).toEqual(b.toJSON());
    expect(back.posterior('a:1')).toEqual({ alpha: 2, beta: 2 });
    const r1 = createRng(5);
    const r2 = createRng(5);
    expect(Array.from({ length: 10 }, () => back.pick(['a:1', 'b:2'], r1))).toEqual(Array.from({ length: 10 }, () => b.pick(['a:1', 'b:2'], r2)));
    expect(HostBandit.fromJSON(undefined).hosts()).toEqual([]);
  });
});

describe('HeldEpisodes', () => {
  it('keeps one FIFO per host (host with port)', () => {
    const held = new HeldEpisodes<{ startUrl: string; id: number }>();
    held.push({ startUrl: 'http://127.0.0.1:18100/a', id: 1 });
    held.push({ startUrl: 'http://127.0.0.1:18101/a', id: 2 });
    held.push({ startUrl: 'http://127.0.0.1:18100/b', id: 3 });
    expect(held.size).toBe(3);
    expect(held.hosts()).toEqual(['127.0.0.1:18100', '127.0.0.1:18101']);
    expect(held.take('127.0.0.1:18100')?.id).toBe(1);
    expect(held.take('127.0.0.1:18100')?.id).toBe(3);
    expect(held.hosts()).toEqual(['127.0.0.1:18101']);
    expect(held.take('127.0.0.1:18100')).toBeUndefined();
    expect(held.size).toBe(1);
    expect(hostOf('http://example.org/x')).toBe('example.org');
  });
});
