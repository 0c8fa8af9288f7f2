import type { HostRateLimit } from '../../src/browser/index.ts';

/**
 * Calls `onLetGo` with the time `limit` let each request go (what its `wait` gives). Tests read a
 * rate's spacing there, where the limit makes it: a site sees each request after the browser's
 * own way, which varies by tens of milliseconds on a busy machine (a fresh browser's first most),
 * and a stamp taken after `wait` returns carries the event loop's delay.
 */
export function onLetGo(limit: HostRateLimit, record: (url: string, at: number) => void): void {
  const wait = limit.wait.bind(limit);
  limit.wait = async (url: string) => {
    const went = await wait(url);
    record(url, went!);
    return went;
  };
}
