import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processTreeRss, startMemorySampler } from '../../src/cli/process-memory.ts';

describe.runIf(process.platform === 'linux')('process memory', () => {
  it('counts the memory of child processes too', async () => {
    const alone = processTreeRss()!;
    expect(alone).toBeGreaterThanOrEqual(process.memoryUsage().rss * 0.5);
    // A child Node process holds tens of MiB of its own.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const withChild = processTreeRss()!;
      expect(withChild - alone).toBeGreaterThan(10 * 2 ** 20);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('samples a peak at least as large as the current footprint', () => {
    const sampler = startMemorySampler(10);
    const peak = sampler.stop();
    expect(peak.nodeMiB).toBeGreaterThanOrEqual(Math.floor(process.memoryUsage().rss / 2 ** 20) - 1);
    expect(peak.totalMiB).toBeGreaterThanOrEqual(peak.nodeMiB);
  });
});
