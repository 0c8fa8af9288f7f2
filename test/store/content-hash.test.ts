import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { contentHash, normaliseText, recordContentHash } from '../../src/store/content-hash.ts';
import { defaultRunDir } from '../../src/store/run-dir.ts';

describe('contentHash', () => {
  it('is sha256 of the whitespace-collapsed, lower-cased text', () => {
    expect(normaliseText('  Hello\n\tWORLD  ')).toBe('hello world');
    expect(contentHash('  Hello\n\tWORLD  ')).toBe(createHash('sha256').update('hello world').digest('hex'));
  });
  it('equates spellings that differ only in case, whitespace or Unicode composition', () => {
    expect(contentHash('Café  au lait')).toBe(contentHash('cafe\u0301 AU\nlait'));
    expect(contentHash('a b')).not.toBe(contentHash('ab'));
  });
  it('hashes a record by title, text and attributes (sorted), and not at all when empty', () => {
    const a = recordContentHash({ title: 'T', text: 'body', attributes: { year: '1999', author: 'X' } });
    const b = recordContentHash({ title: 't', text: ' BODY ', attributes: { author: 'X', year: '1999' } });
    expect(a).toBe(b);
    expect(recordContentHash({ title: 'T', text: 'body', attributes: { year: '2000', author: 'X' } })).not.toBe(a);
    expect(recordContentHash({ title: 'Other', text: 'body' })).not.toBe(recordContentHash({ title: 'T', text: 'body' }));
    expect(recordContentHash({ title: ' ', text: '' })).toBeNull();
  });
});

describe('defaultRunDir', () => {
  it('names runs/<YYYYMMDD-HHMMSS>-<domain>-<strategy> in local time', () => {
    expect(defaultRunDir('arts', 'a3c', new Date(2024, 0, 2, 3, 4, 5))).toBe('runs/20240102-030405-arts-a3c');
  });
  it('makes the parts safe in a path', () => {
    expect(defaultRunDir('www.example.com:8080/x', 'jiang rl', new Date(2025, 11, 31, 23, 59, 58))).toBe('runs/20251231-235958-www.example.com-8080-x-jiang-rl');
  });
});
