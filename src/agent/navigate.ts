/**
 * Loading a URL the way a polite crawler must: retry 429 and 5xx with backoff (honouring
 * Retry-After, capped so a hostile server cannot stall an agent), refuse non-HTML bodies
 * (no downloads), and report the status and final URL the agent actually got.
 */
import type { Page, Response } from 'playwright';

export class NonHtmlError extends Error {
  constructor(readonly url: string, readonly contentType: string) {
    super(`${url} is not HTML (content-type: ${contentType || 'none'})`);
    this.name = 'NonHtmlError';
  }
}

export class HttpError extends Error {
  constructor(readonly url: string, readonly status: number) {
    super(`${url} answered HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export interface NavigationResult {
  status: number;
  finalUrl: string;
  retries: number;
}

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 250, maxDelayMs: 4000, timeoutMs: 20_000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Delay before retry `attempt` (0-based): Retry-After when the server gave one, else exponential. */
export function retryDelayMs(attempt: number, retryAfter: string | null | undefined, policy: RetryPolicy = DEFAULT_RETRY): number {
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  const wanted = Number.isFinite(seconds) ? seconds * 1000 : policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, Math.max(0, wanted));
}

export function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Runs a navigation (goto, click, submit) and retries the page load while the answer is retryable. */
export async function withRetries(page: Page, url: string, navigate: () => Promise<Response | null>, reload: () => Promise<Response | null>, policy: RetryPolicy = DEFAULT_RETRY): Promise<NavigationResult> {
  let response = await navigate();
  let retries = 0;
  while (response && isRetryable(response.status()) && retries < policy.retries) {
    await sleep(retryDelayMs(retries, response.headers()['retry-after'], policy));
    retries++;
    response = await reload();
  }
  const status = response?.status() ?? 200;
  if (response) {
    const type = response.headers()['content-type'] ?? '';
    if (type && !/html|xml/i.test(type)) throw new NonHtmlError(url, type);
  }
  if (status >= 400) throw new HttpError(url, status);
  return { status, finalUrl: page.url(), retries };
}

export async function politeGoto(page: Page, url: string, policy: RetryPolicy = DEFAULT_RETRY): Promise<NavigationResult> {
  const go = () => page.goto(url, { waitUntil: 'load', timeout: policy.timeoutMs });
  try {
    return await withRetries(page, url, go, go, policy);
  } catch (err) {
    // Chromium turns attachments and binary bodies into downloads, which a crawler never takes.
    if (err instanceof Error && /Download is starting/i.test(err.message)) throw new NonHtmlError(url, 'download');
    throw err;
  }
}
