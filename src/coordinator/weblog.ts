/**
 * Weblog restarts, after Palotai et al.: a crawler keeps a learned list of good
 * start pages ("weblog") and restarts exploration from them. Each page the crawl reached by
 * a link (or a seed) gets a value V(u) learned by TD(0) from what was found at it and below
 * it, along the link edges:
 *
 *   V(u) ← V(u) + α (r + γ V(child) − V(u))
 *
 * A "result" at page v is something found there: v's explore episode ended (r = its new
 * search forms × FORM_REWARD + 1 if v itself was a new record; 0 when it found nothing), or a
 * query on a search form of v listed r records not known before (a query that lists nothing
 * new is not a result). The result updates v itself with that r and no child (the step ends
 * at v: V(v) ← V(v) + α(r − V(v))), then is backed up along the chain of link edges that led
 * to v, each page u on it with r = 0 and its child on the chain: V(u) ← V(u) + α(γ V(w) − V(u)).
 * So the value reaches the seed discounted by γ per link. A page's parent is the page that
 * first linked to it (its explore episode's `fromUrl`), so the edges form a tree. A result of
 * 0 pulls values down: V is a running estimate, not a count. Crediting a page with what was
 * found at it (not only below it) matters here: pages at the depth limit have no visited
 * children, and they are exactly the pages a restart starts from.
 *
 * Restarts: links a page offered that the crawl did not accept because they lay beyond the
 * depth limit (counted from the seed) are kept with the page. When no explore episode is
 * left (see Coordinator), the page with the highest V that still holds such links and was not
 * a restart point before becomes one: its links are scheduled as explore episodes at depth 1,
 * the restart page counting as depth 0 (so pages below a restart have depth counted from it).
 * This "when explore runs dry" trigger was chosen over "every K episodes": restarts never
 * take turns from the ordinary exploration, they only use the budget it would have left to
 * harvests or left unused, so a comparison with restarts off shows what that budget buys.
 *
 * Simplifications: a tabular V per URL rather than Palotai's linear value over page
 * features; one restart page per dry spell; the parent is the first linker only.
 */
export const DEFAULT_ALPHA = 0.2;
export const DEFAULT_GAMMA = 0.9;
/** Reward of a new search form relative to one new record. */
export const FORM_REWARD = 5;

interface WeblogNode {
  v: number;
  parent?: string;
  /** Links not accepted for the depth limit: what a restart from here explores. */
  deferred?: string[];
  restarted?: boolean;
}

export interface SavedWeblog {
  alpha: number;
  gamma: number;
  nodes: Record<string, WeblogNode>;
}

export class Weblog {
  private readonly nodes = new Map<string, WeblogNode>();

  constructor(
    readonly alpha = DEFAULT_ALPHA,
    readonly gamma = DEFAULT_GAMMA,
  ) {}

  get size(): number {
    return this.nodes.size;
  }

  /** A page reached by a link from `parent` (or a seed, without one). */
  visit(url: string, parent?: string): void {
    if (this.nodes.has(url)) return;
    this.nodes.set(url, parent !== undefined && parent !== url && this.nodes.has(parent) ? { v: 0, parent } : { v: 0 });
  }

  has(url: string): boolean {
    return this.nodes.has(url);
  }

  value(url: string): number {
    return this.nodes.get(url)?.v ?? 0;
  }

  parentOf(url: string): string | undefined {
    return this.nodes.get(url)?.parent;
  }

  /**
   * A result at `url` worth `reward`: TD(0) on `url` itself (the step ends there), then on
   * every page up the chain of link edges to the seed with reward 0. Returns the number of
   * values updated (0 for a page the weblog does not know).
   */
  result(url: string, reward: number): number {
    const start = this.nodes.get(url);
    if (!start) return 0;
    start.v += this.alpha * (reward - start.v);
    let updated = 1;
    let child = start;
    const seen = new Set<string>([url]);
    for (let p = start.parent; p !== undefined && !seen.has(p); p = this.nodes.get(p)?.parent) {
      const node = this.nodes.get(p);
      if (!node) break;
      seen.add(p);
      node.v += this.alpha * (this.gamma * child.v - node.v);
      updated++;
      child = node;
    }
    return updated;
  }

  /** Keeps links of `url` that the depth limit turned away, for a later restart from it. */
  defer(url: string, links: readonly string[]): void {
    if (!links.length) return;
    let node = this.nodes.get(url);
    if (!node) this.nodes.set(url, (node = { v: 0 }));
    const kept = new Set(node.deferred ?? []);
    for (const l of links) kept.add(l);
    node.deferred = [...kept];
  }

  /** Pages by value, highest first (earlier visits first on ties). */
  ranked(): { url: string; value: number }[] {
    return [...this.nodes].map(([url, n]) => ({ url, value: n.v })).sort((a, b) => b.value - a.value);
  }

  /** The best page not yet a restart point that still holds deferred links, or undefined. */
  nextRestart(): { url: string; value: number; links: string[] } | undefined {
    let best: { url: string; value: number; links: string[] } | undefined;
    for (const [url, n] of this.nodes) {
      if (n.restarted || !n.deferred?.length) continue;
      if (!best || n.v > best.value) best = { url, value: n.v, links: n.deferred };
    }
    return best;
  }

  /** The page was a restart point: its deferred links are spent. */
  markRestarted(url: string): void {
    const node = this.nodes.get(url);
    if (!node) return;
    node.restarted = true;
    delete node.deferred;
  }

  toJSON(): SavedWeblog {
    return { alpha: this.alpha, gamma: this.gamma, nodes: Object.fromEntries([...this.nodes].map(([u, n]) => [u, { ...n, ...(n.deferred ? { deferred: [...n.deferred] } : {}) }])) };
  }

  static fromJSON(saved: unknown): Weblog {
    const s = (saved ?? {}) as Partial<SavedWeblog>;
    const w = new Weblog(typeof s.alpha === 'number' ? s.alpha : DEFAULT_ALPHA, typeof s.gamma === 'number' ? s.gamma : DEFAULT_GAMMA);
    for (const [url, n] of Object.entries(s.nodes ?? {})) {
      if (!n || typeof n.v !== 'number') continue;
      w.nodes.set(url, { v: n.v, ...(n.parent ? { parent: n.parent } : {}), ...(n.deferred?.length ? { deferred: [...n.deferred] } : {}), ...(n.restarted ? { restarted: true } : {}) });
    }
    return w;
  }
}
