/**
 * End-to-end: `surfacer train --select-seeds` trains, crawls its start and its checkpoint on a
 * site of the training domain it never crawled, and keeps the one that harvested more. At
 * `--scale tiny`, so the three crawls take about a minute (small took two and a half).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surfacer, tempDir } from './helpers.ts';

interface Selection { by: string; seeds: number[]; queries: number; sites: string[]; checkpoints: { afterCrawls: number; score: number; recordsAtBudget: Record<string, number>; pagesAtBudget: Record<string, number>; harvestRate: Record<string, number> }[]; chosen: number; keptUpdates: number }

describe('train --select-seeds (real Chromium)', { timeout: 600_000 }, () => {
  it('keeps the checkpoint that harvests most on a held-out site, and says so in the model', async () => {
    const dir = tempDir('train-select');
    const args = ['train', '--domains', 'arts', '--episodes', '1', '--max-queries', '2', '--scale', 'tiny', '--seed', '1', '--select-seeds', '11', '--select-queries', '2', '--out', join(dir, 'model'), '--keep-runs', join(dir, 'runs'), '--json'];
    const r = await surfacer(args, 540_000);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as { updates: number; curve: unknown[]; selection: Selection };
    const { selection } = result;
    expect(selection).toMatchObject({ by: 'records', seeds: [11], queries: 2, sites: ['arts (seed 11)'] });
    expect(selection.checkpoints.map((c) => c.afterCrawls)).toEqual([0, 1]);
    const best = Math.max(...selection.checkpoints.map((c) => c.score));
    expect(selection.checkpoints.find((c) => c.score === best)!.afterCrawls).toBe(selection.chosen);
    expect(selection.checkpoints.every((c) => c.recordsAtBudget['arts (seed 11)']! > 0)).toBe(true);
    // The training's own figures, whichever checkpoint was kept.
    expect(result.updates).toBeGreaterThan(0);
    expect(result.curve.length).toBeGreaterThan(0);

    // The model written is the checkpoint chosen, weight for weight, and names the site it was chosen on.
    const kept = selection.chosen === 0 ? join(dir, 'runs', '000-start') : join(dir, 'runs', '001-arts', 'model');
    expect(readFileSync(join(dir, 'model', 'weights.bin')).equals(readFileSync(join(kept, 'weights.bin')))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, 'model', 'manifest.json'), 'utf8')) as { updates: number; selectedOn: unknown; selection: Selection };
    expect(manifest.selectedOn).toEqual([{ domain: 'arts', seed: 11, scale: 'tiny' }]);
    // --scale tiny: the training crawl's site is named at its scale too (a bench refuses it as a test site).
    const trainedOn = JSON.parse(readFileSync(join(dir, 'runs', '001-arts', 'model', 'manifest.json'), 'utf8')) as { sites: unknown };
    expect(trainedOn.sites).toEqual([{ domain: 'arts', seed: 1, scale: 'tiny' }]);
    expect(manifest.selection.chosen).toBe(selection.chosen);
    expect(manifest.updates).toBe(selection.keptUpdates);
  });

  it('with --learn links, chooses the link policy by records per page and keeps it', async () => {
    // The start has no link policy (it follows every link); one arts crawl teaches one.
    const dir = tempDir('train-select-links');
    const start = 'bench-results/wge-links/start';
    const args = ['train', '--domains', 'arts', '--episodes', '1', '--max-queries', '2', '--scale', 'tiny', '--seed', '1', '--init', start, '--learn', 'links', '--select-seeds', '11', '--select-queries', '2', '--out', join(dir, 'model'), '--keep-runs', join(dir, 'runs'), '--json'];
    const r = await surfacer(args, 540_000);
    expect(r.code, r.stderr).toBe(0);
    const { selection } = JSON.parse(r.stdout) as { selection: Selection };
    expect(selection).toMatchObject({ by: 'harvest-rate', seeds: [11], sites: ['arts (seed 11)'] });
    expect(selection.checkpoints.map((c) => c.afterCrawls)).toEqual([0, 1]);
    // One site: the score is the checkpoint's rate over the best rate there.
    const rates = selection.checkpoints.map((c) => c.harvestRate['arts (seed 11)']!);
    expect(Math.min(...rates)).toBeGreaterThan(0);
    selection.checkpoints.forEach((c, i) => expect(c.score).toBeCloseTo(rates[i]! / Math.max(...rates), 2));
    expect(selection.checkpoints.every((c) => c.pagesAtBudget['arts (seed 11)']! > 0)).toBe(true);
    const best = Math.max(...selection.checkpoints.map((c) => c.score));
    expect(selection.checkpoints.find((c) => c.score === best)!.afterCrawls).toBe(selection.chosen);
    // The model kept carries the chosen checkpoint's link policy: none for the start, the one learnt otherwise.
    const linkPolicy = join(dir, 'model', 'link-policy.json');
    if (selection.chosen === 0) expect(existsSync(linkPolicy)).toBe(false);
    else expect(readFileSync(linkPolicy, 'utf8')).toBe(readFileSync(join(dir, 'runs', '001-arts', 'model', 'link-policy.json'), 'utf8'));
    expect(readFileSync(join(dir, 'model', 'weights.bin')).equals(readFileSync(join(start, 'weights.bin')))).toBe(true);
  });
});
