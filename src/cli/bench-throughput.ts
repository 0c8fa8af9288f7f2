/**
 * `surfacer bench throughput`: pages per second of Surfacer's BFS crawl, of a plain Crawlee
 * PlaywrightCrawler, and of a bare Playwright loop that reuses its pages — in one run, on the
 * same testbed site, at the same concurrency — plus the peak memory of the Surfacer crawl.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { Configuration, log as crawleeLog, LogLevel } from '@crawlee/core';
import { MemoryStorage } from '@crawlee/memory-storage';
import { PlaywrightCrawler } from '@crawlee/playwright';
import { crawleeLaunchContext, launchChromium } from '../browser/index.ts';
import { isSameSite, tryCanonicalUrl } from '../url/canonical.ts';
import { startTestbed, type Scale } from '../testbed/index.ts';
import { crawlCommand, type CrawlCliOptions } from './crawl-command.ts';
import { SYSTEM_INFO_INTERVAL_MS } from '../coordinator/crawl.ts';
import { emitJson } from './output.ts';
import { startMemorySampler } from './process-memory.ts';

interface ThroughputOptions {
  domain: string;
  pages: number;
  concurrency: number;
  scale: Scale;
  out?: string;
  /** Surfacer's crawl again at each of these per-host rates (`crawl --host-rate`). */
  hostRate?: number[];
}

export function registerBenchThroughput(bench: Command): void {
  bench
    .command('throughput')
    .description('pages/s of Surfacer (bfs) vs plain Crawlee vs a bare Playwright loop, same site and concurrency')
    .option('--domain <d>', 'testbed site', 'news')
    .option('--pages <n>', 'pages per crawler', (v) => Number(v), 300)
    .option('--concurrency <n>', 'parallel pages', (v) => Number(v), 4)
    .option('--scale <s>', 'testbed scale', 'small')
    .option('--out <file>', 'also write the JSON here')
    .option('--host-rate <list>', "also crawl with Surfacer at each of these per-host rates (requests/s, comma-separated; `crawl --host-rate`): what the limit costs, and that the site saw no more", hostRates)
    .action(async (opts: ThroughputOptions) => emitJson(await benchThroughput(opts), opts.out));
}

export async function benchThroughput(opts: ThroughputOptions) {
  crawleeLog.setLevel(LogLevel.ERROR);
  // One clean site for all three: no slow paths, 5xx or 429 to blur the comparison.
  const testbed = await startTestbed({ domains: [opts.domain], scale: opts.scale, seed: 1, port: 0, trouble: 'off' });
  const seed = testbed.sites[0]!.url;
  try {
    const crawlee = await timeCrawlee(seed, opts.pages, opts.concurrency);
    const playwright = await timePlaywrightLoop(seed, opts.pages, opts.concurrency);
    const surfacer = await timeSurfacer(opts);
    const limited = [];
    for (const hostRate of opts.hostRate ?? []) limited.push(await timeLimitedSurfacer(opts, hostRate));
    return { concurrency: opts.concurrency, pages: opts.pages, site: opts.domain, surfacer, crawlee, playwright, surfacerVsCrawlee: surfacer.pagesPerSecond / crawlee.pagesPerSecond, ...(limited.length ? { surfacerAtHostRate: limited } : {}) };
  } finally {
    await testbed.close();
  }
}

async function timeSurfacer(opts: ThroughputOptions) {
  const run = await surfacerCrawl({ domain: opts.domain, strategy: 'bfs', pages: opts.pages, concurrency: opts.concurrency, scale: opts.scale, maxQueries: 0 });
  return { pagesPerSecond: run.pagesFetched / run.wallSeconds, ...run };
}

/**
 * Surfacer's crawl held to `hostRate` requests/s on the testbed's host: every request its pages
 * send goes through the limit, so requests over wall time may not exceed it (the crawl's first
 * request goes at once, so n requests take (n − 1)/rate at least).
 */
