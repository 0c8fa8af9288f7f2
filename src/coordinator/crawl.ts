/**
 * Runs a crawl: a Crawlee crawler is the agent pool (its request queue holds the episodes, its
 * concurrency is the number of agents, its retries, session pool and robots.txt support are
 * used as they are), and every request is one episode that an agent runs in its own browser
 * page, kept from episode to episode (browser/agent-pages.ts). The coordinator decides what
 * goes into the queue.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Configuration, RequestQueue, log as crawleeLog, LogLevel } from '@crawlee/core';
import { MemoryStorage } from '@crawlee/memory-storage';
import { BasicCrawler } from '@crawlee/basic';
import { AgentPages, startPlaywrightTrace, type HostRateLimit } from '../browser/index.ts';
import type { LvsTable } from '../lvs/index.ts';
import type { RunStore } from '../store/index.ts';
import { runReportedEpisode } from '../agent/episode.ts';
import { PolicyThreads } from '../agent/policy-threads.ts';
import { Coordinator, type CoordinatorConfig } from './coordinator.ts';
import type { EpisodeAssignment } from './messages.ts';
import { HeldEpisodes } from './host-bandit.ts';
import { EpisodeLine, goesFirst } from './episode-order.ts';
import { wgeGuideFor, type WgeOptions } from './wge-guide.ts';
import { seedHostLimit } from './robots-delay.ts';

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
  /**
   * One episode at a time in the order the coordinator scheduled them, episodes bounded by
   * steps, not the clock: the same seed and config then give the same run (see `--from-trace`).
   */
  deterministic?: boolean;
  /** Save a Playwright trace (zip) of every episode attempt in this folder. */
  playwrightTraceDir?: string;
  /** The per-host rate limit every request of the agents' pages waits on; the seeds' robots.txt Crawl-delays are added to it. None: unlimited. */
  hostRate?: HostRateLimit;
  /** Learned strategy with workflow-guided exploration: the demonstrations and how much to follow them. */
  wge?: WgeOptions;
  /**
   * Called with each periodic checkpoint: a learning crawl saves its model so far beside the
   * run, and a resume goes on from it (crawl-command.ts). Not at the end: the caller saves then.
   */
  checkpointModel?: (c: Coordinator) => Promise<void>;
}

export interface CrawlOutcome {
  coordinator: Coordinator;
  stoppedBy: 'finished' | 'time-limit' | 'page-budget' | 'query-budget';
  wallSeconds: number;
  episodes: number;
  failedEpisodes: number;
}

/**
 * How often Crawlee samples memory for its autoscaling. Each sample spawns `ps` over the whole
 * process tree (Chromium included); at Crawlee's default of once a second that took about a
 * fifth of the crawler's main-thread time in a profiled crawl. The agent count is fixed, so
 * coarser samples lose nothing but a slower reaction to memory overload.
 */
export const SYSTEM_INFO_INTERVAL_MS = 10_000;

