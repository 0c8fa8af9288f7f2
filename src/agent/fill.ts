/**
 * Filling and submitting a search form in the live page, then waiting for whatever the
 * site does: a full navigation (GET or POST), or a script that fetches results and renders
 * them in place (only a real browser sees those).
 */
import type { Page, Request, Response } from 'playwright';
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
export async function submitForm(page: Page, form: SearchFormInfo, policy: RetryPolicy = DEFAULT_RETRY): Promise<SettleResult> {
  const formLocator = page.locator('form').nth(form.index);
  const submit = formLocator.locator(SUBMIT_SELECTOR).first();
  const hasButton = (await submit.count()) > 0;
  // A script-driven form never navigates: actAndSettle waits until its network goes quiet.
  return actAndSettle(page, policy, async () => {
    if (hasButton) await submit.click({ timeout: 5000 });
    else await formLocator.evaluate((f) => (f as HTMLFormElement).requestSubmit());
  });
}

/**
 * Does something that may navigate or update the page in place, and waits for whichever
 * happens. A same-document navigation (the history API) is not the end of an in-place update:
 * script results often set the address before they fetch. Nor is Playwright's 'networkidle',
 * which a page that once reached it reports at once. So an in-place update is over when the
 * page's text has changed and no request has been in flight for a moment; when the main frame
 * requested a new document, the wait is for that document's load.
 */
async function actAndSettle(page: Page, policy: RetryPolicy, action: () => Promise<void>): Promise<SettleResult> {
  const before = page.url();
  let navigated = false;
  let settled: Settled = 'timeout';
  const act = async (): Promise<Response | null> => {
    const textBefore = await visibleText(page);
    const requests = watchRequests(page);
    const load = page.waitForNavigation({ timeout: policy.timeoutMs, waitUntil: 'load' }).catch(() => null);
    try {
      await action();
      settled = await settleInPlace(page, textBefore, requests);
      if (!requests.documentRequested) return null;
      settled = 'document';
      const response = await load;
      navigated = true;
      return response;
    } finally {
      requests.stop();
    }
  };
  const result = await withRetries(page, before, act, () => page.reload({ waitUntil: 'load', timeout: policy.timeoutMs }), policy);
  return { ...result, navigated: navigated || page.url() !== before, settled };
}

/**
 * How the wait after an action ended: a new document loaded; the text changed (then went quiet);
 * nothing changed and no request started (`NOTHING_STARTED_MS`); or the text did not change in time.
 */
export type Settled = 'document' | 'changed' | 'unchanged' | 'timeout';
export type SettleResult = NavigationResult & { navigated: boolean; settled: Settled };

/** How long an in-place update may take to show, and then to go quiet. */
const SETTLE_TIMEOUT_MS = 5000;
/** No request in flight for this long: the update is done. */
const QUIET_MS = 150;
/** A control that has neither changed the text nor started a request by then did nothing (a dead button need not cost `SETTLE_TIMEOUT_MS`). */
const NOTHING_STARTED_MS = 1000;

async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
}

/** Counts the page's requests in flight from now on, and whether one of them is a new main document. */
function watchRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  let documentRequested = false;
  let anyStarted = false;
  const started = (r: Request) => {
    anyStarted = true;
    inFlight++;
    lastChange = Date.now();
    try {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documentRequested = true;
    } catch {
      // A service worker's request has no frame.
    }
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    get documentRequested() {
      return documentRequested;
    },
    get anyStarted() {
      return anyStarted;
    },
    quietForMs: () => (inFlight > 0 ? 0 : Date.now() - lastChange),
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Waits until the page's text differs from `textBefore` and then until its requests have gone
 * quiet (each at most `SETTLE_TIMEOUT_MS`); gives up early when nothing at all has happened.
 */
async function settleInPlace(page: Page, textBefore: string, requests: ReturnType<typeof watchRequests>): Promise<Exclude<Settled, 'document'>> {
  // A new document replaces the context; Playwright reruns the check there, where the text differs.
  const changed = page.waitForFunction((b) => (document.body?.innerText ?? '') !== b, textBefore, { timeout: SETTLE_TIMEOUT_MS, polling: 50 }).then(
    () => 'changed' as const,
    () => 'timeout' as const,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<'unchanged'>((resolve) => {
    timer = setTimeout(() => {
      if (!requests.anyStarted) resolve('unchanged');
    }, NOTHING_STARTED_MS);
  });
  const settled = await Promise.race([changed, idle]);
  clearTimeout(timer);
  if (settled === 'unchanged') return settled;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline && requests.quietForMs() < QUIET_MS) await new Promise((r) => setTimeout(r, 25));
  return settled;
}

/** Clicks a control (next button, load more) and waits for a navigation or an in-place update. */
export async function clickAndSettle(page: Page, selectorHint: string, policy: RetryPolicy = DEFAULT_RETRY): Promise<SettleResult> {
  return actAndSettle(page, policy, async () => {
    await page.locator(selectorHint).first().click({ timeout: 5000 });
  });
}
