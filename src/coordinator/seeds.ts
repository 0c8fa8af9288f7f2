/**
 * Seed input: `--seeds` takes URLs and seed files (one URL a line, `#` comments). A seed file
 * whose first comment is `# testbed: <domain>` names a built-in testbed site, which the CLI
 * starts in-process; the crawler itself only ever sees URLs.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { tryCanonicalUrl } from '../url/canonical.ts';

export class SeedError extends Error {
  override name = 'SeedError';
}

export interface SeedList {
  urls: string[];
  /** Testbed domains named by `# testbed:` markers, in file order. */
  testbedDomains: string[];
}

const TESTBED_MARKER = /^#\s*testbed:\s*([a-z-]+)\s*$/i;

export function parseSeedFile(path: string): SeedList {
  if (!existsSync(path)) throw new SeedError(`seeds file not found: ${path}`);
  if (!statSync(path).isFile()) throw new SeedError(`seeds path is not a file: ${path}`);
  const urls: string[] = [];
  const testbedDomains: string[] = [];
  readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = raw.trim();
      if (!line) return;
      if (line.startsWith('#')) {
        const m = TESTBED_MARKER.exec(line);
        if (m?.[1]) testbedDomains.push(m[1].toLowerCase());
        return;
      }
      const url = tryCanonicalUrl(line);
      if (!url) throw new SeedError(`${path}:${i + 1}: not an http(s) URL: ${line}`);
      urls.push(url);
    });
  if (urls.length === 0) throw new SeedError(`seeds file has no URLs: ${path}`);
  return { urls, testbedDomains };
}

/** Resolves `--seeds` arguments: each an http(s) URL or a seed file. */
export function resolveSeeds(args: string[]): SeedList {
  const out: SeedList = { urls: [], testbedDomains: [] };
  for (const arg of args) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
      const url = tryCanonicalUrl(arg);
      if (!url) throw new SeedError(`not an http(s) URL: ${arg}`);
      out.urls.push(url);
    } else {
      const list = parseSeedFile(arg);
      out.urls.push(...list.urls);
      out.testbedDomains.push(...list.testbedDomains);
    }
  }
  return out;
}

/**
 * Checks that a seed answers with HTML before a crawl starts, so a typo or a dead host is a
 * clear one-line error instead of an empty run. Returns the reason it is unusable, or null.
 */
export async function probeSeed(url: string, timeoutMs = 10_000): Promise<string | null> {
  try {
    const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    const type = res.headers.get('content-type') ?? '';
    if (res.status >= 400 && res.status !== 429 && res.status < 500) return `${url} answered HTTP ${res.status}`;
    if (type && !/html/i.test(type)) return `${url} is not HTML (content-type: ${type})`;
    return null;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return `cannot reach ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`;
  }
}
