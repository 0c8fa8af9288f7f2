/**
 * Scripted demonstrations: a JSON list of actions that drives the instrumented page the way
 * a person would (real clicks, typing, option choices), so recording works headless and in
 * tests. Elements are named by CSS selector, link/button text, or field label.
 */
import type { Locator, Page } from 'playwright';

export type ScriptAction =
  | { action: 'click'; selector?: string; text?: string; navigates?: boolean }
  | { action: 'type'; selector?: string; label?: string; value: string }
  | { action: 'select'; selector?: string; label?: string; value: string }
  /** Clicks the named submit control; with none named, the first submit control of the last filled field's form. */
  | { action: 'submit'; selector?: string; text?: string }
  | { action: 'press'; key: string; selector?: string; navigates?: boolean }
  | { action: 'wait'; ms: number };

const ACTIONS = ['click', 'type', 'select', 'submit', 'press', 'wait'];

export function parseScript(json: unknown, where = 'script'): ScriptAction[] {
  if (!Array.isArray(json)) throw new Error(`${where}: a script is a JSON array of actions`);
  return json.map((a: unknown, i) => {
    const at = `${where}: action ${i}`;
    if (typeof a !== 'object' || a === null) throw new Error(`${at} is not an object`);
    const o = a as Record<string, unknown>;
    if (!ACTIONS.includes(o['action'] as string)) throw new Error(`${at}: "action" must be one of ${ACTIONS.join(', ')}`);
    for (const k of ['selector', 'text', 'label', 'value', 'key']) if (o[k] !== undefined && typeof o[k] !== 'string') throw new Error(`${at}: "${k}" must be a string`);
    if ((o['action'] === 'type' || o['action'] === 'select') && typeof o['value'] !== 'string') throw new Error(`${at}: ${String(o['action'])} needs a "value"`);
    if ((o['action'] === 'type' || o['action'] === 'select') && !o['selector'] && !o['label']) throw new Error(`${at}: ${String(o['action'])} needs a "selector" or "label"`);
    if (o['action'] === 'click' && !o['selector'] && !o['text']) throw new Error(`${at}: click needs a "selector" or "text"`);
    if (o['action'] === 'press' && typeof o['key'] !== 'string') throw new Error(`${at}: press needs a "key"`);
    if (o['action'] === 'wait' && typeof o['ms'] !== 'number') throw new Error(`${at}: wait needs "ms"`);
    return o as unknown as ScriptAction;
  });
}

export interface ScriptOptions {
  /** How long to wait for a click to start a navigation before taking it as one that does not. */
  navigationWaitMs?: number;
  /** Per-action timeout. */
  timeoutMs?: number;
}

/** Runs `fn`, then waits for the load of the navigation it started, if it started one. */
export async function withNavigation(page: Page, fn: () => Promise<void>, waitMs: number): Promise<void> {
  if (waitMs <= 0) return fn();
  const started = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: waitMs }).then(
    () => true,
    () => false,
  );
  await fn();
  if (await started) await page.waitForLoadState('load');
}

function target(page: Page, a: { selector?: string; text?: string; label?: string }, buttonsOnly = false): Locator {
  if (a.selector) return page.locator(a.selector).first();
  if (a.label) return page.getByLabel(a.label).first();
  const name = a.text as string;
  const button = page.getByRole('button', { name, exact: true });
  return (buttonsOnly ? button : page.getByRole('link', { name, exact: true }).or(button)).first();
}

const SUBMIT_CONTROLS = 'button:not([type]), button[type=submit], input[type=submit], input[type=image]';

export async function runScript(page: Page, actions: readonly ScriptAction[], opts: ScriptOptions = {}): Promise<void> {
  const navWait = opts.navigationWaitMs ?? 5_000;
  const timeout = opts.timeoutMs ?? 10_000;
  let lastField: Locator | undefined;
  for (const [i, a] of actions.entries()) {
    try {
      switch (a.action) {
        case 'click':
          await withNavigation(page, () => target(page, a).click({ timeout }), a.navigates === false ? 0 : navWait);
          break;
        case 'type':
          lastField = target(page, a);
          await lastField.click({ timeout });
          await lastField.fill(a.value, { timeout });
          break;
        case 'select': {
          lastField = target(page, a);
          const field = lastField;
          await field.selectOption({ label: a.value }, { timeout }).catch(() => field.selectOption(a.value, { timeout }));
          break;
        }
        case 'submit': {
          const named = a.selector || a.text ? target(page, a, true) : lastField?.locator('xpath=ancestor::form[1]').locator(SUBMIT_CONTROLS).first();
          if (!named) throw new Error('nothing to submit: name a selector or text, or fill a field first');
          await withNavigation(page, () => named.click({ timeout }), navWait);
          break;
        }
        case 'press': {
          const on = a.selector ? page.locator(a.selector).first() : lastField;
          await withNavigation(page, () => (on ? on.press(a.key, { timeout }) : page.keyboard.press(a.key)), a.navigates === false ? 0 : navWait);
          break;
        }
        case 'wait':
          await page.waitForTimeout(a.ms);
          break;
      }
    } catch (err) {
      throw new Error(`script action ${i} (${a.action}) failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  }
}
