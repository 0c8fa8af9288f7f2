import { describe, expect, it } from 'vitest';
import { queryKey, queryKeyValues, valuesOfQueryKey } from '../../src/coordinator/query-key.ts';

describe('query keys', () => {
  const form = 'http://127.0.0.1:8080/search#form0';

  it('sorts the names, so the same values give the same key in any order', () => {
    expect(queryKey(form, { q: 'harbour', cat: 'boats' })).toBe(`${form}|[["cat","boats"],["q","harbour"]]`);
    expect(queryKey(form, { cat: 'boats', q: 'harbour' })).toBe(queryKey(form, { q: 'harbour', cat: 'boats' }));
  });

  it('reads back the values it wrote, a "|" inside a value included', () => {
    const values = { q: 'a|b "quoted"', room: 'kitchen' };
    expect(valuesOfQueryKey(queryKey(form, values))).toEqual(values);
    expect(queryKeyValues(queryKey(form, values))).toBe('[["q","a|b \\"quoted\\""],["room","kitchen"]]');
  });

  it('a bar in the form\'s URL does not split the key', () => {
    const barred = 'http://127.0.0.1:8080/find|all?x=a|b#form2';
    expect(valuesOfQueryKey(queryKey(barred, { q: 'tide' }))).toEqual({ q: 'tide' });
    expect(queryKeyValues(queryKey(barred, { q: 'tide' }))).toBe('[["q","tide"]]');
  });

  it('a key without values (stop) or a broken one names no values', () => {
    expect(valuesOfQueryKey('stop')).toEqual({});
    expect(valuesOfQueryKey(`${form}|not json`)).toEqual({});
    expect(valuesOfQueryKey(`${form}|{"q":"x"}`)).toEqual({});
    expect(valuesOfQueryKey(`${form}|[["q"],["room","kitchen"],["n",3]]`)).toEqual({ room: 'kitchen' });
  });
});
