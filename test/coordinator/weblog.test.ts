import { describe, expect, it } from 'vitest';
import { Weblog } from '../../src/coordinator/weblog.ts';

describe('Weblog', () => {
  it('learns TD(0) values along a 3-page chain (hand-worked)', () => {
    // a -> b -> c, α = 0.5, γ = 0.9
    const w = new Weblog(0.5, 0.9);
    w.visit('a');
    w.visit('b', 'a');
    w.visit('c', 'b');
    expect(w.parentOf('c')).toBe('b');
    // c finds 10: V(c) = 0 + 0.5(10 − 0) = 5; V(b) = 0 + 0.5(0 + 0.9·5 − 0) = 2.25;
    // V(a) = 0 + 0.5(0 + 0.9·2.25 − 0) = 1.0125
    expect(w.result('c', 10)).toBe(3);
    expect(w.value('c')).toBeCloseTo(5, 12);
    expect(w.value('b')).toBeCloseTo(2.25, 12);
    expect(w.value('a')).toBeCloseTo(1.0125, 12);
    // c finds nothing more: V(c) = 5 + 0.5(0 − 5) = 2.5; V(b) = 2.25 + 0.5(0.9·2.5 − 2.25) = 2.25;
    // V(a) = 1.0125 + 0.5(0.9·2.25 − 1.0125) = 1.51875
    w.result('c', 0);
    expect(w.value('c')).toBeCloseTo(2.5, 12);
    expect(w.value('b')).toBeCloseTo(2.25, 12);
    expect(w.value('a')).toBeCloseTo(1.51875, 12);
    // b itself finds 4: V(b) = 2.25 + 0.5(4 − 2.25) = 3.125; V(a) = 1.51875 + 0.5(0.9·3.125 − 1.51875) = 2.165625
    expect(w.result('b', 4)).toBe(2);
    expect(w.value('b')).toBeCloseTo(3.125, 12);
    expect(w.value('a')).toBeCloseTo(2.165625, 12);
    expect(w.value('c')).toBeCloseTo(2.5, 12);
    // a result at a page the weblog does not know updates nothing
    expect(w.result('zzz', 3)).toBe(0);
  });

  it('keeps the first parent only, and no parent it has not seen', () => {
    const w = new Weblog();
    w.visit('a');
    w.visit('b', 'a');
    w.visit('b', 'x');
    w.visit('c', 'unknown');
    expect(w.parentOf('b')).toBe('a');
    expect(w.parentOf('c')).toBeUndefined();
  });

  it('ranks pages by value and restarts from the best page that still holds deferred links', () => {
    const w = new Weblog(0.5, 0.9);
    for (const u of ['s', 'p', 'q']) w.visit(u, u === 's' ? undefined : 's');
    w.visit('p1', 'p');
    w.visit('q1', 'q');
    w.result('p1', 2); // V(p1) = 1, V(p) = 0.45, V(s) = 0.2025
    w.result('q1', 8); // V(q1) = 4, V(q) = 1.8, V(s) = 0.2025 + 0.5(1.62 − 0.2025) = 0.91125
    expect(w.ranked().map((r) => r.url)).toEqual(['q1', 'q', 'p1', 's', 'p']);
    expect(w.nextRestart()).toBeUndefined();
    w.defer('p', ['http://h/p/x']);
    w.defer('q', ['http://h/q/x', 'http://h/q/y']);
    w.defer('q', ['http://h/q/y']);
    expect(w.nextRestart()).toEqual({ url: 'q', value: 1.8, links: ['http://h/q/x', 'http://h/q/y'] });
    w.markRestarted('q');
    expect(w.nextRestart()?.url).toBe('p');
    w.markRestarted('p');
    expect(w.nextRestart()).toBeUndefined();
  });

  it('round-trips through JSON (resume)', () => {
    const w = new Weblog(0.3, 0.8);
    w.visit('a');
    w.visit('b', 'a');
    w.visit('c', 'b');
    w.result('c', 6);
    w.defer('b', ['l1', 'l2']);
    w.defer('a', ['l0']);
    w.markRestarted('a');
    const back = Weblog.fromJSON(JSON.parse(JSON.stringify(w.toJSON())));
    expect(back.toJSON()).toEqual(w.toJSON());
    expect(back.alpha).toBe(0.3);
    expect(back.gamma).toBe(0.8);
    expect(back.ranked()).toEqual(w.ranked());
    expect(back.nextRestart()).toEqual(w.nextRestart());
    back.result('c', 1);
    w.result('c', 1);
    expect(back.value('a')).toBeCloseTo(w.value('a'), 12);
    expect(Weblog.fromJSON(undefined).size).toBe(0);
  });
});
