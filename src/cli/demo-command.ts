/**
 * `surfacer demo record|replay|induce`: record a WGE demonstration in Chromium (a person
 * with --headed, or a JSON script headless), replay one by its abstract description, and
 * show the query workflows induced from a folder of demos.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { HostRateSummary } from '../browser/host-rate.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

interface RecordOptions {
  out: string;
  script?: string;
  headed?: boolean;
  name?: string;
  domain?: string;
}

function checkUrl(url: string, what: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http(s)');
    return u.href;
  } catch {
    throw new UserError(`${what} is not an http(s) URL: ${url}`);
  }
}

const firstLine = (err: unknown): string => (err instanceof Error ? err.message.split('\n')[0] ?? '' : String(err));

/** What `demo record` did: the demo it wrote, and what the host-rate limit did to a scripted recording (none where nothing binds). */
export interface RecordedDemo {
  demo: import('../wge/index.ts').Demo;
  hostRate?: HostRateSummary;
}

/** Records a demo and writes it to `o.out`; returns it (the action prints a summary). */
export async function recordDemoCommand(url: string, o: RecordOptions): Promise<RecordedDemo> {
  const startUrl = checkUrl(url, 'start URL');
  if (!o.script && !o.headed) throw new UserError('nothing would drive the page: give --script <steps.json>, or --headed to record what you do');
  // --headed with --script shows the scripted run in a window; --headed alone records a person.
  const headed = !!o.headed;
  if (headed && process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    const instead = o.script ? 'drop --headed to run the script headless' : 'record with --script <steps.json> instead';
    throw new UserError(`--headed needs a display, and this machine has none ($DISPLAY is not set): ${instead}`);
  }
  const wge = await import('../wge/index.ts');
  let script: import('../wge/index.ts').ScriptAction[] = [];
  if (o.script) {
    try {
      script = wge.parseScript(JSON.parse(readFileSync(o.script, 'utf8')), o.script);
    } catch (err) {
      throw new UserError(err instanceof SyntaxError ? `${o.script}: not valid JSON (${err.message})` : firstLine(err));
    }
  }
  let lvs;
  if (o.domain) {
    const { loadLvsTable } = await import('../lvs/tables.ts');
    try {
      lvs = loadLvsTable(o.domain);
    } catch (err) {
      throw new UserError(`--domain ${o.domain}: ${firstLine(err)}`);
    }
  }
  const { launchChromium } = await import('../browser/index.ts');
  const { limitContextToStart } = await import('../coordinator/robots-delay.ts');
  let browser;
  try {
    browser = await launchChromium({ headless: !headed });
  } catch (err) {
    throw new UserError(`cannot start Chromium${headed ? ' with a window (is there a display?)' : ''}: ${firstLine(err)}`);
  }
  try {
    const page = await browser.newPage();
    // A script acts at machine speed: held to the per-host rate and robots.txt's Crawl-delay, as a crawl is.
    // A person at the window sets their own pace, and their pages' resources are not held up.
    const hostRate = o.script ? await limitContextToStart(page.context(), [startUrl]) : undefined;
    const recorder = await wge.DemoRecorder.attach(page, lvs ? { lvs } : {});
    try {
      await page.goto(startUrl, { waitUntil: 'load', timeout: 30_000 });
    } catch (err) {
      throw new UserError(`cannot load ${startUrl}: ${firstLine(err)}`);
    }
    if (!o.script) {
      process.stderr.write('recording: act in the browser window, then close it (or press Ctrl+C) to save the demo\n');
      await new Promise<void>((resolve) => {
        const done = (): void => {
          process.off('SIGINT', done);
          resolve();
        };
        page.once('close', done);
        browser!.once('disconnected', done);
        process.once('SIGINT', done);
      });
    } else {
      try {
        await wge.runScript(page, script);
      } catch (err) {
        throw new UserError(`${o.script}: ${firstLine(err)}`);
      }
    }
    await recorder.settle(page);
    const demo = recorder.demo({ name: o.name ?? basename(o.out).replace(/\.json$/i, ''), ...(o.domain ? { domain: o.domain } : {}), startUrl });
    wge.saveDemo(o.out, demo);
    for (const problem of recorder.errors()) process.stderr.write(`warning: ${problem}\n`);
    if (demo.steps.length === 0) process.stderr.write('warning: no actions were recorded\n');
    return { demo, ...(hostRate ? { hostRate: hostRate.summary() } : {}) };
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** Replays a demo file in headless Chromium; returns the per-step report. */
export async function replayDemoCommand(file: string, o: { url?: string }): Promise<import('../wge/index.ts').ReplayReport> {
  const wge = await import('../wge/index.ts');
  let demo;
  try {
    demo = wge.loadDemo(file);
  } catch (err) {
    throw new UserError(firstLine(err));
  }
  const url = o.url ?? demo.startUrl;
  if (!url) throw new UserError(`${file} has no startUrl: give --url`);
  const startUrl = checkUrl(url, o.url ? '--url' : `${file}: startUrl`);
  const { launchChromium } = await import('../browser/index.ts');
  const { limitContextToStart } = await import('../coordinator/robots-delay.ts');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    // A replay acts at machine speed: held to the per-host rate and robots.txt's Crawl-delay, as a crawl is.
    await limitContextToStart(page.context(), [startUrl]);
    try {
      return await wge.replayDemo(page, demo, startUrl);
    } catch (err) {
      throw new UserError(`replay of ${file} from ${startUrl} failed: ${firstLine(err)}`);
    }
  } finally {
    await browser.close().catch(() => undefined);
  }
}

async function induceCommand(dir: string): Promise<void> {
  const wge = await import('../wge/index.ts');
  let demos;
  try {
    demos = wge.loadDemos(dir);
  } catch (err) {
    throw new UserError(firstLine(err));
  }
  const lattice = wge.induceQueryLattice(demos);
  emitJson({
    demos: demos.length,
    workflows: lattice.workflows.map((w) => ({
      demo: w.demo,
      steps: w.steps.map((s, i) => ({
        fields: s.fields.map((f) => `${f.action} ${f.element.fieldType ?? f.element.tag}`),
        formType: s.formType,
        constraints: s.constraints.map(wge.constraintKey),
        latticeNodes: w.lattices[i]?.nodes.length ?? 0,
      })),
    })),
  });
}

export function registerDemoCommand(program: Command): void {
  const demo = program.command('demo').description('WGE demonstrations: record, replay, induce workflows');

  demo
    .command('record <url>')
    .description('record a demonstration in Chromium as abstract steps (JSON); drive it with --script or, with a display, --headed')
    .requiredOption('--out <file>', 'demo file to write (demos/<name>.json)')
    .option('--script <file>', 'JSON list of actions to perform: {action: click|type|select|submit|press|wait, selector|text|label, value}')
    .option('--headed', 'open a browser window and record what you do until you close it (needs a display); with --script, watch the script run')
    .option('--name <name>', 'demo name (default: the file name)')
    .option('--domain <domain>', 'ODP domain of the site: typed values found in its LVS table are recorded as such')
    .action(async (url: string, o: RecordOptions) => {
      const { demo, hostRate } = await recordDemoCommand(url, o);
      const steps = demo.steps.map((s) => ({ action: s.action, tag: s.element.tag, formType: s.element.formType, fieldType: s.element.fieldType, label: s.element.label, text: s.element.text, value: s.value, valueSource: s.valueSource, lvsLabel: s.lvsLabel }));
      emitJson({ out: o.out, name: demo.name, steps, ...(hostRate ? { hostRate } : {}) });
    });

  demo
    .command('replay <demo>')
    .description('replay a demo in headless Chromium by its abstract description; prints JSON per step (exit 3 when a step is not found)')
    .option('--url <url>', 'start here instead of the demo\'s startUrl')
    .option('--out <file>', 'also write the JSON here')
    .action(async (file: string, o: { url?: string; out?: string }) => {
      const report = await replayDemoCommand(file, o);
      emitJson(report, o.out);
      // Like `surfacer replay`: 3 says the recording no longer fits the site.
      if (!report.allFound) process.exitCode = 3;
    });

  demo
    .command('induce [dir]')
    .description('show the query workflows (constraints, lattice sizes) induced from a folder of demos')
    .action((dir: string | undefined) => induceCommand(dir ?? 'demos'));
}
