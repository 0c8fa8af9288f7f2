/**
 * Taking a page snapshot: one `page.evaluate` in a live page, or linkedom over stored HTML,
 * both running the same extraction (extract.ts); URLs are canonicalised here, in Node.
 */
import type { Page } from 'playwright';
import { parseHTML } from 'linkedom';
import { canonicalUrl, tryCanonicalUrl } from '../url/canonical.ts';
import { EXTRACT_SOURCE } from './extract.ts';
import { MAX_TEXT, type PageSnapshot } from './types.ts';

export interface SnapshotOptions {
  /** Keep each form's outer HTML in the snapshot. */
  includeFormHtml?: boolean;
  maxText?: number;
}

type Extract = (document: unknown, opts: Record<string, unknown>) => PageSnapshot;
// Compiled once per process; the same source is sent to the browser as text.
const extractInNode = new Function(`return (${EXTRACT_SOURCE});`)() as Extract;

function finish(raw: PageSnapshot): PageSnapshot {
  const links = raw.links.flatMap((l) => {
    const href = tryCanonicalUrl(l.href);
    return href ? [{ ...l, href }] : [];
  });
  const forms = raw.forms.map((f) => ({ ...f, action: tryCanonicalUrl(f.action) ?? f.action }));
  return { ...raw, url: tryCanonicalUrl(raw.url) ?? raw.url, links, forms };
}

export function snapshotHtml(html: string, url: string, opts: SnapshotOptions = {}): PageSnapshot {
  const { document } = parseHTML(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`);
  return finish(extractInNode(document, { url: canonicalUrl(url), live: false, includeFormHtml: !!opts.includeFormHtml, maxText: opts.maxText ?? MAX_TEXT }));
}

export async function snapshotPage(page: Page, opts: SnapshotOptions = {}): Promise<PageSnapshot> {
  const args = { url: page.url(), live: true, includeFormHtml: !!opts.includeFormHtml, maxText: opts.maxText ?? MAX_TEXT };
  const raw = (await page.evaluate(`(${EXTRACT_SOURCE})(document, ${JSON.stringify(args)})`)) as PageSnapshot;
  return finish(raw);
}
