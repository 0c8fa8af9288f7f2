/**
 * Runs a crawl: Crawlee's PlaywrightCrawler is the agent pool (its request queue holds the
 * episodes, its concurrency is the number of agents, its retries, session pool and robots.txt
 * support are used as they are), and every request is one episode that an agent runs in the
 * page Crawlee opened. The coordinator decides what goes into the queue.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Configuration, RequestQueue, log as crawleeLog, LogLevel } from '@crawlee/core';
import { MemoryStorage } from '@crawlee/memory-storage';
import { PlaywrightCrawler } from '@crawlee/playwright';
import { crawleeLaunchContext } from '../browser/index.ts';
import type { LvsTable } from '../lvs/index.ts';
import type { RunStore } from '../store/index.ts';
import { runEpisode } from '../agent/episode.ts';
import { Coordinator, type CoordinatorConfig } from './coordinator.ts';
import type { EpisodeAssignment } from './messages.ts';

export interface CrawlRunOptions {
  config: CoordinatorConfig;
  table: LvsTable;
  store: RunStore;
  seeds: string[];
  agents: number;
  /** Whole-crawl wall-clock limit in seconds (0 = none). */
  timeLimitSec: number;
  /** Continue the queue saved in the run directory instead of starting from the seeds. */
  resume: boolean;
  onProgress?: (c: Coordinator) => void;
}

export interface CrawlOutcome {
  coordinator: Coordinator;
  stoppedBy: 'finished' | 'time-limit' | 'page-budget' | 'query-budget';
  wallSeconds: number;
  episodes: number;
  failedEpisodes: number;
}

export async function runCrawl(opts: CrawlRunOptions): Promise<CrawlOutcome> {
  crawleeLog.setLevel(process.env['SURFACER_DEBUG'] ? LogLevel.DEBUG : LogLevel.ERROR);
  const started = Date.now();
  const storage = new MemoryStorage({ localDataDirectory: join(opts.store.dir, 'crawlee'), persistStorage: true, writeMetadata: false });
  const crawleeConfig = new Configuration({ storageClient: storage, purgeOnStart: false, persistStorage: true });
  const queue = await RequestQueue.open('episodes', { config: crawleeConfig, storageClient: storage });
  if (opts.resume) await releaseStaleLocks(queue, join(opts.store.dir, 'crawlee', 'request_queues', 'episodes'));

  const pendingAdds = new Set<Promise<unknown>>();
  const enqueue = (a: EpisodeAssignment) => {
    // One request per episode; harvest episodes of one form repeat, so they are keyed by episode id.
    const uniqueKey = a.kind === 'explore' ? a.startUrl : a.kind === 'record' ? `record:${a.startUrl}` : `harvest:${a.formKey}:${a.episodeId}`;
    const p = queue.addRequest({ url: a.startUrl, uniqueKey, skipNavigation: true, userData: { assignment: a } }).finally(() => pendingAdds.delete(p));
    pendingAdds.add(p);
  };
  const coordinator = new Coordinator(opts.config, opts.table, opts.store, enqueue);
  if (opts.resume) coordinator.restore();
  else for (const seed of opts.seeds) coordinator.addSeed(seed);
  await Promise.all(pendingAdds);

  let stoppedBy: CrawlOutcome['stoppedBy'] = 'finished';
  let episodes = 0;
  let failedEpisodes = 0;
  const crawler = new PlaywrightCrawler(
    {
      requestQueue: queue,
      launchContext: crawleeLaunchContext(),
      browserPoolOptions: { useFingerprints: false },
      maxConcurrency: opts.agents,
      minConcurrency: Math.min(opts.agents, 2),
      // An episode is many page loads, not one: Crawlee's default 60 s handler timeout would
      // cut harvest episodes short, so it is the episode's own time limit plus slack.
      requestHandlerTimeoutSecs: Math.ceil(opts.config.episodeTimeLimitMs / 1000) + 60,
      navigationTimeoutSecs: 30,
      maxRequestRetries: 2,
      useSessionPool: true,
      respectRobotsTxtFile: true,
      statusMessageLoggingInterval: 3600,
      requestHandler: async ({ page, request }) => {
        const a = request.userData['assignment'] as EpisodeAssignment;
        const budget = coordinator.budgetLeft();
        if (!budget.pages) {
          stoppedBy = 'page-budget';
          crawler.stop('page budget reached');
          return;
        }
        const summary = await runEpisode(page, a, coordinator);
        episodes++;
        if (a.kind === 'harvest' && summary.moreWork && a.formKey && coordinator.formHasWork(a.formKey)) {
          coordinator.continueHarvest(a);
        }
        await Promise.all(pendingAdds);
        opts.onProgress?.(coordinator);
        if (episodes % 25 === 0) await coordinator.checkpoint();
      },
      failedRequestHandler: async ({ request }, error) => {
        failedEpisodes++;
        const a = request.userData['assignment'] as EpisodeAssignment;
        await coordinator.send({ type: 'error', episodeId: a.episodeId, url: request.url, message: error.message });
      },
    },
    crawleeConfig,
  );

  const timer = opts.timeLimitSec > 0 ? setTimeout(() => {
    stoppedBy = 'time-limit';
    crawler.stop('time limit reached');
  }, opts.timeLimitSec * 1000) : undefined;
  try {
    await crawler.run();
  } finally {
    if (timer) clearTimeout(timer);
    await Promise.all(pendingAdds);
    await coordinator.checkpoint();
  }
  if (stoppedBy === 'finished' && !coordinator.budgetLeft().queries) stoppedBy = 'query-budget';
  return { coordinator, stoppedBy, wallSeconds: (Date.now() - started) / 1000, episodes, failedEpisodes };
}

/**
 * Episodes that were running when a crawl was killed stay locked in the persisted queue until
 * their lock (the episode timeout) runs out; a resumed crawl would idle until then. The
 * request files' names are the request ids, so each lock is released through the client.
 */
async function releaseStaleLocks(queue: RequestQueue, dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json') || file.startsWith('__')) continue;
    try {
      await queue.client.deleteRequestLock(file.slice(0, -'.json'.length));
    } catch {
      // not locked, handled, or a file the kill left half-written: nothing to release
    }
  }
}
