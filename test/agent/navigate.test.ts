import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, isRetryable, retryDelayMs } from '../../src/agent/navigate.ts';

describe('retry policy', () => {
  it('retries 429 and 5xx only', () => {
    expect([200, 404, 429, 500, 503].map(isRetryable)).toEqual([false, false, true, true, true]);
  });
  it('honours Retry-After, capped, and backs off exponentially without it', () => {
    expect(retryDelayMs(0, '2')).toBe(2000);
    expect(retryDelayMs(0, '3600')).toBe(DEFAULT_RETRY.maxDelayMs);
    expect(retryDelayMs(0, null)).toBe(250);
    expect(retryDelayMs(2, undefined)).toBe(1000);
  });
});
