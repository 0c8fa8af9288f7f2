/**
 * A site's robots.txt Crawl-delay: the seconds it asks a crawler to leave between requests.
 * Crawlee reads robots.txt for its allow rules but does not expose the delay, so the crawl reads
 * it once per seed origin before any agent starts (browser/host-rate.ts spaces the requests).
 */
import type { BrowserContext } from 'playwright';
import robotsParserModule from 'robots-parser';
import { HostRateLimit } from '../browser/index.ts';
import { originsOf } from '../url/origins.ts';

// Its types declare an ES default export; it is CommonJS whose export is the function itself, which is what Node imports.
const robotsParser = robotsParserModule as unknown as (url: string, text: string) => { getCrawlDelay(userAgent?: string): number | undefined };

/** The Crawl-delay the robots.txt at `origin` asks of every user agent, in seconds; undefined when none or unreadable. */
export async function robotsCrawlDelay(origin: string, timeoutMs = 10_000): Promise<number | undefined> {
  let url: string;
  try {
    url = new URL('/robots.txt', origin).href;
  } catch {
    return undefined;
  }
  try {
    const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) {
      await res.body?.cancel();
      return undefined;
    }
    return crawlDelayIn(url, await res.text());
  } catch {
    // No robots.txt to be had: Crawlee allows everything then, and there is no delay either.
    return undefined;
  }
}

/** The Crawl-delay of a robots.txt text for user agent `*` (seconds > 0), else undefined. */
export function crawlDelayIn(robotsUrl: string, text: string): number | undefined {
  const delay = robotsParser(robotsUrl, text).getCrawlDelay('*');
  return typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? delay : undefined;
}

/**
 * The limit a crawl's pages wait on: `limit` with the seeds' Crawl-delays added (a crawl stays on
 * its seeds' hosts, so they are known before any page goes out), or undefined when it holds none
 * of those hosts (the built-in testbed by default), so the pages are not routed at all.
 */
export async function seedHostLimit(limit: HostRateLimit | undefined, seeds: readonly string[]): Promise<HostRateLimit | undefined> {
  if (!limit) return undefined;
  for (const origin of originsOf(seeds)) {
    const delay = await robotsCrawlDelay(origin);
    if (delay !== undefined) limit.honourCrawlDelay(new URL(origin).hostname, delay);
  }
  return limit.limitsAny(seeds) ? limit : undefined;
}

/**
 * The same limit on a browser context a command drives by itself, outside a crawl (`webnav go`,
 * `demo replay`, a scripted `demo record`): the default rate for a remote start host and the start hosts' Crawl-delays, so
 * an automated walk from a remote page is as polite as a crawl. Returns the limit it attached,
 * or undefined where nothing binds (a loopback start without a Crawl-delay).
 */
export async function limitContextToStart(context: BrowserContext, startUrls: readonly string[]): Promise<HostRateLimit | undefined> {
  const limit = await seedHostLimit(HostRateLimit.fromOption(undefined), startUrls);
  await limit?.attach(context);
  return limit;
}
