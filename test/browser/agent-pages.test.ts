import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPages } from '../../src/browser/index.ts';

let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<title>${req.url}</title>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('AgentPages: an agent keeps its page from episode to episode', () => {
  it('hands a finished episode’s page to the next, opens a new one for a failed episode and after its share', { timeout: 60_000 }, async () => {
    const pages = new AgentPages({ recyclePagesAfter: 3 });
    try {
      const first = await pages.acquire();
      await first.goto(`${url}a`);
      await pages.release(first, true);
      const second = await pages.acquire();
      expect(second).toBe(first);
      // Two agents at once: the second gets a page of its own.
      const other = await pages.acquire();
      expect(other).not.toBe(first);
      await pages.release(other, false);
      expect(other.isClosed()).toBe(true);
      await pages.release(second, true);
      const third = await pages.acquire();
      expect(third).toBe(first);
      // Its third episode was its last: closed, and the next agent gets a fresh page.
      await pages.release(third, true);
      expect(first.isClosed()).toBe(true);
      const fresh = await pages.acquire();
      expect(fresh).not.toBe(first);
      await fresh.goto(`${url}b`);
      expect(await fresh.title()).toBe('/b');
      await pages.release(fresh, true);
      expect(pages.opened).toBe(3);
    } finally {
      await pages.close();
    }
  });

  it('launches the browser again when it has died, and gives traced episodes a context each', { timeout: 60_000 }, async () => {
    const pages = new AgentPages();
    try {
      const page = await pages.acquire();
      await pages.release(page, true);
      await page.context().browser()!.close();
      const after = await pages.acquire();
      expect(after).not.toBe(page);
      await after.goto(`${url}c`);
      expect(await after.title()).toBe('/c');
      await pages.release(after, true);
    } finally {
      await pages.close();
    }

    const traced = new AgentPages({ contextPerPage: true });
    try {
      const a = await traced.acquire();
      const b = await traced.acquire();
      expect(a.context()).not.toBe(b.context());
      await traced.release(a, true);
      expect(a.isClosed()).toBe(true);
      await traced.release(b, true);
    } finally {
      await traced.close();
    }
  });

  it('refuses a recycle count below one', () => {
    expect(() => new AgentPages({ recyclePagesAfter: 0 })).toThrow(/at least 1/);
  });
});
