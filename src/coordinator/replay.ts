/**
 * Replay: re-executes a recorded run against the same sites. A fresh coordinator (same
 * config, same seed) schedules the same episodes; agents run them in real pages; every
 * message an agent sends waits for its turn in the recorded order and must match the
 * recorded row (same kind, same digest, same answer from the coordinator). So the new run is
 * the old one message for message, and the first page that answers differently stops the
 * replay with what differed.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { runReportedEpisode } from '../agent/episode.ts';
import type { LvsTable } from '../lvs/index.ts';
import type { RunStore, TraceEvent } from '../store/index.ts';
import { Coordinator, type CoordinatorConfig } from './coordinator.ts';
import type { AgentMessage, CoordinatorPort, EpisodeAssignment, ReplyTo } from './messages.ts';
import { stableJson } from '../store/index.ts';
import { atOrigins, withoutAnyOrigins } from '../url/origins.ts';
import { AgentPages, startPlaywrightTrace, type HostRateLimit } from '../browser/index.ts';
import { messageTraceRow, type MessageMark } from './message-trace.ts';
import { wgeGuideFor, type WgeOptions } from './wge-guide.ts';
import { seedHostLimit } from './robots-delay.ts';

/** A trace row written for an agent message. */
export type RecordedMessageRow = TraceEvent & { msg: MessageMark; episode?: string };

export interface Divergence {
  /** Sequence number of the recorded row where the runs parted. */
  seq: number;
  episode?: string;
  /** The page (URL) involved, when there is one. */
  url?: string;
  /** One or two sentences: what the recording has, what the replay got. */
  message: string;
}

export interface ReplayOptions {
  rows: readonly RecordedMessageRow[];
  config: CoordinatorConfig;
  table: LvsTable;
  store: RunStore;
  seeds: string[];
  browser: Browser;
  /** The recorded run's site origins (its trace names them `{site}`). */
  recordedOrigins: readonly string[];
  playwrightTraceDir?: string;
  onProgress?: (replayed: number, total: number) => void;
  /** The recorded run learned with WGE: the same demonstrations, so workflows are sampled as they were. */
  wge?: WgeOptions;
  /** The per-host rate limit the recorded crawl kept (the seeds' Crawl-delays are added; none: unlimited). */
  hostRate?: HostRateLimit;
}

export interface ReplayOutcome {
  coordinator: Coordinator;
  matched: boolean;
  rowsReplayed: number;
  rowsRecorded: number;
  episodes: number;
  divergence: Divergence | null;
  wallSeconds: number;
}

/** Thrown into agents once the replay has diverged, so they stop at their next message. */
class ReplayStopped extends Error {
  constructor() {
    super('replay stopped');
  }
}

export function recordedMessageRows(trace: readonly TraceEvent[]): RecordedMessageRow[] {
  return trace.filter((r): r is RecordedMessageRow => typeof r['msg'] === 'object' && r['msg'] !== null);
}

export async function replayRun(opts: ReplayOptions): Promise<ReplayOutcome> {
  const started = Date.now();
  const assignments = new Map<string, EpisodeAssignment>();
  const coordinator = new Coordinator(opts.config, opts.table, opts.store, (a) => assignments.set(a.episodeId, a));
  // A learned-strategy run starts from the model it recorded; with WGE, from the same demonstrations
  // (the coordinator's random draws then pick the same workflows, in the recorded message order).
  await coordinator.preparePolicy(wgeGuideFor(opts.wge, opts.config.policy));
  for (const seed of opts.seeds) coordinator.addSeed(seed);
  const sequencer = new Sequencer({ ...opts, hostRate: await seedHostLimit(opts.hostRate, opts.seeds) }, coordinator, assignments);
  const divergence = await sequencer.run();
  await coordinator.checkpoint();
  return { coordinator, matched: divergence === null, rowsReplayed: sequencer.delivered, rowsRecorded: opts.rows.length, episodes: sequencer.episodesStarted, divergence, wallSeconds: (Date.now() - started) / 1000 };
}

class Sequencer implements CoordinatorPort {
  private k = 0;
  delivered = 0;
  episodesStarted = 0;
  private divergence: Divergence | null = null;
  private readonly remaining = new Map<string, number>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly waiters = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  private readonly pages: AgentPages;
  private finish!: () => void;
  private readonly liveOrigins: readonly string[];

