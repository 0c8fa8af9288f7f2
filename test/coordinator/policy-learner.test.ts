/**
 * What a saved model says it trained on: its domains and, while the record is complete, its
 * testbed sites, so a bench can test it on other sites of the same domains.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, PolicyLearner } from '../../src/coordinator/policy-learner.ts';
import { loadModel } from '../../src/policy/checkpoint.ts';
import { tempDir } from '../e2e/helpers.ts';

async function saveFrom(model: string | undefined, out: string, domain: string, sites?: { domain: string; seed: number; scale: string }[]) {
  const learner = await PolicyLearner.create({ ...DEFAULT_POLICY, ...(model ? { model } : {}) }, 1);
  try {
    await learner.save(out, { domains: [domain], ...(sites ? { sites } : {}) });
  } finally {
    learner.dispose();
  }
  return loadModel(out).manifest;
}

describe('PolicyLearner.save: the sites a model trained on', () => {
  it("adds each crawl's testbed site to those of the model it went on from", async () => {
    const dir = tempDir('learner-sites');
    const first = await saveFrom(undefined, join(dir, 'one'), 'arts', [{ domain: 'arts', seed: 1, scale: 'small' }]);
    expect(first.sites).toEqual([{ domain: 'arts', seed: 1, scale: 'small' }]);
    const second = await saveFrom(join(dir, 'one'), join(dir, 'two'), 'games', [{ domain: 'games', seed: 2, scale: 'small' }]);
    expect(second.domains).toEqual(['arts', 'games']);
    expect(second.sites).toEqual([{ domain: 'arts', seed: 1, scale: 'small' }, { domain: 'games', seed: 2, scale: 'small' }]);
    // A crawl of real sites adds its domain but no testbed site.
    const third = await saveFrom(join(dir, 'two'), join(dir, 'three'), 'news');
    expect(third.domains).toEqual(['arts', 'games', 'news']);
    expect(third.sites).toHaveLength(2);
  });

  it('keeps no list once the model it went on from had none: an incomplete list would let a bench test it on a site it trained on', async () => {
    const dir = tempDir('learner-legacy');
    await saveFrom(undefined, join(dir, 'one'), 'arts', [{ domain: 'arts', seed: 1, scale: 'small' }]);
    const file = join(dir, 'one', 'manifest.json');
    const { sites: _dropped, ...legacy } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify(legacy));
    const next = await saveFrom(join(dir, 'one'), join(dir, 'two'), 'games', [{ domain: 'games', seed: 2, scale: 'small' }]);
    expect(next.domains).toEqual(['arts', 'games']);
    expect(next.sites).toBeUndefined();
  });

  it('carries on the sites the model it went on from was chosen on (train --select-seeds)', async () => {
    const dir = tempDir('learner-selected');
    await saveFrom(undefined, join(dir, 'one'), 'arts', [{ domain: 'arts', seed: 1, scale: 'small' }]);
    const file = join(dir, 'one', 'manifest.json');
    const selectedOn = [{ domain: 'arts', seed: 11, scale: 'small' }];
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>), selectedOn }));
    const next = await saveFrom(join(dir, 'one'), join(dir, 'two'), 'games', [{ domain: 'games', seed: 2, scale: 'small' }]);
    expect(next.selectedOn).toEqual(selectedOn);
    expect(next.sites).toHaveLength(2);
  });

  it('starts a complete list from an untrained network saved before sites were kept (no domains, so no sites)', async () => {
    const dir = tempDir('learner-untrained');
    await saveFrom(undefined, join(dir, 'zero'), 'arts');
    const file = join(dir, 'zero', 'manifest.json');
    const { sites: _dropped, ...legacy } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...legacy, domains: [] }));
    const next = await saveFrom(join(dir, 'zero'), join(dir, 'one'), 'business', [{ domain: 'business', seed: 101, scale: 'small' }]);
    expect(next.sites).toEqual([{ domain: 'business', seed: 101, scale: 'small' }]);
  });
});

describe('PolicyLearner: whether the actor reads candidate queries\' words', () => {
  it('fresh parameters read them unless told not to; a model keeps its setting, and one saved before the setting reads them', async () => {
    const dir = tempDir('learner-words');
    const fresh = await PolicyLearner.create({ ...DEFAULT_POLICY, candidateWords: false }, 1);
    expect(fresh.candidateWords).toBe(false);
    await fresh.save(join(dir, 'plain'), { domains: ['arts'] });
    fresh.dispose();
    expect(loadModel(join(dir, 'plain')).manifest.candidateWords).toBe(false);
    expect((await saveFrom(join(dir, 'plain'), join(dir, 'plain2'), 'games')).candidateWords).toBe(false);
    const asked = await PolicyLearner.create({ ...DEFAULT_POLICY }, 1);
    expect(asked.candidateWords).toBe(true);
    await asked.save(join(dir, 'words'), { domains: ['arts'] });
    asked.dispose();
    // A model's own setting wins over the config's, which is for fresh parameters only.
    const loaded = await PolicyLearner.create({ ...DEFAULT_POLICY, model: join(dir, 'words'), candidateWords: false }, 1);
    expect(loaded.candidateWords).toBe(true);
    loaded.dispose();
    const file = join(dir, 'plain', 'manifest.json');
    const { candidateWords: _dropped, ...legacy } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify(legacy));
    expect((await saveFrom(join(dir, 'plain'), join(dir, 'legacy'), 'games')).candidateWords).toBe(true);
  });
});

describe('PolicyLearner: GAE λ', () => {
  it("sends the crawl's λ to its agents and records it in the model it saves (1 unless set)", async () => {
    const dir = tempDir('learner-gae');
    for (const [lambda, expected] of [[undefined, 1], [0.3, 0.3]] as const) {
      const learner = await PolicyLearner.create({ ...DEFAULT_POLICY, ...(lambda === undefined ? {} : { gaeLambda: lambda }) }, 1);
      try {
        expect(learner.params('policy').gaeLambda).toBe(expected);
        await learner.save(join(dir, String(expected)), { domains: ['arts'] });
      } finally {
        learner.dispose();
      }
      expect(loadModel(join(dir, String(expected))).manifest.learning.gaeLambda).toBe(expected);
    }
  });
});

describe('PolicyLearner: how links are decided', () => {
  it('draws links only while it learns them, and not when acting greedily with links as the queries', async () => {
    const cases: [Partial<typeof DEFAULT_POLICY>, boolean][] = [
      [{}, true],
      [{ acting: 'draw' }, true],
      [{ acting: 'greedy', linkActing: 'as-queries' }, false],
      [{ acting: 'greedy', linkActing: 'draw' }, true],
      // A config saved before stop 78 (no linkActing) replays as it ran: links drawn.
      [{ acting: 'greedy' }, true],
      [{ acting: 'draw', linkActing: 'as-queries' }, true],
      [{ frozen: true }, false],
      [{ frozen: true, linkActing: 'draw' }, false],
      [{ learn: 'queries', linkActing: 'draw' }, false],
    ];
    for (const [config, draws] of cases) {
      const learner = await PolicyLearner.create({ ...DEFAULT_POLICY, ...config }, 1);
      try {
        expect({ config, draws: learner.drawsLinks }).toEqual({ config, draws });
      } finally {
        learner.dispose();
      }
    }
  });
});
