/**
 * Which host's waiting episode goes to the agents next, by Thompson sampling — the bandit
 * half of Anthelion (Meusel, Mika & Blanco 2014), which picks the host to crawl next from a
 * Beta posterior of how often crawling it paid.
 *
 * Each host h keeps a Beta(1 + successes, 1 + failures) posterior over "an episode on h
 * harvests something new". Here an episode counts as a success when, during it, the
 * coordinator stored a record it did not have, registered a search form it had not seen, or
 * took a result list that named a record not known before (queued for fetching). A fresh
 * surface page alone is not a success (every explore episode brings one), nor is a fresh
 * result page that lists only known records. A failed attempt that brought nothing is a
 * failure: a host that errors costs the crawl pages too.
 *
 * To choose, every host with waiting work draws θ_h ~ Beta(1 + s_h, 1 + f_h), and the host
 * with the largest θ releases its oldest waiting episode (`HeldEpisodes`: one line per host,
 * so within a host the coordinator's schedule order is kept, records first: `episode-order.ts`).
 *
 * A "host" is the URL's host with its port (`new URL(u).host`): the built-in testbed sites
 * all live on 127.0.0.1 and differ by port only.
 */
import { EpisodeLine } from './episode-order.ts';

export interface HostStats {
  successes: number;
  failures: number;
}

export class HostBandit {
  private readonly stats = new Map<string, HostStats>();

  /** Counts one finished episode of `host`. */
  record(host: string, success: boolean): void {
    const s = this.statsOf(host);
    if (success) s.successes++;
    else s.failures++;
  }

  /** Beta(1 + successes, 1 + failures) parameters of a host (the uniform prior when unseen). */
  posterior(host: string): { alpha: number; beta: number } {
    const s = this.stats.get(host);
    return { alpha: 1 + (s?.successes ?? 0), beta: 1 + (s?.failures ?? 0) };
  }

  /** Posterior mean of a host's success rate. */
  mean(host: string): number {
    const { alpha, beta } = this.posterior(host);
    return alpha / (alpha + beta);
  }

  /** Thompson sampling: the host whose posterior draw is largest (the first on ties). */
  pick(hosts: readonly string[], rng: () => number): string {
    if (hosts.length === 0) throw new Error('HostBandit.pick: no hosts');
    if (hosts.length === 1) return hosts[0]!;
    let best = hosts[0]!;
    let bestDraw = -Infinity;
    for (const h of hosts) {
      const { alpha, beta } = this.posterior(h);
      const draw = sampleBeta(alpha, beta, rng);
      if (draw > bestDraw) {
        best = h;
        bestDraw = draw;
      }
    }
    return best;
  }

  hosts(): string[] {
    return [...this.stats.keys()];
  }

  toJSON(): Record<string, HostStats> {
    return Object.fromEntries([...this.stats].map(([h, s]) => [h, { ...s }]));
  }

  static fromJSON(saved: unknown): HostBandit {
    const b = new HostBandit();
    if (saved && typeof saved === 'object') {
      for (const [h, s] of Object.entries(saved as Record<string, Partial<HostStats>>)) {
        b.stats.set(h, { successes: Number(s?.successes) || 0, failures: Number(s?.failures) || 0 });
      }
    }
    return b;
  }

  private statsOf(host: string): HostStats {
    let s = this.stats.get(host);
    if (!s) this.stats.set(host, (s = { successes: 0, failures: 0 }));
    return s;
  }
}

/** The episodes held back from the queue, one line per host. */
export class HeldEpisodes<T extends { startUrl: string }> {
  private readonly byHost = new Map<string, EpisodeLine<T>>();
  private count = 0;

  /** `goesFirst`: the items that pass the rest of their host's line (record episodes). */
  constructor(private readonly goesFirst: (item: T) => boolean = () => false) {}

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    const host = hostOf(item.startUrl);
    let list = this.byHost.get(host);
    if (!list) this.byHost.set(host, (list = new EpisodeLine<T>(this.goesFirst)));
    list.push(item);
    this.count++;
  }

  /** Hosts with at least one waiting episode, in the order they first held one. */
  hosts(): string[] {
    return [...this.byHost].filter(([, l]) => l.length > 0).map(([h]) => h);
  }

  /** The oldest waiting episode of `host` (of those that go first, if any). */
  take(host: string): T | undefined {
    const item = this.byHost.get(host)?.shift();
    if (item) this.count--;
    return item;
  }
}

/** The bandit's notion of a host: host name with port. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Beta(a, b) from two Gamma draws. */
export function sampleBeta(a: number, b: number, rng: () => number): number {
  const x = sampleGamma(a, rng);
  const y = sampleGamma(b, rng);
  return x + y > 0 ? x / (x + y) : 0.5;
}

/** Gamma(shape, 1) by Marsaglia & Tsang (2000); shape < 1 through the boost Gamma(k+1)·U^(1/k). */
export function sampleGamma(shape: number, rng: () => number): number {
  if (shape < 1) return sampleGamma(shape + 1, rng) * Math.pow(uniform(rng), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = uniform(rng);
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** Standard normal by Box–Muller. */
function normal(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(uniform(rng))) * Math.cos(2 * Math.PI * rng());
}

/** A uniform draw in (0, 1): never 0, so logs stay finite. */
function uniform(rng: () => number): number {
  let u = rng();
  while (u <= 0) u = rng();
  return u;
}
