import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { finishedStep, markStepDone, otherCodeNote, portableArgs } from '../../src/cli/bench-resume.ts';

describe('bench resume receipts', () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'bench-resume-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('returns the recorded result only for exactly the same arguments', () => {
    const dir = fresh();
    const args = ['crawl', '--domain', 'news', '--max-queries', '200'];
    expect(finishedStep(dir, args)).toBeUndefined();
    markStepDone(dir, args, { coverage: 0.5 });
    expect(finishedStep(dir, args)).toEqual({ coverage: 0.5 });
    expect(finishedStep(dir, ['crawl', '--domain', 'news', '--max-queries', '100'])).toBeUndefined();
    expect(finishedStep(dir, [...args, '--frozen'])).toBeUndefined();
  });

  it('compares output and model folders by name, so a moved results folder still counts', () => {
    const dir = fresh();
    const args = ['crawl', '--domain', 'news', '--out', '/root/bench/runs/a3c-news', '--model', '/root/bench/models/a3c', 'model 2026-11-23 46 updates'];
    markStepDone(dir, args, { coverage: 0.9 });
    expect(finishedStep(dir, ['crawl', '--domain', 'news', '--out', '/work/main/bench-results/a3c-news', '--model', 'models/a3c', 'model 2026-11-23 46 updates'])).toEqual({ coverage: 0.9 });
    expect(finishedStep(dir, ['crawl', '--domain', 'news', '--out', '/work/main/bench-results/a3c-sports', '--model', 'models/a3c', 'model 2026-11-23 46 updates'])).toBeUndefined();
    expect(finishedStep(dir, ['crawl', '--domain', 'news', '--out', '/root/bench/runs/a3c-news', '--model', '/root/bench/models/a3c', 'model 2026-11-24 50 updates'])).toBeUndefined();
    expect(portableArgs(['--domain', 'out', '--out', '/a/b/c'])).toEqual(['--domain', 'out', '--out', 'c']);
  });

  it('treats a receipt cut short by a kill as not done', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'bench-done.json'), '{"args": ["crawl", "--dom');
    expect(finishedStep(dir, ['crawl'])).toBeUndefined();
  });

  it('a step reused from other code says so; the same code or an unknown commit says nothing', () => {
    expect(otherCodeNote('a523176', '0fcde61')).toBe(' (done at a523176, this code is 0fcde61: after a change of behaviour, use a fresh --keep-runs folder)');
    expect(otherCodeNote('0fcde61+dirty', '0fcde61')).toContain('done at 0fcde61+dirty');
    expect(otherCodeNote('0fcde61', '0fcde61')).toBe('');
    expect(otherCodeNote(undefined, '0fcde61')).toBe('');
    expect(otherCodeNote('0fcde61', null)).toBe('');
  });
});
