/**
 * Filling and submitting a search form in the live page, then waiting for whatever the
 * site does: a full navigation (GET or POST), or a script that fetches results and renders
 * them in place (only a real browser sees those).
 */
import type { Page, Response } from 'playwright';
import type { SearchFormInfo } from '../coordinator/messages.ts';
import { withRetries, type NavigationResult, type RetryPolicy, DEFAULT_RETRY } from './navigate.ts';

const SUBMIT_SELECTOR = 'button[type=submit], input[type=submit], input[type=image], button:not([type])';

export async function fillForm(page: Page, form: SearchFormInfo, values: Record<string, string>): Promise<void> {
  for (const field of form.fields) {
    if (!(field.name in values) || field.hidden) continue;
    const value = values[field.name]!;
    const el = page.locator(field.selectorHint).first();
    if (field.tag === 'select') {
      await el.selectOption(value, { timeout: 5000 });
    } else if (field.type === 'radio') {
      await page.locator(`form >> nth=${form.index}`).locator(`input[type=radio][name="${cssEscape(field.name)}"][value="${cssEscape(value)}"]`).first().check({ timeout: 5000 });
    } else if (field.type === 'checkbox') {
      if (value) await el.check({ timeout: 5000 });
    } else {
      await el.fill(value, { timeout: 5000 });
    }
  }
}

function cssEscape(s: string): string {
  return s.replace(/["\\]/g, '\\$&');
}

/**
 * Submits the form with its own submit button (sites attach behaviour to it), falling back
 * to requestSubmit(). Returns the navigation result; for in-place script results `navigated`
 * is false and the caller reads the updated DOM.
 */
export async function submitForm(page: Page, form: SearchFormInfo, policy: RetryPolicy = DEFAULT_RETRY): Promise<NavigationResult & { navigated: boolean }> {
  const formLocator = page.locator('form').nth(form.index);
  const submit = formLocator.locator(SUBMIT_SELECTOR).first();
  const hasButton = (await submit.count()) > 0;
  // A script-driven form never navigates: actAndSettle waits until its network goes quiet.
  return actAndSettle(page, policy, async () => {
    if (hasButton) await submit.click({ timeout: 5000 });
    else await formLocator.evaluate((f) => (f as HTMLFormElement).requestSubmit());
  });
}

/** Does something that may navigate or update the page in place, and waits for whichever happens. */
async function actAndSettle(page: Page, policy: RetryPolicy, action: () => Promise<void>): Promise<NavigationResult & { navigated: boolean }> {
  const before = page.url();
  let navigated = false;
  const act = async (): Promise<Response | null> => {
    const nav = page
      .waitForNavigation({ timeout: policy.timeoutMs, waitUntil: 'load' })
      .then((r) => {
        navigated = true;
        return r;
      })
      .catch(() => null);
    await action();
    return Promise.race([nav, settleInPlace(page)]);
  };
  const result = await withRetries(page, before, act, () => page.reload({ waitUntil: 'load', timeout: policy.timeoutMs }), policy);
  return { ...result, navigated: navigated || page.url() !== before };
}

/** Resolves null once the page has had no network traffic for a moment (in-place updates). */
async function settleInPlace(page: Page): Promise<null> {
  await page.waitForTimeout(150);
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  return null;
}

/** Clicks a control (next button, load more) and waits for a navigation or an in-place update. */
export async function clickAndSettle(page: Page, selectorHint: string, policy: RetryPolicy = DEFAULT_RETRY): Promise<NavigationResult & { navigated: boolean }> {
  return actAndSettle(page, policy, async () => {
    await page.locator(selectorHint).first().click({ timeout: 5000 });
  });
}
