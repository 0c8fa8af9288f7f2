import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostRateLimit, launchChromium } from '../../src/browser/index.ts';
import { crawlDelayIn, limitContextToStart, robotsCrawlDelay, seedHostLimit } from '../../src/coordinator/robots-delay.ts';
import { onLetGo } from '../browser/let-go-times.ts';

/** The pages (not robots.txt) asked for, by path, across the sites. */
const arrivals: string[] = [];

/** A site on a port of its own serving this robots.txt (null: none, 404). */
function site(robots: string | null): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.url !== '/robots.txt') arrivals.push(req.url ?? '');
    if (req.url === '/robots.txt' && robots !== null) {
      res.setHeader('content-type', 'text/plain');
      res.end(robots);
      return;
    }
    res.statusCode = req.url === '/robots.txt' ? 404 : 200;
    res.end('<p>page</p>');
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

let slow: { server: Server; origin: string };
let none: { server: Server; origin: string };
beforeAll(async () => {
  slow = await site('User-agent: *\nCrawl-delay: 0.2\nDisallow: /private/\n');
  none = await site(null);
});
afterAll(async () => {
  for (const s of [slow, none]) await new Promise<void>((r) => s.server.close(() => r()));
});

describe("robots.txt's Crawl-delay", () => {
  it('is read for user agent *, and only as a positive number', () => {
    expect(crawlDelayIn('http://a/robots.txt', 'User-agent: *\nCrawl-delay: 1.5\n')).toBe(1.5);
    expect(crawlDelayIn('http://a/robots.txt', 'User-agent: otherbot\nCrawl-delay: 9\n')).toBeUndefined();
    expect(crawlDelayIn('http://a/robots.txt', 'User-agent: *\nCrawl-delay: soon\n')).toBeUndefined();
    expect(crawlDelayIn('http://a/robots.txt', 'User-agent: *\nDisallow:\n')).toBeUndefined();
  });

  it('is fetched from the site, and is none where robots.txt is missing or the host unreachable', async () => {
    expect(await robotsCrawlDelay(slow.origin)).toBe(0.2);
    expect(await robotsCrawlDelay(none.origin)).toBeUndefined();
    expect(await robotsCrawlDelay('http://127.0.0.1:9', 2000)).toBeUndefined();
  });

  it("spaces a loopback seed's requests though no rate holds loopback, and leaves a seed without one unrouted", async () => {
    const limit = await seedHostLimit(HostRateLimit.fromOption(undefined), [`${slow.origin}/`]);
    expect(limit?.summary().crawlDelays).toEqual({ '127.0.0.1': 0.2 });
    const times: number[] = [];
    for (const p of ['/a', '/b']) times.push((await limit!.wait(`${slow.origin}${p}`))!);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(200);
    expect(await seedHostLimit(HostRateLimit.fromOption(undefined), [`${none.origin}/`])).toBeUndefined();
    expect(await seedHostLimit(undefined, [`${slow.origin}/`])).toBeUndefined();
  });
});

describe('a browser context a command drives itself (webnav go, demo replay)', () => {
  it('waits for the start host\'s Crawl-delay on every page load; a start without one is left unrouted', { timeout: 60_000 }, async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const limit = await limitContextToStart(context, [`${slow.origin}/`]);
      expect(limit?.summary().crawlDelays).toEqual({ '127.0.0.1': 0.2 });
      // When the limit let each request go (see onLetGo for why not when the site saw it).
      const letGo = new Map<string, number>();
      onLetGo(limit!, (url, at) => letGo.set(new URL(url).pathname, at));
      const page = await context.newPage();
      arrivals.length = 0;
      for (const p of ['/a', '/b', '/c']) await page.goto(`${slow.origin}${p}`);
      // Three loads (and whatever else the pages asked for) went through the limit, each let go a Crawl-delay after the one before.
      expect(limit!.summary().requests).toBeGreaterThanOrEqual(3);
      expect(arrivals).toEqual(expect.arrayContaining(['/a', '/b', '/c']));
      const at = ['/a', '/b', '/c'].map((p) => letGo.get(p)!);
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(200);
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(200);
      expect(await limitContextToStart(await browser.newContext(), [`${none.origin}/`])).toBeUndefined();
    } finally {
      await browser.close();
    }
  });
});