  constructor(
    private readonly opts: ReplayOptions,
    private readonly coordinator: Coordinator,
    private readonly assignments: Map<string, EpisodeAssignment>,
  ) {
    for (const r of opts.rows) if (r.episode) this.remaining.set(r.episode, (this.remaining.get(r.episode) ?? 0) + 1);
    this.liveOrigins = opts.config.origins ?? [];
    // Traces are per context: a traced episode gets a context of its own.
    this.pages = new AgentPages({ browser: opts.browser, contextPerPage: !!opts.playwrightTraceDir, hostRate: opts.hostRate });
  }

  async run(): Promise<Divergence | null> {
    const done = new Promise<void>((resolve) => (this.finish = resolve));
    this.pump();
    await done;
    // Agents stopped by a divergence end at their next message; wait for them, then close.
    await Promise.allSettled([...this.running.values()]);
    await this.pages.close();
    return this.divergence;
  }

  /** Moves the replay on: starts the episode whose turn it is, or wakes the agent whose message is next. */
  private pump(): void {
    while (!this.divergence && this.k < this.opts.rows.length) {
      const row = this.opts.rows[this.k]!;
      const ep = row.episode ?? '';
      if (row.msg.type === 'episode-start' && !this.running.has(ep)) {
        this.startEpisode(row);
        return;
      }
      if (row.msg.type === 'error' && !this.running.has(ep)) {
        // The crawl's own note that an episode failed for good (after its retries).
        const input = (row.input ?? {}) as { url?: string };
        const outcome = (row.outcome ?? {}) as { message?: string };
        void this.coordinator.send({ type: 'error', episodeId: ep, url: this.live(input.url ?? ''), message: outcome.message ?? '' });
        this.advance(ep);
        continue;
      }
      const waiter = this.waiters.get(ep);
      if (waiter) {
        this.waiters.delete(ep);
        waiter.resolve();
      } else if (!this.running.has(ep)) {
        this.diverge(row, `episode ${ep} ended, but the recording goes on with ${describeRow(row)}`);
      }
      return;
    }
    if (!this.divergence && this.k >= this.opts.rows.length && this.running.size === 0) this.finish();
  }

  private advance(ep: string): void {
    this.k++;
    this.delivered++;
    this.remaining.set(ep, (this.remaining.get(ep) ?? 1) - 1);
    this.opts.onProgress?.(this.k, this.opts.rows.length);
  }

  private startEpisode(row: RecordedMessageRow): void {
    const ep = row.episode ?? '';
    const a = this.assignments.get(ep);
    const input = (row.input ?? {}) as { kind?: string; startUrl?: string; attempt?: number };
    if (!a) {
      this.diverge(row, `the coordinator did not schedule episode ${ep} (recorded: ${input.kind} episode at ${input.startUrl})`);
      return;
    }
    this.episodesStarted++;
    const attempt = input.attempt ?? 0;
    const traceDir = this.opts.playwrightTraceDir;
    const task = (async () => {
      const page = await this.pages.acquire();
      const tracing = traceDir ? await startPlaywrightTrace(page.context()) : undefined;
      let ok = false;
      try {
        await runReportedEpisode(page, a, attempt, this);
        ok = true;
      } catch {
        // A failed attempt was reported (episode-end, ok false) and compared like any message.
      } finally {
        await tracing?.stop(join(traceDir!, `${ep}-attempt${attempt}.zip`));
        await this.pages.release(page, ok);
      }
    })();
    const tracked = task.finally(() => {
      this.running.delete(ep);
      this.pump();
    });
    this.running.set(ep, tracked);
  }

  async send<M extends AgentMessage>(m: M): Promise<ReplyTo<M>> {
    const ep = 'episodeId' in m && m.episodeId ? m.episodeId : '';
    if (this.divergence) throw new ReplayStopped();
    if ((this.remaining.get(ep) ?? 0) <= 0) {
      const row = this.opts.rows[this.k];
      this.diverge(row, `episode ${ep} did more than the recording: ${describeMessage(m)}`);
      throw new ReplayStopped();
    }
    if (this.opts.rows[this.k]?.episode !== ep) {
      await new Promise<void>((resolve, reject) => this.waiters.set(ep, { resolve, reject }));
    }
    const row = this.opts.rows[this.k]!;
    const reply = await this.coordinator.send(m);
    // Digested as the recording would have: a result page's key holds the live origin percent-encoded.
    const live = messageTraceRow(m, reply, this.liveOrigins, { recordedOrigins: this.opts.recordedOrigins, encodedOrigins: this.opts.config.digestEncodedOrigins });
    const difference = compareRows(row, live, this.opts.recordedOrigins, this.liveOrigins);
    if (difference) {
      this.diverge(row, difference, urlOf(m));
      throw new ReplayStopped();
    }
    this.advance(ep);
    // Let the agent go on before waking the next one, so replies arrive in order.
    queueMicrotask(() => this.pump());
    return reply;
  }

