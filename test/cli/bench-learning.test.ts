import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { learningTable, trainingCheckpoints, type LearningBenchResult } from '../../src/cli/bench-learning.ts';
import { UserError } from '../../src/cli/errors.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('bench learning: checkpoints of a training', () => {
  it('the untrained start, then each training crawl\'s model in training order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-learning-'));
    try {
      for (const run of ['002-business', '001-arts']) cpSync(join(root, 'models', 'a3c-default'), join(dir, run, 'model'), { recursive: true });
      mkdirSync(join(dir, '003-games')); // a crawl killed before it left a model
      const cps = trainingCheckpoints(dir);
      expect(cps.map((c) => c.name)).toEqual(['untrained', '001-arts', '002-business']);
      expect(cps[0]).toMatchObject({ model: 'fresh', episodes: 0, updates: 0 });
      expect(cps[1]!.model).toBe(join(dir, '001-arts', 'model'));
      expect(cps[1]!.episodes).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a folder without training runs is a clear error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-learning-'));
    try {
      expect(() => trainingCheckpoints(dir)).toThrow(UserError);
      expect(() => trainingCheckpoints(join(dir, 'missing'))).toThrow(/no such folder/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the table: one row per checkpoint, failed crawls marked', () => {
    const ok = { coverage: 0.5, coverageAt10: 0.2, hiddenRecords: 150, queriesIssued: 25, meanEpisodeReward: 1.25, episodes: 4 };
    const result: LearningBenchResult = {
      checkpoints: [
        { name: 'untrained', model: 'fresh', episodes: 0, updates: 0, domains: [], perDomain: { news: ok, sports: { ...ok, error: 'boom' } }, meanCoverage: 0.5, meanEpisodeReward: 1.25 },
      ],
      testDomains: ['news', 'sports'],
      budgets: { maxQueries: 25, maxPages: 400, seed: 1 },
      conventions: {},
    };
    const table = learningTable(result);
    expect(table).toContain('| untrained | 0 | 0 | 0.500 | failed | 0.500 | 1.250 |');
  });
});
