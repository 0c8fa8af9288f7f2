/** `surfacer forms …`: classify forms in a page or file, evaluate, train, cross-validate. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

function positiveInt(value: string, what: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UserError(`${what} must be a positive integer, got "${value}"`);
  return n;
}

function requireFile(path: string): void {
  if (!existsSync(path)) throw new UserError(`no such file: ${path}`);
}

export function registerFormsCommand(program: Command): void {
  const forms = program.command('forms').description('form-type and field-type classifiers');

  forms
    .command('classify <target>')
    .description('classify the forms of a URL (live Chromium) or a stored HTML file; prints JSON')
    .option('--url <url>', 'page URL to resolve a file\'s relative links against', 'http://localhost/')
    .option('--out <file>', 'also write the JSON here')
    .action(async (target: string, o: { url: string; out?: string }) => {
      const { classifyForm, loadFormModels } = await import('../perceive/classify.ts');
      loadFormModels();
      let snapshot;
      if (/^https?:\/\//i.test(target)) {
        const { launchChromium } = await import('../browser/index.ts');
        const { snapshotPage } = await import('../perceive/snapshot.ts');
        const browser = await launchChromium();
        try {
          const page = await browser.newPage();
          await page.goto(target, { waitUntil: 'domcontentloaded', timeout: 30_000 });
          snapshot = await snapshotPage(page);
        } catch (err) {
          throw new UserError(`cannot load ${target}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
        } finally {
          await browser.close();
        }
      } else {
        if (!existsSync(target)) throw new UserError(`not a URL and no such file: ${target}`);
        const { snapshotHtml } = await import('../perceive/snapshot.ts');
        let url: string;
        try {
          url = new URL(o.url).href;
        } catch {
          throw new UserError(`--url is not a URL: ${o.url}`);
        }
        snapshot = snapshotHtml(readFileSync(target, 'utf8'), url);
      }
      const page = { url: snapshot.url, title: snapshot.title };
      const result = snapshot.forms.map((form) => {
        const c = classifyForm(form, page, { fieldProbabilities: true });
        return { index: form.index, action: form.action, method: form.method, type: c.type, probabilities: c.probabilities, fields: c.fields };
      });
      emitJson({ url: snapshot.url, title: snapshot.title, forms: result }, o.out);
    });

  forms
    .command('eval <file>')
    .description('score the shipped models on annotated forms (train.jsonl format); prints JSON')
    .option('--models <dir>', 'model directory (default models/forms)')
    .option('--out <file>', 'also write the JSON here')
    .action(async (file: string, o: { models?: string; out?: string }) => {
      requireFile(file);
      const { loadDataset } = await import('../perceive/dataset.ts');
      const { loadFormModels } = await import('../perceive/classify.ts');
      const { evaluateModels } = await import('../perceive/evaluate.ts');
      let items;
      try {
        items = loadDataset(file);
      } catch (err) {
        throw new UserError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
      }
      const report = evaluateModels(items, loadFormModels(o.models));
      emitJson({ forms: report.forms, accuracy: report.accuracy, perClass: report.perClass, fields: { accuracy: report.fields.accuracy, perType: report.fields.perType } }, o.out);
    });

  forms
    .command('train')
    .description('train both models (seeded) and write them to the model directory')
    .option('--data <file>', 'annotated forms (default ../shared/datasets/forms/train.jsonl or $SURFACER_FORMS_DATA)')
    .option('--out <dir>', 'model directory (default models/forms)')
    .option('--seed <n>', 'seed', '1')
    .action(async (o: { data?: string; out?: string; seed: string }) => {
      const { defaultDatasetPath, loadDataset } = await import('../perceive/dataset.ts');
      const { defaultModelDir, FIELD_MODEL_FILE, FORM_MODEL_FILE } = await import('../perceive/classify.ts');
      const { prepare, trainModels } = await import('../perceive/pipeline.ts');
      const data = o.data ?? defaultDatasetPath();
      requireFile(data);
      const seed = positiveInt(o.seed, '--seed');
      const t0 = performance.now();
      const items = loadDataset(data).filter((i) => !i.duplicate);
      const trained = await trainModels(prepare(items), { seed });
      const dir = o.out ?? defaultModelDir();
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, FORM_MODEL_FILE), `${JSON.stringify(trained.form)}\n`);
      writeFileSync(join(dir, FIELD_MODEL_FILE), `${JSON.stringify(trained.field)}\n`);
      emitJson({ forms: items.length, seed, dir, formVocab: trained.form.vocab.length, fieldVocab: trained.field.vocab.length, seconds: Math.round((performance.now() - t0) / 100) / 10 });
    });

  forms
    .command('cv')
    .description('site-grouped k-fold cross-validation on annotated forms; prints JSON')
    .option('--data <file>', 'annotated forms (default ../shared/datasets/forms/train.jsonl or $SURFACER_FORMS_DATA)')
    .option('--folds <k>', 'number of folds', '5')
    .option('--seed <n>', 'seed', '1')
    .option('--out <file>', 'also write the JSON here')
    .action(async (o: { data?: string; folds: string; seed: string; out?: string }) => {
      const { defaultDatasetPath, loadDataset } = await import('../perceive/dataset.ts');
      const { crossValidate } = await import('../perceive/evaluate.ts');
      const data = o.data ?? defaultDatasetPath();
      requireFile(data);
      const folds = positiveInt(o.folds, '--folds');
      if (folds < 2) throw new UserError('--folds must be at least 2');
      emitJson(await crossValidate(loadDataset(data), folds, positiveInt(o.seed, '--seed')), o.out);
    });
}
