/**
 * Recording a demonstration in a live Playwright page: the instrumentation (page-scripts.ts)
 * is installed in every document and reports each action through a binding; each report
 * becomes a demo step here. What drives the page (a person, or a script) is not seen: the
 * steps come only from what the instrumentation observed.
 */
import type { Page } from 'playwright';
import type { LvsTable } from '../lvs/types.ts';
import { DEMO_BINDING, INSTRUMENT_SOURCE } from './page-scripts.ts';
import { eventToStep, type RawDemoEvent } from './record-events.ts';
import type { Demo, DemoStep } from './types.ts';

export interface RecorderOptions {
  /** The site domain's LVS table: typed values found in it are recorded as valueSource 'lvs'. */
  lvs?: LvsTable;
}

export class DemoRecorder {
  private readonly recorded: DemoStep[] = [];
  private readonly raw: RawDemoEvent[] = [];
  private readonly problems: string[] = [];
  private searched = false;

  private constructor(private readonly opts: RecorderOptions) {}

  /** Instruments `page` (call before the first navigation): every later document reports to the recorder. */
  static async attach(page: Page, opts: RecorderOptions = {}): Promise<DemoRecorder> {
    const rec = new DemoRecorder(opts);
    // Bindings and init scripts survive navigations, so the listeners are back on every page.
    await page.exposeBinding(DEMO_BINDING, (_source, payload: unknown) => rec.receive(payload as RawDemoEvent));
    await page.addInitScript(INSTRUMENT_SOURCE);
    return rec;
  }

  /** Handles one report synchronously, so steps keep the order the page sent them in. */
  receive(ev: RawDemoEvent): void {
    this.raw.push(ev);
    try {
      const step = eventToStep(ev, { searched: this.searched, ...(this.opts.lvs ? { lvs: this.opts.lvs } : {}) });
      if (!step) return;
      if (step.action === 'submit') this.searched = true;
      this.recorded.push(step);
    } catch (err) {
      this.problems.push(`${ev.kind} on ${ev.url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  steps(): DemoStep[] {
    return [...this.recorded];
  }

  /** Raw reports, for debugging a recording. */
  events(): RawDemoEvent[] {
    return [...this.raw];
  }

  /** Reports that could not be turned into steps. */
  errors(): string[] {
    return [...this.problems];
  }

  /** Waits until reports already sent by the page have been handled (a round trip orders after them). */
  async settle(page: Page): Promise<void> {
    if (!page.isClosed()) await page.evaluate('0').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
  }

  demo(meta: { name: string; domain?: string; startUrl?: string }): Demo {
    return {
      name: meta.name,
      ...(meta.domain ? { domain: meta.domain } : {}),
      ...(meta.startUrl ? { startUrl: meta.startUrl } : {}),
      recordedAt: new Date().toISOString(),
      steps: this.steps(),
    };
  }
}
