/**
 * The learned link policy at work in one crawl (strategy a3c): which links of the surface
 * pages are followed and which deferred, what following each one found, and, once the crawl is
 * over, the return of each decision for the policy to learn from (policy/link-policy.ts).
 *
 * Deferred, not dropped: when no explore episode is left and a site still has no search form,
 * its deferred links are followed (the pages they reach are gated again), so a policy that
 * skips the way to a site's form costs pages, never the form. A link followed this way counts
 * as followed when the policy learns: what it found is what skipping it would have lost.
 *
 * Each URL is decided once, the first time a page offers it; its parent is that page. The
 * returns therefore run over a tree. A followed link whose page was never fetched (the crawl
 * stopped first) teaches nothing and is left out. After a resume, the links of the pages read
 * before it are offered again and decided anew; only decisions of this session are learnt.
 *
 * A site whose search form has run dry (its last queries found nothing new while much of the
 * site is estimated unseen, `searchFormIsDry`) is a new state: its deferred links are decided
 * again under it (`searchFormRanDry`), and the ones followed now are handed back to be read.
 * Their pages' words are the form's next candidates.
 *
 * Surface words (optional, `wordShare` > 0, `--surface-word-credit`): a query offered for words
 * of the site's surface pages (candidate source `surface`, query-planner.ts) that finds new
 * records credits the pages that showed those words with that share of them, split evenly.
 * Those words exist only because the pages were read, so reading surface pages after the form
 * is found can pay, where the records and forms on the pages alone never would. But most of
 * those records another query would have found too: at 0.5 a training learnt to read every
 * surface page, and the harvest rate fell back to what reading all of them gives
 * (bench-results/dry-forms/). Off by default. Kept only while learning: a greedy crawl needs no
 * returns.
 */
import { hash32 } from '../lvs/random.ts';
import { linkFeatures, type LinkFeatures } from '../policy/link-features.ts';
import { FORM_LINK_REWARD, LINK_GAMMA, type LinkPolicy, type LinkSample } from '../policy/link-policy.ts';
import { hostOf } from './host-bandit.ts';
import { unseenShare, type ListingCounts } from './unseen-records.ts';

/** A search form whose last this many queries found no new record has run dry… */
const SEARCH_FORM_DRY_STREAK = 3;
/** …while the site's records no list has shown are estimated at this share of those listed or more (none listed: all unseen). */
const DRY_UNSEEN_SHARE = 0.25;

/**
 * Whether a site's search form has run dry with much of the site unseen: the words it is asked
 * do not fit the site. A form that runs dry once nearly every record has been listed again has
 * simply found them all, and reading more of the surface would not help it.
 */
export function searchFormIsDry(zeroStreak: number, listing: ListingCounts | undefined): boolean {
  return zeroStreak >= SEARCH_FORM_DRY_STREAK && (!listing || listing.distinct === 0 || unseenShare(listing) >= DRY_UNSEEN_SHARE);
}

export interface OfferedLink {
  url: string;
  text: string;
  depth: number;
  fromUrl: string;
}

/** How a crawl's link gate acts and whether it learns (`LinkGate`). */
export interface LinkGateOptions {
  /** The crawl learns the link policy: it keeps what each decision found (and, with a share, surface words) for it. */
  learning: boolean;
  /**
   * Follow by a draw against the policy's probability (fixed by seed and URL path), exploring;
   * else greedily, as a frozen crawl does. Absent: draws while learning. A learning crawl acting
   * greedily (`acting: greedy`) still learns, from the links it followed, each with propensity 1.
   */
  draws?: boolean;
  seed: number;
  /** The share of a surface-word query's new records its pages earn (0 or absent: none; see the file's comment). */
  wordShare?: number;
}

interface Decision {
  features: LinkFeatures;
  followed: boolean;
  /** The chance it had of being followed: the policy's when drawn, 1 once the fallback took it or when acting greedily. */
  propensity: number;
  parent: string;
}

/** The gate's state in the run's checkpoint (`LinkGate.toJSON`). */
export interface SavedLinkGate {
  /** url, features, followed, propensity, parent. */
  decisions: [string, [string, number][], boolean, number, string][];
  children: [string, string[]][];
  rewards: [string, number][];
  deferred: [string, OfferedLink[]][];
  searchFormHosts: string[];
  searchFormPages: string[];
  dryHosts: string[];
  wordPages: [string, [string, string[]][]][];
  /** followed, deferred, fallback, reconsidered. */
  counts: [number, number, number, number];
}

export class LinkGate {
  private readonly decisions = new Map<string, Decision>();
  private readonly children = new Map<string, string[]>();
  /** What each fetched page found: −1 for the fetch, +1 per new record, FORM_LINK_REWARD per new search form. */
  private readonly rewards = new Map<string, number>();
  private readonly deferred = new Map<string, OfferedLink[]>();
  private readonly searchFormHosts = new Set<string>();
  private readonly searchFormPages = new Set<string>();
  /** Hosts whose search form has run dry and not paid since. */
  private readonly dryHosts = new Set<string>();
  /** Per host, each word of its surface pages read via a decided link or a seed → those pages (learning crawls only). */
  private readonly wordPages = new Map<string, Map<string, string[]>>();
  private followedCount = 0;
  private deferredCount = 0;
  private fallbackCount = 0;
  private reconsideredCount = 0;

