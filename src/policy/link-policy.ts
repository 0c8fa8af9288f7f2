/**
 * Which links of a surface page the crawl follows, learnt from what following links found: a
 * linear value of following a link over its named features (link-features.ts), and a
 * softmax policy over following (worth that value) and skipping (worth exactly 0).
 *
 * Return of following a link, in the units of harvest rate (records per page fetched):
 *
 *   r(page) = −1                      the page is fetched
 *           + 1 per new record on it  (a featured record linked from the surface)
 *           + FORM_LINK_REWARD per new search form on it
 *           + (optionally, `--surface-word-credit s`) s × the new records of queries offered for
 *             its words, shared among the pages that showed them (coordinator/link-gate.ts)
 *   G(link) = r(page) + γ · Σ max(0, G(child))   over the links followed from the page
 *
 * A child with a negative return adds nothing: a link is worth what the best choices below it
 * would make of it, not what exploring wasted there. Skipping a link earns 0.
 *
 * Value: Q(φ) = C(φ) + W(φ), a linear part over the link's context (bias, site state, depth,
 * URL shape) and one over its words, fitted to the returns of the followed links once a crawl
 * is over, in one pass of normalised least-mean-squares. The context part learns the return
 * itself, slowly, so it holds what a link in that context is worth on the whole; the words
 * learn what is left over, quickly:
 *
 *   c += α_context / π · (G − C(φ)) · φ_context / |φ_context|²
 *   w += α_words · (G − C(φ) − W(φ)) · φ_words / |φ_words|²   (C after its step)
 *
 * π is the chance the link had of being followed: a link the policy rarely follows counts for
 * the many like it that it skipped, so the context part learns what following an average link
 * there is worth, not what the links the policy already likes are worth (the step is capped at
 * the whole error).
 * Fitting both to G at once, the few links to a search form (worth about 20) raised the
 * weights every link shares as much as their words, and a link of words never seen (a privacy
 * page) was valued above 0. This way it is valued at what most links are worth: below 0. A link the crawl followed only
 * because its site had no search form yet (link-gate.ts) teaches the same: its return is what
 * following it is worth, whoever chose it.
 *
 * Policy: p(follow) = σ(Q(φ) / τ). While learning it follows by a draw against p (fixed by the
 * seed and the URL, so the order links arrive in does not matter); otherwise it follows iff
 * Q(φ) > 0, that is p > 0.5. Unlike an actor trained by the policy gradient, whose steps on
 * links the crawl followed against it (p near 0) were huge, the value only moves toward returns
 * it has seen, and a link's chance never saturates beyond what its value says.
 *
 * The fresh policy values every link at FRESH_VALUE (> 0): it follows every link when acting
 * greedily (the breadth-first rule) and about 88 % of them while learning.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LinkFeatures } from './link-features.ts';

export const LINK_POLICY_FILE = 'link-policy.json';
export const LINK_POLICY_FORMAT = 'surfacer-link-policy';

/** A search form is worth this many pages: it opens the hidden records, which no link reaches. */
export const FORM_LINK_REWARD = 20;
export const LINK_GAMMA = 0.9;
/** What a fresh policy expects of following any link: enough to follow it. */
const FRESH_VALUE = 1;
/** Softmax temperature: a link worth 1 is followed 88 % of the time while learning. */
const TEMPERATURE = 0.5;
const CONTEXT_RATE = 0.02;
/** Propensities below this count as this: one rare draw must not move the context by more than the whole error. */
const MIN_PROPENSITY = 0.05;
const WORD_RATE = 0.5;

export interface LinkSample {
  features: LinkFeatures;
  followed: boolean;
  /** G when followed, 0 when skipped. */
  return: number;
  /** The chance the link had of being followed (1 when it was followed whatever the policy said). */
  propensity: number;
}

export interface LinkLearningPoint {
  /** Learning passes so far (one per crawl that learnt). */
  update: number;
  samples: number;
  followed: number;
  /** Mean return of the followed links. */
  meanReturn: number;
}

export interface LinkPolicyJson {
  format: typeof LINK_POLICY_FORMAT;
  /** The value's weights by feature name. */
  value: Record<string, number>;
  updates: number;
  samples: number;
  curve: LinkLearningPoint[];
}

export class LinkPolicyFileError extends Error {}

export class LinkPolicy {
  private constructor(
    private readonly weights: Map<string, number>,
    private updatesDone: number,
    private samplesSeen: number,
    readonly curve: LinkLearningPoint[],
  ) {}

