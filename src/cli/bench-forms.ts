/** `surfacer bench forms`: model load time and single-form classification latency. */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

export function registerBenchForms(bench: Command): void {
  bench
    .command('forms')
    .description('form classifier: load ms, µs per form (features + both models), forms/s')
    .option('--data <file>', 'annotated forms to classify (default ../shared/datasets/forms/train.jsonl)')
    .option('--rounds <n>', 'passes over the forms', '3')
    .option('--out <file>', 'also write the JSON here')
    .action(async (o: { data?: string; rounds: string; out?: string }) => {
      const { defaultDatasetPath, loadDataset } = await import('../perceive/dataset.ts');
      const { classifyForm, defaultModelDir, loadFormModels } = await import('../perceive/classify.ts');
      const data = o.data ?? defaultDatasetPath();
      if (!existsSync(data)) throw new UserError(`no such file: ${data}`);
      const rounds = Number(o.rounds);
      if (!Number.isInteger(rounds) || rounds < 1) throw new UserError(`--rounds must be a positive integer, got "${o.rounds}"`);
      const items = loadDataset(data).filter((i) => !i.duplicate);
      const t0 = performance.now();
      const models = loadFormModels(defaultModelDir());
      const loadMs = performance.now() - t0;
      // The first pass includes tokeniser warm-up and cold memo entries: reported separately.
      const cold: number[] = [];
      const warm: number[] = [];
      for (let r = 0; r < rounds + 1; r++) {
        for (const item of items) {
          const s = performance.now();
          classifyForm(item.form, item.page, { models });
          (r === 0 ? cold : warm).push((performance.now() - s) * 1000);
        }
      }
      const stats = (xs: number[]): { meanUs: number; p50Us: number; p95Us: number; formsPerSecond: number } => {
        const sorted = [...xs].sort((a, b) => a - b);
        const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
        const q = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
        return { meanUs: Math.round(mean * 10) / 10, p50Us: Math.round(q(0.5) * 10) / 10, p95Us: Math.round(q(0.95) * 10) / 10, formsPerSecond: Math.round(1e6 / mean) };
      };
      emitJson(
        {
          forms: items.length,
          rounds,
          modelLoadMs: Math.round(loadMs * 100) / 100,
          firstPass: stats(cold),
          ...stats(warm),
          note: 'per single-form classifyForm call: features (wink-nlp tokens, memoised) + form-type + field-type models; firstPass = tokeniser memo cold',
        },
        o.out,
      );
    });
}
