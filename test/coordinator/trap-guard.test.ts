import { describe, expect, it } from 'vitest';
import { TrapGuard } from '../../src/coordinator/trap-guard.ts';

describe('TrapGuard', () => {
  it('groups endless calendar URLs into one shape and caps it', () => {
    const guard = new TrapGuard(5);
    const admitted = Array.from({ length: 20 }, (_, i) => guard.admit(`http://h/calendar/${2000 + Math.floor(i / 12)}/${(i % 12) + 1}`)).filter(Boolean).length;
    expect(admitted).toBe(5);
    expect(guard.admit('http://h/about')).toBe(true);
  });
  it('treats query-string paging as one shape regardless of values', () => {
    expect(TrapGuard.shapeOf('http://h/archive?page=3')).toBe(TrapGuard.shapeOf('http://h/archive?page=4000'));
    expect(TrapGuard.shapeOf('http://h/archive?page=3')).not.toBe(TrapGuard.shapeOf('http://h/archive?year=3'));
  });
});
