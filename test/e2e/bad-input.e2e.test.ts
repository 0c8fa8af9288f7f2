/** End-to-end: bad input gets one clear line on stderr, a non-zero exit, and leaves nothing behind. */
import { createServer, type Server } from 'node:http';
import { existsSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surfacer, tempDir } from './helpers.ts';

let server: Server;
let origin = '';

beforeAll(async () => {
  // A loopback server: one HTML page, the rest JSON or PDF.
  server = createServer((req, res) => {
    if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<title>p</title><p>hello</p>');
    else if (req.url === '/file.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"html"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

function expectCleanFailure(res: { code: number | null; stderr: string }, pattern: RegExp) {
  expect(res.code).not.toBe(0);
  expect(res.code).not.toBeNull();
  const lines = res.stderr.split('\n').filter((l) => l.startsWith('surfacer:'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

describe('crawl: bad input', { timeout: 120_000 }, () => {
  it('a missing seeds file', async () => {
    const out = join(tempDir('bad'), 'run');
    const res = await surfacer(['crawl', '--domain', 'arts', '--seeds', '/no/such/seeds.txt', '--out', out]);
    expectCleanFailure(res, /seeds file not found: \/no\/such\/seeds\.txt/);
    expect(existsSync(out)).toBe(false);
  });

  it('a seeds file with a line that is not a URL', async () => {
    const dir = tempDir('bad');
    writeFileSync(join(dir, 'seeds.txt'), 'http://127.0.0.1:9/\nnot a url\n');
    const res = await surfacer(['crawl', '--domain', 'arts', '--seeds', join(dir, 'seeds.txt'), '--out', join(dir, 'run')]);
    expectCleanFailure(res, /seeds\.txt:2: not an http\(s\) URL/);
    expect(existsSync(join(dir, 'run'))).toBe(false);
  });

  it('an unreachable host', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const out = join(tempDir('bad'), 'run');
    const res = await surfacer(['crawl', '--domain', 'arts', '--seeds', `http://127.0.0.1:${port}/`, '--out', out]);
    expectCleanFailure(res, new RegExp(`cannot reach http://127\\.0\\.0\\.1:${port}/: ECONNREFUSED`));
    expect(existsSync(out)).toBe(false);
  });

  it('a URL that is not HTML', async () => {
    const out = join(tempDir('bad'), 'run');
    const res = await surfacer(['crawl', '--domain', 'arts', '--seeds', `${origin}/data.json`, '--out', out]);
    expectCleanFailure(res, /is not HTML \(content-type: application\/json\)/);
    expect(existsSync(out)).toBe(false);
    const pdf = await surfacer(['crawl', '--domain', 'arts', '--seeds', `${origin}/file.pdf`, '--out', out]);
    expectCleanFailure(pdf, /is not HTML \(content-type: application\/pdf\)/);
  });

  it('an unknown domain, and a resume of a directory that is not a run', async () => {
    expectCleanFailure(await surfacer(['crawl', '--domain', 'cooking']), /unknown domain "cooking"/);
    expectCleanFailure(await surfacer(['crawl', '--domain', 'arts', '--lvs-domain', 'cooking']), /unknown --lvs-domain "cooking"/);
    expectCleanFailure(await surfacer(['crawl', '--domain', 'arts', '--strategy', 'a3c', '--frozen', '--surface-word-credit', '0.5']), /a --frozen crawl learns nothing/);
    const dir = tempDir('bad');
    expectCleanFailure(await surfacer(['crawl', '--domain', 'arts', '--resume', dir]), /is not a Surfacer run directory/);
  });

  it('an --out directory that already holds a run is never overwritten', async () => {
    const dir = tempDir('bad');
    writeFileSync(join(dir, 'pages.jsonl'), '{"url":"http://x/"}\n');
    const res = await surfacer(['crawl', '--domain', 'arts', '--seeds', `${origin}/page.html`, '--out', dir]);
    expectCleanFailure(res, /already exists and is not empty/);
    expect(existsSync(join(dir, 'pages.jsonl'))).toBe(true);
  });
});
