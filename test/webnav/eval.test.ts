import { describe, expect, it } from 'vitest';
import { bfsAgent, randomAgent, siteSearchAgent } from '../../src/webnav/baselines.ts';
import { evaluateAgent } from '../../src/webnav/evaluate.ts';
import { NeuralAgent } from '../../src/webnav/neural/agent.ts';
import { trainNeural } from '../../src/webnav/neural/train.ts';
import { buildTaskFromPages, taskFromFiles, type TaskFiles } from '../../src/webnav/task.ts';
import { tinyCrawl } from './fixture.ts';

function tinyTask(forms = true) {
  const { pages, queries } = tinyCrawl();
  const files: TaskFiles = buildTaskFromPages(pages, queries, 'tiny', { hops: 4, querySentences: 2, maxLinks: 3, forms });
  return { files, task: taskFromFiles(files) };
}

describe('webnav eval (smoke, tiny hand-made task)', () => {
  it('prints the contract shape for the baselines; site-search reaches form targets', async () => {
    const { task } = tinyTask();
    for (const e of task.examples) e.split = 'test';
    for (const agent of [randomAgent, bfsAgent, siteSearchAgent]) {
      const { details, ...r } = await evaluateAgent(task, agent);
      expect(Object.keys(r).sort()).toEqual(['agent', 'examples', 'meanHops', 'success', 'successByHops']);
      expect(r.agent).toBe(agent.name);
      expect(r.examples).toBe(task.examples.length);
      expect(r.success).toBeGreaterThanOrEqual(0);
      expect(r.success).toBeLessThanOrEqual(1);
      expect(Object.keys(r.successByHops).every((k) => Number(k) >= 2)).toBe(true);
      expect(details.examplesBehindForm).toBe(task.examples.filter((e) => e.behindForm).length);
    }
    const ss = await evaluateAgent(task, siteSearchAgent);
    expect(ss.details.successByTarget.behindForm).toBeGreaterThan(0.5);
    expect(ss.details.successByTarget.linksOnly).toBe(0);
    // bfs within Nn = 3 and Nh = 4 covers the whole tiny site.
    expect((await evaluateAgent(task, bfsAgent)).success).toBe(1);
  });

  it('trains the neural agent (supervised + REINFORCE) and evaluates it with beam search', async () => {
    process.env['SURFACER_TF_QUIET'] = '1';
    const { task } = tinyTask();
    // The tiny task has only a handful of queries: train on all of them, then test on them.
    for (const e of task.examples) e.split = 'train';
    const { model, report } = await trainNeural(task, { epochs: 40, rlEpisodes: 8, rlBatch: 4, config: { hashDim: 128, embed: 8, units: 8, edgeHidden: 8, stopHidden: 4 } });
    expect(report.trainExamples).toBe(task.examples.filter((e) => e.split === 'train').length);
    expect(['supervised', 'finetuned']).toContain(report.kept);
    const agent = new NeuralAgent(model, task.idf);
    for (const e of task.examples) e.split = 'test';
    const r = await evaluateAgent(task, agent, { beam: 2 });
    expect(r.agent).toBe('neural');
    expect(r.examples).toBe(task.examples.length);
    // Trained on these very paths: it must find most of them.
    expect(r.success).toBeGreaterThan(0.5);
    model.dispose();
  });
});
