/**
 * End-to-end: record a scripted demonstration in real Chromium against a testbed site, check
 * that the instrumentation (not the script) produced the steps, with the crawler's own form
 * and field types; then replay the demo by its abstract description (API and the CLI's command).
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../src/browser/index.ts';
import { loadLvsTable } from '../../src/lvs/tables.ts';
import { startTestbed, type TestbedHandle } from '../../src/testbed/index.ts';
import { DemoRecorder, loadDemo, queryStepsOf, replayDemo, runScript, saveDemo, type Demo, type ScriptAction } from '../../src/wge/index.ts';
import { recordDemoCommand, replayDemoCommand } from '../../src/cli/demo-command.ts';
import { tempDir } from './helpers.ts';

const SCRIPT: ScriptAction[] = [
  { action: 'click', text: 'Search' },
  { action: 'type', label: 'Search Gallery Atlas', value: 'painting' },
  { action: 'submit' },
  { action: 'click', text: 'Next ›' },
  { action: 'click', selector: 'ol.results li a' },
];

describe('demo record and replay (real Chromium)', { timeout: 90_000 }, () => {
  let testbed: TestbedHandle;
  let browser: Browser;
  let site: string;
  let demo: Demo;
  const dir = tempDir('wge-e2e');

  beforeAll(async () => {
    testbed = await startTestbed({ domains: ['arts'], port: 0, trouble: 'off' });
    site = testbed.sites[0]!.url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await testbed?.close();
  });

  it('records a scripted demo as abstract steps from the page instrumentation', async () => {
    const page = await browser.newPage();
    const recorder = await DemoRecorder.attach(page, { lvs: loadLvsTable('arts') });
    await page.goto(site);
    await runScript(page, SCRIPT);
    await recorder.settle(page);
    await page.close();
    demo = recorder.demo({ name: 'arts-e2e', domain: 'arts', startUrl: site });
    expect(recorder.errors()).toEqual([]);

    expect(demo.steps.map((s) => s.action)).toEqual(['follow-link', 'type', 'submit', 'next-page', 'open-result']);
    const [link, type, submit, next, result] = demo.steps;
    expect(link!.element).toMatchObject({ tag: 'a', text: 'Search', region: 'nav' });
    // Typing was coalesced into one step, classified by perceive/ at the moment of the action.
    expect(type).toMatchObject({ value: 'painting', valueSource: 'lvs', lvsLabel: 'keyword', element: { tag: 'input', inputType: 'search', formType: 'search', fieldType: 'search query', label: 'Search Gallery Atlas' } });
    expect(type!.element.layout!.width).toBeGreaterThan(0);
    expect(submit!.element).toMatchObject({ tag: 'button', formType: 'search', text: 'Search' });
    // What the pages were, as the browser saw them (the script never names a URL).
    expect(new URL(type!.url!).pathname).toBe('/search');
    expect(new URL(next!.url!).searchParams.get('q')).toBe('painting');
    expect(next!.element).toMatchObject({ tag: 'a', region: 'pagination' });
    expect(new URL(result!.url!).searchParams.get('page')).toBe('2');
    expect(result!.element.href).toMatch(/\/artwork\/\d+$/);
    // Only the instrumentation's reports became steps: one report per step here.
    expect(recorder.events().map((e) => e.kind)).toEqual(['click', 'type', 'submit', 'click', 'click']);

    const [q] = queryStepsOf(demo);
    expect(q!.constraints.map((c) => c.kind)).toEqual(['fieldType', 'tag', 'source', 'lvsLabel', 'labelLike']);
    // The site saw the demonstrated query, and its second page.
    expect(testbed.submissions().map((s) => s.values)).toEqual([{ q: 'painting' }, { q: 'painting', page: '2' }]);
  });

  it('replays the demo by its description (API, and the CLI command)', async () => {
    const page = await browser.newPage();
    const report = await replayDemo(page, demo, site);
    await page.close();
    expect(report.steps.map((s) => [s.action, s.status])).toEqual([
      ['follow-link', 'done'],
      ['type', 'done'],
      ['submit', 'done'],
      ['next-page', 'done'],
      ['open-result', 'done'],
    ]);
    expect(report.allFound).toBe(true);
    expect(report.steps[1]!.element).toMatchObject({ fieldType: 'search query', formType: 'search' });
    expect(new URL(report.steps[4]!.url).pathname).toMatch(/^\/artwork\/\d+$/);

    const file = join(dir, 'arts-e2e.json');
    saveDemo(file, demo);
    expect(loadDemo(file)).toEqual(demo);
    // What `surfacer demo replay <file> --url <site>` runs (in process: a child would add a second start-up).
    const cli = await replayDemoCommand(file, { url: site });
    expect(cli.allFound).toBe(true);
    expect(cli.steps.map((s) => s.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  it('a scripted recording waits for the start host\'s Crawl-delay, as a crawl does; a start without one is left unrouted', async () => {
    // A site asking for 0.2 s between requests, whose page links to a second one.
    const server = createServer((req, res) => {
      res.setHeader('content-type', req.url === '/robots.txt' ? 'text/plain' : 'text/html');
      if (req.url === '/robots.txt') res.end('User-agent: *\nCrawl-delay: 0.2\n');
      else res.end(req.url === '/' ? '<a href="/about">About us</a>' : '<p>about us</p>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const script = join(dir, 'follow.json');
      writeFileSync(script, JSON.stringify([{ action: 'click', text: 'About us' }]));
      const slow = await recordDemoCommand(`${origin}/`, { script, out: join(dir, 'slow.json') });
      expect(slow.demo.steps.map((s) => s.action)).toEqual(['follow-link']);
      expect(slow.hostRate?.crawlDelays).toEqual({ '127.0.0.1': 0.2 });
      // Both page loads (and anything else the pages asked for) went through the limit.
      expect(slow.hostRate!.requests).toBeGreaterThanOrEqual(2);
      // The testbed asks for no delay, and loopback is held to no rate by default.
      writeFileSync(join(dir, 'free.json'), JSON.stringify(SCRIPT.slice(0, 1)));
      const unrouted = await recordDemoCommand(site, { script: join(dir, 'free.json'), out: join(dir, 'free-demo.json') });
      expect(unrouted.demo.steps.map((s) => s.action)).toEqual(['follow-link']);
      expect(unrouted.hostRate).toBeUndefined();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it.skipIf(!!process.env['DISPLAY'] || !!process.env['WAYLAND_DISPLAY'] || process.platform !== 'linux')('demo record --headed without a display says so clearly', async () => {
    await expect(recordDemoCommand(site, { headed: true, out: join(dir, 'x.json') })).rejects.toThrow(/--headed needs a display, and this machine has none/);
  });
});
