/**
 * How many of a site's records no result list has shown yet, estimated from how often the
 * lists showed the ones they did: capture–recapture over queries. Each query is a sample of
 * the site's database; a record listed by one query only is a "singleton", by two a
 * "doubleton". Many singletons mean the samples keep meeting records for the first time, so
 * more are out there; once nearly every record has been met again, few are.
 */
import { tryCanonicalUrl } from '../url/canonical.ts';

/** Listing counts of one site: distinct records listed, those listed once and twice. */
export interface ListingCounts {
  distinct: number;
  once: number;
  twice: number;
}

/** Times each record was listed by a result page, for one site, kept as it goes. */
export class ListingTally implements ListingCounts {
  private readonly counts = new Map<string, number>();
  /** Records listed exactly once. */
  once = 0;
  /** Records listed exactly twice. */
  twice = 0;
  /** Listings of any record, repeats included. */
  total = 0;

  /** One more listing of the record at this (canonical) URL. */
  add(url: string): void {
    const n = (this.counts.get(url) ?? 0) + 1;
    this.counts.set(url, n);
    this.total++;
    if (n === 1) this.once++;
    else if (n === 2) {
      this.once--;
      this.twice++;
    } else if (n === 3) this.twice--;
  }

  get distinct(): number {
    return this.counts.size;
  }

  /** How many times result lists have listed the record at this (canonical) URL. */
  timesListed(url: string): number {
    return this.counts.get(url) ?? 0;
  }
}

/** A `ListingTally` per site, `siteOf` naming the site of a record's (canonical) URL. */
export class SiteListings {
  private readonly bySite = new Map<string, ListingTally>();

  constructor(private readonly siteOf: (url: URL) => string) {}

  /** The record links of one result list (links that are not URLs are left out). */
  add(links: readonly string[]): void {
    for (const link of links) {
      const url = tryCanonicalUrl(link);
      if (!url) continue;
      const site = this.siteOf(new URL(url));
      let tally = this.bySite.get(site);
      if (!tally) this.bySite.set(site, (tally = new ListingTally()));
      tally.add(url);
    }
  }

  get(site: string): ListingTally | undefined {
    return this.bySite.get(site);
  }

  /** Every site's tally, sites in order. */
  sorted(): [string, ListingTally][] {
    return [...this.bySite].sort(([a], [b]) => a.localeCompare(b));
  }
}

/**
 * Chao1's bias-corrected estimate of the records not yet listed (Chao 1984; the correction
 * of Chao 2005 keeps it finite without doubletons): f1·(f1 − 1) / (2·(f2 + 1)).
 */
export function chao1Unseen(c: ListingCounts): number {
  return (c.once * Math.max(0, c.once - 1)) / (2 * (c.twice + 1));
}

/**
 * The unseen records over those already listed (0 before any listing). It over-estimates
 * where each query lists few records (a headline search: most records are met once), which
 * errs on the side of crawling on.
 */
export function unseenShare(c: ListingCounts): number {
  return c.distinct > 0 ? chao1Unseen(c) / c.distinct : 0;
}
