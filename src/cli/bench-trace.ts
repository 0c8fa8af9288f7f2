/**
 * `surfacer bench trace`: what the full trace (every agent message, with digests) costs a
 * crawl. The same crawl runs with message tracing on and off, alternately (on, off, on, off,
 * … so drift on a shared machine hits both), and the coordinator also times its own tracing
 * directly: that figure does not depend on how busy the machine was.
 */
import type { Command } from 'commander';
import type { Scale } from '../testbed/index.ts';
import { emitJson } from './output.ts';
import { surfacerCrawl } from './bench-throughput.ts';

interface TraceBenchOptions {
  domain: string;
  repeats: number;
  maxQueries: number;
  pages: number;
  concurrency: number;
  scale: Scale;
  out?: string;
}

export function registerBenchTrace(bench: Command): void {
  bench
    .command('trace')
    .description('crawl throughput with the full trace vs actions only, and the time the trace itself takes')
    .option('--domain <d>', 'testbed site', 'arts')
    .option('--repeats <n>', 'crawls per variant', (v) => Number(v), 2)
    .option('--max-queries <n>', 'query budget per crawl', (v) => Number(v), 10)
    .option('--pages <n>', 'page budget per crawl', (v) => Number(v), 600)
    .option('--concurrency <n>', 'agents', (v) => Number(v), 4)
    .option('--scale <s>', 'testbed scale', 'small')
    .option('--out <file>', 'also write the JSON here')
    .action(async (opts: TraceBenchOptions) => emitJson(await benchTrace(opts), opts.out));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : 0;
};

export async function benchTrace(opts: TraceBenchOptions) {
  const runs: { traceMessages: boolean; pagesFetched: number; wallSeconds: number; pagesPerSecond: number; traceSeconds: number; traceBytes: number }[] = [];
  for (let i = 0; i < opts.repeats; i++) {
    for (const traceMessages of [true, false]) {
      const r = await surfacerCrawl({ domain: opts.domain, strategy: 'adaptive', pages: opts.pages, concurrency: opts.concurrency, scale: opts.scale, maxQueries: opts.maxQueries, extra: { traceMessages } });
      runs.push({ traceMessages, pagesFetched: r.pagesFetched, wallSeconds: r.wallSeconds, pagesPerSecond: r.pagesFetched / r.wallSeconds, traceSeconds: r.traceSeconds, traceBytes: r.traceBytes });
    }
  }
  const on = runs.filter((r) => r.traceMessages);
  const off = runs.filter((r) => !r.traceMessages);
  const onPps = median(on.map((r) => r.pagesPerSecond));
  const offPps = median(off.map((r) => r.pagesPerSecond));
  return {
    site: opts.domain,
    concurrency: opts.concurrency,
    runs,
    full: { pagesPerSecond: onPps, traceBytesPerPage: median(on.map((r) => r.traceBytes / r.pagesFetched)) },
    actionsOnly: { pagesPerSecond: offPps, traceBytesPerPage: median(off.map((r) => r.traceBytes / r.pagesFetched)) },
    /** 1 − full/actions-only throughput: noisy on a shared machine; read with the next figure. */
    throughputOverhead: offPps > 0 ? 1 - onPps / offPps : null,
    /** Time the coordinator spent tracing messages over the crawl's wall time (median of the full runs). */
    tracingShareOfWallTime: median(on.map((r) => r.traceSeconds / r.wallSeconds)),
    tracingMsPerPage: median(on.map((r) => (r.traceSeconds * 1000) / r.pagesFetched)),
  };
}
