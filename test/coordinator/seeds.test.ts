import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSeedFile, probeSeed, resolveSeeds } from '../../src/coordinator/seeds.ts';

const dir = mkdtempSync(join(tmpdir(), 'seeds-'));

describe('seeds', () => {
  it('parses URLs, comments and the testbed marker', () => {
    const f = join(dir, 'arts.txt');
    writeFileSync(f, '# testbed: arts\n\nhttp://127.0.0.1:18100/\n# another comment\nhttp://127.0.0.1:9/x#frag\n');
    expect(parseSeedFile(f)).toEqual({ urls: ['http://127.0.0.1:18100/', 'http://127.0.0.1:9/x'], testbedDomains: ['arts'] });
  });
  it('gives clear errors for a missing file, a bad line and an empty file', () => {
    expect(() => resolveSeeds([join(dir, 'nope.txt')])).toThrow(/seeds file not found/);
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'http://ok.example/\nftp://x/\n');
    expect(() => parseSeedFile(bad)).toThrow(/bad\.txt:2: not an http\(s\) URL/);
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '# nothing\n');
    expect(() => parseSeedFile(empty)).toThrow(/no URLs/);
  });
  it('accepts URLs directly', () => {
    expect(resolveSeeds(['http://127.0.0.1:1234/a']).urls).toEqual(['http://127.0.0.1:1234/a']);
  });
  it('probes: unreachable host and non-HTML are reasons, HTML is fine', async () => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', req.url === '/data' ? 'application/pdf' : 'text/html');
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      expect(await probeSeed(`http://127.0.0.1:${port}/`)).toBeNull();
      expect(await probeSeed(`http://127.0.0.1:${port}/data`)).toMatch(/not HTML/);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    // A port that was free a moment ago and has no listener now: connection refused.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await probeSeed(`http://127.0.0.1:${deadPort}/`)).toMatch(/cannot reach .*ECONNREFUSED/);
  });
});