  private readonly learning: boolean;
  private readonly draws: boolean;
  private readonly seed: number;
  private readonly wordShare: number;

  constructor(
    private readonly policy: LinkPolicy,
    options: LinkGateOptions,
  ) {
    this.learning = options.learning;
    this.draws = options.draws ?? options.learning;
    this.seed = options.seed;
    this.wordShare = options.wordShare ?? 0;
  }

  /** Whether to follow `link` now; a link not followed is kept for the fallback. */
  decide(link: OfferedLink): boolean {
    const known = this.decisions.get(link.url);
    if (known) return known.followed;
    const host = hostOf(link.url);
    const { features, followed, propensity } = this.judge(link, host);
    this.decisions.set(link.url, { features, followed, propensity, parent: link.fromUrl });
    if (followed) {
      this.followedCount++;
      this.childOf(link.fromUrl, link.url);
    } else {
      this.deferredCount++;
      const list = this.deferred.get(host) ?? [];
      list.push(link);
      this.deferred.set(host, list);
    }
    return followed;
  }

  /** The policy's decision on `link` in its site's present state. */
  private judge(link: OfferedLink, host: string): Omit<Decision, 'parent'> {
    const siteHasSearchForm = this.searchFormHosts.has(host);
    const dry = siteHasSearchForm && this.dryHosts.has(host);
    const features = linkFeatures({ url: link.url, text: link.text, depth: link.depth, siteHasSearchForm, onSearchFormPage: this.searchFormPages.has(link.fromUrl), searchFormDry: dry });
    const followed = this.policy.follows(features, this.draws ? this.coin(link.url, dry) : undefined);
    const chance = this.draws ? this.policy.probability(features) : followed ? 1 : 0;
    return { features, followed, propensity: followed ? chance : 1 - chance };
  }

  /**
   * The search form on `formPageUrl` ran dry (`dry`) or paid again. On running dry, the site's
   * deferred links are decided again in that state; those followed now leave the deferred list
   * and come back, to be read. A link still not followed keeps its earlier decision.
   */
  searchFormRanDry(formPageUrl: string, dry: boolean): OfferedLink[] {
    const host = hostOf(formPageUrl);
    if (!dry) {
      this.dryHosts.delete(host);
      return [];
    }
    if (this.dryHosts.has(host)) return [];
    this.dryHosts.add(host);
    const out: OfferedLink[] = [];
    const kept: OfferedLink[] = [];
    for (const link of this.deferred.get(host) ?? []) {
      const now = this.judge(link, host);
      if (now.followed) out.push(this.followDeferred(link, now));
      else kept.push(link);
    }
    if (kept.length) this.deferred.set(host, kept);
    else this.deferred.delete(host);
    this.followedCount += out.length;
    this.reconsideredCount += out.length;
    return out;
  }

  pageFetched(url: string): void {
    this.credit(url, -1);
  }

  recordFound(url: string): void {
    if (this.rewards.has(url)) this.credit(url, 1);
  }

  /** Whether the crawl keeps surface pages' words for their returns: only while learning. */
  get creditsWords(): boolean {
    return this.learning && this.wordShare > 0;
  }

  /** The words of a surface page just fetched (after `pageFetched`), for crediting later queries. */
  surfaceWordsRead(url: string, words: Iterable<string>): void {
    if (!this.creditsWords || !this.rewards.has(url)) return;
    const host = hostOf(url);
    let index = this.wordPages.get(host);
    if (!index) this.wordPages.set(host, (index = new Map()));
    for (const w of new Set(words)) {
      const pages = index.get(w);
      if (!pages) index.set(w, [url]);
      else if (pages.at(-1) !== url) pages.push(url);
    }
  }

  /** A query offered for surface words found `records` new records on the site of `formPageUrl`: the pages that showed every word share `wordShare` of them. */
  surfaceWordsPaid(formPageUrl: string, words: readonly string[], records: number): void {
    const index = this.wordPages.get(hostOf(formPageUrl));
    if (!index || records <= 0 || !words.length) return;
    let pages = index.get(words[0]!) ?? [];
    for (const w of words.slice(1)) {
      const other = new Set(index.get(w) ?? []);
      pages = pages.filter((p) => other.has(p));
    }
    for (const p of pages) this.credit(p, (this.wordShare * records) / pages.length);
  }

  /** A search form the crawl will harvest, found on `pageUrl`. */
  searchFormFound(pageUrl: string): void {
    this.searchFormHosts.add(hostOf(pageUrl));
    this.searchFormPages.add(pageUrl);
    this.credit(pageUrl, FORM_LINK_REWARD);
  }

