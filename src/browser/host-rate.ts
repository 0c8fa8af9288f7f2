/**
 * The per-host rate limit of DESIGN's safety rules: every request the agents' browser pages send
 * to one host (page loads, form submissions, and the pages' own images, styles and scripts, as a
 * server counts them) waits its turn, whichever agent sends it. It sits on the browser context,
 * so no navigation path (goto, a click, a submitted form, a replayed episode) goes around it.
 *
 * A host's turns are 1/`perSecond` apart, or its robots.txt Crawl-delay apart where that is
 * longer. The agent count alone bounds concurrency, not rate: with pages kept from episode to
 * episode a crawl of 4 agents sent about 13 pages a second to one host
 * (bench-results/agent-pages/). A remote host gets `DEFAULT_HOST_RATE` unless the user says
 * otherwise; loopback hosts (the built-in testbed) are held to a rate only when one is given, so
 * benchmarks measure the crawler, not the limit.
 *
 * Turns are timed from when the last request actually went, not laid out in advance: p-throttle
 * plans each call's time when it is made, so a timer that fires late (a busy machine) sends the
 * next request right behind it (30 ms apart at 20 a second in a test here).
 */
import type { BrowserContext, Route } from 'playwright';

/** Requests per second to one remote host when the user sets none. */
export const DEFAULT_HOST_RATE = 2;

/** The longest Crawl-delay honoured as asked (seconds): a larger one would stall the crawl, and is cut to this. */
export const MAX_CRAWL_DELAY_SEC = 60;

export interface HostRateLimitOptions {
  /** Requests per second to any one host (> 0); absent: no rate, only Crawl-delays. */
  perSecond?: number;
  /** Hold loopback hosts to the rate too (default false: only remote hosts). */
  loopback?: boolean;
}

/** What the limit did in a crawl, for its summary. */
export interface HostRateSummary {
  /** null: no rate (`--host-rate 0`). */
  perSecond: number | null;
  loopback: boolean;
  /** Seconds between requests that hosts' robots.txt asked for, by host. */
  crawlDelays: Record<string, number>;
  /** Requests to limited hosts, and those of them that had to wait their turn. */
  requests: number;
  delayed: number;
  /** Time the delayed requests waited, summed over requests (agents wait side by side). */
  waitedSeconds: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '[::1]' || h === '::1';
}

export class HostRateLimit {
  /** Per host: when its last request went (resolves once it has gone). */
  private readonly lastSent = new Map<string, Promise<number>>();
  private readonly crawlDelayMs = new Map<string, number>();
  private readonly rateIntervalMs: number;
  private requests = 0;
  private delayed = 0;
  private waitedMs = 0;

  constructor(readonly opts: HostRateLimitOptions = {}) {
    const rate = opts.perSecond;
    if (rate !== undefined && !(Number.isFinite(rate) && rate > 0)) throw new Error(`a host rate must be a number of requests per second > 0 (got ${rate})`);
    this.rateIntervalMs = rate === undefined ? 0 : 1000 / rate;
  }

  /**
   * The limit `crawl --host-rate` asks for: unset, the default for remote hosts; a rate, that
   * rate for every host, loopback included (the user asked for it); 0, no rate. Crawl-delays
   * are honoured in every case, as robots.txt's other rules are.
   */
  static fromOption(perSecond: number | undefined): HostRateLimit {
    if (perSecond === 0) return new HostRateLimit();
    return perSecond === undefined ? new HostRateLimit({ perSecond: DEFAULT_HOST_RATE }) : new HostRateLimit({ perSecond, loopback: true });
  }

  /** The host's robots.txt asks for `seconds` between requests (cut to `MAX_CRAWL_DELAY_SEC`). */
  honourCrawlDelay(hostname: string, seconds: number): void {
    if (!(Number.isFinite(seconds) && seconds > 0)) return;
    this.crawlDelayMs.set(hostname.toLowerCase(), Math.min(seconds, MAX_CRAWL_DELAY_SEC) * 1000);
  }

  /** Whether requests to this URL wait their turn: http(s) to a host held to a rate or a Crawl-delay. */
  limits(url: string | URL): boolean {
    const host = httpHost(url);
    return host !== undefined && this.intervalMs(host) > 0;
  }

  /**
   * Resolves when a request to `url` may go, with the time it went (`Date.now()`, the one the next
   * request's turn is counted from): at once, undefined, for a host not limited. A caller that
   * stamps the time itself reads it after the event loop's own delay, which varies by request.
   */
  async wait(url: string): Promise<number | undefined> {
    const host = httpHost(url);
    const interval = host === undefined ? 0 : this.intervalMs(host);
    if (host === undefined || interval <= 0) return undefined;
    this.requests++;
    const asked = Date.now();
    // Requests to one host queue behind each other; each goes a full interval after the one before went.
    const turn = (this.lastSent.get(host) ?? Promise.resolve(-Infinity)).then(async (last) => {
      if (last + interval > Date.now()) this.delayed++;
      for (let left = last + interval - Date.now(); left > 0; left = last + interval - Date.now()) await sleep(left);
      return Date.now();
    });
    this.lastSent.set(host, turn);
    const went = await turn;
    this.waitedMs += went - asked;
    return went;
  }

  /**
   * Every request of the context's pages to a limited host waits its turn before it is sent.
   * Playwright hands every request of a routed context to this process to match it, so a context
   * whose crawl reaches no limited host is better left unrouted (`limitsAny`).
   */
  async attach(context: BrowserContext): Promise<void> {
    await context.route(
      (u) => this.limits(u),
      async (route: Route) => {
        await this.wait(route.request().url());
        // The page may have closed while the request waited (an episode's time limit).
        await route.fallback().catch(() => undefined);
      },
    );
  }

  /** Whether any of these URLs' hosts is limited. */
  limitsAny(urls: readonly string[]): boolean {
    return urls.some((u) => this.limits(u));
  }

  summary(): HostRateSummary {
    return {
      perSecond: this.opts.perSecond ?? null,
      loopback: this.opts.loopback === true,
      crawlDelays: Object.fromEntries([...this.crawlDelayMs].map(([h, ms]) => [h, ms / 1000])),
      requests: this.requests,
      delayed: this.delayed,
      waitedSeconds: Math.round(this.waitedMs) / 1000,
    };
  }

  private intervalMs(host: string): number {
    const rated = this.opts.loopback === true || !isLoopbackHost(host) ? this.rateIntervalMs : 0;
    return Math.max(rated, this.crawlDelayMs.get(host) ?? 0);
  }
}

function httpHost(url: string | URL): string | undefined {
  try {
    const u = typeof url === 'string' ? new URL(url) : url;
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
