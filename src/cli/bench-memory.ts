/**
 * `surfacer bench memory`: peak resident memory of one long Surfacer crawl (default 5,000
 * pages of a large built-in site, adaptive queries), for Node alone and with its Chromium.
 */
import type { Command } from 'commander';
import type { Scale } from '../testbed/index.ts';
import { surfacerCrawl } from './bench-throughput.ts';
import { emitJson } from './output.ts';

interface MemoryOptions {
  domain: string;
  pages: number;
  queries: number;
  concurrency: number;
  scale: Scale;
  out?: string;
}

export function registerBenchMemory(bench: Command): void {
  bench
    .command('memory')
    .description('peak memory (Node, and Node with Chromium) of one Surfacer crawl of --pages pages')
    .option('--domain <d>', 'testbed site', 'news')
    .option('--pages <n>', 'page budget of the crawl', (v) => Number(v), 5000)
    .option('--queries <n>', 'query budget (adaptive)', (v) => Number(v), 1000)
    .option('--concurrency <n>', 'parallel pages', (v) => Number(v), 4)
    .option('--scale <s>', 'testbed scale (large: enough work for 5,000 pages)', 'large')
    .option('--out <file>', 'also write the JSON here')
    .action(async (opts: MemoryOptions) => {
      const run = await surfacerCrawl({ domain: opts.domain, strategy: 'adaptive', pages: opts.pages, concurrency: opts.concurrency, scale: opts.scale, maxQueries: opts.queries });
      emitJson({ site: opts.domain, scale: opts.scale, pages: opts.pages, concurrency: opts.concurrency, ...run, pagesPerSecond: run.pagesFetched / run.wallSeconds }, opts.out);
    });
}
