/**
 * The one URL canonicalisation of Surfacer. The crawler, the run store, the evaluator and
 * the testbed's ground truth all key pages by it, so two spellings of one page never count
 * twice and ground truth matches what the crawler saw.
 *
 * - scheme and host lower-cased, default port dropped, fragment dropped;
 * - path dot-segments resolved (by WHATWG URL), empty path becomes "/";
 * - query parameters sorted by name (stable for repeated names), empty query dropped;
 * - everything else (case of the path, trailing slashes) kept: servers may distinguish them.
 */
export function canonicalUrl(input: string, base?: string): string {
  const url = new URL(input, base);
  url.hash = '';
  const params = [...url.searchParams.entries()];
  params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // Assigning '' also drops a bare trailing '?'.
  url.search = new URLSearchParams(params).toString();
  return url.href;
}

/** canonicalUrl that answers null instead of throwing on an unparsable or non-http(s) URL. */
export function tryCanonicalUrl(input: string, base?: string): string | null {
  try {
    const url = canonicalUrl(input, base);
    return url.startsWith('http://') || url.startsWith('https://') ? url : null;
  } catch {
    return null;
  }
}

/** True when `host` is `seedHost` or one of its subdomains. */
export function isSameSite(host: string, seedHost: string): boolean {
  const h = host.toLowerCase();
  const s = seedHost.toLowerCase();
  return h === s || h.endsWith(`.${s}`);
}
