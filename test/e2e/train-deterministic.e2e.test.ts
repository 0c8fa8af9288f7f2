/**
 * End-to-end: `surfacer train --deterministic` trains the same model twice, bit for bit: query
 * network, link policy and curve. Without it, four agents at once make each training crawl a
 * little different (bench-results/wge-links/). Two tiny crawls per training, both trainings at once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surfacer, tempDir } from './helpers.ts';

describe('train --deterministic (real Chromium)', { timeout: 600_000 }, () => {
  it('gives the same model from the same seed and options', async () => {
    const dir = tempDir('train-deterministic');
    const train = (name: string) =>
      surfacer(['train', '--domains', 'arts,games', '--episodes', '1', '--max-queries', '3', '--scale', 'tiny', '--seed', '1', '--deterministic', '--out', join(dir, name), '--json'], 540_000);
    const [a, b] = await Promise.all([train('a'), train('b')]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const result = JSON.parse(a.stdout) as { deterministic: boolean; wge: boolean; updates: number; crawls: unknown[]; curve: unknown[] };
    expect(result).toMatchObject({ deterministic: true, wge: true });
    expect(result.crawls).toHaveLength(2);
    expect(result.updates).toBeGreaterThan(0);
    const file = (name: string, f: string) => readFileSync(join(dir, name, f));
    expect(file('b', 'weights.bin').equals(file('a', 'weights.bin'))).toBe(true);
    expect(file('b', 'link-policy.json').toString()).toBe(file('a', 'link-policy.json').toString());
    const curve = (name: string) => (JSON.parse(file(name, 'manifest.json').toString()) as { curve: unknown[] }).curve;
    expect(curve('b')).toEqual(curve('a'));
    expect(curve('a').length).toBeGreaterThan(0);
  });
});
