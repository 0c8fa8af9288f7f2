import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPages, DEFAULT_HOST_RATE, HostRateLimit, MAX_CRAWL_DELAY_SEC, isLoopbackHost } from '../../src/browser/index.ts';
import { onLetGo } from './let-go-times.ts';

describe('HostRateLimit: which requests wait', () => {
  it('limits remote hosts by default, loopback only when asked, and nothing but http(s)', () => {
    const remote = new HostRateLimit({ perSecond: 2 });
    expect(remote.limits('https://example.org/search?q=x')).toBe(true);
    expect(remote.limits('http://127.0.0.1:8080/')).toBe(false);
    expect(remote.limits('http://localhost/')).toBe(false);
    expect(remote.limits('http://[::1]:3000/')).toBe(false);
    expect(remote.limits('data:text/html,<p>x</p>')).toBe(false);
    expect(remote.limits('not a url')).toBe(false);
    const all = new HostRateLimit({ perSecond: 2, loopback: true });
    expect(all.limits('http://127.0.0.1:8080/')).toBe(true);
    expect(all.limits('about:blank')).toBe(false);
    expect(isLoopbackHost('127.8.0.1')).toBe(true);
    expect(isLoopbackHost('127.example.org')).toBe(false);
  });

  it('reads --host-rate: unset is the default for remote hosts, a rate covers loopback too, 0 is none; a bad rate is refused', () => {
    expect(HostRateLimit.fromOption(undefined).summary()).toMatchObject({ perSecond: DEFAULT_HOST_RATE, loopback: false });
    expect(HostRateLimit.fromOption(5).summary()).toMatchObject({ perSecond: 5, loopback: true });
    const none = HostRateLimit.fromOption(0);
    expect(none.summary()).toMatchObject({ perSecond: null });
    expect(none.limits('https://example.org/')).toBe(false);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new HostRateLimit({ perSecond: bad })).toThrow(/requests per second > 0/);
  });

  it("honours a host's Crawl-delay with no rate, on loopback too, and where it is longer than the rate's turn", async () => {
    const none = HostRateLimit.fromOption(0);
    none.honourCrawlDelay('127.0.0.1', 0.05);
    none.honourCrawlDelay('b.example', 0);
    expect(none.limits('http://127.0.0.1:9/')).toBe(true);
    expect(none.limits('http://b.example/')).toBe(false);
    const limit = new HostRateLimit({ perSecond: 100 });
    limit.honourCrawlDelay('A.example', 0.06);
    limit.honourCrawlDelay('c.example', 3600);
    expect(limit.summary().crawlDelays).toEqual({ 'a.example': 0.06, 'c.example': MAX_CRAWL_DELAY_SEC });
    const times: number[] = [];
    await Promise.all([1, 2, 3].map((i) => limit.wait(`https://a.example/${i}`).then((went) => times.push(went!))));
    // 60 ms apart, not the rate's 10 ms (when the limit let each go).
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(60);
  });

  it('spaces one host’s requests by 1/rate, and another host does not wait behind them', async () => {
    const limit = new HostRateLimit({ perSecond: 20 });
    const times: number[] = [];
    const order: string[] = [];
    const at = (host: string, i: number) => limit.wait(`http://${host}/${i}`).then((went) => {
      order.push(`${host}${i}`);
      if (host === 'a.example') times.push(went!);
    });
    await Promise.all([at('a.example', 1), at('a.example', 2), at('a.example', 3), at('b.example', 1), at('a.example', 4)]);
    // b's only request went at once, before a's second had its turn.
    expect(order.indexOf('b.example1')).toBeLessThan(order.indexOf('a.example2'));
    // 50 ms apart at 20 a second, when the limit let each go.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(50);
    expect(limit.summary()).toMatchObject({ requests: 5, delayed: 3 });
    expect(limit.summary().waitedSeconds).toBeGreaterThanOrEqual(0.048 * (1 + 2 + 3));
  });
});

let server: Server;
let origin = '';
/** The paths the site was asked for. */
const arrivals: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push(req.url ?? '');
    if (req.url?.endsWith('.svg')) {
      res.setHeader('content-type', 'image/svg+xml');
      res.end('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(`<title>${req.url}</title><img src="${req.url}-a.svg"><img src="${req.url}-b.svg">`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('HostRateLimit on the agents’ pages (real Chromium)', () => {
  it('holds every request two agents send to one host, images included, to the rate', { timeout: 60_000 }, async () => {
    const limit = new HostRateLimit({ perSecond: 10, loopback: true });
    // When the limit let each request go (see onLetGo for why not when the site saw it).
    const letGo: number[] = [];
    onLetGo(limit, (_url, at) => letGo.push(at));
    const pages = new AgentPages({ hostRate: limit });
    try {
      const [p1, p2] = [await pages.acquire(), await pages.acquire()];
      await Promise.all([
        (async () => {
          for (const path of ['/one', '/two']) await p1.goto(`${origin}${path}`, { waitUntil: 'load' });
        })(),
        (async () => {
          for (const path of ['/three', '/four']) await p2.goto(`${origin}${path}`, { waitUntil: 'load' });
        })(),
      ]);
      expect(await p2.title()).toBe('/four');
      // Four pages with two images each, every one of them through the limit.
      expect(arrivals.filter((path) => path.endsWith('.svg'))).toHaveLength(8);
      expect(limit.summary().requests).toBe(arrivals.length);
      expect(limit.summary().delayed).toBeGreaterThan(0);
      // Let go 100 ms apart at 10 a second, whichever page sent them: the last no sooner than (n − 1) turns after the first.
      expect(letGo).toHaveLength(arrivals.length);
      const at = [...letGo].sort((a, b) => a - b);
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(100);
    } finally {
      await pages.close();
    }
  });
});