export async function runCrawl(opts: CrawlRunOptions): Promise<CrawlOutcome> {
  crawleeLog.setLevel(process.env['SURFACER_DEBUG'] ? LogLevel.DEBUG : LogLevel.ERROR);
  const started = Date.now();
  if (opts.resume) removeDeadFileLocks(join(opts.store.dir, 'crawlee'));
  const storage = new MemoryStorage({ localDataDirectory: join(opts.store.dir, 'crawlee'), persistStorage: true, writeMetadata: false });
  const crawleeConfig = new Configuration({ storageClient: storage, purgeOnStart: false, persistStorage: true, systemInfoIntervalMillis: SYSTEM_INFO_INTERVAL_MS });
  const queue = await RequestQueue.open('episodes', { config: crawleeConfig, storageClient: storage });
  if (opts.resume) await releaseStaleLocks(queue, join(opts.store.dir, 'crawlee', 'request_queues', 'episodes'));

  const pendingAdds = new Set<Promise<unknown>>();
  // One request per episode; harvest episodes of one form repeat, so they are keyed by episode id.
  const toRequest = (a: EpisodeAssignment) => ({ url: a.startUrl, uniqueKey: a.kind === 'explore' ? a.startUrl : a.kind === 'record' ? `record:${a.startUrl}` : `harvest:${a.formKey}:${a.episodeId}`, userData: { assignment: a } });
  // With `recordsFirst`, record episodes go ahead of the rest (episode-order.ts).
  const recordsFirst = opts.config.recordsFirst === true;
  const first = (a: EpisodeAssignment) => goesFirst(a, recordsFirst);
  // Episodes wait in lines of our own where the order is ours to keep: one line for the
  // deterministic schedule and for records first (Crawlee's forefront does not pass the requests
  // its queue head has already taken: records waited behind 20 of them); with the host bandit,
  // one line per host.
  const waiting = new EpisodeLine<EpisodeAssignment>(first);
  const held = opts.config.hostBandit === 'thompson' ? new HeldEpisodes<EpisodeAssignment>(first) : undefined;
  const enqueue = (a: EpisodeAssignment) => {
    if (held) {
      held.push(a);
      return;
    }
    if (opts.deterministic || recordsFirst) {
      waiting.push(a);
      return;
    }
    const p = queue.addRequest(toRequest(a)).finally(() => pendingAdds.delete(p));
    pendingAdds.add(p);
  };
  /**
   * Waiting episodes go into the queue while fewer than two per agent are queued or running
   * (deterministic: until one new episode is queued, so the queue holds one at a time).
   */
  const feed = async (waits: () => boolean, next: () => EpisodeAssignment) => {
    while (waits() && (opts.deterministic || queue.getPendingCount() < 2 * opts.agents)) {
      const added = await queue.addRequest(toRequest(next()));
      if (opts.deterministic && !added.wasAlreadyPresent && !added.wasAlreadyHandled) return;
    }
  };
  /** The one line: schedule order, records first with `recordsFirst`. */
  const feedWaiting = () => feed(() => waiting.length > 0, () => waiting.shift()!);
  /** Host bandit: the oldest waiting episode (records first) of the host the coordinator's Thompson sampling picks. */
  const feedHeld = () => feed(() => !!held?.size, () => held!.take(coordinator.pickHost(held!.hosts()))!);
  /** Both lines, after every way an episode can leave the queue (run, failed, skipped) and at the start. */
  const feedLines = async () => {
    await feedWaiting();
    await feedHeld();
  };
  const coordinator = new Coordinator(opts.config, opts.table, opts.store, enqueue);
  // The learned strategy's parameter server (and WGE) before any harvest episode is scheduled.
  await coordinator.preparePolicy(wgeGuideFor(opts.wge, opts.config.policy));
  if (opts.resume) coordinator.restore();
  else for (const seed of opts.seeds) coordinator.addSeed(seed);
  await Promise.all(pendingAdds);
  if (!opts.deterministic || (await queue.isEmpty())) await feedLines();

  // The learned strategy: one worker thread per agent for its copy of the policy network.
  const policyThreads = opts.config.policy ? await PolicyThreads.start(opts.deterministic ? 1 : opts.agents) : undefined;
  if (policyThreads) process.stderr.write(`surfacer: ${policyThreads.size} agent thread${policyThreads.size > 1 ? 's' : ''} for the policy network (tfjs backend ${policyThreads.backend})\n`);

  let stoppedBy: CrawlOutcome['stoppedBy'] = 'finished';
  let episodes = 0;
  let failedEpisodes = 0;
  // Playwright traces are per browser context, so traced episodes each get their own.
  const pages = new AgentPages({ contextPerPage: !!opts.playwrightTraceDir, hostRate: await seedHostLimit(opts.hostRate, opts.seeds) });
  // An episode is many page loads, not one: Crawlee's default 60 s handler timeout would
  // cut harvest episodes short, so it is the episode's own time limit plus slack (an
  // episode bounded by steps only gets a generous limit per step).
  const handlerTimeoutSecs = (opts.config.episodeTimeLimitMs > 0 ? Math.ceil(opts.config.episodeTimeLimitMs / 1000) : opts.config.maxStepsPerEpisode * 60) + 60;
  const crawler = new BasicCrawler(
    {
      requestQueue: queue,
      maxConcurrency: opts.deterministic ? 1 : opts.agents,
      minConcurrency: opts.deterministic ? 1 : Math.min(opts.agents, 2),
      // One episode at a time: the pool must look for the next one at once, not every half second.
      autoscaledPoolOptions: opts.deterministic ? { maybeRunIntervalSecs: 0.02 } : undefined,
      requestHandlerTimeoutSecs: handlerTimeoutSecs,
      maxRequestRetries: 2,
      useSessionPool: true,
      respectRobotsTxtFile: true,
      statusMessageLoggingInterval: 3600,
      requestHandler: async ({ request }) => {
        const a = request.userData['assignment'] as EpisodeAssignment;
        const budget = coordinator.budgetLeft();
        if (!budget.pages) {
          stoppedBy = 'page-budget';
          crawler.stop('page budget reached');
          return;
        }
        const page = await pages.acquire();
        // Crawlee gives up on a handler at its timeout but cannot stop it: closing the page ends
        // what the episode is still waiting for in it.
        const guard = setTimeout(() => void page.close().catch(() => undefined), handlerTimeoutSecs * 1000);
        const tracing = opts.playwrightTraceDir ? await startPlaywrightTrace(page.context()) : undefined;
        let ok = false;
        try {
          await runReportedEpisode(page, a, request.retryCount, coordinator, { policyThreads });
          ok = true;
        } finally {
          clearTimeout(guard);
          await tracing?.stop(join(opts.playwrightTraceDir!, `${a.episodeId}-attempt${request.retryCount}.zip`));
          await pages.release(page, ok);
        }
        episodes++;
        await Promise.all(pendingAdds);
        await feedLines();
        opts.onProgress?.(coordinator);
        if (episodes % 25 === 0) {
          await coordinator.checkpoint();
          await opts.checkpointModel?.(coordinator);
        }
      },
      // Crawlee drops an episode whose start page robots.txt disallows without calling either
      // handler. The waiting line is fed from the handlers, so a deterministic crawl (one episode
      // queued at a time) ended there, with every episode behind it unrun: on the sports site the
      // about page links /private/staff, and the crawl stopped after 41 pages and no record.
      // The coordinator is told too: an explore episode dropped so still counted as running, and
      // a weblog restart or the link policy's fallback (which wait for exploration to run dry) never came.
      onSkippedRequest: async ({ url }) => {
        coordinator.episodeDropped(url);
        await Promise.all(pendingAdds);
        await feedLines();
      },
      failedRequestHandler: async ({ request }, error) => {
        failedEpisodes++;
        const a = request.userData['assignment'] as EpisodeAssignment;
        await coordinator.send({ type: 'error', episodeId: a.episodeId, url: request.url, message: error.message });
        await feedLines();
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
    await pages.close();
    await policyThreads?.close();
    await Promise.all(pendingAdds);
    await coordinator.checkpoint();
  }
  if (stoppedBy === 'finished' && !coordinator.budgetLeft().queries) stoppedBy = 'query-budget';
  return { coordinator, stoppedBy, wallSeconds: (Date.now() - started) / 1000, episodes, failedEpisodes };
}

/**
 * Crawlee's file storage locks each file it writes with a `<file>.lock` directory
 * (proper-lockfile), which a killed crawl leaves behind. It counts as stale only 10 s after its
 * last touch, and Crawlee's retries wait about that long in all: a resume started at once, on a
 * busy machine, failed with "Lock file is already being held". The run store has already refused
 * a directory a live process holds (RunStore.resume), so every such lock left is dead.
 */
export function removeDeadFileLocks(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name.endsWith('.lock')) rmSync(path, { recursive: true, force: true });
    else removeDeadFileLocks(path);
  }
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
