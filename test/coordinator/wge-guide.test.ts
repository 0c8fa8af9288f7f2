/**
 * When a crawl gets a WGE guide: its workflows run query episodes, so only a crawl whose query
 * network learns has anything for them to guide (bench-results/wge-links/: `train --learn links`
 * ran with an idle guide and its model said wge: true).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, PolicyLearner, learnsQueries } from '../../src/coordinator/policy-learner.ts';
import { WgeGuide, wgeGuideFor } from '../../src/coordinator/wge-guide.ts';
import { loadModel } from '../../src/policy/checkpoint.ts';
import { repoRoot, tempDir } from '../e2e/helpers.ts';

const demos = { demosDir: join(repoRoot, 'demos') };

describe('wgeGuideFor', () => {
  it('guides a crawl whose query network learns, and no frozen or links-only crawl', () => {
    expect(learnsQueries({ frozen: false })).toBe(true);
    expect(learnsQueries({ frozen: false, learn: 'all' })).toBe(true);
    expect(learnsQueries({ frozen: false, learn: 'queries' })).toBe(true);
    expect(learnsQueries({ frozen: false, learn: 'links' })).toBe(false);
    expect(learnsQueries({ frozen: true })).toBe(false);
    expect(wgeGuideFor(demos, { frozen: false, learn: 'all' })).toBeInstanceOf(WgeGuide);
    expect(wgeGuideFor(demos, { frozen: false, learn: 'links' })).toBeUndefined();
    expect(wgeGuideFor(demos, { frozen: true })).toBeUndefined();
    expect(wgeGuideFor(undefined, { frozen: false })).toBeUndefined();
  });

  it('a learner saves wge: true only when its guide could run workflows', async () => {
    const dir = tempDir('wge-guide');
    const saved = async (learn: 'all' | 'links', out: string) => {
      const policy = { ...DEFAULT_POLICY, frozen: false, learn };
      const learner = await PolicyLearner.create(policy, 1, wgeGuideFor(demos, policy));
      try {
        // Links only: every harvest episode is the policy's, none a workflow's.
        const actors = new Set(Array.from({ length: 50 }, () => learner.pickActor()));
        await learner.save(join(dir, out), { domains: ['arts'] });
        return { actors, wge: loadModel(join(dir, out)).manifest.wge };
      } finally {
        learner.dispose();
      }
    };
    const all = await saved('all', 'all');
    expect(all.wge).toBe(true);
    expect(all.actors).toEqual(new Set(['policy', 'workflow']));
    const links = await saved('links', 'links');
    expect(links.wge).toBe(false);
    expect(links.actors).toEqual(new Set(['policy']));
  });
});
