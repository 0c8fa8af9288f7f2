import { describe, expect, it } from 'vitest';
import { canonicalUrl, isSameSite, tryCanonicalUrl } from '../../src/url/canonical.ts';

describe('canonicalUrl', () => {
  it('lower-cases scheme and host, drops default port and fragment', () => {
    expect(canonicalUrl('HTTP://Example.COM:80/a/B#top')).toBe('http://example.com/a/B');
  });
  it('sorts query parameters and keeps repeated names in order', () => {
    expect(canonicalUrl('http://h/s?q=b&a=1&q=a')).toBe('http://h/s?a=1&q=b&q=a');
  });
  it('resolves relative URLs and dot segments', () => {
    expect(canonicalUrl('../x/./y?', 'http://h:8080/a/b/c')).toBe('http://h:8080/a/x/y');
  });
  it('gives one form to equivalent spellings', () => {
    expect(canonicalUrl('http://h/s?b=2&a=1')).toBe(canonicalUrl('http://H/s?a=1&b=2#f'));
  });
  it('tryCanonicalUrl rejects non-http and garbage', () => {
    expect(tryCanonicalUrl('mailto:a@b.c')).toBeNull();
    expect(tryCanonicalUrl('http://[bad')).toBeNull();
    expect(tryCanonicalUrl('/p', 'http://h/')).toBe('http://h/p');
  });
  it('isSameSite accepts subdomains only', () => {
    expect(isSameSite('a.b.example.com', 'example.com')).toBe(true);
    expect(isSameSite('badexample.com', 'example.com')).toBe(false);
  });
});
