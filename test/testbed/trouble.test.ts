import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TROUBLE, groundTruth, SITES, startTestbed, TESTBED_DOMAINS, type TestbedHandle } from '../../src/testbed/index.ts';

const handles: TestbedHandle[] = [];
afterAll(() => Promise.all(handles.map((h) => h.close())));
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function start(domains: string[], trouble: 'on' | 'off' | 'default'): Promise<TestbedHandle> {
  const h = await startTestbed({ domains, port: 0, trouble });
  handles.push(h);
  return h;
}

describe('trouble', () => {
  it('answers 429 with Retry-After above the request rate, and recovers after it', async () => {
    const { sites } = await start(['arts'], 'on');
    // Twice the rate at once: on a loaded machine the burst can spread over more than the 1 s window, so the count of 429s varies; that there are some does not.
    const statuses = await Promise.all(Array.from({ length: 2 * DEFAULT_TROUBLE.ratePerSecond }, () => fetch(sites[0]!.url).then(async (r) => ({ status: r.status, retry: r.headers.get('retry-after'), body: await r.text() }))));
    const limited = statuses.filter((s) => s.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.retry).toBe('1');
    expect(statuses.filter((s) => s.status === 200).length).toBeGreaterThanOrEqual(DEFAULT_TROUBLE.ratePerSecond - 5);
    await sleep(1100);
    expect((await fetch(sites[0]!.url)).status).toBe(200);
  });

  it('fails a few URLs with 503 the first time only, and serves robots.txt that disallows some paths', async () => {
    const { sites } = await start(['news'], 'on');
    const base = sites[0]!.url;
    const truth = groundTruth({ domain: 'news', origin: base });
    const failed: string[] = [];
    // Stay under the request rate: this checks 5xx, not 429.
    for (const p of truth.surfacePages) {
      const res = await fetch(p.url);
      await res.text();
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) failed.push(p.url);
      await sleep(1000 / (DEFAULT_TROUBLE.ratePerSecond - 10));
    }
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(truth.surfacePages.length / 5);
    for (const url of failed) expect((await fetch(url)).status).toBe(200);
    const robots = await (await fetch(new URL('/robots.txt', base))).text();
    expect(robots).toMatch(/User-agent: \*/);
    expect(robots).toMatch(/Disallow: \/private\//);
    expect(truth.surfacePages.some((p) => p.url.includes('/private/'))).toBe(true);
  });

  it('slows result pages down', async () => {
    const { sites } = await start(['science'], 'on');
    const form = SITES.science.search[0]!;
    const t0 = performance.now();
    const res = await fetch(new URL(`${form.action}?q=data`, sites[0]!.url));
    await res.text();
    expect(res.status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(DEFAULT_TROUBLE.slowMs[0] - 5);
  });

  it("'off' gives clean sites and 'default' troubles only the sites the table marks", async () => {
    const clean = await start(['arts'], 'off');
    const burst = await Promise.all(Array.from({ length: 120 }, () => fetch(clean.sites[0]!.url).then((r) => r.status)));
    expect(burst.every((s) => s === 200)).toBe(true);
    expect(await (await fetch(new URL('/robots.txt', clean.sites[0]!.url))).text()).not.toMatch(/Disallow: \//);
    const all = await start([...TESTBED_DOMAINS], 'default');
    for (const site of all.sites) {
      const robots = await (await fetch(new URL('/robots.txt', site.url))).text();
      expect(/Disallow: \/private\//.test(robots), site.domain).toBe(SITES[site.domain as keyof typeof SITES].troubleByDefault);
    }
  });
});
