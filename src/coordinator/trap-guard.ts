import { canonicalUrl } from '../url/canonical.ts';

/**
 * Crawler-trap guard: endless calendars and archives generate unbounded URLs of one shape
 * (/calendar/2031/07, /archive?page=412). The depth limit alone lets a trap eat the whole
 * page budget at shallow depth, so URLs are grouped by shape (digits and query values
 * abstracted) and each shape admits a bounded number of pages.
 */
export class TrapGuard {
  private readonly counts = new Map<string, number>();

  constructor(private readonly maxPerShape = 150) {}

  static shapeOf(url: string): string {
    const u = new URL(canonicalUrl(url));
    const path = u.pathname.replace(/\d+/g, '#');
    const params = [...u.searchParams.keys()].sort().join('&');
    return `${u.host}${path}?${params}`;
  }

  /** True while the URL's shape is under its budget; counts the URL when admitted. */
  admit(url: string): boolean {
    const shape = TrapGuard.shapeOf(url);
    const n = this.counts.get(shape) ?? 0;
    if (n >= this.maxPerShape) return false;
    this.counts.set(shape, n + 1);
    return true;
  }
}
