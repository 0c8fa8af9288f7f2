/**
 * Each agent's own browser page, kept from one episode to the next. A fresh page costs
 * Chromium a new renderer process: opening it, and the first load and snapshot in it, took
 * about as long as the rest of a one-page episode (bench-results/agent-pages/). Episodes start
 * with their own navigation, so nothing of the last episode's page carries over but what
 * a browser keeps between tabs anyway (cookies, cache).
 *
 * A page is closed instead of kept when its episode failed (it may still be busy with what
 * timed out), when it crashed, and after `recyclePagesAfter` episodes, so a long crawl's
 * renderer memory stays bounded. A browser that died is launched again on the next page asked for.
 * Traced episodes each get a context of their own, as Playwright traces are per context.
 */
import type { Browser, BrowserContext, Page } from 'playwright';
import { launchChromium } from './launch.ts';
import type { HostRateLimit } from './host-rate.ts';

export interface AgentPagesOptions {
  /** A browser to use (the caller closes it); else one is launched, and launched again if it dies. */
  browser?: Browser;
  /** Every page in a context of its own, closed with it (for Playwright traces). */
  contextPerPage?: boolean;
  /** Episodes a page serves before it is closed for a fresh one. */
  recyclePagesAfter?: number;
  /** Every request of every page waits its host's turn (the per-host rate limit). */
  hostRate?: HostRateLimit;
}

export const DEFAULT_RECYCLE_PAGES_AFTER = 50;

export class AgentPages {
  private browser: Browser | undefined;
  private launching: Promise<Browser> | undefined;
  private context: BrowserContext | undefined;
  private readonly free: Page[] = [];
  private readonly uses = new WeakMap<Page, number>();
  private readonly crashed = new WeakSet<Page>();
  private readonly recycleAfter: number;
  private closed = false;
  /** Pages opened so far; a kept page handed out again is not counted again. */
  opened = 0;

  constructor(private readonly opts: AgentPagesOptions = {}) {
    this.browser = opts.browser;
    this.recycleAfter = opts.recyclePagesAfter ?? DEFAULT_RECYCLE_PAGES_AFTER;
    if (!(this.recycleAfter >= 1)) throw new Error(`recyclePagesAfter must be at least 1 (got ${opts.recyclePagesAfter})`);
  }

  /** A page for one episode: a kept one when there is one, else a new one. */
  async acquire(): Promise<Page> {
    if (this.closed) throw new Error('agent pages are closed');
    while (this.free.length) {
      const page = this.free.pop()!;
      if (!page.isClosed() && !this.crashed.has(page)) return page;
    }
    const context = this.opts.contextPerPage ? await this.newContext() : await this.sharedContext();
    const page = await context.newPage();
    this.opened++;
    page.once('crash', () => this.crashed.add(page));
    return page;
  }

  /** The episode is over: keep its page for the next one, unless it failed, crashed or has served its share. */
  async release(page: Page, episodeOk: boolean): Promise<void> {
    const uses = (this.uses.get(page) ?? 0) + 1;
    this.uses.set(page, uses);
    const keep = episodeOk && !this.closed && !this.opts.contextPerPage && !page.isClosed() && !this.crashed.has(page) && uses < this.recycleAfter;
    if (keep) {
      this.free.push(page);
      return;
    }
    if (this.opts.contextPerPage) await page.context().close().catch(() => undefined);
    else await page.close().catch(() => undefined);
  }

  /** Closes every page kept, and the browser if it was launched here. */
  async close(): Promise<void> {
    this.closed = true;
    for (const page of this.free.splice(0)) await page.close().catch(() => undefined);
    await this.context?.close().catch(() => undefined);
    if (!this.opts.browser) await this.browser?.close().catch(() => undefined);
  }

  private async sharedContext(): Promise<BrowserContext> {
    const browser = await this.liveBrowser();
    if (!this.context || this.context.browser() !== browser) this.context = await this.newContext();
    return this.context;
  }

  private async newContext(): Promise<BrowserContext> {
    const context = await (await this.liveBrowser()).newContext();
    await this.opts.hostRate?.attach(context);
    return context;
  }

  private async liveBrowser(): Promise<Browser> {
    if (this.browser?.isConnected()) return this.browser;
    if (this.opts.browser) throw new Error('the browser has closed');
    // Agents asking at once share one launch.
    this.launching ??= launchChromium().finally(() => (this.launching = undefined));
    this.browser = await this.launching;
    this.context = undefined;
    this.free.length = 0;
    return this.browser;
  }
}