async function timeLimitedSurfacer(opts: ThroughputOptions, hostRate: number) {
  const run = await surfacerCrawl({ domain: opts.domain, strategy: 'bfs', pages: opts.pages, concurrency: opts.concurrency, scale: opts.scale, maxQueries: 0, extra: { hostRate } });
  const limit = run.hostRate;
  return { hostRate, pagesPerSecond: run.pagesFetched / run.wallSeconds, requestsPerSecond: limit.requests / run.wallSeconds, requests: limit.requests, delayed: limit.delayed, waitedSeconds: limit.waitedSeconds, wallSeconds: run.wallSeconds, pagesFetched: run.pagesFetched };
}

function hostRates(v: string): number[] {
  const rates = v.split(',').map((x) => Number(x.trim()));
  if (!rates.length || rates.some((r) => !(Number.isFinite(r) && r > 0))) throw new InvalidArgumentError('--host-rate must list requests per second > 0, comma-separated');
  return rates;
}

/** One Surfacer crawl of a built-in site into a throw-away run directory, with its peak memory. */
export async function surfacerCrawl(o: { domain: string; strategy: 'bfs' | 'adaptive'; pages: number; concurrency: number; scale: Scale; maxQueries: number; extra?: Partial<CrawlCliOptions> }) {
  const dir = mkdtempSync(join(tmpdir(), 'surfacer-bench-'));
  const memory = startMemorySampler();
  let summary;
  let peak;
  let traceBytes = 0;
  try {
    summary = await crawlCommand({
      domain: o.domain, strategy: o.strategy, agents: o.concurrency, maxDepth: 50, maxQueries: o.maxQueries, maxPages: o.pages, timeLimit: 0, seed: 1,
      out: join(dir, 'run'), allowPost: true, json: true, scale: o.scale, trouble: 'off', testbedPort: 0, episodeSteps: 20, episodeTime: 120, ...o.extra,
    });
    traceBytes = statSync(join(dir, 'run', 'trace.jsonl')).size;
  } finally {
    peak = memory.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { pagesFetched: summary.totals.pagesFetched, recordsHarvested: summary.totals.recordsHarvested, queriesIssued: summary.totals.queriesIssued, wallSeconds: summary.wallSeconds, traceSeconds: summary.traceSeconds, traceBytes, stoppedBy: summary.stoppedBy, hostRate: summary.hostRate, peakRssMiB: peak.nodeMiB, peakRssWithBrowserMiB: peak.totalMiB };
}

async function timeCrawlee(seed: string, pages: number, concurrency: number) {
  const config = new Configuration({ storageClient: new MemoryStorage({ persistStorage: false }), persistStorage: false, systemInfoIntervalMillis: SYSTEM_INFO_INTERVAL_MS });
  let fetched = 0;
  const crawler = new PlaywrightCrawler(
    {
      launchContext: crawleeLaunchContext(),
      browserPoolOptions: { useFingerprints: false },
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestsPerCrawl: pages,
      requestHandler: async ({ enqueueLinks }) => {
        fetched++;
        await enqueueLinks({ strategy: 'same-hostname' });
      },
    },
    config,
  );
  const t0 = performance.now();
  await crawler.run([seed]);
  const wallSeconds = (performance.now() - t0) / 1000;
  return { pagesPerSecond: fetched / wallSeconds, pagesFetched: fetched, wallSeconds };
}

async function timePlaywrightLoop(seed: string, pages: number, concurrency: number) {
  const browser = await launchChromium();
  const host = new URL(seed).hostname;
  const queue = [seed];
  const seen = new Set(queue);
  let fetched = 0;
  let active = 0;
  const t0 = performance.now();
  try {
    const context = await browser.newContext();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const page = await context.newPage();
        while (fetched + active < pages) {
          const url = queue.shift();
          if (!url) {
            if (active === 0) break;
            await new Promise((r) => setTimeout(r, 5));
            continue;
          }
          active++;
          try {
            await page.goto(url, { waitUntil: 'load' });
            const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
            for (const h of hrefs) {
              const u = tryCanonicalUrl(h);
              if (u && !seen.has(u) && isSameSite(new URL(u).hostname, host)) {
                seen.add(u);
                queue.push(u);
              }
            }
            fetched++;
          } catch {
            // a failed page is not counted
          } finally {
            active--;
          }
        }
      }),
    );
  } finally {
    await browser.close();
  }
  const wallSeconds = (performance.now() - t0) / 1000;
  return { pagesPerSecond: fetched / wallSeconds, pagesFetched: fetched, wallSeconds };
}
