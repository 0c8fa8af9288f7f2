/**
 * Offline evaluation of an agent on a task split. Success = the agent stops on a page that
 * contains the query. successByHops groups examples by the hop length of their example
 * (shortest) path; meanHops is the mean hops of the agent's path over its successes.
 */
import { OfflineEnv, type NavAgent, type PageView } from './env.ts';
import type { Split } from './queries.ts';
import type { Task, TaskExample } from './task.ts';
import type { Idf } from './text.ts';

export interface EvalResult {
  agent: string;
  examples: number;
  success: number;
  successByHops: Record<string, number>;
  meanHops: number | null;
}

export interface EvalDetails {
  /** Success on examples whose example path submits a form / uses only links. */
  successByTarget: { behindForm: number | null; linksOnly: number | null };
  examplesBehindForm: number;
  meanPagesRead: number;
  /** Share of the agent's paths that submit a form. */
  usedForm: number;
}

export interface EvalOptions {
  split?: Split;
  beam?: number;
  maxLinks?: number;
  hops?: number;
  seed?: number;
  /** IDF the agent reads with (the neural agent's own); default the task's. */
  idf?: Idf;
  limit?: number;
}

const round = (x: number): number => Math.round(x * 1e4) / 1e4;

export async function evaluateAgent(task: Task, agent: NavAgent, opts: EvalOptions = {}): Promise<EvalResult & { details: EvalDetails }> {
  const split = opts.split ?? 'test';
  let examples: TaskExample[] = task.examples.filter((e) => e.split === split);
  if (opts.limit) examples = examples.slice(0, opts.limit);
  const limits = { hops: opts.hops ?? task.params.hops, maxLinks: opts.maxLinks ?? task.params.maxLinks, beam: opts.beam ?? task.params.maxLinks };
  const idf = opts.idf ?? task.idf;
  const views = new Map<string, PageView>();
  const byHops = new Map<number, { n: number; ok: number }>();
  let ok = 0;
  let hopSum = 0;
  let read = 0;
  let usedForm = 0;
  const byTarget = { form: { n: 0, ok: 0 }, link: { n: 0, ok: 0 } };
  for (const ex of examples) {
    const env = new OfflineEnv(task);
    const r = await agent.navigate(env, { text: ex.query, sentences: ex.sentences }, limits, { seed: (opts.seed ?? task.params.seed) * 100_003 + ex.id, idf, views });
    const end = Number(r.path[r.path.length - 1]);
    const success = ex.answers.includes(end);
    const h = byHops.get(ex.hops) ?? { n: 0, ok: 0 };
    h.n++;
    const t = ex.behindForm ? byTarget.form : byTarget.link;
    t.n++;
    if (success) {
      ok++;
      h.ok++;
      t.ok++;
      hopSum += r.path.length - 1;
    }
    if (r.edgeKinds.includes('form')) usedForm++;
    read += r.pagesRead;
    byHops.set(ex.hops, h);
  }
  const n = examples.length;
  return {
    agent: agent.name,
    examples: n,
    success: n ? round(ok / n) : 0,
    successByHops: Object.fromEntries([...byHops.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => [String(k), round(v.ok / v.n)])),
    meanHops: ok ? round(hopSum / ok) : null,
    details: {
      successByTarget: { behindForm: byTarget.form.n ? round(byTarget.form.ok / byTarget.form.n) : null, linksOnly: byTarget.link.n ? round(byTarget.link.ok / byTarget.link.n) : null },
      examplesBehindForm: byTarget.form.n,
      meanPagesRead: n ? round(read / n) : 0,
      usedForm: n ? round(usedForm / n) : 0,
    },
  };
}