  /**
   * The deferred links of the sites that have no search form yet, to follow now (exploration
   * has run dry); they leave the deferred lists and count as followed.
   */
  takeFallback(): OfferedLink[] {
    const out: OfferedLink[] = [];
    for (const [host, links] of this.deferred) {
      if (this.searchFormHosts.has(host)) continue;
      this.deferred.delete(host);
      for (const link of links) out.push(this.followDeferred(link, { followed: true, propensity: 1 }));
    }
    this.fallbackCount += out.length;
    return out;
  }

  /** Links followed when first offered or on reconsideration (`reconsidered` of them), deferred when first offered, taken by the fallback. */
  stats(): { followed: number; deferred: number; fallback: number; reconsidered: number } {
    return { followed: this.followedCount, deferred: this.deferredCount, fallback: this.fallbackCount, reconsidered: this.reconsideredCount };
  }

  /** What a resumed crawl needs to decide and learn as this one would have: every decision, return and deferred link. */
  toJSON(): SavedLinkGate {
    return {
      decisions: [...this.decisions].map(([url, d]) => [url, [...d.features], d.followed, d.propensity, d.parent]),
      children: [...this.children],
      rewards: [...this.rewards],
      deferred: [...this.deferred],
      searchFormHosts: [...this.searchFormHosts],
      searchFormPages: [...this.searchFormPages],
      dryHosts: [...this.dryHosts],
      wordPages: [...this.wordPages].map(([host, index]) => [host, [...index]]),
      counts: [this.followedCount, this.deferredCount, this.fallbackCount, this.reconsideredCount],
    };
  }

  /** Puts back what `toJSON` saved (into a gate built with the crawl's policy and settings, holding nothing yet). */
  restore(saved: unknown): void {
    const s = saved as Partial<SavedLinkGate> | null;
    if (!s || !Array.isArray(s.decisions) || !Array.isArray(s.children) || !Array.isArray(s.rewards) || !Array.isArray(s.deferred) || !Array.isArray(s.counts)) {
      throw new Error('link gate state: expected decisions, children, rewards, deferred links and counts');
    }
    for (const [url, features, followed, propensity, parent] of s.decisions) this.decisions.set(url, { features: new Map(features), followed, propensity, parent });
    for (const [parent, urls] of s.children) this.children.set(parent, [...urls]);
    for (const [url, r] of s.rewards) this.rewards.set(url, r);
    for (const [host, links] of s.deferred) this.deferred.set(host, [...links]);
    for (const host of s.searchFormHosts ?? []) this.searchFormHosts.add(host);
    for (const page of s.searchFormPages ?? []) this.searchFormPages.add(page);
    for (const host of s.dryHosts ?? []) this.dryHosts.add(host);
    for (const [host, index] of s.wordPages ?? []) this.wordPages.set(host, new Map(index.map(([w, pages]) => [w, [...pages]])));
    [this.followedCount, this.deferredCount, this.fallbackCount, this.reconsideredCount] = s.counts;
  }

  /** Every decision with its return, for learning (followed links whose page was never fetched left out). */
  samples(): LinkSample[] {
    const memo = new Map<string, number>();
    const returnOf = (url: string, seen: Set<string>): number => {
      const cached = memo.get(url);
      if (cached !== undefined) return cached;
      seen.add(url);
      let g = this.rewards.get(url) ?? 0;
      for (const child of this.children.get(url) ?? []) if (!seen.has(child) && this.rewards.has(child)) g += LINK_GAMMA * Math.max(0, returnOf(child, seen));
      memo.set(url, g);
      return g;
    };
    const out: LinkSample[] = [];
    for (const [url, d] of this.decisions) {
      if (!d.followed) out.push({ features: d.features, followed: false, return: 0, propensity: d.propensity });
      else if (this.rewards.has(url)) out.push({ features: d.features, followed: true, return: returnOf(url, new Set()), propensity: d.propensity });
    }
    return out;
  }

  /**
   * The draw a learning crawl follows `url` by: fixed by the seed and the URL's path and query,
   * not its origin, so a site served on another port (a testbed on port 0) draws the same. A
   * link decided again once its site's form ran dry draws anew: with the same coin, a state the
   * policy has not learnt yet (worth what the first decision saw) would never be explored.
   */
  private coin(url: string, dry: boolean): number {
    let key = url;
    try {
      const u = new URL(url);
      key = `${u.pathname}${u.search}`;
    } catch {
      // not a URL: the whole string
    }
    return hash32(`${this.seed}:${dry ? 'dry:' : ''}${key}`) / 2 ** 32;
  }

  /** A deferred link is followed after all (`decision`: how, now): its decision says so, and it joins its parent's children. */
  private followDeferred(link: OfferedLink, decision: Partial<Decision>): OfferedLink {
    const d = this.decisions.get(link.url)!;
    Object.assign(d, decision);
    this.childOf(d.parent, link.url);
    return link;
  }

  private childOf(parent: string, url: string): void {
    const list = this.children.get(parent) ?? [];
    list.push(url);
    this.children.set(parent, list);
  }

  private credit(url: string, r: number): void {
    this.rewards.set(url, (this.rewards.get(url) ?? 0) + r);
  }
}
