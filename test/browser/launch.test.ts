import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_NETWORK_ARGS, chromiumLaunchOptions, findChromium, launchChromium } from '../../src/browser/index.ts';

let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<title>hello</title><button onclick="document.title=\'clicked\'">go</button>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('browser', () => {
  it('finds a Chromium and passes the closed-network flags', () => {
    expect(findChromium()).not.toBeNull();
    const opts = chromiumLaunchOptions({ args: ['--mute-audio'] });
    for (const flag of ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']) {
      expect(opts.args).toContain(flag);
    }
    expect(opts.args).toContain('--mute-audio');
    expect(CLOSED_NETWORK_ARGS.length).toBeGreaterThanOrEqual(6);
  });

  it('SURFACER_CHROMIUM pointing nowhere is a clear error', () => {
    expect(() => findChromium({ SURFACER_CHROMIUM: '/nonexistent/chrome' })).toThrow(/does not exist/);
  });

  it('launches Chromium that runs page scripts on a loopback page', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await page.click('button');
      expect(await page.title()).toBe('clicked');
    } finally {
      await browser.close();
    }
  });
});