  private diverge(row: RecordedMessageRow | undefined, message: string, url?: string): void {
    if (this.divergence) return;
    const input = (row?.input ?? {}) as Record<string, unknown>;
    const recordedUrl = [input['url'], input['startUrl'], input['pageUrl']].find((v): v is string => typeof v === 'string');
    this.divergence = { seq: row?.seq ?? -1, episode: row?.episode, url: url ?? recordedUrl, message };
    for (const w of this.waiters.values()) w.reject(new ReplayStopped());
    this.waiters.clear();
    this.finish();
  }

  /** A recorded URL at the live site's address. */
  private live(url: string): string {
    return atOrigins(url, this.opts.recordedOrigins, this.liveOrigins);
  }
}

/** What differs between a recorded row and the same message now, or null when they agree. */
export function compareRows(recorded: RecordedMessageRow, live: { action: string; input?: unknown; outcome?: unknown; msg: MessageMark }, recordedOrigins: readonly string[], liveOrigins: readonly string[]): string | null {
  const r = (v: unknown) => withoutAnyOrigins(stableJson(v ?? null), recordedOrigins);
  const l = (v: unknown) => withoutAnyOrigins(stableJson(v ?? null), liveOrigins);
  if (recorded.msg.type !== live.msg.type) return `the recording has ${describeRow(recorded)}; the replay got ${live.msg.type} ${l(live.input)}`;
  if (recorded.msg.digest !== live.msg.digest) {
    if (live.msg.type === 'page') return pageDifference(recorded, live, r, l);
    const [ri, li, ro, lo] = [r(recorded.input), l(live.input), r(recorded.outcome), l(live.outcome)];
    if (ri !== li) return `${live.msg.type} differs: recorded ${ri}, now ${li}`;
    if (ro !== lo) return `${live.msg.type} ${ri} differs: recorded ${ro}, now ${lo}`;
    return `${live.msg.type} ${ri} differs in a detail its trace row does not show (such as a classifier's probability)`;
  }
  // Same message, but the coordinator answered differently (other code, model or config).
  if (live.msg.type !== 'error' && live.msg.type !== 'episode-end' && r(recorded.outcome) !== l(live.outcome)) {
    return `the coordinator answered ${live.msg.type} differently: recorded ${r(recorded.outcome)}, now ${l(live.outcome)}`;
  }
  return null;
}

type PageOutcome = { finalUrl?: string; status?: number; kind?: string; title?: string; links?: number; textChars?: number };

function pageDifference(recorded: RecordedMessageRow, live: { input?: unknown; outcome?: unknown }, r: (v: unknown) => string, l: (v: unknown) => string): string {
  const a = (recorded.outcome ?? {}) as PageOutcome;
  const b = (live.outcome ?? {}) as PageOutcome;
  const url = ((recorded.input ?? {}) as { url?: string }).url ?? '?';
  const parts: string[] = [];
  if (r(a.finalUrl) !== l(b.finalUrl)) parts.push(`final URL ${r(a.finalUrl)} → ${l(b.finalUrl)}`);
  if (a.status !== b.status) parts.push(`status ${a.status} → ${b.status}`);
  if (a.title !== b.title) parts.push(`title ${JSON.stringify(a.title)} → ${JSON.stringify(b.title)}`);
  if (a.kind !== b.kind) parts.push(`labelled ${a.kind} → ${b.kind}`);
  if (a.links !== b.links) parts.push(`${a.links} → ${b.links} links`);
  if (a.textChars !== b.textChars) parts.push(`${a.textChars} → ${b.textChars} characters of text`);
  if (!parts.length) parts.push('same title and counts, but its text or links changed');
  return `page ${url} answered differently from the recording: ${parts.join('; ')}`;
}

function describeRow(row: RecordedMessageRow): string {
  return `${row.msg.type} ${stableJson(row.input ?? null)}`;
}

function describeMessage(m: AgentMessage): string {
  return `${m.type}${urlOf(m) ? ` ${urlOf(m)}` : ''}`;
}

function urlOf(m: AgentMessage): string | undefined {
  switch (m.type) {
    case 'page':
    case 'record':
    case 'allowed':
    case 'error':
      return m.url;
    case 'forms':
      return m.pageUrl;
    case 'links':
      return m.fromUrl;
    case 'episode-start':
      return m.startUrl;
    default:
      return undefined;
  }
}
