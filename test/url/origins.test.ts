import { describe, expect, it } from 'vitest';
import { atOrigins, originsOf, withoutAnyOrigins, withoutOrigins } from '../../src/url/origins.ts';

const A = 'http://127.0.0.1:8101';
const B = 'http://127.0.0.1:40000';
const keyed = (o: string) => `${o}/find?q=x&surfacer-result=${encodeURIComponent(`${o}/find#form0|q=x|2`)}`;

describe('site origins', () => {
  it('withoutOrigins names plain origins {site} and leaves encoded ones (the digest rule)', () => {
    expect(withoutOrigins(keyed(A), [A])).toBe(`{site}/find?q=x&surfacer-result=${encodeURIComponent(`${A}/find#form0|q=x|2`)}`);
  });

  it('withoutAnyOrigins names both forms, so the same page on two ports reads the same', () => {
    expect(withoutAnyOrigins(keyed(A), [A])).toBe(withoutAnyOrigins(keyed(B), [B]));
    expect(withoutAnyOrigins(keyed(A), [A])).toBe(`{site}/find?q=x&surfacer-result=${encodeURIComponent('{site}/find#form0|q=x|2')}`);
  });

  it('atOrigins moves both forms to the origin at the same index, each once', () => {
    expect(atOrigins(keyed(A), [A], [B])).toBe(keyed(B));
    // Two sites whose origins trade places are not moved twice.
    expect(atOrigins(`${A}/ ${B}/`, [A, B], [B, A])).toBe(`${B}/ ${A}/`);
    expect(atOrigins(`${A}/x`, [A], [])).toBe(`${A}/x`);
  });

  it('originsOf skips what does not parse', () => {
    expect(originsOf([`${A}/a`, `${A}/b`, 'not a url'])).toEqual([A]);
  });
});