  static fresh(): LinkPolicy {
    return new LinkPolicy(new Map([['bias', FRESH_VALUE]]), 0, 0, []);
  }

  static fromJSON(json: LinkPolicyJson): LinkPolicy {
    if (json.format !== LINK_POLICY_FORMAT) throw new LinkPolicyFileError(`not a Surfacer link policy (format ${String(json.format)})`);
    if (typeof json.value !== 'object' || json.value === null) throw new LinkPolicyFileError('no value weights');
    return new LinkPolicy(new Map(Object.entries(json.value)), json.updates, json.samples, [...(json.curve ?? [])]);
  }

  get updates(): number {
    return this.updatesDone;
  }

  /** The chance of following a link with these features while learning. */
  probability(features: LinkFeatures): number {
    return 1 / (1 + Math.exp(-this.value(features) / TEMPERATURE));
  }

  /** The return expected of following a link with these features. */
  value(features: LinkFeatures): number {
    return this.sum(features);
  }

  /** Follow or not: greedy (worth more than skipping) without `draw`, else a draw in [0, 1) against the probability. */
  follows(features: LinkFeatures, draw?: number): boolean {
    return draw === undefined ? this.value(features) > 0 : draw < this.probability(features);
  }

  /** One pass over one crawl's decisions: the value moves toward each followed link's return (see the file's comment). */
  learn(samples: readonly LinkSample[]): LinkLearningPoint {
    for (const s of samples) {
      if (!s.followed) continue;
      const context = [...s.features].filter(([name]) => !isWordFeature(name));
      const words = [...s.features].filter(([name]) => isWordFeature(name));
      this.step(context, Math.min(1, CONTEXT_RATE / Math.max(s.propensity, MIN_PROPENSITY)) * (s.return - this.sum(context)));
      this.step(words, WORD_RATE * (s.return - this.sum(context) - this.sum(words)));
    }
    this.updatesDone++;
    this.samplesSeen += samples.length;
    const followed = samples.filter((s) => s.followed);
    const point = { update: this.updatesDone, samples: samples.length, followed: followed.length, meanReturn: round(followed.reduce((a, s) => a + s.return, 0) / Math.max(1, followed.length)) };
    this.curve.push(point);
    return point;
  }

  private sum(features: Iterable<readonly [string, number]>): number {
    let q = 0;
    for (const [name, v] of features) q += (this.weights.get(name) ?? 0) * v;
    return q;
  }

  /** Moves `features`' weights so their sum moves by `delta` (spread over |φ|²). */
  private step(features: readonly (readonly [string, number])[], delta: number): void {
    const norm = features.reduce((a, [, v]) => a + v * v, 0);
    if (!norm) return;
    for (const [name, v] of features) this.weights.set(name, (this.weights.get(name) ?? 0) + (delta * v) / norm);
  }

  /** The features that most raise (or, with `lowest`, lower) the value of following, for inspection. */
  strongest(n = 10, lowest = false): { feature: string; weight: number }[] {
    return [...this.weights.entries()]
      .map(([feature, weight]) => ({ feature, weight: round(weight) }))
      .sort((a, b) => (lowest ? a.weight - b.weight : b.weight - a.weight))
      .slice(0, n);
  }

  toJSON(): LinkPolicyJson {
    const rounded = (m: Map<string, number>) => Object.fromEntries([...m].filter(([, v]) => v !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, Math.round(v * 1e6) / 1e6]));
    return { format: LINK_POLICY_FORMAT, value: rounded(this.weights), updates: this.updatesDone, samples: this.samplesSeen, curve: this.curve };
  }
}

/** A word of the anchor, path or query keys (see link-features.ts), as against the link's context. */
function isWordFeature(name: string): boolean {
  return name.includes(' word: ');
}

export function saveLinkPolicy(dir: string, policy: LinkPolicy): void {
  writeFileSync(join(dir, LINK_POLICY_FILE), `${JSON.stringify(policy.toJSON(), null, 2)}\n`);
}

/** The link policy saved with a model; undefined for a model saved before there was one. */
export function loadLinkPolicy(dir: string): LinkPolicy | undefined {
  const file = join(dir, LINK_POLICY_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return LinkPolicy.fromJSON(JSON.parse(readFileSync(file, 'utf8')) as LinkPolicyJson);
  } catch (err) {
    throw new LinkPolicyFileError(`link policy at ${file} is unreadable: ${(err as Error).message}`);
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
