import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../../src/browser/index.ts';
import { clickAndSettle, submitForm } from '../../src/agent/fill.ts';
import type { SearchFormInfo } from '../../src/coordinator/messages.ts';

/** How long the slow API takes: well past the 150 ms the old settle waited. */
const API_DELAY_MS = 700;

// A script result page like the testbed's society directory: the click sets the address
// (history API) first, then fetches the next page from a slow API and renders it in place.
const SCRIPT_PAGE = `<!doctype html><html><body>
<ol id="list"><li>record 1</li></ol>
<button id="next" type="button">Next</button>
<button id="dead" type="button">Does nothing</button>
<script>
document.getElementById('next').addEventListener('click', async () => {
  history.replaceState(null, '', location.pathname + '?page=2');
  const data = await (await fetch('/api?page=2')).json();
  document.getElementById('list').innerHTML = data.items.map((t) => '<li>' + t + '</li>').join('');
});
</script></body></html>`;

// A page whose form posts to the server: a full navigation, whose response carries the status.
const POST_PAGE = `<!doctype html><html><body>
<form method="post" action="/results"><input name="q"><button type="submit">Search</button></form>
</body></html>`;

let server: Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/api')) {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: ['record 11', 'record 12'] })), API_DELAY_MS);
      return;
    }
    if (req.url === '/results' && req.method === 'POST') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body><p id="done">results</p></body></html>'), API_DELAY_MS);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/form' ? POST_PAGE : SCRIPT_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function withPage<T>(run: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    return await run(page);
  } finally {
    await page.close();
  }
}

describe('clickAndSettle and submitForm wait for what the click does', () => {
  it('an in-place update behind a history-API navigation and a slow fetch is on the page when the click returns', async () => {
    await withPage(async (page) => {
      await page.goto(`${base}/list`);
      const result = await clickAndSettle(page, '#next');
      // Read at once, as the agent's snapshot does: page 2's records, not page 1's.
      expect(await page.locator('#list').innerText()).toBe('record 11\nrecord 12');
      expect(result.status).toBe(200);
      expect(result.settled).toBe('changed');
      expect(new URL(page.url()).search).toBe('?page=2');
    });
  });

  it('a control that neither changes the text nor starts a request is given up on as unchanged, not waited out', async () => {
    await withPage(async (page) => {
      await page.goto(`${base}/list`);
      const result = await clickAndSettle(page, '#dead');
      expect(result.settled).toBe('unchanged');
      expect(result.navigated).toBe(false);
      expect(await page.locator('#list').innerText()).toBe('record 1');
    });
  });

  it('a form that posts to the server waits for the new document and reports its response', async () => {
    await withPage(async (page) => {
      await page.goto(`${base}/form`);
      const form: SearchFormInfo = { formKey: `${base}/form#form0`, pageUrl: `${base}/form`, index: 0, depth: 0, method: 'POST', action: `${base}/results`, fields: [], probability: 1 };
      const result = await submitForm(page, form);
      expect(result.navigated).toBe(true);
      expect(result.status).toBe(200);
      expect(result.settled).toBe('document');
      expect(await page.locator('#done').innerText()).toBe('results');
    });
  });
});
