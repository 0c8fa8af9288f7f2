import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { episodesToReach, learningTable, trainingCheckpoints, type LearningBenchResult } from '../../src/cli/bench-learning.ts';
import { UserError } from '../../src/cli/errors.ts';
import { INITIAL_PRIOR_SCALE } from '../../src/policy/network.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('bench learning: checkpoints of a training', () => {
  it('the untrained start, then each training crawl\'s model in training order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-learning-'));
    try {
      for (const run of ['002-business', '001-arts']) cpSync(join(root, 'bench-results', 'checkpoint-selection', 'shipped-before'), join(dir, run, 'model'), { recursive: true });
      mkdirSync(join(dir, '003-games')); // a crawl killed before it left a model
      const cps = trainingCheckpoints(dir);
      expect(cps.map((c) => c.name)).toEqual(['untrained', '001-arts', '002-business']);
      expect(cps[0]).toMatchObject({ model: 'fresh', episodes: 0, updates: 0, training: null });
      expect(cps[1]!.training).toBe(basename(dir));
      expect(cps[1]!.model).toBe(join(dir, '001-arts', 'model'));
      expect(cps[1]!.episodes).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the untrained start gets the prior weight the trainings began with; trainings that began apart are an error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-learning-'));
    try {
      const training = (name: string, scale: number | undefined) => {
        const model = join(dir, name, '001-arts', 'model');
        cpSync(join(root, 'bench-results', 'checkpoint-selection', 'shipped-before'), model, { recursive: true });
        const manifest = JSON.parse(readFileSync(join(model, 'manifest.json'), 'utf8')) as { learning: Record<string, unknown> };
        if (scale === undefined) delete manifest.learning.initialPriorScale;
        else manifest.learning.initialPriorScale = scale;
        writeFileSync(join(model, 'manifest.json'), JSON.stringify(manifest));
        return join(dir, name);
      };
      const [a, b, old] = [training('a3c', 0), training('a3c-wge', 0), training('old', undefined)];
      expect(trainingCheckpoints(a, b)[0]).toMatchObject({ model: 'fresh', initialPriorScale: 0 });
      expect(trainingCheckpoints(old)[0]).toMatchObject({ model: 'fresh', initialPriorScale: INITIAL_PRIOR_SCALE });
      expect(() => trainingCheckpoints(a, old)).toThrow(/different prior weights \(0, 6\)/);
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
        { name: 'untrained', training: null, wge: false, model: 'fresh', episodes: 0, updates: 0, domains: [], perDomain: { news: ok, sports: { ...ok, error: 'boom' } }, meanCoverage: 0.5, meanEpisodeReward: 1.25 },
      ],
      testDomains: ['news', 'sports'],
      budgets: { maxQueries: 25, maxPages: 400, seed: 1 },
      conventions: {},
    };
    const table = learningTable(result);
    expect(table).toContain('| untrained | 0 | 0 | 0.500 | failed | 0.500 | 1.250 |');
  });

  // Two trainings from the same untrained start: WGE reaches 0.7 after 10 episodes, plain A3C
  // only after 30, and neither reaches 0.9.
  const at = (training: string | null, name: string, episodes: number, coverage: number) => {
    const r = { coverage, coverageAt10: coverage, hiddenRecords: 0, queriesIssued: 10, meanEpisodeReward: 1, episodes: 3 };
    return { name, training, wge: training === 'runs-wge', model: name, episodes, updates: episodes, domains: [], perDomain: { news: r }, meanCoverage: coverage, meanEpisodeReward: 1 };
  };
  const checkpoints = [
    at(null, 'untrained', 0, 0.5),
    at('runs-plain', '001-arts', 10, 0.65), at('runs-plain', '002-business', 20, 0.6), at('runs-plain', '003-games', 30, 0.72),
    at('runs-wge', '001-arts', 10, 0.74), at('runs-wge', '002-business', 20, 0.69),
  ];
  const trainings = [{ name: 'runs-plain', dir: '/x/runs-plain', wge: false }, { name: 'runs-wge', dir: '/x/runs-wge', wge: true }];

  it('episodes to reach a held-out coverage: the first checkpoint of each training at or above it, the shared start included', () => {
    const reach = episodesToReach(checkpoints, trainings, [0.5, 0.6, 0.7, 0.9]);
    expect(reach.map((t) => t.episodesToReach)).toEqual([
      { '0.5': 0, '0.6': 10, '0.7': 30, '0.9': null },
      { '0.5': 0, '0.6': 10, '0.7': 10, '0.9': null },
    ]);
  });

  it('the table of several trainings names each row\'s training and adds the episodes to reach', () => {
    const result: LearningBenchResult = {
      checkpoints,
      trainings: episodesToReach(checkpoints, trainings, [0.7, 0.9]),
      testDomains: ['news'],
      budgets: { maxQueries: 25, maxPages: 400, seed: 1 },
      conventions: {},
    };
    const table = learningTable(result);
    expect(table).toContain('| (shared start) | untrained | 0 | 0 | 0.500 | 0.500 | 1.000 |');
    expect(table).toContain('| runs-wge | 001-arts | 10 | 10 | 0.740 | 0.740 | 1.000 |');
    expect(table).toContain('| runs-plain | 30 | – |');
    expect(table).toContain('| runs-wge (WGE) | 10 | – |');
  });
});
