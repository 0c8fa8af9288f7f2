/** Playwright traces of episodes (for `npx playwright show-trace`): one zip per episode attempt. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BrowserContext } from 'playwright';

/**
 * Starts tracing a browser context (traces are per context, so a traced episode needs its
 * own); `stop` writes the zip. A failed write loses the trace, never the episode.
 */
export async function startPlaywrightTrace(context: BrowserContext): Promise<{ stop(path: string): Promise<void> }> {
  await context.tracing.start({ screenshots: true, snapshots: true });
  return {
    stop: async (path) => {
      mkdirSync(dirname(path), { recursive: true });
      await context.tracing.stop({ path }).catch(() => undefined);
    },
  };
}
