/**
 * Replaying a demo in a live page: for each step, the element that best fits the step's
 * abstract description on the page as it is now (match.ts), then the action on it. The
 * first step nothing fits ends the replay; later steps are reported as skipped.
 */
import type { Page } from 'playwright';
import { stepConstraints } from './induce.ts';
import { findElement, rankElements } from './match.ts';
import { livePageElements, locate, type LiveElement } from './page-elements.ts';
import { withNavigation } from './script.ts';
import type { Box, Demo, DemoAction, DemoStep } from './types.ts';

export interface ReplayStepResult {
  step: number;
  action: DemoAction;
  status: 'done' | 'not-found' | 'failed' | 'skipped';
  found: boolean;
  /** Share of the step's weighted constraints the chosen element satisfied. */
  score?: number;
  satisfied?: string[];
  unsatisfied?: string[];
  element?: { tag: string; text?: string; label?: string; name?: string; formType?: string; fieldType?: string; href?: string };
  value?: string;
  /** Page after the step. */
  url: string;
  error?: string;
}

export interface ReplayReport {
  demo: string;
  startUrl: string;
  steps: ReplayStepResult[];
  allFound: boolean;
}

export interface ReplayOptions {
  navigationWaitMs?: number;
  timeoutMs?: number;
}

const NAVIGATES = new Set<DemoAction>(['follow-link', 'submit', 'open-result', 'next-page']);

function summary(el: LiveElement): NonNullable<ReplayStepResult['element']> {
  const out: NonNullable<ReplayStepResult['element']> = { tag: el.tag };
  for (const k of ['text', 'label', 'name', 'formType', 'fieldType', 'href'] as const) if (el[k] !== undefined) out[k] = el[k];
  return out;
}

async function act(page: Page, step: DemoStep, el: LiveElement, opts: Required<ReplayOptions>): Promise<void> {
  const target = locate(page, el.index);
  const timeout = opts.timeoutMs;
  switch (step.action) {
    case 'type':
      await target.fill(step.value ?? '', { timeout });
      return;
    case 'select':
      if (el.tag === 'select') {
        const byLabel = target.selectOption({ label: step.value ?? '' }, { timeout: Math.min(timeout, 2_000) });
        await byLabel.catch(() => target.selectOption(step.optionValue ?? step.value ?? '', { timeout }));
      } else await target.check({ timeout });
      return;
    default:
      if (el.tag === 'form') await withNavigation(page, () => target.evaluate((f) => (f as HTMLFormElement).requestSubmit()), opts.navigationWaitMs);
      else await withNavigation(page, () => target.click({ timeout }), opts.navigationWaitMs);
  }
}

export async function replayDemo(page: Page, demo: Demo, startUrl: string, options: ReplayOptions = {}): Promise<ReplayReport> {
  const opts = { navigationWaitMs: options.navigationWaitMs ?? 5_000, timeoutMs: options.timeoutMs ?? 10_000 };
  await page.goto(startUrl, { waitUntil: 'load' });
  const results: ReplayStepResult[] = [];
  let previous: { box?: Box; formIndex?: number } = {};
  let stopped = false;
  for (const [i, step] of demo.steps.entries()) {
    const base = { step: i, action: step.action, ...(step.value !== undefined ? { value: step.value } : {}) };
    if (stopped) {
      results.push({ ...base, status: 'skipped', found: false, url: page.url() });
      continue;
    }
    const constraints = stepConstraints(step, demo.steps[i - 1]);
    const elements = await livePageElements(page);
    const ctx = { ...(previous.box ? { previous: previous.box } : {}), ...(previous.formIndex !== undefined ? { formIndex: previous.formIndex } : {}) };
    const match = findElement(step.action, constraints, elements, ctx, step.element.tag);
    if (!match) {
      const near = rankElements(step.action, constraints, elements, ctx, step.element.tag)[0];
      results.push({ ...base, status: 'not-found', found: false, ...(near ? { score: near.score, unsatisfied: near.unsatisfied } : {}), url: page.url() });
      stopped = true;
      continue;
    }
    const el = elements[match.index] as LiveElement;
    const found = { ...base, found: true, score: Math.round(match.score * 1000) / 1000, satisfied: match.satisfied, unsatisfied: match.unsatisfied, element: summary(el) };
    try {
      await act(page, step, el, opts);
      results.push({ ...found, status: 'done', url: page.url() });
    } catch (err) {
      results.push({ ...found, status: 'failed', url: page.url(), error: err instanceof Error ? err.message.split('\n')[0] : String(err) });
      stopped = true;
    }
    // Layout and form carry over only while the page stays the same.
    previous = NAVIGATES.has(step.action) ? {} : { ...(el.layout ? { box: el.layout } : {}), ...(el.formIndex !== undefined ? { formIndex: el.formIndex } : {}) };
  }
  return { demo: demo.name, startUrl, steps: results, allFound: results.every((r) => r.found) };
}
