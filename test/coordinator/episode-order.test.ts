import { describe, expect, it } from 'vitest';
import { EpisodeLine, goesFirst } from '../../src/coordinator/episode-order.ts';
import { HeldEpisodes } from '../../src/coordinator/host-bandit.ts';

type Item = { kind: 'explore' | 'harvest' | 'record'; startUrl: string; id: number };
const item = (id: number, kind: Item['kind'], port = 18100): Item => ({ id, kind, startUrl: `http://127.0.0.1:${port}/${id}` });

describe('episode order', () => {
  it('sends record episodes first only when records go first', () => {
    expect(goesFirst({ kind: 'record' }, true)).toBe(true);
    expect(goesFirst({ kind: 'record' }, false)).toBe(false);
    expect(goesFirst({ kind: 'explore' }, true)).toBe(false);
    expect(goesFirst({ kind: 'harvest' }, true)).toBe(false);
  });

  it('lets records pass the waiting pages and keeps each kind in its order', () => {
    const line = new EpisodeLine<Item>((a) => goesFirst(a, true));
    [item(1, 'explore'), item(2, 'harvest'), item(3, 'record'), item(4, 'explore'), item(5, 'record')].forEach((a) => line.push(a));
    expect(line.length).toBe(5);
    const order: number[] = [];
    for (let a = line.shift(); a; a = line.shift()) order.push(a.id);
    expect(order).toEqual([3, 5, 1, 2, 4]);
    expect(line.length).toBe(0);
  });

  it('keeps schedule order when records do not go first', () => {
    const line = new EpisodeLine<Item>((a) => goesFirst(a, false));
    [item(1, 'explore'), item(2, 'record'), item(3, 'harvest')].forEach((a) => line.push(a));
    expect([line.shift()?.id, line.shift()?.id, line.shift()?.id, line.shift()]).toEqual([1, 2, 3, undefined]);
  });

  it("the host bandit's lines let records pass within their host only", () => {
    const held = new HeldEpisodes<Item>((a) => goesFirst(a, true));
    held.push(item(1, 'explore', 18100));
    held.push(item(2, 'record', 18101));
    held.push(item(3, 'record', 18100));
    expect(held.size).toBe(3);
    expect(held.hosts()).toEqual(['127.0.0.1:18100', '127.0.0.1:18101']);
    expect(held.take('127.0.0.1:18100')?.id).toBe(3);
    expect(held.take('127.0.0.1:18100')?.id).toBe(1);
    expect(held.take('127.0.0.1:18101')?.id).toBe(2);
    expect(held.size).toBe(0);
  });
});
