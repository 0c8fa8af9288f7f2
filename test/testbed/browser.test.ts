import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { launchChromium } from '../../src/browser/index.ts';
import { groundTruth, SITES, startTestbed, type TestbedHandle } from '../../src/testbed/index.ts';
import { siteModel } from '../../src/testbed/model.ts';
import { canonicalUrl } from '../../src/url/canonical.ts';
import { hrefs, rareTitleWord } from './helpers.ts';

let testbed: TestbedHandle;
let browser: Browser;

beforeAll(async () => {
  testbed = await startTestbed({ domains: ['computers', 'shopping'], port: 0, trouble: 'off' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await testbed?.close();
});

describe('end to end in Chromium', () => {
  it('the client-side-script search returns results only in a real browser', async () => {
    const base = testbed.sites[0]!.url;
    const truth = groundTruth({ domain: 'computers', origin: base });
    const records = new Set(truth.records.map((r) => r.url));
    const form = SITES.computers.search[0]!;
    const word = rareTitleWord(siteModel('computers', 'small', 1).records[3]!);

    // A plain HTTP client sees neither the form nor any result, even with the query in the URL.
    const plain = await (await fetch(new URL(`${form.pagePath}?${form.params.keyword}=${word}`, base))).text();
    expect(plain).not.toMatch(/<form/);
    expect(hrefs(plain).filter((h) => records.has(canonicalUrl(h, base)))).toEqual([]);

    const page = await browser.newPage();
    try {
      await page.goto(new URL(form.pagePath, base).href);
      const before = testbed.submissions().length;
      await page.fill(`form input[name="${form.params.keyword}"]`, word);
      await page.click('form button[type="submit"]');
      await page.waitForSelector('ol.results li a');
      const links = await page.$$eval('ol.results li a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(links.length).toBeGreaterThan(0);
      for (const l of links) expect(records.has(canonicalUrl(l))).toBe(true);
      expect(links.map((l) => canonicalUrl(l))).toContain(truth.records[3]!.url);
      expect(await page.textContent('.summary')).toMatch(/Showing 1–\d+ of \d+ results/);
      // The API call the script made is logged as a search submission of the script-built form.
      expect(testbed.submissions().slice(before)).toEqual([expect.objectContaining({ formId: form.formId, trueType: 'search', domain: 'computers' })]);
      // The record page opens.
      await page.click('ol.results li a');
      await page.waitForLoadState();
      expect(await page.textContent('h1')).toBeTruthy();
    } finally {
      await page.close();
    }
  });

  it('"load more" appends results in a browser', async () => {
    const base = testbed.sites[1]!.url;
    const form = SITES.shopping.search[0]!;
    const page = await browser.newPage();
    try {
      await page.goto(new URL(`${form.action}?${form.params.keyword}=new`, base).href);
      const first = await page.locator('ol.results li').count();
      expect(first).toBe(form.pageSize);
      await page.click('#load-more');
      await page.waitForFunction((n) => document.querySelectorAll('ol.results li').length > n, first);
      expect(await page.locator('ol.results li').count()).toBeGreaterThan(first);
    } finally {
      await page.close();
    }
  });
});
