/**
 * `surfacer bench testbed`: how fast the testbed serves pages (keep-alive HTTP clients
 * in-process) next to how fast Chromium loads the same pages, to show the testbed never
 * limits a crawl's measured speed.
 */
import { Agent, request } from 'node:http';
import type { Command } from 'commander';
import { launchChromium } from '../browser/index.ts';
import { groundTruth, isScale, SCALES, searchIndex, startTestbed, type Scale } from '../testbed/index.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

interface BenchTestbedOptions {
  out?: string;
  scale: string;
  concurrency: number;
  duration: number;
  domain: string;
  browserPages: number;
}

export function registerBenchTestbed(bench: Command): void {
  bench
    .command('testbed')
    .description('pages/s the testbed serves (keep-alive HTTP) vs pages/s Chromium loads, same URL mix')
    .option('--out <file>', 'also write the JSON here')
    .option('--scale <scale>', SCALES.join(', '), 'small')
    .option('--concurrency <n>', 'parallel HTTP clients (and up to 4 browser pages)', positive('--concurrency'), 8)
    .option('--duration <s>', 'seconds of HTTP load', positive('--duration'), 5)
    .option('--domain <d>', 'testbed site', 'arts')
    .option('--browser-pages <n>', 'page loads in Chromium', positive('--browser-pages'), 60)
    .action(async (opts: BenchTestbedOptions) => emitJson(await benchTestbed(opts), opts.out));
}

function positive(name: string): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new UserError(`${name} must be a positive number, got "${v}"`);
    return n;
  };
}

/** Home, surface, search-result and detail pages in equal parts, interleaved. */
export function urlMix(domain: string, scale: Scale, origin: string): string[] {
  const truth = groundTruth({ domain, scale, seed: 1, origin });
  const index = searchIndex({ domain, scale, seed: 1 });
  const form = index.forms.find((f) => f.kind !== 'select-only' && f.kind !== 'script' && f.method === 'GET') ?? index.forms[0]!;
  const surface = truth.surfacePages.filter((p) => !truth.trapPatterns.some((t) => new RegExp(t).test(p.url))).map((p) => p.url);
  const records = truth.records.map((r) => r.url);
  const results = truth.records.slice(0, 25).map((r) => {
    const params = new URLSearchParams(form.kind === 'select-only' ? { [form.params.category]: String(r.attributes['category']) } : { [form.params.keyword]: r.title.split(/\W+/).sort((a, b) => b.length - a.length)[0]! });
    return `${origin}${form.action}?${params}`;
  });
  const mix: string[] = [];
  for (let i = 0; i < 25; i++) mix.push(`${origin}/`, surface[(i * 7) % surface.length]!, results[i]!, records[(i * 11) % records.length]!);
  return mix;
}

function get(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

export async function benchTestbed(opts: BenchTestbedOptions) {
  if (!isScale(opts.scale)) throw new UserError(`unknown scale "${opts.scale}": use ${SCALES.join(', ')}`);
  const scale = opts.scale;
  const startedAt = performance.now();
  const testbed = await startTestbed({ domains: [opts.domain], scale, port: 0, trouble: 'off' }).catch((err: Error) => {
    throw new UserError(err.message);
  });
  const startupMs = performance.now() - startedAt;
  const origin = new URL(testbed.sites[0]!.url).origin;
  try {
    const mix = urlMix(opts.domain, scale, origin);
    // Server: concurrent keep-alive clients for a fixed time.
    const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + opts.duration * 1000;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (performance.now() < deadline) {
          const url = mix[next++ % mix.length]!;
          const t = performance.now();
          const status = await get(agent, url);
          latencies.push(performance.now() - t);
          if (status !== 200) errors++;
        }
      }),
    );
    const serverSeconds = (performance.now() - t0) / 1000;
    agent.destroy();
    latencies.sort((a, b) => a - b);

    // Browser: the same URL mix through page.goto, a few pages at once.
    const browser = await launchChromium();
    let browserSeconds = 0;
    let browserLoads = 0;
    try {
      const context = await browser.newContext();
      const tabs = Math.min(4, opts.concurrency);
      const pages = await Promise.all(Array.from({ length: tabs }, () => context.newPage()));
      await Promise.all(pages.map((p) => p.goto(mix[0]!)));
      let i = 0;
      const b0 = performance.now();
      await Promise.all(
        pages.map(async (page) => {
          while (browserLoads < opts.browserPages) {
            browserLoads++;
            await page.goto(mix[i++ % mix.length]!, { waitUntil: 'load' });
          }
        }),
      );
      browserSeconds = (performance.now() - b0) / 1000;
    } finally {
      await browser.close();
    }
    const serverPagesPerSecond = latencies.length / serverSeconds;
    const browserPagesPerSecond = browserLoads / browserSeconds;
    return {
      domain: opts.domain,
      scale,
      startupMs: round(startupMs, 0),
      urlMix: { home: 0.25, surface: 0.25, searchResult: 0.25, detail: 0.25, distinctUrls: new Set(mix).size },
      server: {
        concurrency: opts.concurrency,
        seconds: round(serverSeconds),
        requests: latencies.length,
        errors,
        pagesPerSecond: round(serverPagesPerSecond, 1),
        latencyMs: { p50: round(percentile(latencies, 0.5)), p95: round(percentile(latencies, 0.95)), max: round(latencies[latencies.length - 1] ?? 0) },
      },
      chromium: { tabs: Math.min(4, opts.concurrency), pages: browserLoads, seconds: round(browserSeconds), pagesPerSecond: round(browserPagesPerSecond, 1) },
      serverToBrowserRatio: round(serverPagesPerSecond / browserPagesPerSecond, 1),
    };
  } finally {
    await testbed.close();
  }
}
